// @vitest-environment happy-dom

import type { OfferSummary } from "@alloggio/domain/contract/offers/view";
import type { PackageResponse } from "@alloggio/domain/contract/packages/package";
import { listDisplayCurrencies as drawnCurrencies } from "@alloggio/domain/currency/display-currencies";
import {
  firstPaintHtml,
  offerFirstPaintHtml,
  portalFirstPaintHtml,
} from "@alloggio/domain/first-paint/first-paint-html";
import { offerOpenKey } from "@alloggio/domain/first-paint/first-paint-id";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { type ReactNode, Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { listDisplayCurrencies } from "../features/currency/convert-price";
import { buildHotelContext } from "../features/global/render-in-hotel";
import OfferPage from "../features/offers/offer-page";
import { aSummary, CODE } from "../features/offers/test-fixtures";
import PackageListPage from "../features/packages/package-list-page";
import { aPackage } from "../features/packages/test-fixtures";
import PortalPage from "../features/portal/portal-page";
import { aReservation } from "../features/voucher/test-fixtures";
import VoucherPage from "../features/voucher/voucher-page";
import { i18n, languageOf } from "../i18n/i18n";
import { keepFirstPaintUntilReady } from "./first-paint";
import { HotelLayout } from "./hotel-layout";
import { ROUTES } from "./routes";

// The server's first paint of the search page (ADR 0051) must be what the web app then shows: same elements, same
// texts, in the page's language; the app takes over only when its top reads the same.

type Overrides = Parameters<typeof buildHotelContext>;

function hotelList(...overrides: Overrides) {
  const { hotel, channel } = buildHotelContext(...overrides);
  return { channel, hotels: [hotel] };
}

/** The API as a test needs it: each answer by the start of its address, else a 404. */
function stubApi(answers: [prefix: string, body: unknown][]) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const answer = answers.find(([prefix]) => String(url).startsWith(prefix));
      return answer
        ? new Response(JSON.stringify(answer[1]), { headers: { "Content-Type": "application/json" } })
        : new Response(JSON.stringify({ error: { code: "not_found", message: "not here" } }), {
            status: 404,
          });
    }),
  );
}

/** The app's routes at `path` (`search` its query), with its texts and a query client of their own. */
function renderAt(path: string, routes: ReactNode, search = "") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Router hook={memoryLocation({ path, searchPath: search }).hook}>{routes}</Router>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

function renderLayout(language: number, list: ReturnType<typeof hotelList>, where = "rooms") {
  stubApi([["/api/hotellist.do", list]]);
  return renderAt(
    `/hotel/1/channel/1/language/${language}/${where}`,
    <Route path={ROUTES.hotel} nest>
      <HotelLayout>
        <Suspense fallback={null}>
          <p>page</p>
        </Suspense>
      </HotelLayout>
    </Route>,
  );
}

function drawn(
  language: number,
  list: ReturnType<typeof hotelList>,
  now = new Date(),
  onRooms = true,
  page: Pick<Parameters<typeof firstPaintHtml>[0], "packages" | "voucher"> = {},
): HTMLElement {
  const text = languageOf(language).text;
  const html = firstPaintHtml(
    {
      list: list as never,
      ids: { hotel: 1, channel: 1, language },
      onRooms,
      hostname: window.location.hostname,
      t: (ns, key, values) => i18n.getFixedT(text, ns)(key, values),
      now,
      ...page,
    },
    "nonce",
  );
  const box = document.createElement("div");
  box.innerHTML = html ?? "";
  return box;
}

/** Each element of the top, with what a guest (or a screen reader) gets from it. */
function shape(root: ParentNode): string[] {
  return [
    ...root.querySelectorAll(
      ".site-header, .site-header *, .consent-banner, .consent-banner *, .cookie-notice, .cookie-notice *, .walk-in, .walk-in *",
    ),
  ].map((el) =>
    [
      el.tagName,
      el.getAttribute("class"),
      el.getAttribute("aria-label"),
      el.getAttribute("href"),
      el.getAttribute("aria-haspopup"),
      el.children.length === 0 ? el.textContent : "",
    ].join("|"),
  );
}

const top = (root: ParentNode) => root.querySelector(".consent-banner, .cookie-notice");

/**
 * The drawn page in the document, then the app's root (its content `app`'s, when given) under the takeover's watch:
 * the root, to put the app's page into.
 */
function takeOver(painted: HTMLElement, app?: HTMLElement, graceMs?: number): HTMLElement {
  document.body.append(...painted.childNodes);
  const root = document.createElement("div");
  document.body.append(root);
  keepFirstPaintUntilReady(root, graceMs);
  if (app) root.append(...app.cloneNode(true).childNodes);
  return root;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = "";
});

/** Hotel times (the test hotel is in Rome): the walk-in prompt is shown from 20:00 to 03:59. */
const NIGHT = "2030-06-10T19:00:00Z"; // 21:00 on Monday 10 June
const AFTER_MIDNIGHT = "2030-06-10T23:30:00Z"; // 01:30 on the 11th: the night of the 10th
const DAY = "2030-06-10T10:00:00Z"; // noon

