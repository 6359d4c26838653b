import { signInAsDemoOwner } from "./backoffice";
import { answerCookies } from "./consent";
import { expect, test } from "./fixtures";

// The site chat (ADR 0037): demo hotel 1 (Hotel Bellavista Riva) has `showChat` on. A guest opens the
// chat from the header, gives a name and writes; the hotel answers through the back office's API (an owner signed
// in in another browser context); the guest sees the answer without reloading (polling), and Escape closes the
// window with the focus back on its button.
const ROOMS = "/hotel/1/channel/1/language/1/rooms";

test("a guest chats with the hotel and sees its answer without reloading", async ({
  page,
  browser,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(120_000);
  if (testInfo.project.name === "mobile") await page.setViewportSize({ width: 390, height: 844 });
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const guestName = `Guest ${stamp}`;

  await page.goto(ROOMS);
  await answerCookies(page);
  const button = page.getByRole("button", { name: "Chat with us" });
  await button.click();
  const chat = page.getByRole("region", { name: "Chat with Hotel Bellavista Riva" });
  await expect(chat).toBeVisible();
  const message = chat.getByRole("textbox", { name: "Your message" });
  await expect(message).toBeFocused();

  // An empty message, then a first message without a name, are refused with a message in the page.
  await chat.getByRole("button", { name: "Send" }).click();
  await expect(chat.getByRole("alert")).toHaveText("Write a message first.");
  await message.fill(`Is the spa open in winter? (${stamp})`);
  await chat.getByRole("button", { name: "Send" }).click();
  await expect(chat.getByRole("alert")).toHaveText("Enter your name to start the chat.");
  await chat.getByRole("textbox", { name: "Your name" }).fill(guestName);
  await message.press("Enter");
  const log = chat.getByRole("log", { name: "Messages with Hotel Bellavista Riva" });
  await expect(log).toContainText(`Is the spa open in winter? (${stamp})`);
  await expect(chat.getByRole("textbox", { name: "Your name" })).toHaveCount(0);
  await capture("site chat, guest wrote");
  await axe("site chat");

  // The hotel answers through the back office.
  const staff = await browser.newContext();
  const bo = await staff.newPage();
  await signInAsDemoOwner(bo);
  const me = await bo.request.get("/api/backoffice/me");
  expect(me.ok()).toBe(true);
  const csrf = (await me.json()).csrfToken as string;
  const list = await bo.request.get("/api/backoffice/hotels/1/chat/conversations?filter=unread");
  expect(list.ok()).toBe(true);
  const conversation = ((await list.json()).items as { id: number; guestName: string }[]).find(
    (c) => c.guestName === guestName,
  );
  expect(conversation, "the guest's conversation in the hotel's list").toBeDefined();
  const answer = `Yes, from 9 to 20 (${stamp})`;
  const reply = await bo.request.post(
    `/api/backoffice/hotels/1/chat/conversations/${conversation!.id}/messages`,
    {
      headers: { "X-CSRF-Token": csrf },
      data: { body: answer },
    },
  );
  expect(reply.ok(), await reply.text()).toBe(true);
  await staff.close();

  await expect(log).toContainText(answer, { timeout: 20_000 });
  await capture("site chat, hotel answered");
  await axe("site chat with the answer");

  await message.press("Escape");
  await expect(chat).toBeHidden();
  await expect(button).toBeFocused();
});
