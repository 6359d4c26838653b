import { expect, type Page } from "@playwright/test";

/** The gateway's card frame's title (its accessible name). */
export const CARD_FRAME = "Secure card form of the payment provider";

/** Fills the checkout's booker with a fixed guest and ticks every required box (demo hotel 1 adds house rules). */
export async function fillBooker(page: Page, email: string): Promise<void> {
  await page.getByLabel("Full name").fill("Anna Bianchi");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Confirm e-mail").fill(email);
  await page.getByLabel("Phone number").fill("333 123 4567");
  await page.getByLabel("Country", { exact: true }).selectOption("IT");
  await page.getByRole("checkbox", { name: /I accept the cancellation policy/ }).check();
  await page.getByRole("checkbox", { name: /I accept the general terms/ }).check();
  await page.getByRole("checkbox", { name: /I consent to the processing of my personal data/ }).check();
  const required = page.getByRole("checkbox", { name: /\(required\)/ });
  for (let i = 0; i < (await required.count()); i++) await required.nth(i).check();
}

/** Types a sandbox card into the gateway's frame and saves it; the page confirms the last four digits. */
export async function enterCard(page: Page, number: string): Promise<void> {
  const frame = page.frameLocator(`iframe[title="${CARD_FRAME}"]`);
  await frame.getByLabel("Card number").fill(number);
  await frame.getByLabel("Expiry (MM/YYYY)").fill("12/2031");
  await frame.getByLabel("Card holder").fill("Anna Bianchi");
  await frame.getByLabel("CVV").fill("123");
  await frame.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByText(`Card ending in ${number.slice(-4)} saved.`)).toBeVisible();
}
