import type { CalendarResponse } from "@alloggio/domain/contract/search/calendar";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { type ReactNode, Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { i18n } from "../../../i18n/i18n";
import { HotelContext, type HotelContextValue } from "../../hotel/hotel-context";

type Hotel = HotelContextValue["hotel"];

/** Component tests only: the hotel context of hotel 1, channel 1, English, with what a test overrides. */
export function testHotel(hotel: Partial<Hotel> = {}): HotelContextValue {
  return {
    hotel: {
      id: 1,
      name: "Hotel",
      address: "",
      city: "",
      country: "IT",
      currency: "EUR",
      timeZone: "Europe/Rome",
      ageGroup: [
        { id: 1, min: 0, max: 2 },
        { id: 2, min: 3, max: 11 },
        { id: 3, min: 12, max: 17 },
      ],
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
      name: "Channel",
      trade: false,
      tradeAssociated: null,
      colors: { primary: "#1d4ed8", secondary: "#b45309" },
      customScripts: {},
      tracking: {},
      installments: { has_holipay: false },
      tradeConfHour: 18,
      settings: {},
      branding: null,
    },
    ids: { hotel: 1, channel: 1, language: 1 },
    locale: "en-GB",
  };
}

/** Component tests only: renders inside texts (namespace search loaded), queries and the hotel. */
export async function renderWithHotel(
  ui: ReactNode,
  options: { calendar?: CalendarResponse; hotel?: HotelContextValue } = {},
) {
  await i18n.loadNamespaces("search");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (options.calendar) client.setQueryData(["calendar", 1, 1, false], options.calendar);
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <HotelContext.Provider value={options.hotel ?? testHotel()}>
          <Suspense fallback={null}>{ui}</Suspense>
        </HotelContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