describe("the search page's first paint is the web app's top", () => {
  it.each([
    [
      "cookie notice, Italian, site link, policy link, WhatsApp, chat, walk-in prompt",
      NIGHT,
      2,
      "Vai al contenuto",
      hotelList(
        {
          settings: {
            aspect: { showChat: true },
            website: "https://hotel.example",
            cookiePolicyUrl: "/cookies",
          },
          messaging: { active: true, button: "WhatsApp", number: "+39 333 555 0101" },
        },
        {},
      ),
    ],
    [
      "consent banner, German, no extras, by day",
      DAY,
      3,
      "Zum Inhalt springen",
      {
        ...hotelList(),
        channel: { ...hotelList().channel, tracking: { gtmTag: "GTM-ABC123", hasGtm: true } },
      },
    ],
    [
      "cookie notice, Japanese, walk-in prompt after midnight",
      AFTER_MIDNIGHT,
      9,
      "本文へスキップ",
      hotelList(),
    ],
    ["cookie notice, English, walk-in prompt", NIGHT, 1, "Skip to content", hotelList()],
  ])("%s", async (_name, instant, language, skip, list) => {
    // The hotel's clock, on both sides: the server's `now` and the app's.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(instant));
    // Both sides in the page's language from the start: a comparison of two English tops would prove nothing.
    await act(async () => {
      await i18n.changeLanguage(languageOf(language).text);
      await i18n.loadNamespaces(["common", "hotel", "global", "consent", "chat"]);
    });
    const { container } = renderLayout(language, list);
    await waitFor(() => expect(top(container)).not.toBeNull());
    expect(container.querySelector(".skip-link")?.textContent).toBe(skip);
    const chat = list.hotels[0]?.settings.aspect.showChat;
    if (chat) await waitFor(() => expect(container.querySelector(".site-chat-button")).not.toBeNull());
    const night = instant !== DAY;
    if (night) await waitFor(() => expect(container.querySelector(".walk-in")).not.toBeNull());
    // The page's language loads after the first render: both sides settle on it.
    await waitFor(
      () => {
        const painted = drawn(language, list);
        expect(shape(painted)).toEqual(shape(container));
        expect(painted.querySelector(".site-header")?.textContent).toBe(
          container.querySelector(".site-header")?.textContent,
        );
        expect(top(painted)?.textContent).toBe(top(container)?.textContent);
        expect(painted.querySelector(".walk-in")?.textContent).toBe(
          container.querySelector(".walk-in")?.textContent,
        );
      },
      { timeout: 5000 },
    );
    expect(document.documentElement.lang).toBe(languageOf(language).lang);
    // Drawn at night only, as the app shows it: the same rule (findWalkInNight) on both sides.
    expect(drawn(language, list, new Date(instant)).querySelector(".walk-in") !== null).toBe(night);
    expect(container.querySelector(".walk-in") !== null).toBe(night);
  });
});

describe("the other drawn pages' first paint is the web app's top, without the walk-in prompt", () => {
  it.each(["packages", "voucher/code/AB12CD/email/a%40b.it"])("%s, in the hotel's evening", async (where) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(NIGHT));
    await act(async () => {
      await i18n.changeLanguage(languageOf(2).text);
      await i18n.loadNamespaces(["common", "hotel", "global", "consent", "chat"]);
    });
    const list = hotelList();
    const { container } = renderLayout(2, list, where);
    await waitFor(() => expect(top(container)).not.toBeNull());
    await waitFor(
      () => {
        const painted = drawn(2, list, new Date(NIGHT), false);
        expect(shape(painted)).toEqual(shape(container));
        expect(painted.querySelector(".site-header")?.textContent).toBe(
          container.querySelector(".site-header")?.textContent,
        );
      },
      { timeout: 5000 },
    );
    expect(container.querySelector(".walk-in")).toBeNull();
    expect(drawn(2, list, new Date(NIGHT), false).querySelector(".walk-in")).toBeNull();
  });
});

/** Each element of the portal's header and page, with what a guest, a screen reader or the browser gets from it. */
function portalShape(root: ParentNode): string[] {
  return [...root.querySelectorAll(".site-header, .site-header *, .portal-page, .portal-page *")].map((el) =>
    [
      el.tagName,
      ...["class", "aria-label", "href", "aria-haspopup", "role", "type", "hidden", "aria-expanded"].map(
        (a) => el.getAttribute(a),
      ),
      ...["src", "alt", "width", "height", "loading", "fetchpriority", "decoding"].map((a) =>
        el.getAttribute(a),
      ),
      el.children.length === 0 ? el.textContent : "",
    ].join("|"),
  );
}

