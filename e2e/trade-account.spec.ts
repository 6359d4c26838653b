import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { readPdf } from "../apps/server/src/features/voucher-pdf/pdf-test-kit";
import { signInAsDemoOwner } from "./backoffice";
import { expect, test } from "./fixtures";
import type { DeliveredMail } from "./mail";
import { findOpenStay } from "./stays";
import { chooseTradeRate, confirmTradeBooking, fillGuestAndTerms } from "./trade";

// ADR 0033: a new agency asks for a trade account on channel 2, the owner approves it, the agent
// recovers the password through the mailed link, then — after the back office resets it — is forced to choose a
// new one before seeing trade prices, books for a guest at the trade rate and prints the booking from its agency
// area. And the direct channel (1) offers the trade engine to a logged agent.

const TRADE_PRICE = { level: 4, name: /^Trade – / } as const;

/** The first mail to `address` whose subject matches (the SMTP server's inbox, see playwright.config.ts). */
async function mailTo(address: string, subject: RegExp): Promise<DeliveredMail> {
  const dir = join(process.env.ALLOGGIO_E2E_DATA_DIR ?? "", "smtp-inbox");
  let found: DeliveredMail | undefined;
  await expect
    .poll(
      () => {
        found = readdirSync(dir)
          .sort()
          .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as DeliveredMail)
          .find((m) => m.envelopeTo.includes(address) && subject.test(m.subject));
        return found !== undefined;
      },
      { timeout: 30_000, message: `a mail to ${address} (${subject}) reaches the SMTP server` },
    )
    .toBe(true);
  return found as DeliveredMail;
}

async function dismissCookies(page: Page) {
  const cookie = page.getByRole("region", { name: "Cookie notice" });
  await cookie.getByRole("button", { name: "OK" }).click();
  await expect(cookie).toHaveCount(0);
}

