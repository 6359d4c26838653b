// Lighthouse on the pages a bare address cannot open (issue 35): the services step and the checkout (their rooms
// live in the tab's session storage), the offer once unlocked (an access cookie), the agency area (a trade login),
// the back office on a phone and its rates grid on a desktop (a staff login). They run on the demo product —
// `node scripts/start.mjs` on an empty database, as startup.ts starts it, the demo data holding every role — in a
// Chromium tab that Puppeteer prepares first through the product's own pages, as a guest, an agent or a member of
// staff does; Lighthouse then loads the page in that same tab, which keeps its cookies and its session storage
// (Lighthouse clears the origin's caches and service workers, not those). One browser per run: each run signs in,
// unlocks or chooses its rooms again.
import { addDays } from "@alloggio/domain/stay-dates/stay-dates";
import type { Browser, Page } from "puppeteer-core";
import type { Kind } from "./database";
import { atMost, type Figure } from "./figures";
import { demoEnvironment, startAndSearch, stop } from "./startup";
import { CHROMIUM, CHROMIUM_FLAGS, type LighthousePage, type LighthouseScores, runLighthouse } from "./web";

// The demo's accounts (README "Demo accounts"; the e2e journeys use the same).
const OWNER = { email: "owner@demo.alloggio", password: "Demo-Alloggio-1" };
const AGENT = { username: "agenzia", password: "Demo-Agency-1" };
const OFFER = { code: "DEM00FFERH0TE101", email: "offer@demo.alloggio" };
const HOTEL = "/hotel/1/channel/1/language/1";
/** The trade channel's agency area (channel 2, English). */
const AGENCY_AREA = "/channel/2/language/1/agency";
const NIGHTS = 2;

/** An element by its role and accessible name (Puppeteer's ARIA query), as the e2e journeys find them. */
const byRole = (role: string, name: string) => `::-p-aria([name="${name}"][role="${role}"])`;

/** The demo product's pages and how a tab gets to each; the names are the rows' (and BENCH_LIGHTHOUSE_PAGES'). */
const PAGES: {
  name: string;
  preset?: "desktop";
  /** Prepares the tab; answers the address Lighthouse then loads in it. */
  prepare: (tab: Page, base: string) => Promise<string>;
  extra?: (median: LighthouseScores) => Figure[];
}[] = [
  { name: "services", prepare: (tab, base) => chooseRooms(tab, base) },
  {
    name: "checkout",
    prepare: async (tab, base) => {
      await chooseRooms(tab, base);
      // Demo hotel 1 asks for one travel insurance (e2e/booking-journey.spec.ts).
      await tab.locator(byRole("checkbox", "Basic cover (included)")).click();
      return continueTo(tab, byRole("button", "Continue"), "/checkout");
    },
  },
  {
    name: "unlocked offer",
    prepare: async (tab, base) => {
      await tab.goto(`${base}/offer/${OFFER.code}`);
      await tab.locator(byRole("textbox", "Your e-mail address")).fill(OFFER.email);
      await tab.locator(byRole("button", "Open the offer")).click();
      await tab.waitForSelector("h1 ::-p-text(here is your offer)");
      return tab.url();
    },
  },
  {
    name: "agency area",
    prepare: async (tab, base) => {
      await tab.goto(base + AGENCY_AREA);
      await tab.locator(byRole("button", "Agency login")).click();
      const dialog = byRole("dialog", "Agency login");
      await tab.locator(`${dialog} >>> ${byRole("textbox", "Username")}`).fill(AGENT.username);
      await tab.locator(`${dialog} >>> input[type="password"]`).fill(AGENT.password);
      await tab.locator(`${dialog} >>> ${byRole("button", "Log in")}`).click();
      await tab.waitForSelector(byRole("table", "Your agency's reservations, newest first"));
      return tab.url();
    },
  },
  {
    // The owner's start page: the first hotel's reservations.
    name: "back office",
    prepare: (tab, base) => signIn(tab, base, "/admin/hotel/1/reservations"),
  },
  {
    name: "back-office rates grid",
    preset: "desktop",
    prepare: (tab, base) => signIn(tab, base, "/admin/hotel/1/calendar"),
    extra: (median) => [
      atMost(
        "Lighthouse desktop CLS (back-office rates grid)",
        Math.round(median.metrics.cls * 1000) / 1000,
        "",
        0,
        "cumulative layout shift of the median run (desktop preset)",
      ),
    ],
  },
];

/**
 * Starts the demo product when `wanted` keeps any of these pages, and answers them as Lighthouse pages whose runs
 * each prepare a tab of their own; `stop` ends the product and drops its database (also after a failure).
 */
export async function signedInPages(options: {
  kind: Kind;
  url: string | undefined;
  runs: number;
  wanted: (name: string) => boolean;
  log: (msg: string) => void;
}): Promise<{ pages: LighthousePage[]; stop: () => Promise<void> } | null> {
  const chosen = PAGES.filter((p) => options.wanted(p.name));
  if (chosen.length === 0) return null;
  options.log(`Lighthouse: starting the demo product (node scripts/start.mjs, ${options.kind})…`);
  // A product that does not start fails every run of these pages, with its reason in their rows.
  let demo: { base: string; stop: () => Promise<void> } | Error;
  try {
    demo = await startDemo(options.kind, options.url, options.log);
    options.log(`Lighthouse: the demo product answers at ${demo.base}`);
  } catch (err) {
    demo = new Error(`the demo product did not start: ${(err as Error).message.split("\n")[0]}`);
    options.log(`Lighthouse: ${demo.message}`);
  }
  const started = demo;
  const pages = chosen.map(
    (p): LighthousePage => ({
      name: p.name,
      path: "",
      runs: options.runs,
      private: true,
      preset: p.preset ?? "mobile",
      extra: p.extra,
      measure: () =>
        started instanceof Error
          ? Promise.reject(started)
          : inPreparedTab(started.base, p.prepare, p.preset ?? "mobile"),
    }),
  );
  return { pages, stop: started instanceof Error ? async () => {} : started.stop };
}