describe("the portal's first paint is the web app's portal page while its search runs", () => {
  /** The list with three hotels of their own, then more to `size` (a big group's, of which 20 are drawn). */
  const withHotels = (list: ReturnType<typeof hotelList>, size = 3) => ({
    ...list,
    hotels: [
      {
        ...list.hotels[0]!,
        id: 1,
        name: "Bellavista & Lago",
        city: "Riva",
        destinations: [{ id: 1, name: "Lake Garda" }],
        images: ["https://img.example.test/bellavista.jpg", "/photos/2.jpg"],
      },
      { ...list.hotels[0]!, id: 2, name: "Villa Olivo", city: "Malcesine", destinations: [], images: [] },
      { ...list.hotels[0]!, id: 3, name: "Casa Arco", city: "Arco", images: ["/photos/arco.jpg"] },
      ...Array.from({ length: size - 3 }, (_, i) => ({
        ...list.hotels[0]!,
        id: i + 4,
        name: `Hotel ${i + 4}`,
        images: [`/photos/${i + 4}.jpg`],
      })),
    ],
  });

  it.each([
    [1, 3],
    [1, 45],
    [2, 25],
    [9, 25],
  ])("language %d, %d hotels", async (language, size) => {
    await act(async () => {
      await i18n.changeLanguage(languageOf(language).text);
      await i18n.loadNamespaces(["portal", "global", "search"]);
    });
    const list = withHotels(hotelList(), size);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (String(url).startsWith("/api/hotellist.do"))
          return new Response(JSON.stringify(list), { headers: { "Content-Type": "application/json" } });
        if (String(url).startsWith("/api/channel/destinations"))
          return new Response(JSON.stringify({ destinations: [] }), {
            headers: { "Content-Type": "application/json" },
          });
        // The search has not answered: the page shows the hotels of the list, their prices still to come.
        return new Promise<Response>(() => {});
      }),
    );
    const { container } = renderAt(
      `/channel/1/language/${language}`,
      <Suspense fallback={null}>
        <Route path={ROUTES.portalHotelList} component={PortalPage} />
      </Suspense>,
    );
    // A big group's first 20 hotels, then the button that shows more (ADR 0085).
    await waitFor(
      () => expect(container.querySelectorAll(".portal-hotel")).toHaveLength(Math.min(size, 20)),
      {
        timeout: 10_000,
      },
    );
    expect(container.querySelectorAll(".portal-results__more button")).toHaveLength(size > 20 ? 1 : 0);
    const text = languageOf(language).text;
    const painted = () => {
      const box = document.createElement("div");
      box.innerHTML =
        portalFirstPaintHtml(
          {
            list: list as never,
            ids: { channel: 1, language },
            t: (ns, key, values) => i18n.getFixedT(text, ns)(key, values),
            now: new Date(),
            searched: false,
          },
          "nonce",
        ) ?? "";
      return box;
    };
    await waitFor(
      () => {
        const box = painted();
        expect(portalShape(box)).toEqual(portalShape(container));
        expect(box.querySelector(".site-header")?.textContent).toBe(
          container.querySelector(".site-header")?.textContent,
        );
        expect(box.querySelector("main")?.textContent).toBe(container.querySelector("main")?.textContent);
      },
      { timeout: 5000 },
    );
    // The first card's picture is the page's largest paint: asked for at once, first and sized; no price drawn.
    const first = painted().querySelector(".portal-hotel img");
    expect(first?.getAttribute("fetchpriority")).toBe("high");
    expect(first?.getAttribute("src")).toBe("https://img.example.test/bellavista.jpg");
    expect(painted().querySelector(".portal-hotel__price")).toBeNull();
    // A press on the drawn "show more" is pressed again on the app's one button of the same class and text.
    const more = painted().querySelector(".portal-results__more button");
    const same = [...container.querySelectorAll("button")].filter(
      (b) => b.className === more?.className && b.textContent === more?.textContent,
    );
    expect(same).toHaveLength(size > 20 ? 1 : 0);
    // The app takes over once its page shows the same.
    takeOver(painted(), container);
    await waitFor(() => expect(document.getElementById("first-paint")).toBeNull());
  });

  it("draws only the skeleton below the header for an address with a search", () => {
    const box = document.createElement("div");
    box.innerHTML =
      portalFirstPaintHtml(
        {
          list: withHotels(hotelList()) as never,
          ids: { channel: 1, language: 1 },
          t: (ns, key, values) => i18n.getFixedT("en", ns)(key, values),
          now: new Date(),
          searched: true,
        },
        "nonce",
      ) ?? "";
    expect(box.querySelector(".page-skeleton")).not.toBeNull();
    expect(box.querySelector(".portal-hotel")).toBeNull();
  });
});

