// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "../../../i18n/i18n";
import { HotelContext, type HotelContextValue } from "../../hotel/hotel-context";
import { parseSearch } from "../../search/search-state";
import type { SearchFlow } from "../../search/use-search-flow";
import { aCrossOption, anAvailResponse, aRate, aRoom } from "../test-fixtures";
import { RoomResults } from "./room-results";

const hotel = {
  hotel: { id: 1, name: "Hotel Test", currency: "EUR", timeZone: "Europe/Rome", settings: {} },
  channel: { id: 1 },
  ids: { hotel: 1, channel: 1, language: 1 },
  locale: "en-GB",
} as unknown as HotelContextValue;

function flowOf(query: string, overrides: Partial<SearchFlow> = {}): SearchFlow {
  const result = anAvailResponse({
    availability: [
      [aRoom({ id: 10, name: "Double" }), aRoom({ id: 11, name: "Suite", rates: [aRate({ total: 300 })] })],
      [aRoom({ id: 10, name: "Double" })],
    ],
  });
  return {
    search: parseSearch(query, "20300101"),
    roomSearched: true,
    loading: false,
    result,
    connectedRoomIds: [],
    empty: false,
    nearby: null,
    nearbyLoading: false,
    failed: false,
    retry: () => {},
    ...overrides,
  };
}

function renderResults(flow: SearchFlow) {
  return render(
    <I18nextProvider i18n={i18n}>
      <HotelContext.Provider value={hotel}>
        <RoomResults flow={flow} />
      </HotelContext.Provider>
    </I18nextProvider>,
  );
}

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces("rooms");
});
beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

const twoRooms = "arrival=20300110&departure=20300112&adults=2,1&childs=0,1&ages=5";

describe("RoomResults", () => {
  it("while loading shows skeletons and says so in the live region", () => {
    const { container } = renderResults(
      flowOf(twoRooms, { loading: true, result: null, roomSearched: false }),
    );
    expect(screen.getByRole("status").textContent).toContain("Searching for available rooms");
    expect(container.querySelectorAll(".room-card--skeleton")).toHaveLength(2);
  });

  it("fills the slots in order and enables Continue only when every room is chosen", () => {
    renderResults(flowOf(twoRooms));
    expect(screen.getByRole("status").textContent).toBe(
      "2 types of accommodation available, 10 Jan 2030 – 12 Jan 2030",
    );
    expect(screen.getByRole("heading", { name: "Room 1 of 2 · 2 adults" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Room 2 of 2 · 1 adult, 1 child" })).toBeTruthy();
    expect(screen.getByText("Choose room 1 first.")).toBeTruthy();
    const next = screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    expect(screen.getByText("Choose a room and a rate for room 1 to continue.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: /^Select.*Suite/ }));
    const slot1 = screen.getByRole("region", { name: "Room 1 of 2 · 2 adults" });
    expect(within(slot1).getByText("Suite")).toBeTruthy();
    expect(screen.getByText("Choose a room and a rate for room 2 to continue.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: /^Select.*Double/ }));
    expect((screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText("All rooms are chosen.")).toBeTruthy();
  });

  it("changing a chosen room shows its list with the choice pressed", () => {
    renderResults(flowOf(twoRooms));
    fireEvent.click(screen.getByRole("button", { name: /^Select.*Suite/ }));
    fireEvent.click(screen.getByRole("button", { name: "Change room 1" }));
    expect(screen.getByRole("button", { name: /^Selected.*Suite/ }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    fireEvent.click(screen.getByRole("button", { name: /^Select.*Double/ }));
    expect(
      within(screen.getByRole("region", { name: "Room 1 of 2 · 2 adults" })).getByText("Double"),
    ).toBeTruthy();
  });

  it("offers a split stay when a room has no single room type free, and adds its segments", () => {
    const result = anAvailResponse({ availability: [[]], crossAvailability: [aCrossOption({ slot: 0 })] });
    renderResults(flowOf("arrival=20300110&departure=20300112&adults=2", { result }));
    fireEvent.click(screen.getByRole("button", { name: "Select split stay" }));
    const slot = screen.getByRole("region", { name: "Room 1 of 1 · 2 adults" });
    expect(within(slot).getAllByText("Split stay")).toHaveLength(2);
    expect(within(slot).getByText("From 10 Jan 2030 to 11 Jan 2030")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("an error shows an empty state with a retry", () => {
    renderResults(flowOf(twoRooms, { failed: true, result: null }));
    expect(screen.getByRole("status").textContent).toContain("could not be loaded");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("tells when the promo code was not valid", () => {
    const flow = flowOf(twoRooms);
    renderResults({
      ...flow,
      result: {
        ...flow.result!,
        promo: { code: "XMAS", name: "", valid: false, reason: "unknown", hidden: false },
      },
    });
    expect(screen.getByRole("status").textContent).toContain("The promo code XMAS does not exist.");
  });

  it("names the promotion a valid code applies, as the hotel calls it in the guest's language", () => {
    const flow = flowOf(twoRooms);
    renderResults({
      ...flow,
      result: {
        ...flow.result!,
        promo: { code: "SUMMER10", name: "Sommer: 10% Rabatt", valid: true, reason: null, hidden: false },
      },
    });
    expect(screen.getByRole("status").textContent).toContain(
      "Promo code SUMMER10 applied. Sommer: 10% Rabatt",
    );
  });

  it("never names a hidden code (SPEC §3): a special price when it applies, nothing when it does not", () => {
    const flow = flowOf(`${twoRooms}&hiddenPromocode=VIP20`);
    const promo = { code: "VIP20", name: "Friends", valid: true, reason: null, hidden: true };
    const { unmount } = renderResults({ ...flow, result: { ...flow.result!, promo } });
    expect(screen.getByRole("status").textContent).toContain("Your special price is applied. Friends");
    expect(document.body.textContent).not.toContain("VIP20");
    unmount();
    renderResults({
      ...flow,
      result: { ...flow.result!, promo: { ...promo, valid: false, reason: "unknown" } },
    });
    expect(screen.getByRole("status").textContent).not.toMatch(/VIP20|promo code/i);
  });
});
