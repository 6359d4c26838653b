import { Secret, TOTP } from "otpauth";
import {
  backOfficeMenu,
  DEMO_MANAGER,
  DEMO_RECEPTION,
  DEMO_STAFF_PASSWORD,
  signInAs,
  signInAsDemoOwner,
} from "./backoffice";
import { expect, test } from "./fixtures";

// The back office's sign-in, second factor and account (ADR 0025).

const codeOf = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at,
  });

test.describe("back office sign-in", () => {
  test("the demo owner signs in through the sign-in page and lands on the back office", async ({
    page,
    axe,
    capture,
  }) => {
    await page.goto("/admin/sign-in");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await axe("back-office sign-in");
    await capture("back-office sign-in");
    await signInAsDemoOwner(page);
    await expect(page).toHaveURL(/\/admin\/hotel\/\d+\/reservations/);
  });

  test("a wrong password is refused with a message, like an unknown e-mail", async ({ page }) => {
    await page.goto("/admin/sign-in");
    await page.getByLabel("E-mail").fill("nobody@demo.alloggio");
    await page.getByLabel("Password", { exact: true }).fill("Not-the-password-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("Wrong e-mail or password");
    await expect(backOfficeMenu(page)).toHaveCount(0);
    // "Forgot your password?" answers the same whatever the e-mail.
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Forgot your password" })).toBeVisible();
    await page.getByLabel("E-mail").fill("nobody@demo.alloggio");
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "If an account uses this e-mail, a link is on its way. It works once, for 30 minutes.",
    );
    await page.getByRole("button", { name: "Back to sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  });

  test("a signed-out visit goes to sign-in and comes back to the page asked for", async ({ page }) => {
    await page.goto("/admin/account");
    await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Faccount$/);
    await page.getByLabel("E-mail").fill("owner@demo.alloggio");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_STAFF_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/account$/);
  });

  test("?next= outside the back office is ignored", async ({ page }) => {
    await signInAs(page, "owner@demo.alloggio", DEMO_STAFF_PASSWORD, "https://evil.example/admin");
    await expect(page).toHaveURL(/\/admin\/hotel\/\d+\//);
  });

  test("an unknown set-up link says so", async ({ page, axe }) => {
    await page.goto(`/admin/setup/${"x".repeat(43)}`);
    await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
    await axe("back-office set-up, invalid link");
  });
});

test.describe("the second factor", () => {
  test("enrol on the account page, sign out, sign in with the code, turn it off", async ({
    page,
    axe,
    capture,
  }, testInfo) => {
    // A user of its own per project (the projects run at the same time on one server); turned off at the end.
    const email = testInfo.project.name.endsWith("mobile") ? DEMO_MANAGER : DEMO_RECEPTION;
    await signInAs(page, email, DEMO_STAFF_PASSWORD, "/admin/account");
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    await axe("back-office account");
    await capture("back-office account");

    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
    const secret = (await page.getByText(/^[A-Z2-7]{32}$/).textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await axe("back-office account, enrolment");
    await capture("back-office account enrolment");
    await page.getByLabel("Code from the app").fill(codeOf(secret));
    await page.getByRole("button", { name: "Confirm and turn on" }).click();
    const codes = page.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    await expect(page.getByRole("status")).toContainText("Two-step sign-in is on");
    await page.getByRole("button", { name: "I have saved them" }).click();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_STAFF_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Second factor" })).toBeVisible();
    await axe("back-office sign-in, second factor");
    // The enrolment used this time step's code (a code works once): the next step's, accepted one step early.
    await page.getByLabel("Authentication code").fill(codeOf(secret, Date.now() + 30_000));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(backOfficeMenu(page)).toBeVisible();

    await page.goto("/admin/account");
    const twoStep = page.getByRole("region", { name: "Two-step sign-in" });
    await twoStep.getByLabel("Current password").fill(DEMO_STAFF_PASSWORD);
    await twoStep.getByRole("button", { name: "Turn off two-step sign-in" }).click();
    await expect(page.getByRole("status")).toContainText("Two-step sign-in is off");
  });
});