describe("the packages list's first paint is the web app's packages page once its list is in", () => {
  const base = aPackage({
    id: 11,
    name: "Romantic getaway & spa",
    description: "Two nights for two, with a dinner.",
    includedServices: [],
    airports: [],
    gallery: ["https://img.example.test/romantic.jpg", "/photos/2.jpg"],
    closedSeasons: [],
    priceFrom: { total: 1238.5, cityTax: 10, nights: 2, adults: 2, arrival: "20300115", flightsFrom: null },
  });
  const PACKAGES: PackageResponse = {
    packages: [
      base,
      // Flights from an airport, their cheapest trip beside the price; one night at least.
      {
        ...base,
        id: 12,
        kind: "package",
        name: "Fly and ski",
        minNights: 1,
        maxNights: null,
        airports: [{ code: "LGW", name: "London Gatwick", flights: [] }],
        gallery: ["/photos/ski.jpg"],
        priceFrom: { total: 99, cityTax: 0, nights: 1, adults: 2, arrival: "20300201", flightsFrom: 180 },
      },
      // No free stay left, no picture, exactly three nights.
      {
        ...base,
        id: 13,
        kind: "package",
        name: "Autumn week",
        minNights: 3,
        maxNights: 3,
        gallery: [],
        priceFrom: null,
      },
    ],
  };

  /** The layout with the app's packages page at `…/packages` (or `…/package/list`), package.do answering `answer`. */
  function renderPackages(
    language: number,
    list: ReturnType<typeof hotelList>,
    answer: PackageResponse | null,
  ) {
    stubApi([
      ["/api/hotellist.do", list],
      ...(answer ? [["/api/package.do", answer] as [string, unknown]] : []),
    ]);
    return renderAt(
      `/hotel/1/channel/1/language/${language}/packages`,
      <Route path={ROUTES.hotel} nest>
        <HotelLayout>
          <Suspense fallback={null}>
            <Route path="/packages" component={PackageListPage} />
          </Suspense>
        </HotelLayout>
      </Route>,
    );
  }

  const drawnPackages = (language: number, list: ReturnType<typeof hotelList>, packages: PackageResponse) =>
    drawn(language, list, new Date(DAY), false, { packages });

  /** Each element of the header and the page, with what a guest, a screen reader or the browser gets from it. */
  function packagesShape(root: ParentNode): string[] {
    return [...root.querySelectorAll(".site-header, .site-header *, .packages-page, .packages-page *")].map(
      (el) =>
        [
          el.tagName,
          ...["class", "aria-label", "href", "aria-haspopup", "role", "aria-hidden"].map((a) =>
            el.getAttribute(a),
          ),
          ...["src", "alt", "width", "height", "loading", "fetchpriority"].map((a) => el.getAttribute(a)),
          el.children.length === 0 ? el.textContent : "",
        ].join("|"),
    );
  }

  async function inLanguage(language: number) {
    await act(async () => {
      await i18n.changeLanguage(languageOf(language).text);
      await i18n.loadNamespaces(["common", "hotel", "global", "consent", "chat", "packages"]);
    });
  }

  it.each([1, 2, 9])("language %d: cards with a picture, flights and no price", async (language) => {
    await inLanguage(language);
    const list = hotelList();
    const { container } = renderPackages(language, list, PACKAGES);
    await waitFor(() => expect(container.querySelectorAll(".package-card")).toHaveLength(3), {
      timeout: 10_000,
    });
    const painted = drawnPackages(language, list, PACKAGES);
    expect(packagesShape(painted)).toEqual(packagesShape(container));
    expect(painted.querySelector("main")?.textContent).toBe(container.querySelector("main")?.textContent);
    expect(painted.querySelector(".site-header")?.textContent).toBe(
      container.querySelector(".site-header")?.textContent,
    );
    // The first card's picture is the page's largest paint: asked for at once, first and sized.
    const first = painted.querySelector(".package-card img");
    expect(first?.getAttribute("fetchpriority")).toBe("high");
    expect(first?.getAttribute("loading")).toBe("eager");
    expect(painted.querySelector(".package-facts__flights")).not.toBeNull();
    expect(painted.querySelector(".page-skeleton")).toBeNull();
    // The app takes over once its page reads the same, not while it shows its skeleton.
    const root = takeOver(painted);
    const loading = container.cloneNode(true) as HTMLElement;
    loading
      .querySelector(".package-list")
      ?.replaceWith(Object.assign(document.createElement("div"), { className: "page-skeleton" }));
    root.append(...loading.childNodes);
    await act(async () => {});
    expect(document.getElementById("first-paint")).not.toBeNull();
    root.replaceChildren(...container.cloneNode(true).childNodes);
    await waitFor(() => expect(document.getElementById("first-paint")).toBeNull());
  });

  it("draws the empty text for a hotel without packages", async () => {
    await inLanguage(2);
    const list = hotelList();
    const { container } = renderPackages(2, list, { packages: [] });
    await waitFor(() => expect(container.querySelector(".packages-page p")).not.toBeNull(), {
      timeout: 10_000,
    });
    const painted = drawnPackages(2, list, { packages: [] });
    expect(packagesShape(painted)).toEqual(packagesShape(container));
    expect(painted.querySelector(".package-list")).toBeNull();
  });

  it("gives way at once to the app's page when it reads otherwise without a skeleton (an error)", async () => {
    await inLanguage(1);
    const list = hotelList();
    const { container } = renderPackages(1, list, null);
    await waitFor(() => expect(container.querySelector(".packages-page [role=alert]")).not.toBeNull(), {
      timeout: 10_000,
    });
    takeOver(drawnPackages(1, list, PACKAGES), container);
    await waitFor(() => expect(document.getElementById("first-paint")).toBeNull(), { timeout: 500 });
  });
});

