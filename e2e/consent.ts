import { expect, type Page } from "@playwright/test";

/**
 * Answers the top-of-page cookie question whichever it is (ADR 0040): the consent banner on a channel with
 * optional tags (demo channel 1: "Reject all", so nothing optional loads in the journeys), else the cookie notice's OK.
 */
export async function answerCookies(page: Page): Promise<void> {
  const consent = page.getByRole("region", { name: "Cookie consent" });
  const notice = page.getByRole("region", { name: "Cookie notice" });
  await expect(consent.or(notice)).toBeVisible();
  if (await consent.isVisible()) {
    await consent.getByRole("button", { name: "Reject all" }).click();
    await expect(consent).toHaveCount(0);
  } else {
    await notice.getByRole("button", { name: "OK" }).click();
    await expect(notice).toHaveCount(0);
  }
}
