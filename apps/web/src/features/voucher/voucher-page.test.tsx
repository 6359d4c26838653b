// @vitest-environment happy-dom
import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { ROUTES } from "../../app/routes";
import { buildHotelContext, renderInHotel } from "../global/render-in-hotel";
import { aReservation } from "./test-fixtures";
import VoucherPage from "./voucher-page";

const path = "/hotel/1/channel/1/language/1/voucher/code/7K3M9QX2HT4VZ8PN/email/maria%40example.test";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function renderVoucher(language = 1) {
  const location = memoryLocation({
    path: path.replace("/language/1/", `/language/${language}/`),
    record: true,
  });
  const context = buildHotelContext();
  renderInHotel(
    <Router hook={location.hook}>
      <Route path={ROUTES.voucher} component={VoucherPage} />
    </Router>,
    { ...context, ids: { ...context.ids, language } },
  );
  return location;
}

const text = (element: HTMLElement) => (element.textContent ?? "").replace(/\s+/g, " ");

describe("voucher page", () => {
  let answer: () => Response;
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  beforeEach(() => {
    answer = () => json(aReservation());
    fetchMock.mockClear();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks retrieve.do with the channel, code and e-mail of the route, and the page's language", async () => {
    renderVoucher();
    await screen.findByRole("heading", { level: 1, name: "Your reservation at Hotel Lago Blu" });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/retrieve.do");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({
      channel: 1,
      code: "7K3M9QX2HT4VZ8PN",
      mail: "maria@example.test",
      language: 1,
    });
  });

  it("asks for the names in the page's language, whatever language the guest booked in", async () => {
    renderVoucher(6);
    await screen.findByRole("heading", { level: 1 });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ code: "7K3M9QX2HT4VZ8PN", language: 6 });
  });

  it("shows no amount but the city tax when the travel agency sets the guest's price (a net rate)", async () => {
    answer = () =>
      json(
        aReservation({
          pricesHidden: true,
          total: 0,
          roomTotal: 0,
          servicesTotal: 0,
          prepayments: [],
          refunds: [],
          bankTransfer: null,
          rooms: aReservation().rooms.map((room) => ({
            ...room,
            roomTotal: 0,
            nightly: [],
            extra: room.extra.map((e) => ({ ...e, price: 0 })),
          })),
          extra: aReservation().extra.map((e) => ({ ...e, price: 0 })),
        }),
      );
    renderVoucher();
    await screen.findByRole("heading", { level: 1 });
    const main = text(screen.getByRole("main"));
    expect(main).toContain("Your travel agency arranges the price and the payment of this stay with you.");
    expect(main).toContain("Arranged by your travel agency");
    expect(main).not.toMatch(/(?<!\d)0[.,]00/);
    // The city tax is the guest's, paid at the hotel.
    expect(main).toMatch(/10[.,]00/);
  });

  it("shows every section of the reservation in words", async () => {
    renderVoucher();
    await screen.findByRole("heading", { level: 1 });
    const main = screen.getByRole("main");

    // Code, status, booking date, promo code.
    expect(within(main).getByText("7K3M9QX2HT4VZ8PN")).toBeTruthy();
    expect(text(main)).toContain("Status: Confirmed");
    expect(text(main)).toContain("Promo code: SPRING");

    // Stay, hotel, booker.
    const stay = within(main).getByRole("region", { name: "Your stay" });
    expect(text(stay)).toContain("ArrivalThu, 10 Jan 2030");
    expect(text(stay)).toContain("DepartureSat, 12 Jan 2030");
    expect(text(stay)).toContain("2 nights");
    expect(text(stay)).toContain("Expected arrival time18:00");
    const hotel = within(main).getByRole("region", { name: "Hotel" });
    expect(text(hotel)).toContain("Via Roma 1, Riva del Garda, Italy");
    expect(within(hotel).getByRole("link", { name: "+39 0464 555 010" }).getAttribute("href")).toBe(
      "tel:+390464555010",
    );
    expect(within(hotel).getByRole("link", { name: "info@lagoblu.test" }).getAttribute("href")).toBe(
      "mailto:info@lagoblu.test",
    );
    const booker = within(main).getByRole("region", { name: "Booked by" });
    expect(text(booker)).toContain("Maria Rossi");
    expect(text(booker)).toContain("maria.work@example.test");
    expect(text(booker)).toContain("Via Verdi 3, 20121 Milano, Italy");
    expect(text(booker)).toContain("RSSMRA80A41F205X");

    // The room.
    const room = within(main).getByRole("article", { name: "Room 1: Double Room Lake View" });
    expect(text(room)).toContain("Booked");
    expect(text(room)).toContain("2 adults, 2 children aged 4, 7");
    expect(text(room)).toContain("Flexible rate");
    expect(text(room)).toContain("Half board");
    expect(text(room)).toContain("Refund protectionIncluded");
    expect(text(room)).toContain("Room total300,00 EUR");
    expect(within(room).getByText("Price per night")).toBeTruthy();
    expect(text(room)).toContain("Thu, 10 Jan 2030140,00 EUR");
    expect(text(room)).toContain("Fri, 11 Jan 2030160,00 EUR");
    expect(text(room)).toContain("Airport transfer60,00 EUR");
    expect(text(room)).toContain("Time slot14:00-15:00");
    expect(text(room)).toContain("Flight, train or boat numberFR1234");
    expect(text(room)).toContain("PlaceVRN");
    expect(text(room)).toContain("2 × Welcome drinkFree");
    expect(text(room)).toContain("Maria RossiAdult · born 01/02/1980");
    expect(text(room)).toContain("Luca RossiChild · born 03/04/2023");

    // Services for the whole stay, totals.
    const services = within(main).getByRole("region", { name: "Services for the whole stay" });
    expect(text(services)).toContain("Late check-out25,00 EUR");
    const totals = within(main).getByRole("region", { name: "Totals" });
    expect(text(totals)).toContain("Rooms300,00 EUR");
    expect(text(totals)).toContain("Extra services85,00 EUR");
    expect(text(totals)).toContain("Refund protection12,00 EUR");
    expect(text(totals)).toContain("Total397,00 EUR");
    expect(text(totals)).toContain("City tax to pay at the hotel, not included in the total10,00 EUR");

    // Payment, schedule, policy.
    const payment = within(main).getByRole("region", { name: "Payment" });
    expect(text(payment)).toContain("Card payment, card ending 4242");
    const rows = within(payment)
      .getAllByRole("row")
      .map((row) => text(row));
    expect(rows).toEqual(["DateAmountStatus", "5 Jan 2030200,00 EURPaid", "8 Jan 2030197,00 EURTo pay"]);
    const policy = within(main).getByRole("region", { name: "Cancellation policy" });
    expect(text(policy)).toContain("Free cancellation until 8 Jan 2030.");

    // Notes, invoice data.
    const notes = within(main).getByRole("region", { name: "Notes" });
    expect(text(notes)).toContain("Your noteWe arrive late.");
    expect(text(notes)).toContain("Note from the hotelParking is free.");
    const invoice = within(main).getByRole("region", { name: "Invoice data" });
    expect(text(invoice)).toContain("Rossi Srl");
    expect(text(invoice)).toContain("IT01234567890");
    expect(text(invoice)).toContain("ABC1234");

    // The actions this reservation allows (voucher-actions.tsx; manage-actions.test.tsx tries them).
    expect(
      within(main)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual([
      "Copy code",
      "Print",
      "Download PDF",
      "Pay in installments",
      "Change dates",
      "Add services",
      "Cancel the reservation",
      "Edit transfer details",
    ]);
  });

  it("shows a fly & stay room's flights out and back, and their price in the room's breakdown", async () => {
    const base = aReservation();
    const flown = {
      ...base.rooms[0]!,
      roomTotal: 636,
      flights: {
        outbound: {
          code: "EZY8421",
          from: "LGW",
          to: "VRN",
          date: "20300110",
          time: "09:40",
          arrivalTime: "12:50",
        },
        return: {
          code: "EZY8422",
          from: "VRN",
          to: "LGW",
          date: "20300112",
          time: "13:35",
          arrivalTime: null,
        },
        passengers: 4,
        flightTotal: 336,
      },
    };
    answer = () => json(aReservation({ rooms: [flown] }));
    renderVoucher();
    // The flights' texts are a bundle of their own, loaded on first use: a busy machine may take a while.
    const room = await screen.findByRole(
      "article",
      { name: "Room 1: Double Room Lake View" },
      { timeout: 5000 },
    );
    const flights = await within(room).findByRole("region", { name: "Your flights" }, { timeout: 5000 });
    expect(text(flights)).toContain("Outbound flightEZY8421 LGW → VRN, Thu 10 Jan at 09:40");
    expect(text(flights)).toContain("Return flightEZY8422 VRN → LGW, Sat 12 Jan at 13:35");
    expect(text(room)).toContain("Flights336,00 EUR");
    expect(text(room)).toContain("Room total636,00 EUR");
    // The nights and the flights add up to the room's total.
    const nights = within(room).getByRole("table");
    expect(within(nights).getByRole("rowheader", { name: "Flights" })).toBeTruthy();
  });

  it("names what the rate or package of a room includes, as its rate card did", async () => {
    const base = aReservation();
    const room = { ...base.rooms[0]!, included: ["Welcome prosecco", "Private transfer"] };
    answer = () => json(aReservation({ rooms: [room] }));
    renderVoucher();
    const article = await screen.findByRole("article", { name: "Room 1: Double Room Lake View" });
    expect(text(article)).toContain("IncludedWelcome prosecco, Private transfer");
  });

  it.each([
    [
      { amount: 440, status: "authorised" as const },
      "Held on your card: 440,00\u00a0EUR. Nothing is charged",
    ],
    [
      { amount: 300, status: "captured" as const },
      "The hotel has charged 300,00\u00a0EUR of the amount held",
    ],
    [{ amount: 440, status: "released" as const }, "The hotel has released the amount held on your card"],
    [{ amount: 0, status: "authorised" as const }, "Your card is registered as a guarantee"],
  ])("says what the card holds (%o), beside the payment method", async (cardHold, words) => {
    answer = () => json(aReservation({ paymentMethod: "pre_authorisation", cardHold }));
    renderVoucher();
    expect(
      await screen.findByText(
        (_, el) => el?.className === "voucher-hold" && el.textContent!.startsWith(words),
      ),
    ).toBeTruthy();
  });

  it("shows each segment's own dates on a split stay, and none on a room of the whole stay", async () => {
    const base = aReservation({ arrival: "20300110", departure: "20300113" });
    const first = { ...base.rooms[0]!, arrival: "20300110", departure: "20300111" };
    const second = {
      ...base.rooms[0]!,
      id: 12,
      name: "Junior Suite",
      arrival: "20300111",
      departure: "20300113",
    };
    answer = () => json({ ...base, rooms: [first, second] });
    renderVoucher();
    const one = await screen.findByRole("article", { name: "Room 1: Double Room Lake View" });
    const two = screen.getByRole("article", { name: "Room 2: Junior Suite" });
    expect(text(one)).toContain("DatesThu, 10 Jan 2030 – Fri, 11 Jan 2030");
    expect(text(two)).toContain("DatesFri, 11 Jan 2030 – Sun, 13 Jan 2030");
  });

  it("shows no flights on a room without them", async () => {
    renderVoucher();
    const room = await screen.findByRole("article", { name: "Room 1: Double Room Lake View" });
    expect(within(room).queryByRole("region", { name: "Your flights" })).toBeNull();
    expect(text(room)).not.toContain("Flights");
  });

  it("prints with window.print and copies the code", async () => {
    const print = vi.fn();
    vi.stubGlobal("print", print);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    renderVoucher();
    await user.click(await screen.findByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledOnce();
    await user.click(screen.getByRole("button", { name: "Copy code" }));
    expect(writeText).toHaveBeenCalledWith("7K3M9QX2HT4VZ8PN");
    expect((await screen.findByText("Code copied.")).getAttribute("role")).toBe("status");
  });

  describe("Download PDF", () => {
    const pdfBytes = "%PDF-1.7 voucher";
    let pdfAnswer: () => Response;
    let clicked: { href: string; download: string }[];
    beforeEach(() => {
      pdfAnswer = () =>
        new Response(pdfBytes, {
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": 'attachment; filename="Hotel-Lago-Blu-7K3M9QX2HT4VZ8PN.pdf"',
          },
        });
      fetchMock.mockImplementation(async (url: string) =>
        url === "/api/voucher.pdf" ? pdfAnswer() : answer(),
      );
      clicked = [];
      vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push({ href: this.href, download: this.download });
      });
      vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:voucher-1");
      vi.spyOn(URL, "revokeObjectURL").mockReturnValue();
    });
    afterEach(() => {
      fetchMock.mockImplementation(async () => answer());
      vi.restoreAllMocks();
    });

    it("posts the code, e-mail, channel and page language, never in a URL, and saves the PDF under its name", async () => {
      const user = userEvent.setup();
      renderVoucher();
      await user.click(await screen.findByRole("button", { name: "Download PDF" }));
      expect(await screen.findByText("The PDF has been downloaded.")).toBeTruthy();
      const call = fetchMock.mock.calls.find(([url]) => url === "/api/voucher.pdf");
      expect(call?.[1]?.method).toBe("POST");
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({
        channel: 1,
        code: "7K3M9QX2HT4VZ8PN",
        mail: "maria@example.test",
        language: 1,
      });
      expect(clicked).toEqual([{ href: "blob:voucher-1", download: "Hotel-Lago-Blu-7K3M9QX2HT4VZ8PN.pdf" }]);
      const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
      expect(await blob.text()).toBe(pdfBytes);
    });

    it("says so when the PDF could not be made, and when there were too many tries", async () => {
      const user = userEvent.setup();
      pdfAnswer = () => json({ error: { code: "internal", message: "boom", requestId: "r1" } }, 500);
      renderVoucher();
      const button = await screen.findByRole("button", { name: "Download PDF" });
      await user.click(button);
      expect(await screen.findByText("The PDF could not be downloaded. Please try again.")).toBeTruthy();
      pdfAnswer = () => json({ error: { code: "rate_limited", message: "Too many", requestId: "r2" } }, 429);
      await user.click(button);
      expect(await screen.findByText("Please wait a few minutes, then try again.")).toBeTruthy();
      expect(clicked).toEqual([]);
    });
  });

  it("shows the bank-transfer details and the cancellation warning", async () => {
    answer = () =>
      json(
        aReservation({
          status: "pending_confirmation",
          paymentMethod: "bank_transfer",
          cardLast4: null,
          bankTransfer: {
            owner: "Lago Blu Srl",
            iban: "IT60X0542811101000000123456",
            bic: "BPMOIT22XXX",
            reference: "K7M2Q9X4",
            dueDate: "20300108",
          },
          optionExpiresAt: "2030-01-06T17:00:00Z",
          policy: { refundable: false, freeUntil: null },
        } satisfies Partial<Reservation>),
      );
    renderVoucher();
    const payment = await screen.findByRole("region", { name: "Payment" });
    expect(text(payment)).toContain("Payment methodBank transfer");
    expect(text(payment)).not.toContain("card ending");
    expect(text(payment)).toContain("Account holderLago Blu Srl");
    expect(text(payment)).toContain("IBANIT60X0542811101000000123456");
    expect(text(payment)).toContain("BICBPMOIT22XXX");
    expect(text(payment)).toContain("Reference (please quote it)K7M2Q9X4");
    expect(text(payment)).toContain("Pay by8 Jan 2030");
    expect(text(payment)).toContain(
      "If the payment does not arrive by 8 Jan 2030, the booking is cancelled.",
    );
    const main = screen.getByRole("main");
    // The option expiry in the hotel's time zone (Europe/Rome: 18:00).
    expect(text(main)).toContain("Status: Pending confirmation");
    expect(text(main)).toContain("The hotel holds this option until 6 Jan 2030, 18:00");
    expect(text(screen.getByRole("region", { name: "Cancellation policy" }))).toContain("Non-refundable");
  });

  it("keeps the bank details but warns of nothing once nothing is due", async () => {
    answer = () =>
      json(
        aReservation({
          paymentMethod: "bank_transfer",
          cardLast4: null,
          bankTransfer: {
            owner: "Lago Blu Srl",
            iban: "IT60X0542811101000000123456",
            bic: null,
            reference: "K7M2Q9X4",
            dueDate: null,
          },
        } satisfies Partial<Reservation>),
      );
    renderVoucher();
    const payment = await screen.findByRole("region", { name: "Payment" });
    expect(text(payment)).toContain("IBANIT60X0542811101000000123456");
    expect(text(payment)).not.toContain("Pay by");
    expect(text(payment)).not.toContain("is cancelled");
    expect(text(payment)).not.toContain("BIC");
  });

  it("tells a wrong code or e-mail and links to the reservation search", async () => {
    answer = () =>
      json(
        { error: { code: "reservation_not_found", message: "Reservation not found", requestId: "r1" } },
        404,
      );
    renderVoucher();
    await screen.findByRole("heading", { level: 1, name: "Reservation not found: check the details" });
    expect(screen.getByRole("link", { name: "Find my reservation" }).getAttribute("href")).toBe(
      "/hotel/1/channel/1/language/1/recover",
    );
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it("asks to wait after too many tries", async () => {
    answer = () => json({ error: { code: "rate_limited", message: "Too many", requestId: "r2" } }, 429);
    renderVoucher();
    await screen.findByRole("heading", { level: 1, name: "Too many attempts" });
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
