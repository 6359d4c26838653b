import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { findOpenStay } from "./stays";

// ADR 0022: nothing fixed on the page (the messaging button, the cookie notice) may cover a
// price or a button. Demo hotel 1 (Hotel Bellavista Riva) has a WhatsApp number, so its messaging link shows.
const ROOMS = "/hotel/1/channel/1/language/1/rooms";
const NIGHTS = 2;

/** The desktop project at 1280 px; the phone project at 390 px (a narrow phone). */
async function sizeFor(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === "mobile") await page.setViewportSize({ width: 390, height: 844 });
  else await page.setViewportSize({ width: 1280, height: 900 });
}

type Covered = { what: string; block: string; coveredBy: string; coverIsFixed: boolean };

/**
 * Every visible button, link and price on the page, scrolled into view at the bottom and then at the top of the
 * window: the element at its centre (`document.elementFromPoint`) must be itself or inside it. Elements under
 * `allowedCover` (a panel the guest opened over the page) may be covered by that panel only.
 */
function findCovered(page: Page, allowedCover: string | null): Promise<Covered[]> {
  return page.evaluate((allowed) => {
    const selector = [
      "button",
      "a[href]",
      "[role=button]",
      "input[type=checkbox]",
      "select",
      ".rate__total",
      "[class*='price']",
    ].join(",");
    const nameOf = (el: Element) => {
      const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ");
      return `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${text.slice(0, 60)}"`;
    };
    const isFixed = (el: Element | null) => {
      for (let node = el; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === "fixed" || position === "sticky") return true;
      }
      return false;
    };
    const panel = allowed ? document.querySelector(allowed) : null;
    const covered: Covered[] = [];
    const candidates = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => {
      const box = el.getBoundingClientRect();
      if (box.width < 4 || box.height < 4) return false; // visually hidden texts, empty icons
      const style = getComputedStyle(el);
      return style.visibility !== "hidden" && style.display !== "none" && el.getClientRects().length > 0;
    });
    for (const el of candidates) {
      for (const block of ["end", "start"] as const) {
        el.scrollIntoView({ block, inline: "nearest" });
        const box = el.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) continue;
        const top = document.elementFromPoint(x, y);
        if (top && (top === el || el.contains(top))) continue;
        if (top && panel?.contains(top) && !panel.contains(el)) continue;
        covered.push({
          what: nameOf(el),
          block,
          coveredBy: top ? nameOf(top) : "nothing",
          coverIsFixed: isFixed(top),
        });
      }
    }
    return covered;
  }, allowedCover);
}

test("nothing fixed covers a price or a button on the results page, with the cookie notice and the guests panel open", async ({
  page,
  request,
  capture,
}, testInfo) => {
  test.setTimeout(90_000);
  await sizeFor(page, testInfo);
  const stay = await findOpenStay(request, { from: 30, nights: NIGHTS });
  await page.goto(`${ROOMS}?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`);
  // Demo channel 1 has optional tags: the consent banner in place of the cookie notice.
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Select/ }).first()).toBeVisible();
  // The hotel's WhatsApp link is there, opening its number; the site chat's button sits beside it.
  const messaging = page.getByRole("link", { name: "Message us on WhatsApp (opens in a new tab)" });
  await expect(messaging).toBeVisible();
  await expect(messaging).toHaveAttribute("href", "https://wa.me/393335550101");
  await expect(page.getByRole("button", { name: "Chat with us" })).toBeVisible();

  // Nothing on the page is fixed or sticky to the window any more.
  const fixed = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((el) => ["fixed", "sticky"].includes(getComputedStyle(el).position))
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`),
  );
  expect.soft(fixed).toEqual([]);

  expect(await findCovered(page, null)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await capture(`results with the cookie notice ${testInfo.project.name}`);

  // The guests panel open: its Done and everything else still reachable; the panel may lie over the results.
  const search = page.getByRole("search", { name: "Search for rooms" });
  await search.getByRole("button", { name: /^Guests and rooms/ }).click();
  const done = search.getByRole("button", { name: "Done" });
  await expect(done).toBeVisible();
  expect(await findCovered(page, ".guests-panel:not([hidden])")).toEqual([]);
  await done.scrollIntoViewIfNeeded();
  await capture(`guests panel open ${testInfo.project.name}`);
  await done.click();
  await expect(done).toBeHidden();

  // Once accepted, the notice is gone and nothing else moved over the page.
  await page
    .getByRole("region", { name: "Cookie consent" })
    .getByRole("button", { name: "Reject all" })
    .click();
  await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
  expect(await findCovered(page, null)).toEqual([]);
});
