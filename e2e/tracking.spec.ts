import type { BrowserContext, Page, Request, TestInfo } from "@playwright/test";
import { signInAsDemoOwner } from "./backoffice";
import { enterCard, fillBooker } from "./checkout";
import { expect, tabTo, test } from "./fixtures";
import { findOpenStay } from "./stays";

// Tracking and third-party scripts only with consent, never on the payment step (ADR 0040–0043). Demo
// channel 1 has GTM (from https://demo.alloggio.test, e-commerce events on), a Google tag per language, the Meta
// pixel and zSuite's conversion POST. No internet: every host that is not the app's own is served here by a fake
// (context.route) and every request to one is recorded; a host without a fake is aborted, and recorded too.
// The pages' CSP (ADR 0042) must let the fakes' posts through: this spec runs against consent, loader and CSP together.
// Rooms with status W are left out of the purchase: packages/domain/src/tracking/events.test.ts proves it (the demo
// has no cheap way to make a W room).
const HOTEL = "/hotel/1/channel/1/language/1";
const GTM_ORIGIN = "https://demo.alloggio.test";
const GOOGLE_TAGS = "https://www.googletagmanager.com";
const PIXEL_SCRIPT = "https://connect.facebook.net/en_US/fbevents.js";
const ZSUITE_ORIGIN = "https://conversion.zsuite.test";

/** A fake GTM: every plain dataLayer event (those pushed before it loaded too) is posted to the fake collector. */
const FAKE_GTM = `(function () {
  var dl = (window.dataLayer = window.dataLayer || []);
  function send(e) {
    if (!e || typeof e !== "object" || typeof e.length === "number" || !e.event) return;
    try {
      fetch("${GTM_ORIGIN}/collect", { method: "POST", body: JSON.stringify(e), keepalive: true, mode: "no-cors" });
    } catch (_) {}
  }
  for (var i = 0; i < dl.length; i++) send(dl[i]);
  var push = dl.push.bind(dl);
  dl.push = function () {
    for (var j = 0; j < arguments.length; j++) send(arguments[j]);
    return push.apply(null, arguments);
  };
})();`;

/** A fake gtag.js: every gtag() call (an arguments object in the dataLayer) is posted to Google's tag host. */
const FAKE_GTAG = `(function () {
  var dl = (window.dataLayer = window.dataLayer || []);
  function send(a) {
    if (!a || typeof a !== "object" || typeof a.length !== "number") return;
    var call = Array.prototype.slice.call(a).map(function (x) { return x instanceof Date ? "date" : x; });
    try {
      fetch("${GOOGLE_TAGS}/fake/gtag", { method: "POST", body: JSON.stringify(call), keepalive: true, mode: "no-cors" });
    } catch (_) {}
  }
  for (var i = 0; i < dl.length; i++) send(dl[i]);
  var push = dl.push.bind(dl);
  dl.push = function () {
    for (var j = 0; j < arguments.length; j++) send(arguments[j]);
    return push.apply(null, arguments);
  };
})();`;

/** A fake fbevents.js: takes over the standard fbq stub; every call (queued ones too) is posted to facebook.com. */
const FAKE_PIXEL = `(function () {
  var f = window.fbq;
  if (!f) return;
  function send(a) {
    try {
      fetch("https://www.facebook.com/tr", { method: "POST", body: JSON.stringify(Array.prototype.slice.call(a)), keepalive: true, mode: "no-cors" });
    } catch (_) {}
  }
  var queue = f.queue || [];
  f.callMethod = function () { send(arguments); };
  for (var i = 0; i < queue.length; i++) send(queue[i]);
  f.queue = [];
})();`;

type Recorded = { url: string; method: string; body: string | null; frameUrl: string; at: number };

/** The requests the running test recorded, attached to its report (what left, from which page). */
let recorded: Recorded[] = [];
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook needs from this pattern
test.afterEach(async ({}, testInfo) => {
  await testInfo.attach("third-party requests", {
    body: JSON.stringify(recorded, null, 2),
    contentType: "application/json",
  });
  recorded = [];
});

