import { expect, type Locator, type Page } from "@playwright/test";

// Signing in to the back office through its sign-in page, as a person does. The demo data hold one user
// per role, all with the demo-only password below (README "Run it", ADR 0025).

export const DEMO_STAFF_PASSWORD = "Demo-Alloggio-1";
export const DEMO_OWNER = "owner@demo.alloggio";
export const DEMO_MANAGER = "manager@demo.alloggio";
/** Works for hotel 1 only. */
export const DEMO_RECEPTION = "reception@demo.alloggio";

/** The shell's menu: it shows once a user is signed in. */
export const backOfficeMenu = (page: Page) => page.getByRole("navigation", { name: "Back office" });

/**
 * Opens the sign-in page (`next`: the /admin path to land on, else the user's start page), signs in with e-mail and
 * password and waits for the shell's menu. For users without a second factor.
 */
export async function signInAs(page: Page, email: string, password: string, next?: string): Promise<void> {
  await page.goto(next ? `/admin/sign-in?next=${encodeURIComponent(next)}` : "/admin/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(backOfficeMenu(page)).toBeVisible();
}

export const signInAsDemoOwner = (page: Page, next?: string) =>
  signInAs(page, DEMO_OWNER, DEMO_STAFF_PASSWORD, next);
export const signInAsDemoManager = (page: Page, next?: string) =>
  signInAs(page, DEMO_MANAGER, DEMO_STAFF_PASSWORD, next);
export const signInAsDemoReception = (page: Page, next?: string) =>
  signInAs(page, DEMO_RECEPTION, DEMO_STAFF_PASSWORD, next);

/**
 * A new offer option's mandatory travel insurance (demo hotel 1): the form prefills the category's cheapest service.
 * The journeys hold the basic cover at 0 whatever the extras journey, which runs before them, did to service prices.
 */
export async function holdFreeBasicCover(option: Locator): Promise<void> {
  const service = option.getByLabel("Service", { exact: true });
  await expect(service).not.toHaveValue("");
  await service.selectOption({ label: "Basic cover (included)" });
  const price = option.getByLabel(/^Price \(/);
  await price.fill("0");
  await price.blur();
}
