// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../i18n/i18n";
import { formatPrice } from "../../../lib/format";
import { HotelContext, type HotelContextValue } from "../../hotel/hotel-context";
import { aRate, aRoom } from "../test-fixtures";
import { RoomCard, type RoomCardProps } from "./room-card";

const hotel = {
  hotel: { id: 1, name: "Hotel Test", currency: "EUR", timeZone: "Europe/Rome", settings: {} },
  channel: { id: 1 },
  ids: { hotel: 1, channel: 1, language: 1 },
  locale: "en-GB",
} as unknown as HotelContextValue;

function wrap(children: ReactNode) {
  return (
    <I18nextProvider i18n={i18n}>
      <HotelContext.Provider value={hotel}>{children}</HotelContext.Provider>
    </I18nextProvider>
  );
}

const eur = (n: number) => formatPrice(n, "EUR");
const today = "20300101";

function renderCard(props: Partial<RoomCardProps> = {}) {
  const onSelect = vi.fn();
  const onRefundChange = vi.fn();
  const view = render(
    wrap(
      <RoomCard
        room={aRoom()}
        currency="EUR"
        nights={2}
        today={today}
        selected={null}
        onSelect={onSelect}
        onRefundChange={onRefundChange}
        {...props}
      />,
    ),
  );
  return { ...view, onSelect, onRefundChange };
}

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces("rooms");
});
afterEach(cleanup);

