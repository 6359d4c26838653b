// @vitest-environment happy-dom
import type { AvailChannelCheckResponse } from "@alloggio/domain/contract/portal/avail-channel-check";
import type { DestinationsResponse } from "@alloggio/domain/contract/portal/destinations";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { ROUTES } from "../../app/routes";

// The page loads its texts and three calls before it shows anything: wait for it as long as a busy machine needs.
const LOADED = { timeout: 10_000 };

import { i18n } from "../../i18n/i18n";
import { buildHotelContext } from "../global/render-in-hotel";
import PortalPage from "./portal-page";

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
}

const context = buildHotelContext();
const hotelSummary = (id: number, name: string, city: string) => ({ ...context.hotel, id, name, city });
const hotelList = {
  channel: { ...context.channel, name: "Demo Hotels" },
  hotels: [
    hotelSummary(1, "Bellavista", "Riva"),
    hotelSummary(2, "Villa Olivo", "Malcesine"),
    hotelSummary(3, "Full House", "Garda"),
    hotelSummary(4, "Strict Stays", "Arco"),
  ],
};
const destinations: DestinationsResponse = {
  destinations: [
    {
      id: 1,
      name: "Lake Garda",
      count: 3,
      properties: [
        { id: 1, name: "Bellavista" },
        { id: 3, name: "Full House" },
        { id: 2, name: "Villa Olivo" },
      ],
    },
    { id: 2, name: "Mountains", count: 1, properties: [{ id: 4, name: "Strict Stays" }] },
  ],
};
const base = { country: "IT", image: null, currency: "EUR", restrictions: [] };
const portal: AvailChannelCheckResponse = {
  arrival: "20300110",
  departure: "20300113",
  nights: 3,
  hotels: [
    {
      ...base,
      id: 1,
      name: "Bellavista",
      image: "https://img.example.test/bellavista.jpg",
      city: "Riva",
      destinations: [1],
      available: true,
      minTotal: 330,
      cityTax: 0,
      reason: null,
    },
    {
      ...base,
      id: 2,
      name: "Villa Olivo",
      image: "https://img.example.test/olivo.jpg",
      city: "Malcesine",
      destinations: [1],
      available: true,
      minTotal: 240,
      cityTax: 0,
      reason: null,
    },
    {
      ...base,
      id: 3,
      name: "Full House",
      city: "Garda",
      destinations: [1],
      available: false,
      minTotal: null,
      cityTax: null,
      reason: "sold_out",
    },
    {
      ...base,
      id: 4,
      name: "Strict Stays",
      city: "Arco",
      destinations: [2],
      available: false,
      minTotal: null,
      cityTax: null,
      reason: "restricted",
      restrictions: [{ kind: "min_stay", value: 5 }],
    },
  ],
};

/** A big group: `size` hotels, the dearest first in the list, so that the search's order (cheapest first) differs. */
function bigGroup(size: number) {
  const ids = Array.from({ length: size }, (_, i) => i + 1);
  const name = (id: number) => `Hotel ${id}`;
  return {
    hotelList: { ...hotelList, hotels: ids.map((id) => hotelSummary(id, name(id), "Riva")) },
    destinations: {
      destinations: [
        {
          id: 1,
          name: "Lake Garda",
          count: size,
          properties: ids.map((id) => ({ id, name: name(id) })),
        },
      ],
    } satisfies DestinationsResponse,
    portal: {
      ...portal,
      hotels: ids.map((id) => ({
        ...base,
        id,
        name: name(id),
        city: "Riva",
        destinations: [1],
        available: true,
        minTotal: 1000 - id,
        cityTax: 0,
        reason: null,
      })),
    } satisfies AvailChannelCheckResponse,
  };
}

