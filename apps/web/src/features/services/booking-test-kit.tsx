import type { AvailableService, ServiceAvailResponse } from "@alloggio/domain/contract/booking/service-avail";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { type ReactNode, Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { i18n } from "../../i18n/i18n";
import type { HotelContextValue } from "../hotel/hotel-context";
import { HotelContext } from "../hotel/hotel-context";
import { type RoomSlot, STORAGE_KEY, searchScope } from "../rooms/use-room-slots";
import { testHotel } from "../search/components/testing";
import { parseSearch } from "../search/search-state";

/** Component tests only: the search of the booking steps, far enough ahead to stay in the future. */
export const TEST_QUERY = "arrival=20300110&departure=20300112&adults=2&childs=1&ages=6";
export const TEST_SCOPE = searchScope({ hotel: 1, channel: 1 }, parseSearch(TEST_QUERY, "20300101"));

/** Component tests only: a chosen room slot (2 adults and a child of 6, double room, flexible rate). */
export function aChosenSlot(overrides: Partial<RoomSlot> = {}): RoomSlot {
  return {
    id: 1,
    adults: 2,
    ages: [6],
    selectedRoom: { id: 11, name: "Double room" },
    selectedRate: { id: 21, name: "Bed and breakfast", total: 300, refund: false, refundPrice: null },
    cross: false,
    arrival: null,
    departure: null,
    swap: null,
    upgradeDismissed: false,
    ...overrides,
  };
}

/** Component tests only: the URL of a booking step and the rooms chosen for its search. */
export function startAt(step: "services" | "checkout", slots: RoomSlot[] = [aChosenSlot()]) {
  window.history.replaceState(null, "", `/hotel/1/channel/1/language/1/${step}?${TEST_QUERY}`);
  window.sessionStorage.clear();
  window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ scope: TEST_SCOPE, slots }));
}

/** Component tests only: a service in the shape of the `serviceAvail.do` contract. */
export function aService(overrides: Partial<AvailableService> = {}): AvailableService {
  return {
    id: 1,
    name: "Service",
    description: "",
    pricingBasis: "per_stay",
    perNight: false,
    price: 10,
    free: false,
    mandatoryFor: "none",
    needsDate: false,
    dates: [],
    timeSlots: [],
    transfer: false,
    maxQuantity: 10,
    image: null,
    totalForStay: 10,
    ...overrides,
  };
}

export const SERVICE_AVAIL: ServiceAvailResponse = {
  currency: "EUR",
  categories: [
    {
      id: 1,
      name: "Travel insurance",
      mandatory: true,
      services: [
        aService({ id: 101, name: "Basic cover", price: 0, free: true, totalForStay: 0 }),
        aService({ id: 102, name: "Full cover", pricingBasis: "per_person", price: 12, totalForStay: 12 }),
      ],
    },
    {
      id: 2,
      name: "Transfers",
      mandatory: false,
      services: [
        aService({
          id: 110,
          name: "Airport transfer",
          pricingBasis: "per_unit",
          price: 90,
          totalForStay: 90,
          needsDate: true,
          dates: ["20300110", "20300111"],
          timeSlots: ["08:00", "09:00"],
          transfer: true,
          maxQuantity: 4,
        }),
      ],
    },
    {
      id: 3,
      name: "Extras",
      mandatory: false,
      services: [
        aService({
          id: 103,
          name: "Resort fee",
          pricingBasis: "per_person",
          perNight: true,
          price: 3,
          mandatoryFor: "all_adults",
          totalForStay: 12,
        }),
      ],
    },
  ],
};

/** Component tests only: `fetch` answering JSON by call name; each answer may be a function of the request. */
export function mockApi(
  answers: Record<string, (url: URL, init?: RequestInit) => { status?: number; body: unknown }>,
) {
  const calls: { name: string; url: URL; init?: RequestInit | undefined }[] = [];
  const fetchMock = async (input: string, init?: RequestInit) => {
    const url = new URL(input, window.location.origin);
    const name = url.pathname.replace(/^\/api\//, "");
    calls.push({ name, url, init });
    const answer = answers[name];
    if (!answer) return new Response(JSON.stringify({ error: { code: "not_found" } }), { status: 404 });
    const { status = 200, body } = answer(url, init);
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  };
  return { fetchMock, calls };
}

/** Component tests only: renders a page inside texts, queries and hotel 1 (English). */
export function renderPage(ui: ReactNode, hotel: HotelContextValue = testHotel()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <HotelContext.Provider value={hotel}>
          <Suspense fallback={null}>{ui}</Suspense>
        </HotelContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

export async function loadTexts() {
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces(["services", "checkout", "errors", "rooms", "common"]);
}
