import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { type ReactNode, Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { i18n } from "../../i18n/i18n";
import { CurrencyProvider } from "../currency/currency-context";
import { HotelContext, type HotelContextValue } from "../hotel/hotel-context";

type Hotel = HotelContextValue["hotel"];

/** A hotel as `hotellist.do` gives it, for component tests; override what the test is about. */
export function buildHotelContext(
  hotel: Partial<Hotel> = {},
  channelSettings: Record<string, unknown> = {},
): HotelContextValue {
  return {
    hotel: {
      id: 1,
      name: "Hotel Test",
      address: "Via Roma 1",
      city: "Riva del Garda",
      country: "IT",
      currency: "EUR",
      timeZone: "Europe/Rome",
      ageGroup: [],
      largestRoom: null,
      messaging: { active: false },
      settings: { aspect: { showChat: false } },
      destinations: [],
      images: [],
      gateway: "sandbox",
      guestsMandatory: false,
      ...hotel,
    },
    channel: {
      id: 1,
      name: "Test channel",
      trade: false,
      tradeAssociated: null,
      colors: { primary: "#0b5394", secondary: "#f1c232" },
      customScripts: {},
      tracking: {},
      installments: { has_holipay: false },
      tradeConfHour: 18,
      settings: channelSettings,
      branding: null,
    },
    ids: { hotel: hotel.id ?? 1, channel: 1, language: 1 },
    locale: "en-GB",
  };
}

/** Renders `ui` inside the providers of the hotel layout: texts, queries, the hotel, the display currency. */
export function renderInHotel(ui: ReactNode, value: HotelContextValue = buildHotelContext()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (node: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <HotelContext.Provider value={value}>
          <CurrencyProvider>
            <Suspense fallback={null}>{node}</Suspense>
          </CurrencyProvider>
        </HotelContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  const result = render(wrap(ui));
  return { ...result, rerender: (next: ReactNode) => result.rerender(wrap(next)), client };
}