describe("portal hotel list", () => {
  const calls: string[] = [];
  let answers = { hotelList, destinations, portal };
  const fetchMock = vi.fn(async (url: string) => {
    calls.push(url);
    if (url.startsWith("/api/hotellist.do")) return json(answers.hotelList);
    if (url.startsWith("/api/channel/destinations")) return json(answers.destinations);
    if (url.startsWith("/api/availChannelCheck.do")) {
      const asked = new URL(url, "http://x").searchParams.get("hotels")?.split(",").map(Number);
      const hotels = answers.portal.hotels.filter((h) => !asked || asked.includes(h.id));
      return json({ ...answers.portal, hotels });
    }
    throw new Error(`unexpected call ${url}`);
  });
  beforeEach(() => {
    calls.length = 0;
    answers = { hotelList, destinations, portal };
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function renderPortal(path: string) {
    // The search bar writes the search onto the browser's own path, as in the app.
    window.history.replaceState(null, "", path);
    const location = memoryLocation({ path, record: true });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <Router hook={location.hook}>
            <Suspense fallback={null}>
              <Route path={ROUTES.portalHotelList} component={PortalPage} />
            </Suspense>
          </Router>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    return location;
  }

  it("shows every hotel with its price or why none, cheapest first, and links into its rooms with the search", async () => {
    renderPortal("/channel/1/language/1?arrival=20300110&departure=20300113&adults=2");
    const list = await screen.findByRole("region", { name: "Hotels for your search" }, LOADED);
    expect(
      await within(list).findByText("2 of 4 hotels have rooms, 10 Jan 2030 – 13 Jan 2030", {}, LOADED),
    ).toBeTruthy();
    // The cards follow the status as soon as React's background render has drawn them (ADR 0085).
    await waitFor(() =>
      expect(within(list).getAllByRole("article")[0]!.textContent).toContain("Villa Olivo"),
    );
    const cards = within(list).getAllByRole("article");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual([
      "Villa Olivo",
      "Bellavista",
      "Full House",
      "Strict Stays",
    ]);
    expect(cards[0]!.textContent).toContain("240,00\u00a0EUR");
    // The first card's picture is the page's largest paint: asked for at once and first; the others wait.
    const pictures = [...list.querySelectorAll("img")].map((img) => [
      img.getAttribute("src"),
      img.getAttribute("loading"),
      img.getAttribute("fetchpriority"),
    ]);
    expect(pictures).toEqual([
      ["https://img.example.test/olivo.jpg", "eager", "high"],
      ["https://img.example.test/bellavista.jpg", "lazy", "auto"],
    ]);
    expect(cards[0]!.textContent).toContain("Malcesine · Lake Garda");
    expect(within(cards[2]!).getByText("No rooms free for this search")).toBeTruthy();
    expect(within(cards[3]!).getByText("Minimum stay 5 nights")).toBeTruthy();
    const link = within(cards[0]!).getByRole("link", { name: "Villa Olivo" });
    expect(link.getAttribute("href")).toBe(
      "/hotel/2/channel/1/language/1/rooms?arrival=20300110&departure=20300113&adults=2&childs=0",
    );
    const search = calls.find((c) => c.startsWith("/api/availChannelCheck.do"))!;
    expect(Object.fromEntries(new URL(search, "http://x").searchParams)).toMatchObject({
      channel: "1",
      language: "1",
      arrival: "20300110",
      departure: "20300113",
      adults: "2",
    });
  });

  it("compares two hotels side by side", async () => {
    const user = userEvent.setup();
    renderPortal("/channel/1/language/1?arrival=20300110&departure=20300113&adults=2");
    const list = await screen.findByRole("region", { name: "Hotels for your search" }, LOADED);
    await user.click(await within(list).findByRole("checkbox", { name: "Compare Villa Olivo" }, LOADED));
    expect(screen.getByText("Choose one more hotel to compare them side by side.")).toBeTruthy();
    await user.click(within(list).getByRole("checkbox", { name: "Compare Full House" }));
    const table = screen.getByRole("table", { name: "The hotels you chose, side by side" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Villa Olivo", "Full House"]);
    const total = within(table).getByRole("row", { name: /^Total for 3 nights/ });
    expect(total.textContent).toContain("240,00\u00a0EUR");
    expect(total.textContent).toContain("No rooms free for this search");
    await user.click(within(table).getByRole("button", { name: "Remove Full House" }));
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("searches the chosen destination's properties, kept in the URL", async () => {
    const user = userEvent.setup();
    const location = renderPortal("/channel/1/language/1?arrival=20300110&departure=20300113&adults=2");
    const picker = await screen.findByRole(
      "button",
      { name: "Destination or property All destinations" },
      LOADED,
    );
    await user.click(picker);
    expect(picker.getAttribute("aria-expanded")).toBe("true");
    await user.click(screen.getByRole("checkbox", { name: "Lake Garda (3 properties)" }));
    expect((screen.getByRole("checkbox", { name: "Villa Olivo" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: "Strict Stays" }) as HTMLInputElement).checked).toBe(false);
    await user.keyboard("{Escape}");
    expect(picker.getAttribute("aria-expanded")).toBe("false");
    expect(picker.textContent).toContain("Lake Garda");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(new URLSearchParams(location.history!.at(-1)!.split("?")[1]).get("hotels")).toBe("1,2,3");
    await waitFor(() => expect(calls.some((c) => c.includes("hotels=1%2C2%2C3"))).toBe(true));
  });

  it("shows a big group's hotels 20 at a time, the focus on the first newly shown, compare and picker for all", async () => {
    const user = userEvent.setup();
    answers = bigGroup(45);
    const location = renderPortal("/channel/1/language/1?arrival=20300110&departure=20300113&adults=2");
    const list = await screen.findByRole("region", { name: "Hotels for your search" }, LOADED);
    await within(list).findByText("45 of 45 hotels have rooms, 10 Jan 2030 – 13 Jan 2030", {}, LOADED);
    const names = () =>
      within(list)
        .getAllByRole("article")
        .map((c) => within(c).getByRole("heading").textContent);
    // Cheapest first: the list's last hotel is the cheapest.
    await waitFor(() => expect(names()).toEqual(Array.from({ length: 20 }, (_, i) => `Hotel ${45 - i}`)));
    expect(within(list).getByText("Showing 20 of 45 hotels")).toBeTruthy();
    await user.click(within(list).getByRole("button", { name: "Show 20 more hotels" }));
    await waitFor(() => expect(names()).toHaveLength(40));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(list).getByRole("link", { name: "Hotel 25" })),
    );
    expect(within(list).getByText("Showing 40 of 45 hotels")).toBeTruthy();
    await user.click(within(list).getByRole("button", { name: "Show the last 5 hotels" }));
    await waitFor(() => expect(names()).toHaveLength(45));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(list).getByRole("link", { name: "Hotel 5" })),
    );
    expect(within(list).queryByRole("button", { name: /^Show/ })).toBeNull();
    expect(within(list).queryByText(/^Showing/)).toBeNull();

    // A hotel beyond the first 20 compares as any other.
    await user.click(within(list).getByRole("checkbox", { name: "Compare Hotel 45" }));
    await user.click(within(list).getByRole("checkbox", { name: "Compare Hotel 2" }));
    const table = screen.getByRole("table", { name: "The hotels you chose, side by side" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Hotel 45", "Hotel 2"]);

    // The picker offers every hotel; a new search shows its first 20 again.
    await user.click(screen.getByRole("button", { name: "Destination or property All destinations" }));
    for (const id of [1, 2, 3]) await user.click(screen.getByRole("checkbox", { name: `Hotel ${id}` }));
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(new URLSearchParams(location.history!.at(-1)!.split("?")[1]).get("hotels")).toBe("1,2,3");
    await within(list).findByText("3 of 3 hotels have rooms, 10 Jan 2030 – 13 Jan 2030", {}, LOADED);
    await waitFor(() => expect(names()).toEqual(["Hotel 3", "Hotel 2", "Hotel 1"]));
    await user.click(screen.getByRole("button", { name: "Destination or property 3 properties" }));
    await user.click(screen.getByRole("button", { name: "Clear" }));
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await within(list).findByText("45 of 45 hotels have rooms, 10 Jan 2030 – 13 Jan 2030", {}, LOADED);
    await waitFor(() => expect(names()).toHaveLength(20));
    expect(within(list).getByRole("button", { name: "Show 20 more hotels" })).toBeTruthy();
  });
});
