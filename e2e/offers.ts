import { expect, type Page } from "@playwright/test";
import { CARD_FRAME } from "./checkout";

// The recipient's steps on an offer page, shared by the offer journeys.

/** Types the recipient's e-mail into a locked offer and waits for the greeting. */
export async function unlockOffer(page: Page, email: string, name: string): Promise<void> {
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "Open the offer" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Hello ${name}, here is your offer` }),
  ).toBeVisible();
}

/**
 * On an option's confirmation step: the booker's phone and country (name and e-mail come prefilled), every consent
 * the page asks, a card method with the sandbox card saved in the provider's frame.
 */
export async function fillOfferConfirmation(page: Page, holder: string): Promise<void> {
  await page.getByLabel("Phone number").fill("333 123 4567");
  await page.getByLabel("Country", { exact: true }).selectOption("IT");
  await page.getByRole("checkbox", { name: /I accept the cancellation policy/ }).check();
  await page.getByRole("checkbox", { name: /I accept the general terms/ }).check();
  await page.getByRole("checkbox", { name: /I consent to the processing of my personal data/ }).check();
  const required = page.getByRole("checkbox", { name: /\(required\)/ });
  for (let i = 0; i < (await required.count()); i++) await required.nth(i).check();
  await page
    .getByRole("radio", { name: /Pay now by card|card guarantee|Guarantee/i })
    .first()
    .check();
  const frame = page.frameLocator(`iframe[title="${CARD_FRAME}"]`);
  await frame.getByLabel("Card number").fill("4242424242424242");
  await frame.getByLabel("Expiry (MM/YYYY)").fill("12/2031");
  await frame.getByLabel("Card holder").fill(holder);
  await frame.getByLabel("CVV").fill("123");
  await frame.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByText("Card ending in 4242 saved.")).toBeVisible();
}

/** Books the filled confirmation and waits for the voucher; answers the reservation code. */
export async function bookOfferAndReachVoucher(page: Page): Promise<string> {
  await page
    .getByRole("button", { name: /^(Book and pay|Confirm the reservation|Book and authorise)/ })
    .click();
  await expect(page).toHaveURL(/\/voucher\/code\/[0-9A-Z]{16}\/email\//);
  await expect(page.getByRole("heading", { level: 1, name: /Your reservation at/ })).toBeVisible();
  return /\/voucher\/code\/([0-9A-Z]{16})\//.exec(page.url())![1]!;
}
