import type { Locator } from "@playwright/test";
import { holdFreeBasicCover, signInAsDemoManager, signInAsDemoOwner } from "./backoffice";
import { expect, test } from "./fixtures";
import { receivedMail } from "./mail";

/**
 * Types a held price and leaves the field: the "current price" hint appears under it, and a focused field would be
 * scrolled back into view on a phone while the next click is aimed.
 */
async function setPrice(field: Locator, value: string) {
  await field.fill(value);
  await field.blur();
}

/**
 * Presses a button of the long form with the keyboard: on the phone project the page is wider than the screen (the
 * shell's menu) and pointer clicks far down the form miss their target.
 */
async function press(button: Locator) {
  await button.focus();
  await button.press("Enter");
}

// Offers in the back office: the manager writes a two-option offer for hotel 1 by hand, finds it in the list
// as sent (locked), opens it; the recipient's mail arrives with the link. The owner withdraws another offer.
// Rooms are chosen by names no back-office journey changes: the catalogue journey renames the classic double room.

test("a manager creates a two-option offer, finds it in the list and opens it; the recipient is mailed", async ({
  page,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(180_000);
  const look = async (screen: string) => {
    await capture(screen);
    await axe(screen);
  };
  const email = `bo-offer.${testInfo.project.name}.${Date.now()}@example.test`;
  await signInAsDemoManager(page, "/admin/hotel/1/offers");
  await expect(page.getByRole("heading", { level: 1, name: "Offers" })).toBeVisible();
  await look("back office offers list");
  await page.getByRole("link", { name: "New offer" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "New offer" })).toBeVisible();

  const recipient = page.getByRole("group", { name: "Recipient" });
  await recipient.getByLabel("Name", { exact: true }).fill("Clara Offerta");
  await recipient.getByLabel("E-mail", { exact: true }).fill(email);
  await recipient.getByLabel("Language").selectOption({ label: "Deutsch" });
  await page.getByLabel("Message to the guest").fill("Wir freuen uns auf Sie!");

  const option1 = page.getByRole("group", { name: "Option 1" });
  await option1.getByLabel("Title").fill("Lake view");
  const room1 = option1.getByRole("group", { name: "Room 1" });
  await room1.getByLabel("Room type").selectOption({ label: "Junior suite" });
  await room1.getByLabel("Rate", { exact: true }).selectOption({ index: 1 });
  await setPrice(room1.getByLabel(/^Price for the stay/), "480");
  // The hotel's mandatory category (travel insurance) comes included, held free here.
  await holdFreeBasicCover(option1);
  // Every booking pays the resort fee (3,00 per adult per night): the option's total is the booking's.
  await expect(option1.getByRole("listitem").filter({ hasText: "2 × Resort fee" })).toContainText("€18.00");
  await expect(option1).toContainText(/Total of option 1\s*€498\.00/);
  await expect(option1).toContainText("city tax, paid at the hotel");

  await press(page.getByRole("button", { name: "Add an option" }));
  const option2 = page.getByRole("group", { name: "Option 2" });
  await option2.getByLabel("Title").fill("Two rooms");
  const room21 = option2.getByRole("group", { name: "Room 1" });
  await room21.getByLabel("Room type").selectOption({ label: "Superior double, lake view" });
  await room21.getByLabel("Rate", { exact: true }).selectOption({ index: 1 });
  await setPrice(room21.getByLabel(/^Price for the stay/), "600");
  await press(option2.getByRole("button", { name: "Add a room" }));
  const room22 = option2.getByRole("group", { name: "Room 2" });
  await room22.getByLabel("Room type").selectOption({ label: "Single room" });
  await room22.getByLabel("Rate", { exact: true }).selectOption({ index: 1 });
  await room22.getByLabel("Adults").fill("1");
  await setPrice(room22.getByLabel(/^Price for the stay/), "300");
  await holdFreeBasicCover(option2);
  await expect(option2).toContainText(/Total of option 2\s*€927\.00/);
  await look("back office new offer");

  await press(page.getByRole("button", { name: "Create and send offer" }));
  await expect(page.getByRole("status").filter({ hasText: `Sent to ${email}` })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Offer for Clara Offerta" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "2 options" })).toBeVisible();
  await expect(
    page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Option 1 · Lake view" }) }),
  ).toContainText("480");
  await expect(page.getByRole("heading", { name: "History" })).toBeVisible();
  // "Valid until 18:00" (the form's default) is the hotel's 18:00, for staff and guest alike, whatever the
  // browser's zone; an English page reads a 24-hour clock.
  const validUntil = page.getByRole("definition").filter({ hasText: "hotel time" });
  await expect(validUntil).toContainText(/\b18:00\b/);
  await expect(validUntil).toContainText("Times in Europe/Rome (hotel time)");
  await expect(validUntil).not.toContainText(/PM|AM/);
  await look("back office offer");

  const mail = await receivedMail(email);
  const code = /\/offer\/([0-9A-Z]{16})/.exec(mail.text)?.[1];
  expect(code, "the offer link in the mail").toBeTruthy();
  expect(mail.text).toContain("Wir freuen uns auf Sie!");
  expect(mail.text).toMatch(/\b18:00\b/);

  // In the list, as sent (locked), found by its recipient's e-mail.
  await page.getByRole("link", { name: "All offers" }).click();
  await page.getByLabel("State").selectOption({ label: "Sent" });
  await expect(page).toHaveURL(/state=locked/);
  await page.getByLabel("Name, e-mail or code").fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/text=/);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText(code!);
  await expect(row).toContainText("Sent");
  // Nothing scrolls sideways: at a phone's width each offer is a card.
  expect(
    await page
      .getByRole("table", { name: "Offers, newest first" })
      .evaluate((el) => [
        (el.parentElement as HTMLElement).scrollWidth - (el.parentElement as HTMLElement).clientWidth,
        document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ]),
  ).toEqual([0, 0]);
  await row.getByRole("link", { name: "Clara Offerta" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Offer for Clara Offerta" })).toBeVisible();
});

test("the owner withdraws an offer after confirming it", async ({ page, axe, capture }, testInfo) => {
  test.setTimeout(120_000);
  const email = `bo-offer-withdraw.${testInfo.project.name}.${Date.now()}@example.test`;
  await signInAsDemoOwner(page, "/admin/hotel/1/offers/new");
  const recipient = page.getByRole("group", { name: "Recipient" });
  await recipient.getByLabel("Name", { exact: true }).fill("Walter Ritiro");
  await recipient.getByLabel("E-mail", { exact: true }).fill(email);
  const room = page.getByRole("group", { name: "Option 1" }).getByRole("group", { name: "Room 1" });
  await room.getByLabel("Room type").selectOption({ label: "Junior suite" });
  await room.getByLabel("Rate", { exact: true }).selectOption({ index: 1 });
  await setPrice(room.getByLabel(/^Price for the stay/), "250");
  await press(page.getByRole("button", { name: "Create and send offer" }));
  await expect(page.getByRole("heading", { level: 1, name: "Offer for Walter Ritiro" })).toBeVisible();

  await press(page.getByRole("button", { name: "Withdraw", exact: true }));
  const dialog = page.getByRole("dialog", { name: "Withdraw this offer?" });
  await expect(dialog).toBeVisible();
  await capture("back office withdraw offer");
  await axe("back office withdraw offer");
  await press(dialog.getByRole("button", { name: "Withdraw the offer" }));
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "The offer was withdrawn" })).toBeVisible();
  await expect(page.getByText("Withdrawn").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Withdraw", exact: true })).toHaveCount(0);
  await expect(page.getByRole("listitem").filter({ hasText: "Withdrawn" }).first()).toBeVisible();
});
