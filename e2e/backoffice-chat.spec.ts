import type { APIRequestContext } from "@playwright/test";
import { backOfficeMenu, signInAsDemoReception } from "./backoffice";
import { expect, test } from "./fixtures";

// The back office's chat inbox: a guest writes in the site chat of hotel 1 (through the API, with the
// conversation's cookie on the request context), the demo reception sees the unread badge, opens the conversation,
// replies, and the guest's side of the API carries the reply; a new guest message shows without a reload.
const GUEST_CHAT = "/api/v2/chat/hotels/1/messages";

type GuestChat = { messages: { id: number; author: string; body: string; staffName: string | null }[] };

async function guestWrites(request: APIRequestContext, data: Record<string, unknown>): Promise<GuestChat> {
  const response = await request.post(GUEST_CHAT, { data: { language: 1, ...data } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as GuestChat;
}

test("the reception answers a guest's site chat from the inbox", async ({
  page,
  playwright,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(120_000);
  const mobile = testInfo.project.name.endsWith("mobile");
  const guestName = `Chat guest ${testInfo.project.name} ${Date.now()}`;
  const guest = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const look = async (screen: string) => {
    await capture(screen);
    await page.screenshot({ path: testInfo.outputPath(`${screen}.png`), fullPage: true });
    await axe(screen);
  };

  // The guest opens the conversation (its cookie stays on the request context) and writes twice.
  await guestWrites(guest, { name: guestName, body: "Hello, is the <b>lake view</b> room free?" });
  await guestWrites(guest, { body: "We arrive with a dog." });

  // The reception signs in: the menu shows the unread count.
  await signInAsDemoReception(page, "/admin/hotel/1/chat");
  await expect(page.getByRole("heading", { level: 1, name: "Chat" })).toBeVisible();
  await expect(backOfficeMenu(page).getByRole("link", { name: /^Chat\s*,\s*\d+ unread$/ })).toBeVisible();

  // Unread only: the filter goes to the URL; the guest's row says 2 unread.
  await page
    .getByRole("navigation", { name: "Show conversations" })
    .getByRole("link", { name: "Unread" })
    .click();
  await expect(page).toHaveURL(/\/admin\/hotel\/1\/chat\?filter=unread$/);
  const row = page.getByRole("link", { name: `${guestName}, 2 unread` });
  await expect(row).toBeVisible();
  await expect(page.getByRole("listitem").filter({ has: row })).toContainText("Site chat");
  await look("chat inbox");

  // Opening it: the URL names it, the messages are text (the guest's <b> shows as typed).
  await row.click();
  await expect(page).toHaveURL(/\/admin\/hotel\/1\/chat\/\d+\?filter=unread$/);
  const log = page.getByRole("log", { name: `Messages with ${guestName}` });
  await expect(log).toContainText("Hello, is the <b>lake view</b> room free?");
  await expect(log.locator("b")).toHaveCount(0);
  if (mobile) {
    // One pane at a time: the list is gone, a link leads back to it.
    await expect(page.getByRole("region", { name: /^Conversations/ })).toBeHidden();
    await expect(page.getByRole("link", { name: "← Back to conversations" })).toBeVisible();
  } else {
    await expect(page.getByRole("region", { name: /^Conversations/ })).toBeVisible();
  }

  // An empty reply is refused with a translated message; a real one is sent and announced.
  const reply = page.getByRole("textbox", { name: "Reply" });
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Write a reply first.")).toBeVisible();
  await expect(reply).toHaveAttribute("aria-invalid", "true");
  await reply.fill("Yes, it is free, and dogs are welcome.");
  await expect(page.getByText("38 / 2000 characters")).toBeVisible();
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reply sent." })).toBeVisible();
  await expect(reply).toHaveValue("");
  await expect(log).toContainText("Yes, it is free, and dogs are welcome.");
  await expect(log).toContainText("(hotel)");
  await look("chat conversation");

  // The guest's side carries the reply, with the staff member's name.
  const seen = (await (await guest.get(GUEST_CHAT)).json()) as GuestChat;
  expect(seen.messages.at(-1)).toMatchObject({
    author: "hotel",
    body: "Yes, it is free, and dogs are welcome.",
  });
  expect(seen.messages.at(-1)?.staffName).toBeTruthy();

  // A new guest message shows in the open conversation without a reload (polling), sent with Ctrl+Enter.
  await guestWrites(guest, { body: "Perfect, thank you!" });
  await expect(log).toContainText("Perfect, thank you!", { timeout: 15_000 });
  await reply.fill("You are welcome.");
  await reply.press("Control+Enter");
  await expect(log).toContainText("You are welcome.");

  if (mobile) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath("chat conversation 390.png"), fullPage: true });
    await page.getByRole("link", { name: "← Back to conversations" }).click();
    await expect(page).toHaveURL(/\/admin\/hotel\/1\/chat\?filter=unread$/);
    await expect(page.getByRole("region", { name: /^Conversations/ })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("chat inbox 390.png"), fullPage: true });
  }
  await guest.dispose();
});

test("the reception sees no page, menu item or button its role is refused", async ({ page }) => {
  await signInAsDemoReception(page, "/admin/hotel/1/calendar");
  await expect(page.getByRole("heading", { level: 1, name: "Not available for your role" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Bulk update" })).toHaveCount(0);
  await expect(backOfficeMenu(page).getByRole("link", { name: "Rates and availability" })).toHaveCount(0);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Not available for your role" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Invite a user" })).toHaveCount(0);
});
