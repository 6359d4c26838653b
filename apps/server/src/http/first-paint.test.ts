import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { FIRST_PAINT_NAMESPACES } from "@alloggio/domain/first-paint/first-paint-id";
import { TEST_API_KEY, TEST_OVERRIDE_SECRET } from "@alloggio/test-kit/app";
import {
  aOneRoomHotel,
  aPackage,
  aPriceRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
  TRADE_CHANNEL_ID,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { createHotelApiKey } from "../features/offers";
import { type App, buildApp } from "./app";
import {
  drawnPageIds,
  offerPageCode,
  PAGE_MODULES,
  readPageStyles,
  textsIn,
  withFirstPaint,
} from "./first-paint";

// The search page's header and notice in its HTML (ADR 0051), from the web app's own texts, in the page's language.

/** The web build's first-paint-texts.json, made from the web app's locale files as its build makes it. */
function webTexts() {
  const locales = resolve(import.meta.dirname, "../../../web/src/i18n/locales");
  return Object.fromEntries(
    readdirSync(locales).map((code) => [
      code,
      Object.fromEntries(
        FIRST_PAINT_NAMESPACES.map((ns) => [
          ns,
          JSON.parse(readFileSync(join(locales, code, `${ns}.json`), "utf8")) as unknown,
        ]),
      ),
    ]),
  );
}

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Alloggio</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * The build's manifest: the offer page's chunk imports the entry and a chunk with a stylesheet of its own; the portal
 * page's chunk has none, the chunk it shares has; the packages list's chunk has its own.
 */
const MANIFEST = {
  "index.html": { file: "assets/index-abc.js", css: ["assets/index-abc.css"], isEntry: true },
  "src/features/portal/portal-page.tsx": {
    file: "assets/portal-page-abc.js",
    imports: ["index.html", "_portal-abc.js"],
  },
  "_portal-abc.js": {
    file: "assets/portal-abc.js",
    css: ["assets/portal-abc.css"],
    imports: ["index.html"],
  },
  "src/features/offers/offer-page.tsx": {
    file: "assets/offer-page-abc.js",
    css: ["assets/offer-page-abc.css"],
    imports: ["index.html", "_checkout-abc.js"],
  },
  "_checkout-abc.js": {
    file: "assets/checkout-abc.js",
    css: ["assets/checkout-abc.css"],
    imports: ["index.html"],
  },
  "src/features/voucher/voucher-page.tsx": {
    file: "assets/voucher-page-abc.js",
    css: ["assets/voucher-page-abc.css"],
    imports: ["index.html", "_checkout-abc.js"],
  },
  "src/features/packages/package-list-page.tsx": {
    file: "assets/package-list-page-abc.js",
    css: ["assets/package-list-page-abc.css"],
    imports: ["index.html"],
  },
};

/** A build's manifest that names no drawn page: their own parts are not drawn. */
const WITHOUT_PAGES = { "index.html": MANIFEST["index.html"] };

const property = buildProperty({
  // In New York: the walk-in prompt follows the hotel's clock, not the server's zone (UTC) nor Italy's.
  hotel: { name: "Hotel Primo & Lago", showChat: true, timeZone: "America/New_York" },
  roomTypes: [aRoomType({ gallery: ["/photos/primo.jpg", "/photos/primo-2.jpg"] })],
  ratePlans: [aRatePlan()],
});

/** The server's clock: 05:00 in New York (no walk-in prompt) unless a test moves it. */
const DAY = "2030-01-05T10:00:00Z";
let clock = DAY;

async function appWith(database: Database, texts: boolean, manifest: object = MANIFEST) {
  const webDist = mkdtempSync(join(tmpdir(), "alloggio-web-"));
  writeFileSync(join(webDist, "index.html"), INDEX);
  mkdirSync(join(webDist, "assets"));
  for (const file of ["index-abc.js", "vendor-abc.js", "index-abc.css"])
    writeFileSync(join(webDist, "assets", file), "/* built */");
  if (texts) {
    writeFileSync(join(webDist, "first-paint-texts.json"), JSON.stringify(webTexts()));
    mkdirSync(join(webDist, ".vite"));
    writeFileSync(join(webDist, ".vite/manifest.json"), JSON.stringify(manifest));
  }
  const app = await buildApp({
    database,
    now: () => new Date(clock),
    apiKeys: [TEST_API_KEY],
    overrideSecret: TEST_OVERRIDE_SECRET,
    logLevel: "silent",
    webDist,
    publicUrl: "https://book.example",
  });
  await app.ready();
  return { app, webDist };
}

/** The first paint of a page's HTML, null without one. */
const drawnOf = (body: string) =>
  body.includes('<div id="first-paint">')
    ? body.slice(body.indexOf('<div id="first-paint">'), body.indexOf('<div id="root"></div>'))
    : null;

/** `run` with the pages of an app of its own (another build's web folder), closed and removed afterwards. */
async function withOtherApp(
  database: Database,
  build: { texts: boolean; manifest?: object },
  run: (page: (url: string) => Promise<{ statusCode: number; body: string }>) => Promise<void>,
) {
  const other = await appWith(database, build.texts, build.manifest);
  try {
    await run((url) => other.app.inject({ method: "GET", url }));
  } finally {
    await other.app.close();
    rmSync(other.webDist, { recursive: true, force: true });
  }
}

/** For a describe block: a database with `properties`, an app on it with the build's texts, and its pages. */
function appOn(...properties: Parameters<typeof seedProperty>[1][]) {
  const built = {} as { database: Database; app: App; webDist: string };
  beforeAll(async () => {
    built.database = await createTestDatabase();
    for (const p of properties) await seedProperty(built.database, p);
    Object.assign(built, await appWith(built.database, true));
  });
  afterAll(async () => {
    await built.app?.close();
    await built.database?.close();
    if (built.webDist) rmSync(built.webDist, { recursive: true, force: true });
  });
  return { built, page: (url: string) => built.app.inject({ method: "GET", url }) };
}

describe("the search page's first paint in its HTML", () => {
  const hotel = () => property.hotel.id;
  const { page, built } = appOn(property);

  it("draws the header and the notice in the page's language, before the app's root", async () => {
    const res = await page(`/hotel/${hotel()}/channel/1/language/2/rooms?adults=2`);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain('<html lang="it"');
    const drawn = body.slice(body.indexOf('<div id="first-paint">'), body.indexOf('<div id="root"></div>'));
    expect(drawn).toContain('<header class="site-header">');
    expect(drawn).toContain("Hotel Primo &amp; Lago");
    expect(drawn).toContain(">Vai al contenuto</a>");
    expect(drawn).toContain(">Chatta con noi</span>");
    expect(drawn).toContain('<option value="2" lang="it" selected>Italiano</option>');
    // No tags on the test channel: the session's cookie notice, in Italian; no English text.
    expect(drawn).toContain('<section class="cookie-notice"');
    expect(drawn).not.toContain("Skip to content");
    expect(drawn).not.toContain("We use cookies");
  });

  it("draws the portal's header in the page's language: the channel, all properties, my booking", async () => {
    const res = await page("/channel/1/language/2");
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain('<html lang="it"');
    const drawn = body.slice(body.indexOf('<div id="first-paint">'), body.indexOf('<div id="root"></div>'));
    expect(drawn).toContain('<header class="site-header">');
    expect(drawn).toContain('<a href="/channel/1/language/2">Tutte le strutture</a>');
    expect(drawn).toContain('<option value="2" lang="it" selected>Italiano</option>');
    expect(drawn).not.toContain('<section class="cookie-notice"');
  });

  it("draws the portal's hotel cards with the first picture asked for at once, and the page's stylesheets", async () => {
    const body = (await page("/channel/1/language/2")).body;
    const drawn = body.slice(body.indexOf('<div id="first-paint">'), body.indexOf('<div id="root"></div>'));
    expect(drawn).not.toContain("page-skeleton");
    // The default stay, one night from today in the hotel's zone (05:00 on 5 January in New York), in Italian.
    expect(drawn).toContain("sab 5 gen – dom 6 gen");
    expect(drawn).toContain("2 adulti · 1 camera");
    const cards = drawn.match(/<article class="portal-hotel card"/g) ?? [];
    expect(cards).toHaveLength(1);
    expect(drawn).toContain(
      '<img src="/photos/primo.jpg" alt="" width="320" height="240" loading="eager" fetchpriority="high" decoding="async">',
    );
    expect(drawn).toContain(
      `<a href="/hotel/${hotel()}/channel/1/language/2/rooms">Hotel Primo &amp; Lago</a>`,
    );
    // No price: it needs the search; its place is kept.
    expect(drawn).toContain('<div class="skeleton portal-hotel__pending"></div>');
    expect(drawn).not.toContain("portal-hotel__price");
    // The portal's own stylesheet after the app's, as the lazy page would add it.
    expect(body).toMatch(
      /<link nonce="[^"]+" rel="stylesheet" crossorigin href="\/assets\/index-abc.css" integrity="[^"]+"><link rel="stylesheet" crossorigin href="\/assets\/portal-abc.css">/,
    );
  });

  it("draws the voucher's title with the hotel of its path above the skeleton, and nothing of the reservation", async () => {
    const body = (await page(`/hotel/${hotel()}/channel/1/language/2/voucher/code/AB12CD/email/a%40b.it`))
      .body;
    const drawn = body.slice(body.indexOf('<div id="first-paint">'), body.indexOf('<div id="root"></div>'));
    expect(drawn).toContain('<header class="site-header">');
    expect(drawn).toContain(
      '<main class="page voucher" id="main" aria-busy="true"><header class="voucher__summary"><h1 class="voucher__title">La tua prenotazione presso Hotel Primo &amp; Lago</h1></header><div class="page-skeleton"',
    );
    // The code and the e-mail of the address are not read here: retrieve.do checks them.
    expect(drawn).not.toContain("AB12CD");
    expect(drawn).not.toContain("a@b.it");
    // The voucher's stylesheets after the app's, as the lazy page would add them.
    expect(body).toMatch(
      /href="\/assets\/index-abc.css" integrity="[^"]+"><link rel="stylesheet" crossorigin href="\/assets\/voucher-page-abc.css"><link rel="stylesheet" crossorigin href="\/assets\/checkout-abc.css">/,
    );
    // The other hotel pages keep their skeleton, without the voucher's stylesheets.
    const packages = (await page(`/hotel/${hotel()}/channel/1/language/2/packages`)).body;
    expect(packages).not.toContain("voucher__title");
    expect(packages).not.toContain("voucher-page-abc.css");
  });

  it("draws only the portal's skeleton for an address with a search (the app shows that search)", async () => {
    const body = (await page("/channel/1/language/2?arrival=20300110&departure=20300112")).body;
    const drawn = body.slice(body.indexOf('<div id="first-paint">'), body.indexOf('<div id="root"></div>'));
    expect(drawn).toContain('<header class="site-header">');
    expect(drawn).toContain("page-skeleton");
    expect(drawn).not.toContain("portal-hotel");
    expect(body).not.toContain("portal-abc.css");
  });

  it.each([
    [3, "de", "Zum Inhalt springen"],
    [9, "ja", "本文へスキップ"],
    // Russian reads the English texts and says it is Russian (ADR 0019).
    [7, "ru", "Skip to content"],
  ])("language %d: lang=%s, its texts", async (language, lang, skip) => {
    const body = (await page(`/hotel/${hotel()}/channel/1/language/${language}/rooms`)).body;
    expect(body).toContain(`<html lang="${lang}"`);
    expect(body).toContain(`>${skip}</a>`);
  });

  it("titles and describes each listed page in its language from the hotel's content, and no private page", async () => {
    const rooms = (await page(`/hotel/${hotel()}/channel/1/language/2/rooms`)).body;
    expect(rooms).toContain("<title>Hotel Primo &#38; Lago</title>");
    expect(rooms).toMatch(
      /<meta name="description" content="Hotel Primo &#38; Lago a [^"]+: camere, tariffe e offerte, prenotate direttamente con l'hotel\." \/>/,
    );
    const data = /<script type="application\/ld\+json" nonce="[^"]+">([^<]+)<\/script><\/head>/.exec(rooms);
    expect(JSON.parse(data![1]!)).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Hotel",
      name: "Hotel Primo & Lago",
      address: { "@type": "PostalAddress" },
    });
    const german = (await page(`/hotel/${hotel()}/channel/1/language/3`)).body;
    expect(german).toMatch(
      /<meta name="description" content="Hotel Primo &#38; Lago in [^"]+: Zimmer, Preise/,
    );
    const portal = (await page("/channel/1/language/1")).body;
    expect(portal).toMatch(
      /<meta name="description" content="[^"]+: hotels, rooms and rates, booked directly\." \/>/,
    );
    const voucher = (await page(`/hotel/${hotel()}/channel/1/language/1/voucher/code/AB12CD/email/a%40b.it`))
      .body;
    expect(voucher).not.toContain('name="description"');
    expect(voucher).toContain("<title>Alloggio</title>");
  });

  it("describes a hotel with its pictures and the portal as a list of its hotels, in schema.org's words", async () => {
    const structured = (body: string) =>
      JSON.parse(/<script type="application\/ld\+json" nonce="[^"]+">([^<]+)<\/script>/.exec(body)![1]!);
    const hotelPage = structured((await page(`/hotel/${hotel()}/channel/1/language/2`)).body);
    // Every picture as an absolute address on the site's public origin, as a search engine needs it; no price
    // range, since no price is known without a search.
    expect(hotelPage).toEqual({
      "@context": "https://schema.org",
      "@type": "Hotel",
      name: "Hotel Primo & Lago",
      address: {
        "@type": "PostalAddress",
        streetAddress: property.hotel.address,
        addressLocality: property.hotel.city,
        addressCountry: property.hotel.country,
      },
      image: ["https://book.example/photos/primo.jpg"],
      currenciesAccepted: "EUR",
    });
    const portal = structured((await page("/channel/1/language/2")).body);
    expect(portal).toEqual({
      "@context": "https://schema.org",
      "@type": "ItemList",
      itemListElement: [
        {
          "@type": "ListItem",
          position: 1,
          item: {
            "@type": "Hotel",
            name: "Hotel Primo & Lago",
            address: hotelPage.address,
            image: ["https://book.example/photos/primo.jpg"],
            url: `https://book.example/hotel/${hotel()}/channel/1/language/2`,
          },
        },
      ],
    });
  });

  it("gives every inline script the response's nonce and starts the app's scripts after the first paint", async () => {
    const res = await page(`/hotel/${hotel()}/channel/1/language/1/rooms`);
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // The entry and its preload are no longer tags of the head: the inline starter adds them, with their integrity.
    expect(res.body).not.toMatch(/<script[^>]*type="module"/);
    expect(res.body).not.toMatch(/<link[^>]*modulepreload/);
    expect(res.body).toContain('"src":"/assets/index-abc.js"');
    expect(res.body).toMatch(/"href":"\/assets\/vendor-abc.js","integrity":"sha384-/);
    // The hotel's time zone is loaded while the stylesheet downloads, not in the app's first render.
    expect(res.body).toMatch(
      /Intl\.DateTimeFormat\("en-US",\{timeZone:"[^"]+"[^<]*<\/script><link[^>]*rel="stylesheet"/,
    );
    // The stylesheet stays in the head: the first paint needs it.
    expect(res.body).toMatch(/<link[^>]*rel="stylesheet"[^>]*index-abc\.css/);
  });

  it("checks the guest's stored choice before the first paint: the notice goes for a guest who chose", async () => {
    const body = (await page(`/hotel/${hotel()}/channel/1/language/1/rooms`)).body;
    expect(body).toContain('sessionStorage.getItem("cookieOk")==="true"');
    expect(body).toContain('querySelector(".consent-banner,.cookie-notice")');
  });

  describe("the walk-in prompt (20:00–03:59 in the hotel's zone)", () => {
    afterAll(() => {
      clock = DAY;
    });
    const drawnAt = async (instant: string, language = 1, where = "rooms") => {
      clock = instant;
      const body = (await page(`/hotel/${hotel()}/channel/1/language/${language}/${where}`)).body;
      return body.slice(body.indexOf('<div id="first-paint">'), body.indexOf('<div id="root"></div>'));
    };

    it.each(["packages", "package/list", "package/view/7", "voucher/code/AB12CD/email/a%40b.it"])(
      "is not drawn on %s, which draws the header and the notice in the hotel's evening",
      async (where) => {
        const drawn = await drawnAt("2030-01-06T03:30:00Z", 2, where);
        expect(drawn).toContain('<header class="site-header">');
        expect(drawn).toContain(">Vai al contenuto</a>");
        expect(drawn).toContain('<section class="cookie-notice"');
        expect(drawn).not.toContain('class="walk-in"');
      },
    );

    it.each([
      // 22:30 on Saturday 5 January in New York (04:30 on the 6th in Rome, 03:30 in UTC).
      ["2030-01-06T03:30:00Z", 1, "Arriving tonight?", "Book a room for the night of Saturday 5 January."],
      // 01:30 on the 6th in New York: still the night that began on the 5th.
      ["2030-01-06T06:30:00Z", 1, "Arriving tonight?", "Book a room for the night of Saturday 5 January."],
      ["2030-01-06T03:30:00Z", 2, "Arrivi stanotte?", "sabato 5 gennaio"],
      ["2030-01-06T03:30:00Z", 3, "Sie kommen heute Nacht an?", "Samstag, 5. Januar"],
    ])("is drawn at %s in language %d, with the web app's texts", async (instant, language, title, text) => {
      const drawn = await drawnAt(instant, language);
      expect(drawn).toMatch(/<section class="walk-in" aria-label="[^"]+"><svg[^>]*lucide-moon walk-in__icon/);
      expect(drawn).toContain(`<strong>${title}`);
      expect(drawn).toContain(text);
      expect(drawn).toMatch(/<button type="button" class="button walk-in__book">[^<]+<\/button>/);
      expect(drawn).toMatch(/<button type="button" class="walk-in__dismiss" aria-label="[^"]+"><svg/);
      // After the notice, before the page's skeleton: where the app shows it.
      expect(drawn.indexOf("cookie-notice")).toBeLessThan(drawn.indexOf('class="walk-in"'));
      expect(drawn.indexOf('class="walk-in"')).toBeLessThan(drawn.indexOf("page-skeleton"));
      // The inline script removes it before the first paint for a guest who has seen it in this session.
      expect(drawn).toContain('sessionStorage.getItem("walkInSeen")==="true"');
    });

    it.each([
      ["05:00 in New York", DAY],
      ["19:59 in New York (01:59 in Rome)", "2030-01-06T00:59:00Z"],
      ["04:00 in New York", "2030-01-06T09:00:00Z"],
      ["21:00 in Rome, 15:00 in New York", "2030-01-05T20:00:00Z"],
    ])("is not drawn at %s", async (_name, instant) => {
      const drawn = await drawnAt(instant);
      expect(drawn).toContain('<header class="site-header">');
      expect(drawn).not.toContain('class="walk-in"');
    });
  });

  it.each([
    `/hotel/HOTEL/channel/1/language/1/checkout`,
    `/hotel/HOTEL/channel/1/language/1/recover`,
    "/hotel/999999/channel/1/language/1/rooms",
    "/hotel/HOTEL/channel/999/language/1/rooms",
    "/channel/1/language/1/recover",
    "/channel/999/language/1",
    "/nope",
  ])("draws nothing on %s: the page is as before", async (url) => {
    const res = await page(url.replace("HOTEL", String(hotel())));
    expect(res.body).not.toContain('id="first-paint"');
    expect(res.body).toMatch(/<script[^>]*type="module"[^>]*src="\/assets\/index-abc.js"/);
    expect(res.body).toContain('<html lang="en"');
  });

  it("draws nothing without the build's texts", async () => {
    await withOtherApp(built.database, { texts: false }, async (page) => {
      const res = await page(`/hotel/${hotel()}/channel/1/language/1/rooms`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('id="first-paint"');
    });
  });
});

describe("the offer page's first paint in its HTML", () => {
  let database: Database;
  let app: App;
  let webDist: string;
  let key: string;
  const room = aRoomType();
  const rate = aRatePlan();
  const offered = buildProperty({
    hotel: { name: "Hotel Offerta & Lago" },
    roomTypes: [room],
    ratePlans: [rate],
  });
  const hotel = () => offered.hotel.id;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedProperty(database, offered);
    // The hotel's own site, which the offer's header links back to.
    await database.query(
      sql`update hotel set settings = settings || '{"website": "https://offerta.example"}'::jsonb where id = ${hotel()}`,
    );
    ({ app, webDist } = await appWith(database, true));
    key = (await createHotelApiKey(database.db, hotel(), "PMS")).key;
  });
  afterAll(async () => {
    clock = DAY;
    await app?.close();
    await database?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  let offers = 0;
  /** An offer in German to Anna Weber, open until 20 January 2030. */
  async function anOfferCode() {
    const res = await app.inject({
      method: "POST",
      url: "/api/v2/offers/create",
      headers: { authorization: `Bearer ${key}`, "idempotency-key": `first-paint-offer-${++offers}` },
      payload: {
        hotel: hotel(),
        channel: 1,
        recipient: { name: "Anna Weber", email: `anna${offers}@example.test`, language: 3 },
        arrival: "20300210",
        departure: "20300214",
        options: [
          {
            title: "Seeblick",
            rooms: [{ roomId: room.id, rateId: rate.id, adults: 2, ages: [], priceMinor: 48000 }],
          },
        ],
        message: "Wir freuen uns auf Sie!",
        expiresAt: "2030-01-20T18:00:00Z",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().offerCode as string;
  }
  const page = (url: string) => app.inject({ method: "GET", url });

  it("draws the hotel's header and the lock in the offer's language, and nothing of the offer itself", async () => {
    const code = await anOfferCode();
    const res = await page(`/offer/${code}`);
    expect(res.statusCode).toBe(200);
    // A private page: never listed.
    expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(res.body).toContain('<meta name="robots" content="noindex');
    expect(res.body).toContain('<html lang="de"');
    const drawn = drawnOf(res.body)!;
    expect(drawn).toContain(
      '<header class="site-header"><a class="skip-link" href="#main">Zum Inhalt springen</a>',
    );
    expect(drawn).toContain('<div class="site-header__brand">Hotel Offerta &amp; Lago</div>');
    expect(drawn).toContain(
      `<a href="https://offerta.example">Zurück zur Website</a><a href="/hotel/${hotel()}/channel/1/language/3/recover">`,
    );
    expect(drawn).toContain('<option value="3" lang="de" selected>Deutsch</option>');
    // The offer page's own stylesheets, after the entry's, where the app's loader puts them: the lock is styled.
    expect(res.body).toMatch(
      /<link[^>]*index-abc\.css"[^>]*><link rel="stylesheet" crossorigin href="\/assets\/offer-page-abc\.css"><link rel="stylesheet" crossorigin href="\/assets\/checkout-abc\.css">/,
    );
    // OfferShell's header has neither the packages nor the currency, and the page no cookie notice.
    expect(drawn).not.toContain("currency");
    expect(drawn).not.toContain("cookie-notice");
    expect(drawn).toMatch(
      /<main class="page offer-page" id="main"><div class="offer-locked card"><p class="offer-eyebrow">Hotel Offerta &amp; Lago<\/p><h1>[^<]+<\/h1><p>Hotel Offerta &amp; Lago [^<]+<\/p><form class="offer-locked__form" novalidate="">/,
    );
    expect(drawn).toContain('<input id="first-paint-offer-email" autocomplete="email"');
    // The inline script knows where the app keeps the unlock's end for this code, and keeps the form from going.
    expect(drawn).toContain(`localStorage.getItem("alloggio.offerOpen.${code}")`);
    expect(drawn).toContain('addEventListener("submit"');
    // Nothing personal, nothing priced: that takes the e-mail.
    for (const secret of ["Anna", "Weber", "@example.test", "Seeblick", "Wir freuen", "480"])
      expect(res.body).not.toContain(secret);
    // The same state as the offer's API answers anyone with the code.
    expect((await page(`/api/v2/offers/${code}`)).json()).toMatchObject({ state: "locked", language: 3 });
  });

  it("reads the guest's chosen language from ?language=, and the code as typed in lower case with dashes", async () => {
    const code = await anOfferCode();
    const italian = await page(`/offer/${code}?language=2`);
    expect(italian.body).toContain('<html lang="it"');
    expect(drawnOf(italian.body)).toContain(">Vai al contenuto</a>");
    expect(drawnOf(italian.body)).toContain('<option value="2" lang="it" selected>Italiano</option>');
    const typed = `${code.slice(0, 8)}-${code.slice(8)}`.toLowerCase();
    const lower = await page(`/offer/${typed}?language=99`);
    expect(lower.body).toContain('<html lang="de"');
    expect(drawnOf(lower.body)).toContain(`"alloggio.offerOpen.${code}"`);
  });

  it("draws the frame without the lock for a finished offer, whose page says more with the unlock's cookie", async () => {
    const code = await anOfferCode();
    await database.query(sql`update offer set state = 'rejected' where code = ${code}`);
    const drawn = drawnOf((await page(`/offer/${code}`)).body)!;
    expect(drawn).toContain('<header class="site-header">');
    expect(drawn).toContain("page-skeleton");
    expect(drawn).not.toContain('class="offer-locked');
  });

  it("draws nothing for an expired, an unknown or a malformed code: the page is as before", async () => {
    const code = await anOfferCode();
    const urls = [`/offer/${code.replace(/.$/, (c) => (c === "0" ? "1" : "0"))}`, "/offer/not-a-code"];
    for (const url of urls) {
      const res = await page(url);
      expect(drawnOf(res.body), url).toBeNull();
      expect(res.body).toMatch(/<script[^>]*type="module"[^>]*src="\/assets\/index-abc.js"/);
    }
    // Past its expiry (the offers' sweep has not run: the rule of the offer's API decides): nothing drawn.
    clock = "2030-01-21T10:00:00Z";
    try {
      const res = await page(`/offer/${code}?language=2`);
      expect(drawnOf(res.body)).toBeNull();
      expect(res.body).toContain('<html lang="en"');
      expect((await page(`/api/v2/offers/${code}`)).json()).toMatchObject({ state: "expired" });
    } finally {
      clock = DAY;
    }
  });

  it("draws neither the offer's lock, the portal's cards nor the voucher's title without their stylesheets (a manifest without them)", async () => {
    const code = await anOfferCode();
    await withOtherApp(database, { texts: true, manifest: WITHOUT_PAGES }, async (page) => {
      expect(drawnOf((await page(`/offer/${code}`)).body)).toBeNull();
      const portal = drawnOf((await page("/channel/1/language/1")).body)!;
      expect(portal).toContain('<header class="site-header">');
      expect(portal).toContain("page-skeleton");
      expect(portal).not.toContain("portal-hotel");
      const voucher = drawnOf(
        (await page(`/hotel/${hotel()}/channel/1/language/1/voucher/code/AB12CD/email/a%40b.it`)).body,
      )!;
      expect(voucher).toContain("page-skeleton");
      expect(voucher).not.toContain("voucher__title");
    });
  });
});

describe("the packages list's first paint in its HTML", () => {
  const room = aRoomType({ gallery: ["/photos/garden.jpg"] });
  const standard = aRatePlan();
  const packRate = aRatePlan();
  const weekend = aPackage([packRate], {
    kind: "offer",
    name: { en: "Romantic weekend", it: "Weekend romantico & spa" },
    description: { en: "Two nights with prosecco.", it: "Due notti con prosecco." },
    image: "/photos/romantic.jpg",
    validFrom: "2030-01-01",
    validTo: "2030-02-28",
    minNights: 2,
    maxNights: 4,
  });
  const withPackages = buildProperty({
    hotel: { name: "Hotel Pacchetti & Lago" },
    roomTypes: [room],
    ratePlans: [standard, packRate],
    prices: [
      aPriceRange(room, standard, { adults: 2 }),
      // 90 a night for two: two nights from 180.
      aPriceRange(room, packRate, { perAdults: { "2": 90 } }),
    ],
    packages: [weekend],
  });
  const without = buildProperty({
    hotel: { name: "Hotel Senza" },
    roomTypes: [aRoomType()],
    ratePlans: [aRatePlan()],
  });

  const { page, built } = appOn(withPackages, without);

  it.each(["packages", "package/list"])(
    "draws %s as the app shows it once package.do answered: the title and the cards, with their stylesheet",
    async (where) => {
      const H = withPackages.hotel.id;
      const res = await page(`/hotel/${H}/channel/1/language/2/${where}`);
      expect(res.statusCode).toBe(200);
      const drawn = drawnOf(res.body)!;
      expect(drawn).toContain('<header class="site-header">');
      expect(drawn).not.toContain("page-skeleton");
      expect(drawn).toContain(
        '<main class="page packages-page" id="main"><h1>Offerte e pacchetti di Hotel Pacchetti &amp; Lago</h1><ul class="package-list">',
      );
      // The first card's picture, the page's largest paint, asked for with the HTML, first and sized.
      expect(drawn).toContain(
        '<img class="package-card__image" src="/photos/romantic.jpg" alt="" width="480" height="320" loading="eager" fetchpriority="high">',
      );
      expect(drawn).toContain('<h2 id="first-paint-package-');
      expect(drawn).toContain(">Weekend romantico &amp; spa</h2><p>Due notti con prosecco.</p>");
      expect(drawn).toContain("1 gen 2030 – 28 feb 2030");
      // The price from as package.do gives it, written by the domain's money formatter, the city tax beside it.
      expect(drawn).toContain("180,00\u00a0EUR per 2 notti, 2 adulti");
      expect(drawn).toContain('<span class="tax-note">');
      expect(drawn).toContain(`href="/hotel/${H}/channel/1/language/2/package/view/${weekend.id}"`);
      // The page's own stylesheet after the app's, as the lazy page would add it.
      expect(res.body).toMatch(
        /<link[^>]*index-abc\.css"[^>]*><link rel="stylesheet" crossorigin href="\/assets\/package-list-page-abc\.css">/,
      );
    },
  );

  it("draws the empty text for a hotel without packages", async () => {
    const drawn = drawnOf((await page(`/hotel/${without.hotel.id}/channel/1/language/1/packages`)).body)!;
    expect(drawn).toContain(
      '<main class="page packages-page" id="main"><h1>Offers and packages of Hotel Senza</h1><p>There are no offers at the moment.</p></main>',
    );
    expect(drawn).not.toContain("package-card");
  });

  it("keeps the header and the skeleton on a package's own page", async () => {
    const res = await page(`/hotel/${withPackages.hotel.id}/channel/1/language/2/package/view/${weekend.id}`);
    const drawn = drawnOf(res.body)!;
    expect(drawn).toContain('<header class="site-header">');
    expect(drawn).toContain("page-skeleton");
    expect(drawn).not.toContain("packages-page");
    expect(res.body).not.toContain("package-list-page-abc.css");
  });

  it("draws nothing, and nothing priced, on a trade channel", async () => {
    const res = await page(`/hotel/${withPackages.hotel.id}/channel/${TRADE_CHANNEL_ID}/language/2/packages`);
    expect(res.statusCode).toBe(200);
    expect(drawnOf(res.body)).toBeNull();
    expect(res.body).not.toContain("Weekend romantico");
    expect(res.body).not.toContain("180,00");
    expect(res.body).not.toContain("package-list-page-abc.css");
  });

  it("draws the skeleton without the page's stylesheet (a manifest without it)", async () => {
    await withOtherApp(built.database, { texts: true, manifest: WITHOUT_PAGES }, async (page) => {
      const drawn = drawnOf(
        (await page(`/hotel/${withPackages.hotel.id}/channel/1/language/2/packages`)).body,
      )!;
      expect(drawn).toContain('<header class="site-header">');
      expect(drawn).toContain("page-skeleton");
      expect(drawn).not.toContain("package-card");
    });
  });
});

describe("a big group's portal in its HTML (ADR 0085)", () => {
  let database: Database;
  let app: App;
  let webDist: string;
  const size = 22;

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 1; i <= size; i++) await seedProperty(database, aOneRoomHotel(`Hotel ${i}`));
    ({ app, webDist } = await appWith(database, true));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("draws the first 20 hotels and the button for the rest; schema.org's list keeps every hotel", async () => {
    const body = (await app.inject({ method: "GET", url: "/channel/1/language/1" })).body;
    const drawn = body.slice(body.indexOf('<div id="first-paint">'), body.indexOf('<div id="root"></div>'));
    expect(drawn.match(/<article class="portal-hotel card"/g)).toHaveLength(20);
    expect(drawn).toContain(
      '<div class="portal-results__more"><p class="muted">Showing 20 of 22 hotels</p><button type="button" class="button button--secondary">Show the last 2 hotels</button></div>',
    );
    const structured = JSON.parse(
      /<script type="application\/ld\+json" nonce="[^"]+">([^<]+)<\/script>/.exec(body)![1]!,
    );
    expect(structured.itemListElement).toHaveLength(size);
  });
});

describe("first paint helpers", () => {
  it("reads a drawn page's ids as the web app does", () => {
    expect(drawnPageIds("/hotel/4/channel/2/language/3/rooms")).toEqual({
      hotel: 4,
      channel: 2,
      language: 3,
      onRooms: true,
      voucher: false,
      onPackages: false,
    });
    expect(drawnPageIds("/hotel/4/channel/2/language/x/rooms/")).toEqual({
      hotel: 4,
      channel: 2,
      language: 1,
      onRooms: true,
      voucher: false,
      onPackages: false,
    });
    expect(drawnPageIds("/hotel/4/channel/2/language/3/voucher/code/AB12CD/email/a%40b.it")).toEqual({
      hotel: 4,
      channel: 2,
      language: 3,
      onRooms: false,
      voucher: true,
      onPackages: false,
    });
    for (const where of ["packages", "package/list"])
      expect(drawnPageIds(`/hotel/4/channel/2/language/3/${where}`)).toMatchObject({ onPackages: true });
    expect(drawnPageIds("/hotel/4/channel/2/language/3/package/view/7")).toMatchObject({ onPackages: false });
    expect(drawnPageIds("/hotel/4/channel/2/language/3/checkout")).toBeNull();
    expect(drawnPageIds("/hotel/4/channel/2/language/3/services")).toBeNull();
  });

  it("reads a page's own stylesheets from the build's manifest, none without it", () => {
    const dir = mkdtempSync(join(tmpdir(), "alloggio-manifest-"));
    try {
      writeFileSync(join(dir, "manifest.json"), JSON.stringify(MANIFEST));
      expect(readPageStyles(join(dir, "manifest.json"), PAGE_MODULES)).toEqual({
        portal: ["/assets/portal-abc.css"],
        offer: ["/assets/offer-page-abc.css", "/assets/checkout-abc.css"],
        voucher: ["/assets/voucher-page-abc.css", "/assets/checkout-abc.css"],
        packages: ["/assets/package-list-page-abc.css"],
      });
      expect(readPageStyles(join(dir, "manifest.json"), { offer: "src/moved.tsx" })).toEqual({ offer: [] });
      expect(readPageStyles(join(dir, "missing.json"), PAGE_MODULES)).toEqual({
        portal: [],
        offer: [],
        voucher: [],
        packages: [],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads an offer page's code as the web app does: canonical, else none", () => {
    expect(offerPageCode("/offer/DEM00FFERH0TE101")).toBe("DEM00FFERH0TE101");
    expect(offerPageCode("/offer/dem00ffer-h0te1o1/")).toBe("DEM00FFERH0TE101");
    expect(offerPageCode("/offer/nope")).toBeNull();
    expect(offerPageCode("/offer/DEM00FFERH0TE101/x")).toBeNull();
    expect(offerPageCode("/cro/DEM00FFERH0TE101")).toBeNull();
  });

  it("takes a text in the page's language, else English, with its values", () => {
    const t = textsIn(
      { en: { global: { a: "A {{app}}", b: "B" } }, it: { global: { a: "A it {{app}}" } } },
      2,
    );
    expect(t("global", "a", { app: "WhatsApp" })).toBe("A it WhatsApp");
    expect(t("global", "b")).toBe("B");
    expect(t("global", "missing")).toBe("missing");
  });

  it("puts the first paint before the root and leaves the rest of the page as it was", () => {
    const html = withFirstPaint(
      INDEX,
      { head: "<script>warm</script>", body: '<div id="first-paint">x</div>' },
      4,
      "N",
    );
    expect(html).toMatch(/<script>warm<\/script><link rel="stylesheet"/);
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('<div id="first-paint">x</div><script nonce="N">');
    expect(html.indexOf('id="first-paint"')).toBeLessThan(html.indexOf('<div id="root"></div>'));
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
  });
});
