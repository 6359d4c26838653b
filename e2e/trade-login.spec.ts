import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { AGENT, dismissCookies, tradeRoomsUrl as roomsUrl } from "./trade";

// The trade login on the demo's trade channel (2), hotel 1, English. Demo users in the README.

/** The names of the rates the results show (level-4 headings of the rate cards). */
const rateNames = (page: Page) => page.getByRole("heading", { level: 4 });

test("an agent logs in on the trade channel, sees the agency and the trade rates, logs out", async ({
  page,
  request,
  axe,
  capture,
}) => {
  await page.goto(await roomsUrl(request));
  await dismissCookies(page);
  const header = page.getByRole("banner");

  // Without a login: the guests' rates only, and the search says how to see the trade ones.
  const notice = page.getByRole("region", { name: "Trade prices" });
  await expect(notice).toContainText("Log in to see trade prices.");
  await expect(rateNames(page).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 4, name: /^Trade – / })).toHaveCount(0);
  await capture("trade search without login");

  await notice.getByRole("button", { name: "Agency login" }).click();
  const dialog = page.getByRole("dialog", { name: "Agency login" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Username").fill(AGENT.username);
  await dialog.getByLabel("Password").fill(AGENT.password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(dialog).toBeHidden();

  // Logged in: the agency's name in the header, the trade rates in the results, the login kept per channel.
  await expect(header.getByText(AGENT.agency)).toBeVisible();
  await expect(header.getByRole("button", { name: "Log out" })).toBeFocused();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 4, name: "Trade – commissionable" }).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 4, name: "Trade – net rate" }).first()).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem("alloggio.trade.2"));
  expect(JSON.parse(stored ?? "null")).toMatchObject({
    user: { username: AGENT.username, agency: { name: AGENT.agency }, channel: 2 },
    dateAgg: expect.any(Number),
  });
  await capture("trade search logged in");
  await axe("trade search logged in");

  // A reload keeps the login (stored per channel, checked with the server).
  await page.reload();
  await expect(header.getByText(AGENT.agency)).toBeVisible();
  await expect(page.getByRole("heading", { level: 4, name: "Trade – net rate" }).first()).toBeVisible();

  // Logout: the guests' rates again, the stored login gone, the server session ended.
  await header.getByRole("button", { name: "Log out" }).click();
  await expect(header.getByRole("button", { name: "Agency login" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Trade prices" })).toBeVisible();
  await expect(rateNames(page).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 4, name: /^Trade – / })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("alloggio.trade.2"))).toBeNull();
  const check = await page.request.post("/api/login.do", { data: { method: "loggedUser", channel: 2 } });
  expect(await check.json()).toEqual({ user: { id: 0 } });
});

test("a wrong password shows SPEC's message; the login form passes axe", async ({ page, axe, capture }) => {
  await page.goto("/hotel/1/channel/2/language/1/rooms");
  await dismissCookies(page);
  await page.getByRole("banner").getByRole("button", { name: "Agency login" }).click();
  const dialog = page.getByRole("dialog", { name: "Agency login" });
  await expect(dialog).toBeVisible();
  await capture("trade login form");
  await axe("trade login form");
  // The company's user: a failure here does not count towards the agent's lockout of the other test.
  await dialog.getByLabel("Username").fill("acme");
  await dialog.getByLabel("Password").fill("Not-The-Password-1");
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Invalid credentials.");
  await expect(dialog.getByLabel("Password")).toHaveValue("");
  await capture("trade login wrong password");
  await axe("trade login wrong password");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("banner").getByRole("button", { name: "Agency login" })).toBeFocused();
});

test("a direct channel has no agency login", async ({ page }) => {
  await page.goto("/hotel/1/channel/1/language/1/rooms");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Agency login" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Trade prices" })).toHaveCount(0);
});
