import type { Page, TestInfo } from "@playwright/test";
import { expect, tabTo, test } from "./fixtures";

// ADR 0040: the consent manager on demo hotel 1's direct channel, which has analytics, GTM and a pixel.
const ROOMS = "/hotel/1/channel/1/language/1/rooms";

async function sizeFor(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === "mobile") await page.setViewportSize({ width: 390, height: 844 });
  else await page.setViewportSize({ width: 1280, height: 900 });
}

/** The window as the guest sees it (the full-page capture hides how the banner and the dialog sit in it). */
async function viewport(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name.replace(/\W+/g, "-")}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

const storedConsent = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem("alloggio.consent.1") ?? "null"));

test("banner and dialog: axe clean, keyboard only, choose, then change from the footer", async ({
  page,
  axe,
  capture,
}, testInfo) => {
  // Two axe runs on the long rooms page and a reload.
  test.setTimeout(120_000);
  await sizeFor(page, testInfo);
  await page.goto(ROOMS);
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await expect(banner).toBeVisible();
  expect(await storedConsent(page)).toBeNull();
  // The banner of the server's first paint gives way to the app's (ADR 0051): measure and check the app's.
  await expect(page.locator("#first-paint")).toHaveCount(0);
  // Accept and reject: the same size.
  const accept = await banner.getByRole("button", { name: "Accept all" }).boundingBox();
  const reject = await banner.getByRole("button", { name: "Reject all" }).boundingBox();
  expect(Math.round(reject!.width)).toBe(Math.round(accept!.width));
  expect(Math.round(reject!.height)).toBe(Math.round(accept!.height));
  await axe("consent banner");
  await capture(`consent banner ${testInfo.project.name}`);
  await viewport(page, testInfo, `consent banner window ${testInfo.project.name}`);

  const choose = banner.getByRole("button", { name: "Choose" });
  await tabTo(page, choose);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Cookie settings" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: "Necessary" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Necessary" })).toBeDisabled();
  await expect(dialog.getByRole("checkbox", { name: "Analytics" })).not.toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Marketing" })).not.toBeChecked();
  await axe("consent dialog");
  await capture(`consent dialog ${testInfo.project.name}`);
  await viewport(page, testInfo, `consent dialog window ${testInfo.project.name}`);

  // The focus never reaches the page behind (inert): it stays in the dialog, or passes to the browser's own
  // controls after the last button (the native modal dialog's behaviour), and comes back into the dialog.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(
      await dialog.evaluate(
        (d) => d.contains(document.activeElement) || document.activeElement === document.body,
      ),
    ).toBe(true);
  }
  await tabTo(page, dialog.getByRole("checkbox", { name: "Analytics" }));
  await page.keyboard.press("Space");
  await tabTo(page, dialog.getByRole("button", { name: "Save my choices" }));
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(banner).toHaveCount(0);
  expect(await storedConsent(page)).toMatchObject({ analytics: true, marketing: false, version: 1 });

  // Changed from the footer: a withdrawal, so the page reloads; the choice holds.
  const settings = page.getByRole("button", { name: "Cookie settings" });
  await expect(settings).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("checkbox", { name: "Analytics" })).toBeChecked();
  const reload = page.waitForEvent("load");
  await tabTo(page, dialog.getByRole("button", { name: "Reject all" }));
  await page.keyboard.press("Enter");
  await reload;
  expect(await storedConsent(page)).toMatchObject({ analytics: false, marketing: false });
  await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
});

test("accept all and reject all with the keyboard; reject all leaves only necessary storage", async ({
  page,
}, testInfo) => {
  await sizeFor(page, testInfo);
  await page.goto(ROOMS);
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await tabTo(page, banner.getByRole("button", { name: "Reject all" }));
  await page.keyboard.press("Enter");
  await expect(banner).toHaveCount(0);
  expect(await storedConsent(page)).toMatchObject({ analytics: false, marketing: false });
  await page.reload();
  await expect(page.getByRole("button", { name: "Cookie settings" })).toBeVisible();
  const storage = await page.evaluate(() => ({
    local: Object.keys(window.localStorage),
    cookies: document.cookie,
  }));
  expect(storage.local).toEqual(["alloggio.consent.1"]);
  expect(storage.cookies).not.toMatch(/(^|; )(_ga|_gid|_gcl_|_fbp|_fbc)/);
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => c.name).filter((n) => /^(_ga|_gid|_gcl_|_fbp|_fbc)/.test(n))).toEqual([]);

  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await tabTo(page, banner.getByRole("button", { name: "Accept all" }));
  await page.keyboard.press("Enter");
  await expect(banner).toHaveCount(0);
  expect(await storedConsent(page)).toMatchObject({ analytics: true, marketing: true });
});