/** Every request that leaves for a host other than the app's, in order, with the URL of the page that made it. */
async function fakeThirdParties(context: BrowserContext, appOrigin: string) {
  const requests: Recorded[] = [];
  const thirdParty = (url: string) => /^https?:/.test(url) && new URL(url).origin !== appOrigin;
  context.on("request", (request: Request) => {
    if (!thirdParty(request.url())) return;
    let frameUrl = "";
    try {
      frameUrl = request.frame().url();
    } catch {
      // A service worker's request has no frame.
    }
    requests.push({
      url: request.url(),
      method: request.method(),
      body: request.postData(),
      frameUrl,
      at: requests.length,
    });
  });
  await context.route(
    (url) => url.origin !== appOrigin && /^https?:$/.test(url.protocol),
    async (route) => {
      const url = new URL(route.request().url());
      const js = (body: string) =>
        route.fulfill({
          status: 200,
          contentType: "text/javascript",
          body,
          headers: { "access-control-allow-origin": "*" },
        });
      if (url.origin === GTM_ORIGIN && url.pathname === "/gtm.js") return js(FAKE_GTM);
      if (url.origin === GOOGLE_TAGS && url.pathname === "/gtag/js") return js(FAKE_GTAG);
      if (url.href.startsWith(PIXEL_SCRIPT)) return js(FAKE_PIXEL);
      if (route.request().method() === "POST") return route.fulfill({ status: 204 });
      return route.abort();
    },
  );
  recorded = requests;
  const hostsOf = (list: Recorded[]) => [...new Set(list.map((r) => new URL(r.url).host))];
  return {
    requests,
    hostsOf,
    /** The JSON bodies posted to `prefix` (a fake's record endpoint). */
    posted: (prefix: string) =>
      requests
        .filter((r) => r.method === "POST" && r.url.startsWith(prefix) && r.body)
        .map((r) => JSON.parse(r.body!) as unknown),
  };
}

const appOriginOf = (testInfo: TestInfo) => new URL(String(testInfo.project.use.baseURL)).origin;

/** The consent banner: a region in the page flow. */
const banner = (page: Page) => page.getByRole("region", { name: "Cookie consent" });

async function roomsPage(page: Page, stay: { arrival: string; departure: string }) {
  await page.goto(`${HOTEL}/rooms?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`);
  await expect(page.getByRole("article").first()).toBeVisible();
}

/** Each test and project its own part of the calendar. */
const offsetFor = (testInfo: TestInfo, base: number) => base + (testInfo.project.name === "mobile" ? 5 : 0);

test("nothing third-party is requested before the guest has chosen", async ({
  page,
  context,
  request,
}, testInfo) => {
  const fakes = await fakeThirdParties(context, appOriginOf(testInfo));
  const stay = await findOpenStay(request, { from: offsetFor(testInfo, 120), nights: 2 });
  await roomsPage(page, stay);
  await expect(banner(page)).toBeVisible();
  // A second search, a moment's wait: still nothing.
  const next = await findOpenStay(request, { from: offsetFor(testInfo, 130), nights: 3 });
  await roomsPage(page, next);
  await page.waitForTimeout(1500);
  expect(fakes.requests).toEqual([]);
  // Nothing written but what is necessary, either.
  const scripts = await page.locator("script[data-alloggio-script]").count();
  expect(scripts).toBe(0);
});

test("“Analytics” only, chosen with the keyboard: GTM and the analytics tag load, the pixel does not", async ({
  page,
  context,
  request,
  axe,
  capture,
}, testInfo) => {
  const fakes = await fakeThirdParties(context, appOriginOf(testInfo));
  const stay = await findOpenStay(request, { from: offsetFor(testInfo, 140), nights: 2 });
  await roomsPage(page, stay);
  const notice = banner(page);
  await expect(notice).toBeVisible();
  await capture("consent banner");
  await axe("consent banner");

  const choose = notice.getByRole("button", { name: "Choose" });
  await tabTo(page, choose);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Cookie settings" });
  await expect(dialog).toBeVisible();
  await capture("consent dialog");
  await axe("consent dialog");
  const analytics = dialog.getByRole("checkbox", { name: /^Analytics/ });
  const marketing = dialog.getByRole("checkbox", { name: /^Marketing/ });
  await expect(analytics).not.toBeChecked();
  await expect(marketing).not.toBeChecked();
  await tabTo(page, analytics);
  await page.keyboard.press("Space");
  await expect(analytics).toBeChecked();
  await tabTo(page, dialog.getByRole("button", { name: "Save my choices" }));
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(notice).toBeHidden();

  await expect
    .poll(() => fakes.hostsOf(fakes.requests).sort())
    .toEqual(["demo.alloggio.test", "www.googletagmanager.com"].sort());
  const urls = fakes.requests.map((r) => r.url);
  expect(urls).toContain(`${GTM_ORIGIN}/gtm.js?id=GTM-DEMO123`);
  expect(urls.some((u) => u.startsWith(`${GOOGLE_TAGS}/gtag/js?id=G-DEMO0EN01`))).toBe(true);
  expect(urls.some((u) => u.includes("facebook"))).toBe(false);
  // Consent Mode v2: analytics granted, advertising denied.
  await expect
    .poll(() =>
      fakes
        .posted(`${GOOGLE_TAGS}/fake/gtag`)
        .some(
          (call) =>
            Array.isArray(call) &&
            call[0] === "consent" &&
            call[1] === "update" &&
            (call[2] as Record<string, string>).analytics_storage === "granted" &&
            (call[2] as Record<string, string>).ad_storage === "denied",
        ),
    )
    .toBe(true);
  // A reload keeps the choice: no banner, the same scripts.
  await page.reload();
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(banner(page)).toBeHidden();
  expect(fakes.requests.some((r) => r.url.includes("facebook"))).toBe(false);
});

