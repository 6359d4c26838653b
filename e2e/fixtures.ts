import AxeBuilder from "@axe-core/playwright";
import { test as base, type Locator, type Page, type TestInfo } from "@playwright/test";

/** The WCAG levels checked: A and AA of 2.0, 2.1 and 2.2. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe on the page as it is now, attaches the violations as JSON (`axe <screen>.json`) and fails the test with
 * one line per violating node (rule id, impact, target) when there are any.
 */
export async function expectNoA11yViolations(page: Page, testInfo: TestInfo, screen = "page"): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const { violations } = results;
  await testInfo.attach(`axe ${screen}.json`, {
    body: JSON.stringify({ url: results.url, violations }, null, 2),
    contentType: "application/json",
  });
  if (violations.length === 0) return;
  const lines = violations.flatMap((v) =>
    v.nodes.map((n) => `  - ${v.id} [${n.impact ?? v.impact ?? "?"}] ${JSON.stringify(n.target)}: ${v.help}`),
  );
  throw new Error(
    `axe found ${violations.length} violation(s), ${lines.length} node(s), on ${screen} (${page.url()}):\n${lines.join("\n")}`,
  );
}

/**
 * Saves a full-page screenshot as `test-results/<spec>-<test>-<project>/<name>.png` and attaches it to the report
 * (Playwright keeps its own copy under `attachments/` beside it).
 */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name.replace(/[^\w-]+/g, "-").replace(/-+$/, "")}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

type Fixtures = {
  /** `await axe("portal hotel list")`: expectNoA11yViolations on the current page. */
  axe: (screen?: string) => Promise<void>;
  /** `await capture("portal hotel list")`: attachScreenshot of the current page (`screenshot` is Playwright's option). */
  capture: (name: string) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  axe: async ({ page }, use, testInfo) => {
    await use((screen) => expectNoA11yViolations(page, testInfo, screen));
  },
  capture: async ({ page }, use, testInfo) => {
    await use((name) => attachScreenshot(page, testInfo, name));
  },
});

export { expect } from "@playwright/test";

/**
 * Presses Tab until `target` has the focus (keyboard only, as a guest without a mouse would). Each step looks twice:
 * the app may take over the server's first paint (ADR 0051) between the locator finding the drawn control and
 * reading the focus, which the takeover has just moved to the app's same control.
 */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  const focused = () => target.evaluate((el) => el === document.activeElement).catch(() => false);
  for (let i = 0; i < max; i++) {
    if ((await focused()) || (await focused())) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}