/** `node scripts/start.mjs` with the demo data on an empty database, answering searches. */
async function startDemo(
  kind: Kind,
  url: string | undefined,
  log: (msg: string) => void,
): Promise<{ base: string; stop: () => Promise<void> }> {
  const { env, port, remove } = await demoEnvironment(kind, url, "alloggio_bench_demo");
  try {
    const { child, stderr } = await startAndSearch(env, port);
    // A product that stops before the end fails the remaining runs: its last words, once.
    let stopping = false;
    child.once("exit", (code, signal) => {
      if (!stopping) log(`Lighthouse: the demo product exited (${signal ?? code}):\n${stderr()}`);
    });
    return {
      base: `http://127.0.0.1:${port}`,
      stop: async () => {
        stopping = true;
        await stop(child);
        await remove();
      },
    };
  } catch (err) {
    await remove();
    throw err;
  }
}

/** One Lighthouse run in a browser of its own, on the address `prepare` reached in its tab. */
async function inPreparedTab(
  base: string,
  prepare: (tab: Page, base: string) => Promise<string>,
  preset: "mobile" | "desktop",
): Promise<LighthouseScores> {
  const { default: puppeteer } = await import("puppeteer-core");
  const browser: Browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS.filter((flag) => flag !== "--headless"),
    // Lighthouse sets the viewport of its form factor itself.
    defaultViewport: null,
  });
  try {
    const tab = (await browser.pages())[0] ?? (await browser.newPage());
    tab.setDefaultTimeout(30_000);
    let target: string;
    try {
      target = await prepare(tab, base);
    } catch (err) {
      throw new Error(`preparing the tab failed at ${tab.url()}: ${(err as Error).message}`);
    }
    return await runLighthouse(target, { page: tab, preset });
  } finally {
    await browser.close();
  }
}

/**
 * As a guest: the rooms page of hotel 1 for the first open stay of NIGHTS nights a month ahead, the cookie question
 * answered, the first room's first rate selected, Continue: answers the services step's address.
 */
async function chooseRooms(tab: Page, base: string): Promise<string> {
  const stay = await openStay(base);
  await tab.goto(`${base}${HOTEL}/rooms?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`);
  await answerCookies(tab);
  await tab.locator("button.rate__select").click();
  await tab.waitForSelector(`${byRole("region", "Your selection")} ::-p-text(All rooms are chosen.)`);
  return continueTo(
    tab,
    `${byRole("region", "Your selection")} >>> ${byRole("button", "Continue")}`,
    "/services",
  );
}

/** Clicks a Continue button and waits for the next step's address. */
async function continueTo(tab: Page, button: string, step: string): Promise<string> {
  await tab.locator(button).click();
  await tab.waitForFunction((s: string) => window.location.pathname.endsWith(s), {}, step);
  return tab.url();
}

/** The first arrival from 30 days ahead where hotel 1 sells NIGHTS nights to 2 adults (avail.do). */
async function openStay(base: string): Promise<{ arrival: string; departure: string }> {
  const res = await fetch(`${base}/api/calendar.do?hotel=1&channel=1`);
  const { from } = (await res.json()) as { from: string };
  for (let offset = 30; offset < 90; offset++) {
    const arrival = addDays(from, offset);
    const departure = addDays(arrival, NIGHTS);
    const avail = await fetch(
      `${base}/api/avail.do?hotel=1&channel=1&language=1&arrival=${arrival}&departure=${departure}&adults=2`,
    );
    const answer = (await avail.json()) as { availability?: unknown[][] };
    if ((answer.availability?.flat().length ?? 0) > 0) return { arrival, departure };
  }
  throw new Error("no open stay of hotel 1 from 30 to 90 days ahead");
}

/**
 * Answers the top-of-page cookie question as the e2e journeys do (e2e/consent.ts): the consent banner's "Reject
 * all" on a channel with optional tags, else the cookie notice's OK. A guest or an agent has answered it before
 * reaching a signed-in page; the answer lives in the tab (session storage) or the consent cookie.
 */
async function answerCookies(tab: Page): Promise<void> {
  // A locator, not an element handle: the app takes over the server's first paint and may replace the button.
  await tab
    .locator(
      `${byRole("region", "Cookie consent")} >>> ${byRole("button", "Reject all")}, ${byRole("region", "Cookie notice")} >>> ${byRole("button", "OK")}`,
    )
    .click();
  await tab.waitForFunction(() => !document.querySelector(".cookie-notice, .consent-banner"), {});
}

/** Signs the demo owner in on the back office's sign-in page and waits for the page `next` with its menu. */
async function signIn(tab: Page, base: string, next: string): Promise<string> {
  await tab.goto(`${base}/admin/sign-in?next=${encodeURIComponent(next)}`);
  await tab.locator(byRole("textbox", "E-mail")).fill(OWNER.email);
  await tab.locator('input[type="password"]').fill(OWNER.password);
  await tab.locator(byRole("button", "Sign in")).click();
  await tab.waitForSelector(byRole("navigation", "Back office"));
  await tab.waitForFunction((p: string) => window.location.pathname === p, {}, next);
  return tab.url();
}