describe("the voucher's first paint is the web app's voucher title above the skeleton", () => {
  const where = "voucher/code/7K3M9QX2HT4VZ8PN/email/maria%40example.test";
  /** The hotel page with the voucher, retrieve.do answering `reservation`, 404 for null, never for "pending". */
  function renderVoucher(language: number, list: ReturnType<typeof hotelList>, reservation: unknown) {
    if (reservation === "pending")
      vi.stubGlobal(
        "fetch",
        vi.fn(async (url: string) =>
          String(url).startsWith("/api/hotellist.do")
            ? new Response(JSON.stringify(list), { headers: { "Content-Type": "application/json" } })
            : new Promise<Response>(() => {}),
        ),
      );
    else
      stubApi([
        ["/api/hotellist.do", list],
        ...(reservation === null ? [] : [["/api/retrieve.do", reservation] as [string, unknown]]),
      ]);
    return renderAt(
      `/hotel/1/channel/1/language/${language}/${where}`,
      <Route path={ROUTES.hotel} nest>
        <HotelLayout>
          <Suspense fallback={null}>
            <Route path="/voucher/code/:code/email/:email" component={VoucherPage} />
          </Suspense>
        </HotelLayout>
      </Route>,
    );
  }
  /** Both sides in the page's language, with the voucher's texts. */
  const voucherTexts = (language: number) =>
    act(async () => {
      await i18n.changeLanguage(languageOf(language).text);
      await i18n.loadNamespaces(["common", "hotel", "global", "consent", "chat", "voucher"]);
    });
  const drawnVoucher = (language: number, list: ReturnType<typeof hotelList>) =>
    drawn(language, list, new Date(DAY), false, { voucher: true });

  it.each([1, 2, 9])(
    "language %d: the same title, and the app takes over once its voucher shows it",
    async (language) => {
      await voucherTexts(language);
      const list = hotelList();
      const hotelName = list.hotels[0]!.name;
      const reservation = aReservation({ hotel: { ...aReservation().hotel, name: hotelName } });
      const { container } = renderVoucher(language, list, reservation);
      await waitFor(() => expect(container.querySelector(".voucher__title")).not.toBeNull(), {
        timeout: 10_000,
      });
      const painted = drawnVoucher(language, list);
      const title = (root: ParentNode) => {
        const h1 = root.querySelector("h1");
        return [h1?.className, h1?.textContent, h1?.closest("header")?.className, h1?.closest("main")?.id];
      };
      await waitFor(() => expect(title(painted)).toEqual(title(container)), { timeout: 5000 });
      expect(painted.querySelector("main .page-skeleton")).not.toBeNull();
      // Nothing of the reservation is drawn: its code and e-mail are checked by retrieve.do, not by the page.
      expect(painted.textContent).not.toContain(reservation.code);
      takeOver(painted, container, 60_000);
      await waitFor(() => expect(document.getElementById("first-paint")).toBeNull());
    },
  );

  it("gives way at once to the app's page when the link finds no reservation", async () => {
    await voucherTexts(1);
    const list = hotelList();
    const { container } = renderVoucher(1, list, null);
    await waitFor(() => expect(container.querySelector(".voucher-problem")).not.toBeNull(), {
      timeout: 10_000,
    });
    // Far longer than the test: only the rule for a different page can take over.
    takeOver(drawnVoucher(1, list), container, 60_000);
    await waitFor(() => expect(document.getElementById("first-paint")).toBeNull());
  });

  it("stays while the app's voucher loads, its header already the same", async () => {
    await voucherTexts(1);
    const list = hotelList();
    // retrieve.do has not answered: the app shows the header and its skeleton.
    const { container } = renderVoucher(1, list, "pending");
    await waitFor(() => expect(container.querySelector(".site-header")).not.toBeNull());
    await waitFor(() => expect(container.querySelector("main .page-skeleton")).not.toBeNull());
    const painted = drawnVoucher(1, list);
    await waitFor(() => expect(shape(painted)).toEqual(shape(container)), { timeout: 5000 });
    takeOver(painted, container, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.getElementById("first-paint")).not.toBeNull();
  });
});