type AvailRoom = { name: string; rates: { name: string; payment: string }[] };

test("accept all, book with 3-D Secure: nothing third-party from the checkout to the voucher, then the purchase reaches GTM, the pixel and zSuite", async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const fakes = await fakeThirdParties(context, appOriginOf(testInfo));
  const stay = await findOpenStay(request, { from: offsetFor(testInfo, 150), nights: 2 });
  const room = "Classic double room";
  const avail = await request.get(
    `/api/avail.do?hotel=1&channel=1&language=1&arrival=${stay.arrival}&departure=${stay.departure}&adults=2`,
  );
  const rooms = ((await avail.json()) as { availability: AvailRoom[][] }).availability.flat();
  const prepaid = rooms.find((r) => r.name === room)?.rates.find((r) => r.payment === "prepaid")?.name;
  expect(prepaid, "a prepaid rate for the stay").toBeDefined();

  // Landing from trivago: the click reference is kept and stored on the reservation.
  await page.goto(
    `${HOTEL}/rooms?arrival=${stay.arrival}&departure=${stay.departure}&adults=2&trv_reference=trv-e2e-${testInfo.project.name}`,
  );
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => fakes.requests.some((r) => r.url.startsWith(PIXEL_SCRIPT))).toBe(true);
  await expect.poll(() => fakes.requests.some((r) => r.url.startsWith(`${GTM_ORIGIN}/gtm.js`))).toBe(true);

  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { level: 3, name: room, exact: true }) })
    .first();
  const showAll = card.getByRole("button", { name: /^Show all \d+ rates/ });
  if (await showAll.isVisible()) await showAll.click();
  await card
    .getByRole("article", { name: prepaid!, exact: true })
    .first()
    .getByRole("button", { name: /^Select/ })
    .click();
  await page
    .getByRole("region", { name: "Your selection" })
    .getByRole("button", { name: "Continue" })
    .click();
  await expect(page).toHaveURL(/\/services/);
  await page.getByRole("checkbox", { name: "Basic cover (included)" }).check();
  await page.getByRole("button", { name: "Continue" }).click();

  // The checkout is a document of its own, with no third-party script: from its load on, nothing leaves.
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByLabel("Full name")).toBeVisible();
  // A fresh page load with the strict policy: the tags of the room list did not come along.
  await expect(page.locator('meta[name="alloggio-document"]')).toHaveAttribute("content", "strict");
  await expect(page.locator("script[data-alloggio-script]")).toHaveCount(0);
  const fromCheckout = fakes.requests.length;
  await fillBooker(page, `tracking.${testInfo.project.name}.${Date.now()}@example.test`);
  await page.getByRole("radio", { name: /Pay now by card/ }).check();
  await enterCard(page, "4000000000003220");
  await page.getByRole("button", { name: /^(Book and pay|Confirm booking)/ }).click();
  await expect(page.getByRole("heading", { name: "3-D Secure check" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await page.waitForURL(/\/voucher\/code\//, { timeout: 20_000 });
  const code = /\/voucher\/code\/([^/]+)\//.exec(page.url())?.[1] ?? "";
  expect(code).toMatch(/^[0-9A-Z]{16}$/);
  const duringPayment = fakes.requests
    .slice(fromCheckout)
    .filter((r) => !/\/voucher\/code\//.test(r.frameUrl));
  expect(duringPayment, "third-party requests between the checkout and the voucher").toEqual([]);
  await expect(page.getByText("Status: Confirmed")).toBeVisible();

  // On the voucher: the purchase event in EUR with the code and a value, through the fake GTM's collector…
  await expect
    .poll(
      () => fakes.posted(`${GTM_ORIGIN}/collect`).find((e) => (e as { event?: string }).event === "purchase"),
      {
        timeout: 15_000,
      },
    )
    .toBeDefined();
  const purchase = fakes
    .posted(`${GTM_ORIGIN}/collect`)
    .find((e) => (e as { event?: string }).event === "purchase") as {
    ecommerce: { transaction_id: string; value: number; currency: string; items: unknown[] };
  };
  expect(purchase.ecommerce).toMatchObject({ transaction_id: code, currency: "EUR" });
  expect(purchase.ecommerce.value).toBeGreaterThan(0);
  expect(purchase.ecommerce.items.length).toBeGreaterThan(0);
  // …the pixel's Purchase…
  await expect
    .poll(() =>
      fakes
        .posted("https://www.facebook.com/tr")
        .find((call) => Array.isArray(call) && call[0] === "track" && call[1] === "Purchase"),
    )
    .toBeDefined();
  const pixel = fakes
    .posted("https://www.facebook.com/tr")
    .find((call) => Array.isArray(call) && call[0] === "track" && call[1] === "Purchase") as [
    string,
    string,
    { value: number; currency: string },
  ];
  expect(pixel[2]).toMatchObject({ currency: "EUR", value: purchase.ecommerce.value });
  // …and zSuite's conversion POST, form-encoded.
  await expect
    .poll(() => fakes.requests.find((r) => r.url.startsWith(`${ZSUITE_ORIGIN}/bootstrap/store_reservation/`)))
    .toBeDefined();
  const zsuite = fakes.requests.find((r) =>
    r.url.startsWith(`${ZSUITE_ORIGIN}/bootstrap/store_reservation/`),
  )!;
  expect(zsuite.method).toBe("POST");
  const form = new URLSearchParams(zsuite.body ?? "");
  expect(form.get("code")).toBe(code);
  expect(form.get("language")).toBeTruthy();
  expect(Number(form.get("amount"))).toBeCloseTo(purchase.ecommerce.value, 2);
  expect(form.get("wm_customerid")).toBe("demo-hotels");

  // The trivago click the guest landed with is the reservation's source in the back office.
  const staff = await context.newPage();
  await signInAsDemoOwner(staff, `/admin/hotel/1/reservations?code=${code}`);
  await staff.getByRole("link", { name: code }).click();
  await expect(staff.getByText(`trivago: trv-e2e-${testInfo.project.name}`)).toBeVisible();
  await staff.close();

  // A second visit of the voucher sends no second purchase.
  const purchases = () =>
    fakes.posted(`${GTM_ORIGIN}/collect`).filter((e) => (e as { event?: string }).event === "purchase")
      .length;
  await page.reload();
  await expect(page.getByText("Status: Confirmed")).toBeVisible();
  await page.waitForTimeout(1000);
  expect(purchases()).toBe(1);
});

test("reject all leaves only the necessary storage, and nothing third-party loads", async ({
  page,
  context,
  request,
}, testInfo) => {
  const fakes = await fakeThirdParties(context, appOriginOf(testInfo));
  const stay = await findOpenStay(request, { from: offsetFor(testInfo, 160), nights: 2 });
  await page.goto(
    `${HOTEL}/rooms?arrival=${stay.arrival}&departure=${stay.departure}&adults=2&utm_source=newsletter&trv_reference=trv-x`,
  );
  const notice = banner(page);
  const reject = notice.getByRole("button", { name: "Reject all" });
  await tabTo(page, reject);
  await page.keyboard.press("Enter");
  await expect(notice).toBeHidden();
  await roomsPage(page, stay);
  // Choose a room, so the booking in progress is in session storage too.
  await page
    .getByRole("button", { name: /^Select/ })
    .first()
    .click();
  await page
    .getByRole("region", { name: "Your selection" })
    .getByRole("button", { name: "Continue" })
    .click();
  await expect(page).toHaveURL(/\/services/);
  await page.waitForTimeout(1500);
  expect(fakes.requests).toEqual([]);

  const storage = await page.evaluate(() => ({
    local: Object.keys(window.localStorage).sort(),
    session: Object.keys(window.sessionStorage).sort(),
  }));
  const cookies = (await context.cookies()).map((c) => c.name).sort();
  // Necessary only: the consent itself (local storage, per channel) and the app's own session keys.
  expect(storage.local).toEqual(["alloggio.consent.1"]);
  expect(storage.session).toContain("chosenRooms");
  for (const key of storage.session) expect(NECESSARY_SESSION_KEYS).toContain(key);
  // The landing's trivago and campaign references stay in memory only: no marketing consent, no device storage.
  expect(storage.session).not.toContain("alloggio.attribution");
  expect(cookies).toEqual([]);
  const consent = await page.evaluate(() =>
    JSON.parse(window.localStorage.getItem("alloggio.consent.1") ?? "{}"),
  );
  expect(consent).toMatchObject({ analytics: false, marketing: false });
});

/**
 * What the guest pages may keep in session storage, all necessary (ADR 0040's table): the booking in progress and its
 * display, the cookie notice seen, and the loader's one-shot flags (a voucher that follows a booking, a page loaded
 * without third-party scripts for a card dialog). Local storage holds only the consent; there are no cookies.
 */
const NECESSARY_SESSION_KEYS = [
  "chosenRooms",
  "chosenServices",
  "checkoutIdempotencyKey",
  "currency",
  "walkInSeen",
  "cookieOk",
  "alloggio.tracking.purchase",
  "alloggio.tracking.skipOnce",
];
