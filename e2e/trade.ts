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