describe("the offer page's first paint is the web app's offer shell and lock", () => {
  /** The offer's drawing as the server makes it, for the page's language. */
  function drawnOffer(language: number, list: ReturnType<typeof hotelList>, summary: OfferSummary) {
    const text = languageOf(language).text;
    const box = document.createElement("div");
    box.innerHTML =
      offerFirstPaintHtml(
        {
          list: list as never,
          ids: { hotel: summary.hotel.id, channel: summary.channel, language },
          offer: { code: CODE, summary },
          t: (ns, key, values) => i18n.getFixedT(text, ns)(key, values),
        },
        "nonce",
      ) ?? "";
    return box;
  }
  /** Each element of the header and the lock, with its form's attributes beside what `shape` reads. */
  const offerShape = (root: ParentNode) =>
    [...root.querySelectorAll(".site-header, .site-header *, .offer-locked, .offer-locked *")].map((el) =>
      [
        shape({ querySelectorAll: () => [el] } as unknown as ParentNode)[0],
        ...["type", "autocomplete", "inputmode", "spellcheck", "required", "role", "novalidate"].map((name) =>
          el.getAttribute(name),
        ),
        el.id ? "id" : "",
        el.getAttribute("for") ? "for" : "",
        el.getAttribute("aria-describedby") ? "described" : "",
      ].join("|"),
    );

  function renderOffer(list: ReturnType<typeof hotelList>, summary: OfferSummary, search = "") {
    stubApi([
      ["/api/hotellist.do", list],
      [`/api/v2/offers/${CODE}`, summary],
    ]);
    return renderAt(
      `/offer/${CODE}`,
      <Suspense fallback={null}>
        <Route path={ROUTES.offer} component={OfferPage} />
      </Suspense>,
      search,
    );
  }

  it.each([
    [
      "English, the hotel's site linked",
      1,
      hotelList({
        name: "Hotel Primo & Lago",
        settings: { aspect: { showChat: false }, website: "https://hotel.example" },
      }),
    ],
    ["German, no site", 3, hotelList()],
    ["Japanese", 9, hotelList()],
  ])("%s", async (_name, language, list) => {
    await act(async () => {
      await i18n.changeLanguage(languageOf(language).text);
      await i18n.loadNamespaces(["common", "global", "offers"]);
    });
    const summary = { ...aSummary(null), language };
    const { container } = renderOffer(list, summary);
    await waitFor(() => expect(container.querySelector(".offer-locked")).not.toBeNull(), { timeout: 5000 });
    await waitFor(
      () => {
        const painted = drawnOffer(language, list, summary);
        expect(offerShape(painted)).toEqual(offerShape(container));
        expect(painted.querySelector(".site-header")?.textContent).toBe(
          container.querySelector(".site-header")?.textContent,
        );
        expect(
          painted
            .querySelector("main")
            ?.outerHTML.replace(/ id="[^"]*"| for="[^"]*"| aria-describedby="[^"]*"/g, ""),
        ).toBe(
          container
            .querySelector("main")
            ?.outerHTML.replace(/ id="[^"]*"| for="[^"]*"| aria-describedby="[^"]*"/g, ""),
        );
      },
      { timeout: 5000 },
    );
  });

  it("in the language the guest chose (?language=), over the offer's own", async () => {
    await act(async () => {
      await i18n.changeLanguage(languageOf(2).text);
      await i18n.loadNamespaces(["common", "global", "offers"]);
    });
    const list = hotelList();
    const summary = { ...aSummary(null), language: 3 };
    const { container } = renderOffer(list, summary, "language=2");
    await waitFor(() => expect(container.querySelector(".offer-locked")).not.toBeNull(), { timeout: 5000 });
    await waitFor(() => expect(offerShape(drawnOffer(2, list, summary))).toEqual(offerShape(container)), {
      timeout: 5000,
    });
  });

  it("draws the frame and the skeleton for a finished offer, nothing for an expired one", () => {
    const list = hotelList();
    const rejected = drawnOffer(1, list, aSummary(null, "rejected"));
    expect(rejected.querySelector(".site-header")).not.toBeNull();
    expect(rejected.querySelector(".page-skeleton")).not.toBeNull();
    expect(rejected.querySelector(".offer-locked")).toBeNull();
    expect(drawnOffer(1, list, aSummary(null, "expired")).innerHTML).toBe("");
  });

  /** Puts the offer's first paint on the page and runs its inline script, as the browser does. */
  function paintOffer() {
    const box = drawnOffer(1, hotelList(), aSummary(null));
    const script = box.querySelector("script");
    document.body.append(...box.childNodes);
    document.body.insertAdjacentHTML("beforeend", '<div id="root"></div>');
    new Function(script?.textContent ?? "")();
    return document.getElementById("root") as HTMLElement;
  }

  it("keeps the lock for a guest who has not opened the offer, and the channel's colours", () => {
    localStorage.setItem(offerOpenKey(CODE), "2000-01-01T00:00:00Z");
    paintOffer();
    expect(document.querySelector("#first-paint .offer-locked")).not.toBeNull();
    expect(document.documentElement.style.getPropertyValue("--color-primary")).toBe("#0b5394");
  });

  it("draws the skeleton, not the lock, within the hour of the offer's unlock: the app shows the open offer", () => {
    localStorage.setItem(offerOpenKey(CODE), new Date(Date.now() + 60_000).toISOString());
    paintOffer();
    expect(document.querySelector("#first-paint .site-header")).not.toBeNull();
    expect(document.querySelector("#first-paint .offer-locked")).toBeNull();
    expect(document.querySelector("#first-paint main")).toBeNull();
    expect(document.querySelector("#first-paint .page-skeleton")).not.toBeNull();
  });

  it("takes over at once when the app shows the open offer where the lock was drawn", async () => {
    const root = paintOffer();
    keepFirstPaintUntilReady(root);
    const header = document.querySelector("#first-paint .site-header")?.outerHTML ?? "";
    root.innerHTML = `${header}<main class="page offer-page" id="main"><div class="offer-intro"><h1>Hello</h1></div></main>`;
    await waitFor(() => expect(document.getElementById("first-paint")).toBeNull());
  });

  it("keeps what the guest typed and the press of the button until the app's form has them", async () => {
    const root = paintOffer();
    const drawnInput = document.querySelector<HTMLInputElement>("#first-paint input");
    drawnInput!.value = "anna@example.test";
    drawnInput!.focus();
    const submit = new Event("submit", { cancelable: true, bubbles: true });
    document.querySelector("#first-paint form")?.dispatchEvent(submit);
    // The drawn form does not go anywhere: the app sends it.
    expect(submit.defaultPrevented).toBe(true);
    document.querySelector<HTMLButtonElement>("#first-paint button[type=submit]")?.click();
    keepFirstPaintUntilReady(root);
    const typed: string[] = [];
    const sent: string[] = [];
    const app = document.querySelector("#first-paint")?.cloneNode(true) as HTMLElement;
    root.append(...[...app.childNodes].filter((n) => n.nodeName !== "SCRIPT"));
    const input = root.querySelector("input") as HTMLInputElement;
    input.value = "";
    input.addEventListener("input", () => typed.push(input.value));
    root.querySelector("button[type=submit]")?.addEventListener("click", () => sent.push(input.value));
    await waitFor(() => expect(document.getElementById("first-paint")).toBeNull());
    expect(typed).toEqual(["anna@example.test"]);
    expect(document.activeElement).toBe(input);
    await waitFor(() => expect(sent).toEqual(["anna@example.test"]));
  });
});