async function openLogin(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Agency login" }).click();
  const dialog = page.getByRole("dialog", { name: "Agency login" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function logIn(page: Page, username: string, password: string) {
  const dialog = await openLogin(page);
  await dialog.getByLabel("Username").fill(username);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  return dialog;
}

test("a new agency asks for approval, is approved, recovers its password, changes a reset one, books at trade rates, prints the booking and changes its password", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  // A long journey with four mails and two sign-ins.
  test.slow();
  const tag = `${testInfo.project.name.replace(/\W/g, "")}${Date.now().toString(36)}`;
  const agency = {
    name: `Viaggi Aurora ${tag}`,
    email: `desk-${tag}@aurora.example`,
    contact: `anna-${tag}@aurora.example`,
    username: `aurora${tag}`,
    password: "Aurora-Viaggi-1",
  };
  const stay = await findOpenStay(request, { from: 30, within: 40, nights: 2 });
  const rooms = `/hotel/1/channel/2/language/1/rooms?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`;
  await page.goto(rooms);
  await dismissCookies(page);

  // 1. The sign-up, from the login dialog: the domain's rules first (VAT or IATA), then the request.
  await (await openLogin(page)).getByRole("button", { name: "Request an account" }).click();
  const signUp = page.getByRole("dialog", { name: "Request a trade account" });
  await expect(signUp).toBeVisible();
  await signUp.getByLabel("Type").selectOption({ value: "1" });
  await signUp.getByLabel("Company name").fill(agency.name);
  await signUp.getByLabel("Address").fill("Via Aurora 3");
  await signUp.getByLabel("Postcode").fill("00100");
  await signUp.getByLabel("City").fill("Roma");
  await signUp.getByLabel("Country").selectOption({ value: "GB" });
  await signUp.getByLabel("Agency e-mail").fill(agency.email);
  await signUp.getByLabel("Phone").fill("+44 20 0000 0000");
  await signUp.getByLabel("Full name").fill("Anna Aurora");
  await signUp.getByLabel("E-mail", { exact: true }).fill(agency.contact);
  await signUp.getByLabel("Username").fill(agency.username);
  await signUp.getByLabel("Password", { exact: true }).fill(agency.password);
  await signUp.getByLabel("Confirm the password").fill(agency.password);
  await capture("trade sign-up form");
  await axe("trade sign-up form");
  await signUp.getByRole("button", { name: "Send the request" }).click();
  await expect(signUp.getByRole("alert")).toHaveText("Check the marked fields.");
  await expect(signUp.getByText("Give the VAT number or the IATA code.")).toBeVisible();
  await capture("trade sign-up errors");
  await axe("trade sign-up errors");
  await signUp.getByLabel("IATA code").fill("91234567");
  const asked = page.waitForResponse((r) => r.url().endsWith("/api/agency/askApproval"));
  await signUp.getByRole("button", { name: "Send the request" }).click();
  const { id } = (await (await asked).json()) as { id: number };
  await expect(signUp.getByRole("status")).toContainText("your request has been sent");
  await signUp.getByRole("button", { name: "Close" }).first().click();

  // Pending: the chosen password does not log in yet, and says why (only to whoever has the password).
  const refused = await logIn(page, agency.username, agency.password);
  await expect(refused.getByRole("alert")).toHaveText(
    "Your account is waiting for the hotel's approval: you can log in once the hotel has approved it.",
  );
  await refused.getByRole("button", { name: "Close" }).click();

  // 2. The owner approves it in the back office (the pending list shows it; the agency gets a mail).
  const office = await page.context().newPage();
  await signInAsDemoOwner(office, `/admin/trade/${id}`);
  await expect(office.getByRole("heading", { level: 1, name: agency.name })).toBeVisible();
  await office
    .getByRole("region", { name: "Sign-up request" })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(office.getByRole("status")).toHaveText("Account approved; the agency was sent an e-mail.");
  await mailTo(agency.email, /approved/);

  // 3. Password recovery: one neutral answer on the screen, the link in the mail, the new password from it.
  await page.reload();
  await (await openLogin(page)).getByRole("button", { name: "Forgot your password?" }).click();
  const forgot = page.getByRole("dialog", { name: "Recover your password" });
  await forgot.getByLabel("Username or e-mail").fill(agency.username);
  await capture("trade forgot password");
  await axe("trade forgot password");
  await forgot.getByRole("button", { name: "Send the link" }).click();
  await expect(forgot.getByRole("status")).toContainText("If an account matches");
  const recovery = await mailTo(agency.contact, /Choose a new password/);
  const link = /https?:\/\/\S+#token=[\w-]+/.exec(recovery.text)?.[0];
  expect(link, recovery.text).toBeTruthy();
  await page.goto(new URL(link as string).pathname + new URL(link as string).hash);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  const recovered = "Aurora-Recovered-2";
  await page.getByLabel("New password", { exact: true }).fill(recovered);
  await page.getByLabel("Confirm the new password").fill(recovered);
  await capture("trade reset page");
  await axe("trade reset page");
  await page.getByRole("button", { name: "Save the password" }).click();
  await expect(page.getByRole("status")).toContainText("has been changed");
  expect(page.url()).not.toContain("token=");
  await capture("trade reset done");

  // The link works once.
  await page.goto("about:blank");
  await page.goto(new URL(link as string).pathname + new URL(link as string).hash);
  await page.getByLabel("New password", { exact: true }).fill("Aurora-Again-3x");
  await page.getByLabel("Confirm the new password").fill("Aurora-Again-3x");
  await page.getByRole("button", { name: "Save the password" }).click();
  await expect(page.getByRole("alert")).toContainText("This link is no longer valid");

  // 4. The owner resets the password: a temporary one by mail, which the next login must change.
  await office.reload();
  await office.getByRole("button", { name: `Reset the password of ${agency.username}` }).click();
  await office.getByRole("button", { name: "Reset the password", exact: true }).click();
  await expect(office.getByRole("status")).toContainText("A temporary password");
  const temporary = /Temporary password: (\S+)/.exec(
    (await mailTo(agency.contact, /temporary password/)).text,
  )?.[1];
  expect(temporary).toBeTruthy();
  await office.close();

  await page.goto(rooms);
  await logIn(page, agency.username, temporary as string);
  const forced = page.getByRole("dialog", { name: "Choose a new password" });
  await expect(forced).toBeVisible();
  // Guest prices until the password is changed.
  await expect(page.getByRole("heading", TRADE_PRICE)).toHaveCount(0);
  await capture("trade forced change");
  await axe("trade forced change");
  await forced.getByLabel("Current password").fill(temporary as string);
  await forced.getByLabel("New password", { exact: true }).fill("Aurora-Chosen-4");
  await forced.getByLabel("Repeat the new password").fill("Aurora-Chosen-4");
  await forced.getByRole("button", { name: "Change password" }).click();
  await expect(forced).toBeHidden();
  await expect(page.getByRole("banner").getByText(agency.name)).toBeVisible();
  await expect(page.getByRole("heading", TRADE_PRICE).first()).toBeVisible();
  await capture("trade prices after the forced change");

  // 5. The new agent books for a guest at the trade rate: the agency data come from the sign-up (its IATA code).
  await chooseTradeRate(page);
  const agencyData = page.getByRole("region", { name: "Agency data" });
  await expect(agencyData.getByLabel("Agency or company name")).toHaveValue(agency.name);
  await expect(agencyData.getByLabel("IATA code")).toHaveValue("91234567");
  const guest = `Carlo Aurora ${tag}`;
  await fillGuestAndTerms(page, { name: guest, email: `guest-${tag}@example.test` });
  await page.getByRole("radio", { name: /Pay at the hotel/ }).check();
  const code = await confirmTradeBooking(page);
  await expect(page.getByRole("region", { name: "Booked by the agency" })).toContainText(agency.name);

  // A long agency name is cut in the header's one row, never widening the page.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0);
  // 6. It manages the booking in its agency area: found with a filter, printed for the agency and for the guest.
  await page.getByRole("banner").getByRole("link", { name: "My reservations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My reservations" })).toBeVisible();
  await page.getByLabel("Status").selectOption("waiting");
  await page.getByRole("button", { name: "Apply filters" }).click();
  const row = page
    .getByRole("table", { name: "Your agency's reservations, newest first" })
    .getByRole("row")
    .filter({ hasText: code });
  await expect(row).toContainText(guest);
  await expect(row).toContainText("Option");
  await capture("new agency's reservations");
  for (const version of ["Agency", "Guest"]) {
    const link = row.getByRole("link", { name: `${version} PDF of ${code} (opens in a new tab)` });
    const res = await page.request.get((await link.getAttribute("href")) ?? "");
    expect(res.headers()["content-type"]).toBe("application/pdf");
    const pdf = await readPdf(new Uint8Array(await res.body()));
    expect(pdf.text).toContain(code);
    expect(pdf.text).toContain(guest);
    if (version === "Agency") expect(pdf.text).toContain("Commission");
    else expect(pdf.text).not.toContain("Commission");
  }

  // 7. It changes its password from the area, logs out, and the new password logs it in.
  await page.getByRole("button", { name: "Change your password" }).click();
  const change = page.getByRole("dialog", { name: "Choose a new password" });
  await change.getByLabel("Current password").fill("Aurora-Chosen-4");
  await change.getByLabel("New password", { exact: true }).fill("Aurora-Changed-5");
  await change.getByLabel("Repeat the new password").fill("Aurora-Changed-5");
  await axe("trade password change");
  await change.getByRole("button", { name: "Change password" }).click();
  await expect(change).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Your password has been changed." })).toBeVisible();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByText("Log in with your agency account to see your reservations.")).toBeVisible();
  const again = page.getByRole("dialog", { name: "Agency login" });
  await page.getByRole("main").getByRole("button", { name: "Agency login" }).click();
  await again.getByLabel("Username").fill(agency.username);
  await again.getByLabel("Password").fill("Aurora-Changed-5");
  await again.getByRole("button", { name: "Log in" }).click();
  await expect(again).toBeHidden();
  await expect(page.getByRole("table", { name: "Your agency's reservations, newest first" })).toContainText(
    code,
  );
});

test("a direct channel offers the trade engine to a logged agent, and after the yes sends them there", async ({
  page,
  axe,
  capture,
}) => {
  await page.goto("/hotel/1/channel/2/language/1/rooms");
  await dismissCookies(page);
  const login = await logIn(page, "acme", "Demo-Agency-1");
  await expect(login).toBeHidden();
  await expect(page.getByRole("banner").getByText("Acme Consulting GmbH")).toBeVisible();

  await page.goto("/hotel/1/channel/1/language/1/rooms");
  const offer = page.getByRole("dialog", { name: "Trade engine" });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText("Acme Consulting GmbH");
  await capture("direct to trade dialog");
  await axe("direct to trade dialog");
  const [tab] = await Promise.all([
    page.context().waitForEvent("page"),
    offer.getByRole("link", { name: /Open the trade engine/ }).click(),
  ]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe("/hotel/1/channel/2/language/1/rooms");
  await tab.close();
  await expect(offer).toBeHidden();

  // Confirmed once: the direct site now sends the agent to the trade engine by itself.
  await page.goto("/hotel/1/channel/1/language/1/rooms");
  await expect(page).toHaveURL(/\/hotel\/1\/channel\/2\/language\/1\/rooms/);
});
