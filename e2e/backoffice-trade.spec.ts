import { backOfficeMenu, signInAsDemoOwner } from "./backoffice";
import { expect, test } from "./fixtures";
import { receivedMail } from "./mail";

// Trade accounts in the back office: the owner approves the demo's pending sign-up (the agency gets a
// mail), sets a 5 % extra discount, disables the account and enables it again. The sign-up can be approved once per
// run, so the mobile run (in parallel with the desktop one) works on the demo company instead, whose discount is
// already 5 % (nothing the other journeys read changes).

const PENDING = "Nuovi Orizzonti Viaggi";
const COMPANY = "Acme Consulting GmbH";

test("the owner approves a sign-up, sets a 5 % extra discount, disables and enables the account", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  const mobile = testInfo.project.name.includes("mobile");
  const name = mobile ? COMPANY : PENDING;
  // A sign-up with an e-mail as long as a real agency's may be: its row must fit the list too.
  const tag = `${testInfo.project.name.replace(/\W/g, "")}${Date.now().toString(36)}`;
  const password = "Lunga-Viaggi-1";
  const signUp = await request.post("/api/agency/askApproval", {
    data: {
      channel: 2,
      type: 1,
      name: `Agenzia Viaggi ${tag}`,
      address: "Via Roma 1",
      zip: "00100",
      city: "Roma",
      country: "IT",
      email: `prenotazioni-gruppi-${tag}@agenzia-viaggi-lunga.example`,
      phone: "+39 06 1234567",
      referentName: "Giulia Bianchi",
      referentEmail: `giulia-${tag}@agenzia-viaggi-lunga.example`,
      iataCode: "91234567",
      username: `lunga${tag}`,
      password,
      confirmation: password,
    },
  });
  expect(signUp.status()).toBe(201);

  await signInAsDemoOwner(page);
  const menuLink = backOfficeMenu(page).getByRole("link", { name: /^Trade/ });
  if (!mobile) await expect(menuLink).toContainText(/\d+ sign-ups waiting for approval/);
  await menuLink.click();
  await expect(page.getByRole("heading", { level: 1, name: "Trade accounts" })).toBeVisible();
  await expect(menuLink).toHaveAttribute("aria-current", "page");
  if (!mobile) {
    // Pending sign-ups first (the demo's, and any a sign-up journey of this run made).
    await expect(page.getByRole("row").nth(1)).toContainText("Pending");
    await expect(page.getByRole("row").filter({ hasText: PENDING })).toContainText("Pending");
  }
  // Nothing scrolls sideways: at a phone's width each account is a card.
  expect(
    await page
      .getByRole("table", { name: /^Trade accounts/ })
      .evaluate((el) => [
        (el.parentElement as HTMLElement).scrollWidth - (el.parentElement as HTMLElement).clientWidth,
        document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ]),
  ).toEqual([0, 0]);
  await capture("trade list");
  await axe("trade list");

  // The filters live in the URL: search by VAT number, then by status.
  await page.getByLabel("Search").fill(mobile ? "DE123456789" : "IT09876543210");
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("row").nth(1)).toContainText(name);
  await page.getByLabel("Search").fill("");
  await page.getByLabel("Status").selectOption({ value: "approved" });
  await expect(page).toHaveURL(/status=approved/);
  await page.getByLabel("Status").selectOption({ value: "" });

  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  if (!mobile) {
    const request = page.getByRole("region", { name: "Sign-up request" });
    await expect(request).toBeVisible();
    await expect(
      request.getByRole("group", { name: "Hotels to enable" }).getByRole("checkbox").first(),
    ).toBeChecked();
    await capture("trade sign-up");
    await axe("trade sign-up");
    await request.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("status")).toHaveText("Account approved; the agency was sent an e-mail.");
    await expect(page.getByText("Approved", { exact: true })).toBeVisible();
    const mail = await receivedMail("info@nuoviorizzonti.example");
    expect(mail.subject).toContain("approvato");
    expect(mail.text).toContain("orizzonti");
  }

  // Hidden prices: a 5 % extra discount for this account's logins.
  const pricing = page.getByRole("region", { name: "Hidden prices and commission" });
  await pricing.getByLabel("Extra discount (%)").fill("5");
  await pricing.getByRole("button", { name: "Save prices" }).click();
  await expect(page.getByRole("status")).toHaveText("Prices saved.");
  await expect(pricing).toContainText("Now: extra discount 5%");
  await capture("trade account");
  await axe("trade account");

  // Disable, with a confirmation step; then enable again.
  await page.getByRole("button", { name: "Disable account…" }).click();
  const confirm = page.getByRole("region", { name: `Disable ${name}?` });
  await expect(confirm).toBeVisible();
  await capture("trade confirm disable");
  await axe("trade confirm disable");
  await confirm.getByRole("button", { name: "Disable the account" }).click();
  await expect(page.getByRole("status")).toHaveText("Account disabled.");
  await expect(page.getByText("Disabled", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Enable account" }).click();
  await expect(page.getByRole("status")).toHaveText("Account enabled.");
  await expect(page.getByText("Approved", { exact: true })).toBeVisible();

  // Back in the list, the account is approved with its discount.
  await page.getByRole("link", { name: "← All trade accounts" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Approved");
  await expect(row).toContainText("5%");
});
