// @vitest-environment happy-dom
import type { CroResponse } from "@alloggio/domain/contract/offers/cro";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { ROUTES } from "../../app/routes";
import { i18n } from "../../i18n/i18n";
import { buildHotelContext } from "../global/render-in-hotel";
import CroPage from "./cro-page";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const text = (element: HTMLElement) => (element.textContent ?? "").replace(/\s+/g, " ");
const context = buildHotelContext();

const cro: CroResponse = {
  reservation: {
    code: "7K3M9QX2HT4VZ8PN",
    status: "confirmed",
    arrival: "20300210",
    departure: "20300214",
    nights: 4,
    total: 920.5,
    currency: { code: "EUR", decimalDigits: 2 },
    createdAt: "2030-01-01T10:00:00Z",
  },
  hotel: { id: 1, name: "Hotel Test" },
  channel: 1,
  language: 1,
  recipient: { name: "Anna Bianchi" },
  offer: {
    code: "DEM00FFERH0TE101",
    state: "confirmed",
    option: 2,
    title: "Family suite",
    rooms: [
      {
        roomName: "Family Suite",
        rateName: "Flexible rate",
        mealPlan: "half_board",
        adults: 2,
        ages: [4],
        price: 900.5,
      },
    ],
    services: [{ name: "Welcome drink", quantity: 2, price: 20 }],
  },
};

function renderCro(code: string) {
  const location = memoryLocation({ path: `/cro/${code}` });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Suspense fallback={null}>
          <Router hook={location.hook}>
            <Route path={ROUTES.cro} component={CroPage} />
          </Router>
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe("reservation offer page", () => {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith("/api/hotellist.do"))
      return json({ channel: context.channel, hotels: [context.hotel] });
    if (url === "/api/v2/cro/7K3M9QX2HT4VZ8PN") return json(cro);
    return json({ error: { code: "not_found", message: "", details: [] } }, 404);
  });
  beforeAll(async () => {
    await i18n.loadNamespaces(["common", "global", "offers", "rooms"]);
  });
  beforeEach(async () => {
    vi.stubGlobal("fetch", fetchMock);
    await i18n.changeLanguage("en");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the hotel, the stay, the booked option, the status in words and the way to manage it", async () => {
    renderCro("7K3M9QX2HT4VZ8PN");
    await screen.findByRole("heading", { level: 1, name: "Reservation of Anna Bianchi" });
    const main = screen.getByRole("main");
    expect(text(main)).toContain("Reservation code: 7K3M9QX2HT4VZ8PN");
    expect(text(main)).toContain("Status: Confirmed");
    expect(text(within(main).getByRole("region", { name: "Your stay" }))).toContain("4 nights");
    const option = within(main).getByRole("region", { name: "Booked option: Family suite" });
    expect(text(option)).toContain("Family Suite");
    expect(text(option)).toContain("Flexible rate · Half board");
    expect(text(option)).toContain("2 adults, 1 child aged 4");
    expect(text(option)).toContain("2 × Welcome drink20,00 EUR");
    expect(text(option)).toContain("Total 920,50 EUR");
    expect(within(main).getByRole("link", { name: "Manage my booking" }).getAttribute("href")).toBe(
      "/hotel/1/channel/1/language/1/recover",
    );
  });

  it("an unknown code: reservation not found", async () => {
    renderCro("NOPE");
    await screen.findByRole("heading", { level: 1, name: "Reservation not found" });
  });
});