describe("RoomCard", () => {
  it("tells a rate's terms in words: meal plan, cancellation, payment, prepayment, services", () => {
    const rate = aRate({
      id: 7,
      name: "Half board saver",
      total: 200,
      fullPrice: 220,
      best: true,
      promo: "SUMMER10",
      mealPlan: "half_board",
      payment: "prepaid",
      cancellation: { refundable: true, freeUntil: "20300107" },
      prepaids: [
        { date: today, amount: 100, percent: 50 },
        { date: "20300105", amount: 100, percent: 50 },
      ],
      freeServices: [{ id: 1, name: "Welcome prosecco" }],
      extraCost: 12,
      stayTotal: 212,
      cityTax: 8,
      additionalServices: [
        {
          id: 2,
          name: "Resort fee",
          price: 12,
          quantity: 2,
          categoryId: 5,
          mandatory: true,
          choosed: true,
          source: { code: "all_adults" },
        },
      ],
      refundPrice: 19,
      nightly: [
        { date: "20300110", price: 90 },
        { date: "20300111", price: 110 },
      ],
    });
    renderCard({ room: aRoom({ rates: [rate] }) });
    const card = screen.getByRole("article", { name: "Half board saver" });
    const text = card.textContent ?? "";
    expect(text).toContain("Half board");
    expect(text).toContain("Free cancellation until 7 Jan 2030");
    expect(text).toContain("Prepaid: payment when booking");
    expect(text).toContain(`Prepayment: 50% (${eur(100)}) today; 50% (${eur(100)}) on 5 Jan 2030`);
    expect(text).toContain("Included: Welcome prosecco");
    expect(text).toContain(`Mandatory extras, in the total: Resort fee ${eur(12)}`);
    // The best price and the promo are told in words, not by color alone.
    expect(within(card).getByText("Best price")).toBeTruthy();
    expect(within(card).getByText("Promo SUMMER10 applied")).toBeTruthy();
    // The total includes the mandatory extras, and names the city tax beside it.
    expect(text).toContain(`Instead of ${eur(232)}`);
    expect(text).toContain("Total for 2 nights");
    expect(card.querySelector(".rate__total")?.textContent).toBe(eur(212));
    expect(text).toContain(`+ ${eur(8)} city tax, paid at the hotel`);
    expect(within(card).getByRole("checkbox", { name: `Add refund protection for ${eur(19)}` })).toBeTruthy();
  });

  it.each([
    [{ refundable: false, freeUntil: null }, "pay_at_hotel", "Non-refundable", "Pay at the hotel"],
    // A flexible rate booked after its deadline says why it is no longer free.
    [
      { refundable: true, freeUntil: "20291230" },
      "card_guarantee",
      "Free cancellation ended on 30 Dec 2029: cancelling now costs the first night",
      "Credit card as guarantee",
    ],
    [{ refundable: true, freeUntil: null }, "pre_authorisation", "Free cancellation", "Pre-authorisation"],
    [
      { refundable: true, freeUntil: "20300105" },
      "bank_transfer",
      "Free cancellation until",
      "bank transfer",
    ],
  ])("cancellation %o with %s reads “%s” and “%s”", (cancellation, payment, cancelText, paymentText) => {
    renderCard({ room: aRoom({ rates: [aRate({ cancellation, payment })] }) });
    const text = screen.getByRole("article", { name: "Room only – flexible" }).textContent ?? "";
    expect(text).toContain(cancelText);
    expect(text).toContain(paymentText);
    expect(text).toContain("No prepayment");
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("never calls a flexible rate past its deadline non-refundable", () => {
    renderCard({
      room: aRoom({ rates: [aRate({ cancellation: { refundable: true, freeUntil: "20291230" } })] }),
    });
    const text = screen.getByRole("article", { name: "Room only – flexible" }).textContent ?? "";
    expect(text).not.toContain("Non-refundable");
    expect(text).toContain("cancelling now costs the first night");
  });

  it("opens the per-night breakdown with a disclosure button", () => {
    renderCard();
    const button = screen.getByRole("button", { name: "Price per night" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    const panel = document.getElementById(button.getAttribute("aria-controls") ?? "")!;
    expect(panel.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByRole("rowheader", { name: /10 Jan/ })).toBeTruthy();
  });

  it("with refund protection ticked, the rate's total and prepayment count it, as the selection bar does", () => {
    const rate = aRate({
      total: 200,
      payment: "prepaid",
      prepaids: [
        { date: today, amount: 106, percent: 50 },
        { date: "20300105", amount: 106, percent: 50 },
      ],
      stayTotal: 212,
      refundPrice: 19,
    });
    renderCard({ room: aRoom({ rates: [rate] }) });
    const card = screen.getByRole("article", { name: rate.name });
    expect(card.querySelector(".rate__total")?.textContent).toBe(eur(212));
    fireEvent.click(within(card).getByRole("checkbox"));
    // 212 + 19: what the selection bar says for this room (selectionTotals).
    expect(card.querySelector(".rate__total")?.textContent).toBe(eur(231));
    expect(card.textContent).toContain(
      `Prepayment: 50% (${eur(115.5)}) today; 50% (${eur(115.5)}) on 5 Jan 2030`,
    );
  });

  it("selects a rate with the refund protection as ticked, and shows it pressed once selected", () => {
    const rate = aRate({ refundPrice: 19 });
    const room = aRoom({ rates: [rate] });
    const { onSelect, rerender, onRefundChange } = renderCard({ room });
    const select = screen.getByRole("button", { name: /^Select/ });
    expect(select.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(select);
    expect(onSelect).toHaveBeenCalledWith(rate, true);

    rerender(
      wrap(
        <RoomCard
          room={room}
          currency="EUR"
          nights={2}
          today={today}
          selected={{ roomId: room.id, rateId: rate.id, refund: false }}
          onSelect={onSelect}
          onRefundChange={onRefundChange}
        />,
      ),
    );
    const selected = screen.getByRole("button", { name: /^Selected/ });
    expect(selected.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("checkbox"));
    expect(onRefundChange).toHaveBeenCalledWith(rate, true);
  });

  it("shows rooms left only when few are, and amenities with text labels", () => {
    renderCard({ room: aRoom({ count: 3, amenities: ["wifi", "balcony", "unknown_code"] }) });
    expect(screen.getByText("3 rooms left")).toBeTruthy();
    const amenities = screen.getByRole("list", { name: "Amenities" });
    expect(
      within(amenities)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Free Wi-Fi", "Balcony"]);
    cleanup();
    renderCard({ room: aRoom({ count: 6 }) });
    expect(screen.queryByText(/rooms? left/)).toBeNull();
  });

  it("has an accessible gallery: alt text by room and index, previous and next, a box when a photo fails", () => {
    renderCard();
    const first = screen.getByRole("img", { name: "Classic double room, photo 1 of 2" });
    fireEvent.click(screen.getByRole("button", { name: "Next photo of Classic double room" }));
    expect(screen.getByRole("img", { name: "Classic double room, photo 2 of 2" })).toBeTruthy();
    expect(first.isConnected).toBe(false);
    fireEvent.error(screen.getByRole("img", { name: "Classic double room, photo 2 of 2" }));
    const box = screen.getByRole("img", { name: "Classic double room, photo 2 of 2" });
    expect(box.tagName).toBe("DIV");
  });
});