it("offers the web app's display currencies, in its order", () => {
  for (const own of ["EUR", "USD", "CHF", "SEK"])
    expect(drawnCurrencies(own)).toEqual(listDisplayCurrencies(own));
});

/** Runs the first paint's inline script, as the browser does before painting it. */
function paint(list: ReturnType<typeof hotelList>, now = new Date(NIGHT)) {
  const box = drawn(1, list, now);
  const script = box.querySelector("script");
  document.body.append(...box.childNodes);
  new Function(script?.textContent ?? "")();
}

describe("the first paint's inline script", () => {
  const banner = {
    ...hotelList(),
    channel: { ...hotelList().channel, tracking: { gtmTag: "GTM-ABC123", hasGtm: true } },
  };
  const choice = { analytics: false, marketing: false, decidedAt: "2030-01-01T00:00:00Z", version: 1 };

  it("keeps the consent banner for a guest who has not chosen, and the channel's colours", () => {
    paint(banner);
    expect(document.querySelector("#first-paint .consent-banner")).not.toBeNull();
    expect(document.documentElement.style.getPropertyValue("--color-primary")).toBe("#0b5394");
  });

  it("removes the consent banner for a guest who chose in this version, not for an older version's choice", () => {
    localStorage.setItem("alloggio.consent.1", JSON.stringify(choice));
    paint(banner);
    expect(document.querySelector("#first-paint .site-header")).not.toBeNull();
    expect(document.querySelector("#first-paint .consent-banner")).toBeNull();
    document.body.innerHTML = "";
    localStorage.setItem("alloggio.consent.1", JSON.stringify({ ...choice, version: 0 }));
    paint(banner);
    expect(document.querySelector("#first-paint .consent-banner")).not.toBeNull();
  });

  it("removes the cookie notice after its OK in this session", () => {
    sessionStorage.setItem("cookieOk", "true");
    paint(hotelList());
    expect(document.querySelector("#first-paint .cookie-notice")).toBeNull();
    expect(document.querySelector("#first-paint .site-header")).not.toBeNull();
  });

  it("remembers a button pressed before the app is there", () => {
    paint(banner);
    const accept = [...document.querySelectorAll<HTMLButtonElement>("#first-paint button")].find(
      (b) => b.textContent === "Accept all",
    );
    accept?.click();
    expect((window as unknown as Record<string, unknown>).alloggioFirstClick).toEqual({
      className: "button consent-banner__choice",
      text: "Accept all",
    });
    delete (window as unknown as Record<string, unknown>).alloggioFirstClick;
  });

  it("keeps the walk-in prompt at night, and removes it for a guest who has seen it in this session", () => {
    paint(hotelList());
    expect(document.querySelector("#first-paint .walk-in")?.textContent).toContain("Arriving tonight?");
    document.body.innerHTML = "";
    sessionStorage.setItem("walkInSeen", "true");
    paint(hotelList());
    expect(document.querySelector("#first-paint .walk-in")).toBeNull();
    expect(document.querySelector("#first-paint .cookie-notice")).not.toBeNull();
  });

  it("remembers the walk-in prompt's button pressed before the app is there", () => {
    paint(hotelList());
    document.querySelector<HTMLButtonElement>("#first-paint .walk-in__dismiss")?.click();
    expect((window as unknown as Record<string, unknown>).alloggioFirstClick).toEqual({
      className: "walk-in__dismiss",
      text: "",
    });
    delete (window as unknown as Record<string, unknown>).alloggioFirstClick;
  });

  it("draws nothing for a guest with a display currency of their own", () => {
    sessionStorage.setItem("currency", JSON.stringify({ code: "USD" }));
    paint(hotelList());
    expect(document.getElementById("first-paint")).toBeNull();
  });
});

