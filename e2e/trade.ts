import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { findOpenStay } from "./stays";

// The demo's trade channel (2), hotel 1, English, and its agent (README "Demo accounts"): shared by the trade specs.

export const AGENT = { username: "agenzia", password: "Demo-Agency-1", agency: "Viaggi Sereni Srl" };
export const TRADE_NIGHTS = 2;

/** The rooms page of the trade channel for an open stay of TRADE_NIGHTS nights. */
export async function tradeRoomsUrl(request: APIRequestContext, from = 30) {
  const stay = await findOpenStay(request, { from, within: 40, nights: TRADE_NIGHTS });
  return `/hotel/1/channel/2/language/1/rooms?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`;
}

/** The cookie notice shows once per browser session: each test has its own, so it is there to accept. */
export async function dismissCookies(page: Page) {
  const cookie = page.getByRole("region", { name: "Cookie notice" });
  await cookie.getByRole("button", { name: "OK" }).click();
  await expect(cookie).toHaveCount(0);
}

/** Logs the demo agent in from the header's "Agency login" and waits for the agency's name in the header. */
export async function logInAsAgent(page: Page, agent = AGENT) {
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: "Agency login" }).click();
  const dialog = page.getByRole("dialog", { name: "Agency login" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Username").fill(agent.username);
  await dialog.getByLabel("Password").fill(agent.password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(dialog).toBeHidden();
  await expect(header.getByText(agent.agency)).toBeVisible();
}

/** From the trade rooms page to the checkout: the first commissionable trade rate, then the services step. */
export async function chooseTradeRate(page: Page) {
  const commissionable = page.getByRole("article", { name: "Trade – commissionable", exact: true }).first();
  await expect(commissionable).toBeVisible();
  await commissionable.getByRole("button", { name: /^Select/ }).click();
  const selection = page.getByRole("region", { name: "Your selection" });
  await expect(selection.getByText("All rooms are chosen.")).toBeVisible();
  await selection.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/services/);
  // Demo hotel 1 asks for one travel insurance.
  await page.getByRole("checkbox", { name: "Basic cover (included)" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/checkout/);
  return commissionable;
}

/** The checkout's guest, and every term the booking needs accepted. */
export async function fillGuestAndTerms(page: Page, guest: { name: string; email: string }) {
  await page.getByLabel("Full name").fill(guest.name);
  await page.getByLabel("E-mail", { exact: true }).fill(guest.email);
  await page.getByLabel("Confirm e-mail").fill(guest.email);
  await page.getByLabel("Phone number").fill("333 765 4321");
  await page.getByLabel("Country", { exact: true }).selectOption("IT");
  await page.getByRole("checkbox", { name: /I accept the cancellation policy/ }).check();
  await page.getByRole("checkbox", { name: /I accept the general terms/ }).check();
  await page.getByRole("checkbox", { name: /I consent to the processing of my personal data/ }).check();
  const required = page.getByRole("checkbox", { name: /\(required\)/ });
  for (let i = 0; i < (await required.count()); i++) await required.nth(i).check();
}

/** Confirms the booking and answers the reservation code from the voucher's address. */
export async function confirmTradeBooking(page: Page): Promise<string> {
  await page.getByRole("button", { name: /^Confirm booking/ }).click();
  await page.waitForURL(/\/voucher\/code\//, { timeout: 20_000 });
  const code = /\/voucher\/code\/([^/]+)\//.exec(page.url())?.[1] ?? "";
  expect(code).toMatch(/^[0-9A-Z]{16}$/);
  return code;
}
