import { backOfficeMenu, DEMO_STAFF_PASSWORD, signInAs, signInAsDemoOwner } from "./backoffice";
import { expect, test } from "./fixtures";

test.describe("back office sign-in", () => {
  test("the demo owner signs in through the sign-in page and lands on the back office", async ({
    page,
    axe,
  }) => {
    await page.goto("/admin/sign-in");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await axe("back-office sign-in");
    await signInAsDemoOwner(page);
    await expect(page).toHaveURL(/\/admin\/hotel\/\d+\/reservations/);
  });

  test("a wrong password is refused with a message", async ({ page }) => {
    await page.goto("/admin/sign-in");
    await page.getByLabel("E-mail").fill("manager@demo.alloggio");
    await page.getByLabel("Password", { exact: true }).fill("Not-the-password-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("Wrong e-mail or password");
    await expect(backOfficeMenu(page)).toHaveCount(0);
  });

  test("?next= brings the user back to the back-office page they asked for, and only to one", async ({
    page,
  }) => {
    await signInAs(page, "reception@demo.alloggio", DEMO_STAFF_PASSWORD, "/admin/account");
    await expect(page).toHaveURL(/\/admin\/account$/);
  });
});