describe("keepFirstPaintUntilReady", () => {
  function page() {
    document.body.innerHTML =
      '<div id="first-paint"><header class="site-header">Hotel</header><section class="cookie-notice">Cookies</section></div><div id="root"></div>';
    return document.getElementById("root") as HTMLElement;
  }

  it("keeps the first paint while the app shows less, and removes it when the app's top reads the same", async () => {
    const root = page();
    expect(keepFirstPaintUntilReady(root)).toBe(true);
    root.innerHTML = '<div class="page-skeleton"></div>';
    await act(async () => {});
    expect(document.getElementById("first-paint")).not.toBeNull();
    root.innerHTML =
      '<header class="site-header">Hotel</header><section class="cookie-notice">Cookies</section>';
    await waitFor(() => expect(document.getElementById("first-paint")).toBeNull());
  });

  it("waits for the app's walk-in prompt when the first paint has one", async () => {
    const top = '<header class="site-header">Hotel</header><section class="cookie-notice">Cookies</section>';
    const walkIn = '<section class="walk-in"><p class="walk-in__text">Arriving tonight?</p></section>';
    document.body.innerHTML = `<div id="first-paint">${top}${walkIn}</div><div id="root"></div>`;
    const root = document.getElementById("root") as HTMLElement;
    keepFirstPaintUntilReady(root);
    root.innerHTML = top;
    await act(async () => {});
    expect(document.getElementById("first-paint")).not.toBeNull();
    root.innerHTML = `${top}${walkIn}<main>page</main>`;
    await waitFor(() => expect(document.getElementById("first-paint")).toBeNull());
  });

  it("presses again, on the app's same button, a button pressed on the first paint", async () => {
    const notice =
      '<header class="site-header">Hotel</header><section class="cookie-notice">Cookies <button class="button">OK</button></section>';
    document.body.innerHTML = `<div id="first-paint">${notice}</div><div id="root"></div>`;
    const root = document.getElementById("root") as HTMLElement;
    (window as unknown as Record<string, unknown>).alloggioFirstClick = { className: "button", text: "OK" };
    keepFirstPaintUntilReady(root);
    const pressed = vi.fn();
    const app = document.createElement("div");
    app.innerHTML = `${notice}<button class="button">Other</button>`;
    for (const button of app.querySelectorAll("button"))
      button.addEventListener("click", () => pressed(button.textContent));
    root.append(...app.childNodes);
    await waitFor(() => expect(document.getElementById("first-paint")).toBeNull());
    expect(pressed.mock.calls).toEqual([["OK"]]);
    expect((window as unknown as Record<string, unknown>).alloggioFirstClick).toBeUndefined();
  });

  it("moves the focus to the app's same control", async () => {
    const top = '<header class="site-header"><a href="/x">Offers</a><button class="b">Info</button></header>';
    document.body.innerHTML = `<div id="first-paint">${top}</div><div id="root"></div>`;
    const root = document.getElementById("root") as HTMLElement;
    (document.querySelector("#first-paint button") as HTMLElement).focus();
    keepFirstPaintUntilReady(root);
    root.innerHTML = top;
    await waitFor(() => expect(document.getElementById("first-paint")).toBeNull());
    expect(document.activeElement).toBe(root.querySelector("button"));
  });

  it("gives way at once to a page without a header (the offline dialog)", async () => {
    const root = page();
    keepFirstPaintUntilReady(root);
    root.innerHTML = '<div role="dialog">Offline</div>';
    await waitFor(() => expect(document.getElementById("first-paint")).toBeNull());
  });

  it("gives way after the grace time to a header that stays different", async () => {
    vi.useFakeTimers();
    try {
      const root = page();
      keepFirstPaintUntilReady(root, 500);
      root.innerHTML = '<header class="site-header">Hotel renamed</header>';
      await Promise.resolve();
      await vi.advanceTimersByTimeAsync(100);
      expect(document.getElementById("first-paint")).not.toBeNull();
      await vi.advanceTimersByTimeAsync(500);
      expect(document.getElementById("first-paint")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("has nothing to keep on a page without a first paint", () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(keepFirstPaintUntilReady(document.getElementById("root") as HTMLElement)).toBe(false);
  });
});
