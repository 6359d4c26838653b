// @vitest-environment happy-dom
import { MANAGE_PATHS } from "@alloggio/domain/contract/booking/manage";
import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { addDays } from "@alloggio/domain/stay-dates/stay-dates";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { ROUTES } from "../../app/routes";
import { i18n } from "../../i18n/i18n";
import { buildHotelContext, renderInHotel } from "../global/render-in-hotel";
import { MANAGE_CALLS } from "./api/manage-paths";
import { aReservation } from "./test-fixtures";
import VoucherPage from "./voucher-page";

const path = "/hotel/1/channel/1/language/1/voucher/code/7K3M9QX2HT4VZ8PN/email/maria%40example.test";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
const problem = (status: number, code: string) =>
  json({ error: { code, message: code, requestId: "r" } }, status);
const text = (element: HTMLElement) => (element.textContent ?? "").replace(/\s+/g, " ");
/** An accessible name with its spaces as spaces (money carries a no-break space before the code). */
const named = (expected: string) => (name: string) => name.replace(/\s+/g, " ") === expected;

/** Two rooms on a refundable rate, free cancellation until 8 Jan 2030; reservation room ids 101 and 102. */
function twoRooms(overrides: Partial<Reservation> = {}): Reservation {
  const base = aReservation();
  const first = { ...base.rooms[0]!, id: 101, roomTypeId: 3 };
  const second = {
    ...base.rooms[0]!,
    id: 102,
    roomTypeId: 4,
    name: "Single Room",
    adults: 1,
    children: [],
    roomTotal: 150,
    nightly: [
      { date: "20300110", price: 70 },
      { date: "20300111", price: 80 },
    ],
    extra: [],
    guests: [],
  };
  return aReservation({ rooms: [first, second], total: 547, roomTotal: 450, ...overrides });
}

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

describe("voucher actions", () => {
  let reservation: Reservation;
  let handlers: Record<string, Handler>;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api\//, "").split("?")[0]!;
    const handler = handlers[path];
    if (handler) return handler(url, init);
    if (path === "retrieve.do") return json(reservation);
    return problem(500, "unexpected");
  });
  const calls = (path: string) =>
    fetchMock.mock.calls.filter(([url]) => url.replace(/^\/api\//, "").split("?")[0] === path);
  const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
  const header = (init: RequestInit | undefined, name: string) =>
    (init?.headers as Record<string, string> | undefined)?.[name];

  // Every text the page and its dialogs use, loaded before the first render: a namespace first loaded when a dialog
  // opens suspends the page, and on a busy machine the dialog is looked for while the page is hidden.
  beforeAll(() => i18n.loadNamespaces(["voucher", "manage", "errors", "checkout", "global"]));

  beforeEach(() => {
    reservation = twoRooms();
    handlers = {};
    fetchMock.mockClear();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  async function renderVoucher(hotel = buildHotelContext()) {
    const location = memoryLocation({ path, record: true });
    renderInHotel(
      <Router hook={location.hook}>
        <Route path={ROUTES.voucher} component={VoucherPage} />
      </Router>,
      hotel,
    );
    await screen.findByRole("heading", { level: 1 });
    return { user: userEvent.setup(), panel: screen.getByRole("region", { name: "Manage your booking" }) };
  }

  it("calls the contract's paths", () => {
    for (const [name, call] of Object.entries(MANAGE_CALLS))
      expect(`/api/${call}`).toBe(MANAGE_PATHS[name as keyof typeof MANAGE_PATHS]);
  });

  it("cancels one room: preview first, then the cancellation with a key; the voucher shows the new total", async () => {
    handlers["delete.do"] = (_url, init) => {
      const sent = body(init);
      if (sent.preview)
        return json({
          currency: "EUR",
          cancelsReservation: false,
          free: true,
          penalty: 0,
          newTotal: 397,
          refund: 50,
          stillOwed: 0,
          rooms: [
            {
              id: 102,
              outcome: "free",
              reason: "before_deadline",
              penalty: 0,
              freeUntil: "20300108",
              freeBefore: "2030-01-08T23:00:00Z",
            },
          ],
        });
      const after = twoRooms({ total: 397, roomTotal: 300 });
      after.rooms[1] = { ...after.rooms[1]!, status: "C" };
      reservation = after;
      return json(after);
    };
    const { user } = await renderVoucher();
    const room = screen.getByRole("article", { name: "Room 2: Single Room" });
    const opener = within(room).getByRole("button", { name: "Cancel room 2" });
    await user.click(opener);

    const dialog = await screen.findByRole("dialog", { name: "Cancel room 2: Single Room" });
    await within(dialog).findByText("Cancellation is free.");
    expect(text(dialog)).toContain("Refund50,00 EUR");
    expect(text(dialog)).toContain("New total397,00 EUR");
    const [, previewInit] = calls("delete.do")[0]!;
    expect(body(previewInit)).toEqual({
      channel: 1,
      reservation: "7K3M9QX2HT4VZ8PN",
      mail: "maria@example.test",
      room: 102,
      preview: true,
      language: 1,
    });

    await user.click(within(dialog).getByRole("button", { name: "Cancel this room" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const [, cancelInit] = calls("delete.do")[1]!;
    expect(body(cancelInit)).toEqual({
      channel: 1,
      reservation: "7K3M9QX2HT4VZ8PN",
      mail: "maria@example.test",
      room: 102,
      // The answer names rooms and services in the page's language.
      language: 1,
    });
    expect(header(cancelInit, "Idempotency-Key")).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);

    // The answer is the reservation as it now stands: shown without asking retrieve.do (rate limited) again.
    expect(calls("retrieve.do")).toHaveLength(1);
    const status = within(screen.getByRole("region", { name: "Manage your booking" })).getByRole("status");
    expect(text(status)).toContain("Room 2 is cancelled. New total: 397,00 EUR. 50,00 EUR will be refunded.");
    await waitFor(() =>
      expect(text(screen.getByRole("region", { name: "Totals" }))).toContain("Total397,00 EUR"),
    );
    expect(text(screen.getByRole("article", { name: "Room 2: Single Room" }))).toContain("Cancelled");
    expect(document.activeElement?.textContent).toBe("Manage your booking");
  });

  it("shows the fee after the deadline, and retries a lost answer with the same key", async () => {
    let attempts = 0;
    handlers["delete.do"] = (_url, init) => {
      if (body(init).preview)
        return json({
          currency: "EUR",
          cancelsReservation: true,
          free: false,
          penalty: 140,
          newTotal: 140,
          refund: 60,
          stillOwed: 0,
          rooms: [
            {
              id: 101,
              outcome: "penalty",
              reason: "after_deadline",
              penalty: 140,
              freeUntil: "20300108",
              freeBefore: "2030-01-08T23:00:00Z",
            },
          ],
        });
      attempts++;
      if (attempts === 1) throw new TypeError("Failed to fetch");
      reservation = aReservation({ status: "cancelled", total: 140 });
      return json(reservation);
    };
    const { user, panel } = await renderVoucher();
    await user.click(within(panel).getByRole("button", { name: "Cancel the reservation" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel the reservation" });
    await within(dialog).findByText("A cancellation fee of 140,00 EUR applies.");
    expect(text(dialog)).toContain("Free cancellation ended on 8 Jan 2030");

    await user.click(within(dialog).getByRole("button", { name: "Cancel the reservation" }));
    const alert = await within(dialog).findByRole("alert");
    expect(text(alert)).toContain("Connection problem: nothing was changed.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel the reservation" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const keys = calls("delete.do")
      .filter(([, init]) => !body(init).preview)
      .map(([, init]) => header(init, "Idempotency-Key"));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    await waitFor(() => expect(text(screen.getByRole("main"))).toContain("Status: Cancelled"));
    expect(text(screen.getByRole("region", { name: "Manage your booking" }))).toContain(
      "Your reservation is cancelled.",
    );
  });

  it("closes a dialog with Escape and gives focus back to its button", async () => {
    handlers["delete.do"] = () => new Promise<Response>(() => {});
    const { user, panel } = await renderVoucher();
    const opener = within(panel).getByRole("button", { name: "Cancel the reservation" });
    await user.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Cancel the reservation" });
    dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it("swaps the dates of the stay: verifyDispo, the recalc preview, then modify with the previewed total", async () => {
    handlers["calendar.do"] = () =>
      json({
        from: "20300101",
        days: Array.from({ length: 90 }, (_, i) => ({
          date: addDays("20300101", i),
          closed: false,
          available: true,
          closedToArrival: false,
          closedToDeparture: false,
          minStay: 1,
          maxStay: null,
        })),
      });
    handlers[MANAGE_CALLS.verifyDispo] = () =>
      json({
        available: true,
        reason: null,
        detail: null,
        rooms: [{ id: 101, arrival: "20300115", departure: "20300118", nights: 3 }],
      });
    handlers["bol/reservation/7K3M9QX2HT4VZ8PN/recalc"] = () =>
      json({
        currency: "EUR",
        alreadyDebited: 200,
        was: 547,
        becomes: 697,
        difference: 150,
        payNow: 0,
        payLater: 0,
        payAtHotel: 497,
        refund: 0,
        rooms: [],
        nextStatus: "confirmed",
      });
    handlers["bol/reservation/7K3M9QX2HT4VZ8PN/modify"] = () => {
      reservation = twoRooms({ total: 697, arrival: "20300115", departure: "20300118" });
      return json({ reservation, payNow: 0, refund: 0 });
    };
    const { user, panel } = await renderVoucher();
    await user.click(within(panel).getByRole("button", { name: "Change dates" }));
    const dialog = await screen.findByRole("dialog", { name: "Change the dates of your stay" });

    // The same dates are refused at once, without asking the server.
    await user.click(within(dialog).getByRole("button", { name: "Check availability and price" }));
    expect(text(within(dialog).getByRole("alert"))).toContain("These are the dates you already have.");
    expect(calls(MANAGE_CALLS.verifyDispo)).toHaveLength(0);

    await user.click(within(dialog).getByRole("button", { name: /^Arrival and departure/ }));
    const picker = await screen.findByRole("dialog", { name: "Choose your dates" });
    await user.click(picker.querySelector<HTMLButtonElement>('[data-date="20300115"]')!);
    await user.click(picker.querySelector<HTMLButtonElement>('[data-date="20300118"]')!);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Choose your dates" })).toBeNull());
    await user.click(within(dialog).getByRole("button", { name: "Check availability and price" }));

    await within(dialog).findByText("Becomes");
    expect(text(dialog)).toContain("Already debited200,00 EUR");
    expect(text(dialog)).toContain("Was547,00 EUR");
    expect(text(dialog)).toContain("Becomes697,00 EUR");
    expect(text(dialog)).toContain("Difference+150,00 EUR");
    // A pay-at-hotel booking: the new total is paid at the hotel, nothing later online.
    expect(text(dialog)).toContain("To pay at the hotel: 497,00 EUR");
    expect(text(dialog)).not.toContain("To prepay later");
    expect(body(calls(MANAGE_CALLS.verifyDispo)[0]![1])).toEqual({
      reservation: "7K3M9QX2HT4VZ8PN",
      mail: "maria@example.test",
      arrival: "20300115",
      departure: "20300118",
    });

    await user.click(within(dialog).getByRole("button", { name: "Confirm the change" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const [, modifyInit] = calls("bol/reservation/7K3M9QX2HT4VZ8PN/modify")[0]!;
    expect(body(modifyInit)).toEqual({
      action: "confirm",
      mail: "maria@example.test",
      change: { kind: "dates", arrival: "20300115", departure: "20300118" },
      expectedBecomes: 697,
      language: 1,
    });
    expect(header(modifyInit, "Idempotency-Key")).toBeTruthy();
    expect(text(screen.getByRole("region", { name: "Manage your booking" }))).toContain(
      "Your dates are changed. New total: 697,00 EUR.",
    );
  });

  it("says why new dates cannot be had (SPEC §8), and drops a previewed change on request", async () => {
    handlers["calendar.do"] = () => json({ from: "20300101", days: [] });
    let available = false;
    handlers[MANAGE_CALLS.verifyDispo] = () =>
      json(
        available
          ? { available: true, reason: null, detail: null, rooms: [] }
          : { available: false, reason: "swap_not_available", detail: null, rooms: [] },
      );
    handlers["bol/reservation/7K3M9QX2HT4VZ8PN/recalc"] = () =>
      json({
        currency: "EUR",
        alreadyDebited: 200,
        was: 547,
        becomes: 547,
        difference: 0,
        payNow: 0,
        payLater: 0,
        payAtHotel: 0,
        refund: 0,
        rooms: [],
        nextStatus: "confirmed",
      });
    handlers["bol/reservation/7K3M9QX2HT4VZ8PN/modify"] = () => json({ reservation, payNow: 0, refund: 0 });
    const { user } = await renderVoucher();
    await user.click(screen.getByRole("button", { name: "Change the dates of room 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Change the dates of room 2: Single Room" });
    // The picker's own value, moved by a day through the keyboard.
    await user.click(within(dialog).getByRole("button", { name: /^Arrival and departure/ }));
    const picker = await screen.findByRole("dialog", { name: "Choose your dates" });
    await user.click(picker.querySelector<HTMLButtonElement>('[data-date="20300111"]')!);
    await user.click(picker.querySelector<HTMLButtonElement>('[data-date="20300113"]')!);
    await user.click(within(dialog).getByRole("button", { name: "Check availability and price" }));
    expect(text(await within(dialog).findByRole("alert"))).toContain(
      "The selected room is not available on the new dates.",
    );
    available = true;
    await user.click(within(dialog).getByRole("button", { name: "Check availability and price" }));
    await user.click(await within(dialog).findByRole("button", { name: "Cancel the change" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(body(calls("bol/reservation/7K3M9QX2HT4VZ8PN/modify")[0]![1])).toEqual({
      action: "cancel",
      mail: "maria@example.test",
      change: { kind: "dates", room: 102, arrival: "20300111", departure: "20300113" },
      language: 1,
    });
    expect(body(calls(MANAGE_CALLS.verifyDispo)[0]![1])).toMatchObject({ room: 102 });
  });

  it("offers nothing to change on a resellable rate and promises no resale", async () => {
    const base = twoRooms({ policy: { refundable: false, freeUntil: null } });
    reservation = { ...base, rooms: base.rooms.map((room) => ({ ...room, resellable: true })) };
    const { panel } = await renderVoucher();
    expect(text(panel)).toContain("This rate cannot be changed or cancelled.");
    // There is no resale action yet (ADR 0021): nothing on the voucher may offer one.
    expect(text(document.body)).not.toMatch(/resale|resell/i);
    expect(within(panel).queryByRole("button", { name: "Cancel the reservation" })).toBeNull();
    expect(within(panel).queryByRole("button", { name: "Change dates" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel room 2" })).toBeNull();
  });

  it("puts a resellable room up for resale with a key, then shows the nights resold and the refund", async () => {
    const base = twoRooms({ policy: { refundable: false, freeUntil: null } });
    const resale = { deadline: "2030-01-09T22:59:59.999Z", feePercent: 10, offer: null };
    reservation = { ...base, rooms: base.rooms.map((room) => ({ ...room, resellable: true, resale })) };
    const offer = {
      id: 7,
      roomId: 101,
      status: "listed" as const,
      deadline: resale.deadline,
      feePercent: 10,
      nights: [
        { day: "20300110", status: "sold" as const },
        { day: "20300111", status: "listed" as const },
      ],
      recovered: 100,
      fee: 10,
      refund: 90,
      currency: "EUR",
    };
    const listPath = "v2/reservations/7K3M9QX2HT4VZ8PN/resale";
    handlers[listPath] = () => {
      reservation = {
        ...reservation,
        rooms: reservation.rooms.map((room) =>
          room.id === 101 ? { ...room, resale: { ...resale, offer } } : room,
        ),
      };
      return json({ offers: [offer] });
    };
    const { user } = await renderVoucher();
    expect(text(document.body)).toContain("less a 10% fee. If nobody does, nothing changes.");
    await user.click(screen.getByRole("button", { name: "Put room 1 up for resale" }));
    await waitFor(() => expect(calls(listPath)).toHaveLength(1));
    const [, init] = calls(listPath)[0]!;
    expect(body(init)).toEqual({ mail: "maria@example.test", rooms: [101] });
    expect(header(init, "Idempotency-Key")).toBeTruthy();
    const room = await screen.findByRole("region", { name: "Resale of room 1" });
    expect(text(room)).toContain("Nights resold");
    expect(text(room).replace(/\u00a0/g, " ")).toMatch(/Your refund.*90,00/);
    // The other room may still be put up for resale.
    expect(screen.getByRole("button", { name: "Put room 2 up for resale" })).toBeTruthy();
  });

  it("withdraws a listed offer none of whose nights sold, with a key; one with a night sold offers no withdrawal", async () => {
    const base = twoRooms({ policy: { refundable: false, freeUntil: null } });
    const deadline = "2030-01-09T22:59:59.999Z";
    const offer = (id: number, roomId: number, sold: boolean) => ({
      id,
      roomId,
      status: "listed" as const,
      deadline,
      feePercent: 10,
      nights: [
        { day: "20300110", status: sold ? ("sold" as const) : ("listed" as const) },
        { day: "20300111", status: "listed" as const },
      ],
      recovered: sold ? 100 : 0,
      fee: sold ? 10 : 0,
      refund: sold ? 90 : 0,
      currency: "EUR",
    });
    reservation = {
      ...base,
      rooms: base.rooms.map((room) => ({
        ...room,
        resellable: true,
        resale: { deadline, feePercent: 10, offer: offer(room.id === 101 ? 7 : 8, room.id, room.id === 102) },
      })),
    };
    const withdrawPath = "v2/reservations/7K3M9QX2HT4VZ8PN/resale/7";
    handlers[withdrawPath] = () => {
      reservation = {
        ...reservation,
        rooms: reservation.rooms.map((room) =>
          room.id === 101 && room.resale
            ? {
                ...room,
                resale: { ...room.resale, offer: { ...offer(7, 101, false), status: "withdrawn" as const } },
              }
            : room,
        ),
      };
      return json({ offers: [{ ...offer(7, 101, false), status: "withdrawn" }] });
    };
    const { user } = await renderVoucher();
    expect(screen.queryByRole("button", { name: "Withdraw room 2 from resale" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Withdraw room 1 from resale" }));
    await waitFor(() => expect(calls(withdrawPath)).toHaveLength(1));
    const [, init] = calls(withdrawPath)[0]!;
    expect(init?.method).toBe("DELETE");
    expect(body(init)).toEqual({ mail: "maria@example.test" });
    expect(header(init, "Idempotency-Key")).toBeTruthy();
    expect(await screen.findByText("Room 1 is no longer up for resale.")).toBeTruthy();
    // Withdrawn before any sale, it can be put up again until the deadline.
    expect(await screen.findByRole("button", { name: "Put room 1 up for resale" })).toBeTruthy();
  });

  it("pays now through the gateway's page for a redirect method", async () => {
    reservation = aReservation({
      status: "payment_required",
      prepayments: [{ id: 51, date: "20300105", amount: 397, status: "due", kind: "prepayment" }],
    });
    handlers["bol/reservation/7K3M9QX2HT4VZ8PN/pay"] = () =>
      json({ status: "payment_required", next: "3ds", redirectUrl: "/sandbox-gateway/pay/abc", amount: 397 });
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, pathname: "/", search: "" });
    const { user, panel } = await renderVoucher();
    expect(text(panel)).not.toContain("Change dates");
    expect(text(panel)).toContain("Complete the payment or the card authorisation first");
    await user.click(within(panel).getByRole("button", { name: named("Pay 397,00 EUR now") }));
    const dialog = await screen.findByRole("dialog", { name: "Pay now" });
    expect(within(dialog).getByTitle("Secure card form of the payment provider")).toBeTruthy();
    // Without a card, the card is asked for first.
    await user.click(within(dialog).getByRole("button", { name: named("Pay 397,00 EUR") }));
    expect(text(within(dialog).getByRole("alert"))).toContain("Enter your card details first.");
    await user.click(within(dialog).getByRole("radio", { name: "Instant bank payment" }));
    await user.click(within(dialog).getByRole("button", { name: "Continue to the payment page" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/sandbox-gateway/pay/abc"));
    const [, init] = calls("bol/reservation/7K3M9QX2HT4VZ8PN/pay")[0]!;
    // Due on a later day, but the booking waits for it: that payment due, by its id.
    expect(body(init)).toEqual({ mail: "maria@example.test", prepayment: 51, method: "instant_bank" });
  });

  it("with a gateway that takes the card on its own page: pay now by card without a card form, off to its page", async () => {
    reservation = aReservation({
      status: "payment_required",
      prepayments: [{ id: 51, date: "20300105", amount: 397, status: "due", kind: "prepayment" }],
    });
    const stripePage = "https://checkout.stripe.com/c/pay/cs_test_9";
    handlers["bol/reservation/7K3M9QX2HT4VZ8PN/pay"] = () =>
      json({ status: "payment_required", next: "3ds", redirectUrl: stripePage, amount: 397 });
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, pathname: "/", search: "" });
    const { user, panel } = await renderVoucher(buildHotelContext({ gateway: "stripe" }));
    await user.click(within(panel).getByRole("button", { name: named("Pay 397,00 EUR now") }));
    const dialog = await screen.findByRole("dialog", { name: "Pay now" });
    expect(within(dialog).queryByTitle("Secure card form of the payment provider")).toBeNull();
    expect(text(dialog)).toContain("You will enter your card on the secure page of our payment provider");
    await user.click(within(dialog).getByRole("button", { name: "Continue to the payment page" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(stripePage));
    expect(body(calls("bol/reservation/7K3M9QX2HT4VZ8PN/pay")[0]![1])).toEqual({
      mail: "maria@example.test",
      prepayment: 51,
      method: "card_payment",
    });
  });

  it("offers Pay now only the redirect methods the hotel's payment account takes", async () => {
    reservation = aReservation({
      status: "payment_required",
      prepayments: [{ id: 51, date: "20300105", amount: 397, status: "due", kind: "prepayment" }],
      payMethods: ["wallet", "pay_by_link"],
    });
    const { user, panel } = await renderVoucher(buildHotelContext({ gateway: "stripe" }));
    await user.click(within(panel).getByRole("button", { name: named("Pay 397,00 EUR now") }));
    const dialog = await screen.findByRole("dialog", { name: "Pay now" });
    const offered = within(dialog)
      .getAllByRole("radio")
      .map((radio) => (radio as HTMLInputElement).value);
    expect(offered).toEqual(["card_payment", "wallet"]);
  });

  it("with a gateway that takes the card on its own page: authorise now sends no card and follows its page", async () => {
    reservation = aReservation({ status: "preauth_required", prepayments: [] });
    const stripePage = "https://checkout.stripe.com/c/pay/cs_test_auth";
    handlers["bol/reservation/7K3M9QX2HT4VZ8PN/authorise"] = () =>
      json({ status: "preauth_required", next: "3ds", redirectUrl: stripePage, amount: 397 });
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, pathname: "/", search: "" });
    const { user, panel } = await renderVoucher(buildHotelContext({ gateway: "stripe" }));
    await user.click(within(panel).getByRole("button", { name: "Authorise your card now" }));
    const dialog = await screen.findByRole("dialog", { name: "Authorise your card" });
    expect(within(dialog).queryByTitle("Secure card form of the payment provider")).toBeNull();
    expect(text(dialog)).toContain("secure page of our payment provider");
    await user.click(within(dialog).getByRole("button", { name: "Authorise now" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(stripePage));
    expect(body(calls("bol/reservation/7K3M9QX2HT4VZ8PN/authorise")[0]![1])).toEqual({
      mail: "maria@example.test",
    });
  });

  it("with a gateway that takes the card on its own page: installments send no card and follow its page", async () => {
    reservation = aReservation({
      arrival: "20300610",
      departure: "20300612",
      prepayments: [{ id: 71, date: "20300601", amount: 397, status: "due", kind: "prepayment" }],
    });
    const stripePage = "https://checkout.stripe.com/c/pay/cs_test_inst";
    handlers["bol/reservation/7K3M9QX2HT4VZ8PN/installments"] = () =>
      json({ status: "confirmed", next: "3ds", redirectUrl: stripePage, amount: 198.5 });
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, pathname: "/", search: "" });
    const { user, panel } = await renderVoucher(buildHotelContext({ gateway: "stripe" }));
    await user.click(within(panel).getByRole("button", { name: "Pay in installments" }));
    const dialog = await screen.findByRole("dialog", { name: "Pay in installments" });
    expect(within(dialog).queryByTitle("Secure card form of the payment provider")).toBeNull();
    expect(text(dialog)).toContain("secure page of our payment provider");
    await user.click(within(dialog).getByRole("button", { name: "Activate the installments" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(stripePage));
    expect(body(calls("bol/reservation/7K3M9QX2HT4VZ8PN/installments")[0]![1])).toEqual({
      mail: "maria@example.test",
      count: 2,
    });
  });

  it("pays now by card with the gateway's token", async () => {
    reservation = aReservation({
      paymentMethod: "bank_transfer",
      bankTransfer: {
        owner: "Hotel Lago Blu",
        iban: "IT60X0542811101000000123456",
        bic: null,
        reference: "ABC",
        dueDate: "20300101",
      },
      prepayments: [
        { id: 61, date: "20300101", amount: 119.1, status: "due", kind: "prepayment" },
        { id: 62, date: "20291227", amount: 277.9, status: "due", kind: "prepayment" },
      ],
    });
    handlers["bol/reservation/7K3M9QX2HT4VZ8PN/pay"] = () => {
      reservation = {
        ...reservation,
        prepayments: reservation.prepayments.map((p) =>
          p.id === 62 ? { ...p, status: "paid" as const } : p,
        ),
      };
      return json({ status: "confirmed", next: "voucher", amount: 277.9 });
    };
    const { user, panel } = await renderVoucher();
    // The bank transfer's next payment due: the earliest.
    await user.click(within(panel).getByRole("button", { name: named("Pay 277,90 EUR now") }));
    const dialog = await screen.findByRole("dialog", { name: "Pay now" });
    window.dispatchEvent(
      new MessageEvent("message", {
        origin: window.location.origin,
        data: { type: "alloggio-card-token", token: "tok_123", last4: "4242" },
      }),
    );
    await within(dialog).findByText("Card ending 4242 ready.");
    await user.click(within(dialog).getByRole("button", { name: named("Pay 277,90 EUR") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(body(calls("bol/reservation/7K3M9QX2HT4VZ8PN/pay")[0]![1])).toEqual({
      mail: "maria@example.test",
      prepayment: 62,
      method: "card_payment",
      cardToken: "tok_123",
      cardLast4: "4242",
    });
    // The voucher says the payment went through, and what is paid and left now.
    expect(text(screen.getByRole("region", { name: "Manage your booking" }))).toContain(
      "Payment of 277,90 EUR received. Thank you. Paid so far: 277,90 EUR; still to pay: 119,10 EUR.",
    );
    // Fetched again: the next payment due is offered.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: named("Pay 119,10 EUR now") })).toBeTruthy(),
    );
  });

  it("says the payment went through when the guest comes back from the payment provider's page", async () => {
    reservation = aReservation({
      prepayments: [
        { id: 61, date: "20300101", amount: 119.1, status: "due", kind: "prepayment" },
        { id: 62, date: "20291227", amount: 277.9, status: "paid", kind: "prepayment" },
      ],
    });
    window.history.replaceState({ paymentReceived: true }, "");
    await renderVoucher();
    const status = within(screen.getByRole("region", { name: "Manage your booking" })).getByRole("status");
    await waitFor(() =>
      expect(text(status)).toBe(
        "Payment received. Thank you. Paid so far: 277,90 EUR; still to pay: 119,10 EUR.",
      ),
    );
    // Said once: a reload of the voucher does not say it again.
    expect((window.history.state as { paymentReceived: boolean }).paymentReceived).toBe(false);
  });

  it("says a card guarantee is no payment when the guest comes back from the bank: nothing charged, and when it may be", async () => {
    reservation = aReservation({
      paymentMethod: "card_guarantee",
      prepayments: [],
      policy: { refundable: true, freeUntil: "20300117" },
    });
    window.history.replaceState({ paymentReceived: true }, "");
    await renderVoucher();
    const status = within(screen.getByRole("region", { name: "Manage your booking" })).getByRole("status");
    await waitFor(() => expect(text(status)).toMatch(/card is registered as a guarantee/));
    expect(text(status)).toMatch(/Nothing has been charged/);
    expect(text(status)).toMatch(/17 Jan 2030/);
    expect(text(status)).not.toMatch(/Payment received|Paid so far|0,00/);
  });

  it("says a pre-authorisation holds the total on the card when the guest comes back from the bank, not that it was paid", async () => {
    reservation = aReservation({ paymentMethod: "pre_authorisation", prepayments: [], total: 397 });
    window.history.replaceState({ paymentReceived: true }, "");
    await renderVoucher();
    const status = within(screen.getByRole("region", { name: "Manage your booking" })).getByRole("status");
    await waitFor(() =>
      expect(text(status)).toBe("Your card is authorised for 397,00 EUR. Your booking is confirmed."),
    );
    expect(text(status)).not.toMatch(/Payment received|Paid so far/);
  });

  it("authorises a card when the booking waits for it", async () => {
    reservation = aReservation({ status: "preauth_required", prepayments: [] });
    const { panel } = await renderVoucher();
    expect(within(panel).getByRole("button", { name: "Authorise your card now" })).toBeTruthy();
    expect(within(panel).queryByRole("button", { name: "Pay in installments" })).toBeNull();
  });

  it("shows the installment plan for the chosen count and activates it", async () => {
    reservation = aReservation({
      arrival: "20300610",
      departure: "20300612",
      prepayments: [{ id: 71, date: "20300601", amount: 397, status: "due", kind: "prepayment" }],
    });
    handlers["bol/reservation/7K3M9QX2HT4VZ8PN/installments"] = () =>
      json({
        status: "confirmed",
        next: "voucher",
        amount: 132.34,
        installments: [
          { number: 1, chargeDate: "20261121", noticeDate: "20261121", amount: 132.34 },
          { number: 2, chargeDate: "20261221", noticeDate: "20261218", amount: 132.33 },
          { number: 3, chargeDate: "20270121", noticeDate: "20270118", amount: 132.33 },
        ],
      });
    const { user, panel } = await renderVoucher();
    await user.click(within(panel).getByRole("button", { name: "Pay in installments" }));
    const dialog = await screen.findByRole("dialog", { name: "Pay in installments" });
    const count = within(dialog).getByRole("combobox", { name: "Number of installments" });
    expect(within(dialog).getAllByRole("row")).toHaveLength(3); // header + 2
    await user.selectOptions(count, "3");
    const rows = within(dialog).getAllByRole("row");
    expect(rows).toHaveLength(4);
    expect(text(rows[1]!)).toContain("132,34 EUR");
    expect(text(rows[3]!)).toContain("132,33 EUR");
    window.dispatchEvent(
      new MessageEvent("message", {
        origin: window.location.origin,
        data: { type: "alloggio-card-token", token: "tok_9", last4: "1111" },
      }),
    );
    await within(dialog).findByText("Card ending 1111 ready.");
    await user.click(within(dialog).getByRole("button", { name: "Activate the installments" }));
    await within(dialog).findByText("Installments activated. The first charge is made today.");
    expect(body(calls("bol/reservation/7K3M9QX2HT4VZ8PN/installments")[0]![1])).toEqual({
      mail: "maria@example.test",
      count: 3,
      cardToken: "tok_9",
      cardLast4: "1111",
    });
  });

  it("edits transfer details: checks the time, sends them, and shows the transfer update error", async () => {
    let refuse = true;
    handlers["bol/transfer-update/7K3M9QX2HT4VZ8PN/21"] = () =>
      refuse
        ? problem(409, "transfer_update_refused")
        : json({
            id: 21,
            transfer: { time: "09:45", placeCode: "VRN", transportNumber: "FR99", note: null },
            editBefore: "2030-01-09T23:00:00Z",
          });
    const { user } = await renderVoucher();
    await user.click(screen.getByRole("button", { name: "Edit transfer details: Airport transfer" }));
    const dialog = await screen.findByRole("dialog", { name: "Transfer details: Airport transfer" });
    const number = within(dialog).getByLabelText("Flight, train or boat number");
    expect((number as HTMLInputElement).value).toBe("FR1234");
    await user.clear(number);
    await user.type(number, "FR99");
    await user.clear(within(dialog).getByLabelText("Note for the driver"));
    await user.click(within(dialog).getByRole("button", { name: "Save the details" }));
    expect(text(await within(dialog).findByRole("alert"))).toContain(
      "The transfer details could not be changed",
    );
    refuse = false;
    await user.click(within(dialog).getByRole("button", { name: "Save the details" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const sent = calls("bol/transfer-update/7K3M9QX2HT4VZ8PN/21").map(([, init]) => body(init));
    expect(sent[1]).toEqual({
      mail: "maria@example.test",
      transfer: { time: "13:30", placeCode: "VRN", transportNumber: "FR99" },
    });
    expect(text(screen.getByRole("region", { name: "Manage your booking" }))).toContain(
      "The transfer details of Airport transfer are saved.",
    );
    // The answer's details in place on the voucher, without asking retrieve.do again (only the refusal did).
    expect(text(screen.getByRole("article", { name: "Room 1: Double Room Lake View" }))).toContain(
      "Flight, train or boat numberFR99",
    );
    expect(calls("retrieve.do")).toHaveLength(2);
  });

  it("adds a service to a room with the services step's choices and the preview", async () => {
    handlers["serviceAvail.do"] = () =>
      json({
        currency: "EUR",
        categories: [
          {
            id: 1,
            name: "Wellness",
            mandatory: false,
            services: [
              {
                id: 7,
                name: "Spa access",
                description: "",
                pricingBasis: "per_person",
                perNight: false,
                price: 20,
                free: false,
                mandatoryFor: "none",
                needsDate: false,
                dates: [],
                timeSlots: [],
                transfer: false,
                maxQuantity: 4,
                image: null,
                totalForStay: 20,
              },
            ],
          },
        ],
      });
    handlers["bol/reservation/7K3M9QX2HT4VZ8PN/recalc"] = () =>
      json({
        currency: "EUR",
        alreadyDebited: 200,
        was: 547,
        becomes: 567,
        difference: 20,
        payNow: 0,
        payLater: 20,
        payAtHotel: 0,
        refund: 0,
        rooms: [],
        nextStatus: "confirmed",
      });
    handlers["bol/reservation/7K3M9QX2HT4VZ8PN/modify"] = () => json({ reservation, payNow: 0, refund: 0 });
    const { user, panel } = await renderVoucher();
    await user.click(within(panel).getByRole("button", { name: "Add services" }));
    const dialog = await screen.findByRole("dialog", { name: "Add services" });
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Room" }), "102");
    await user.click(await within(dialog).findByRole("checkbox", { name: "Spa access" }));
    await user.click(within(dialog).getByRole("button", { name: "See the new price" }));
    await within(dialog).findByText("Becomes");
    const [url] = calls("serviceAvail.do").at(-1)!;
    expect(url).toContain("reservationCode=7K3M9QX2HT4VZ8PN");
    expect(url).toContain("rate=5");
    expect(url).toContain("room=4");
    expect(body(calls("bol/reservation/7K3M9QX2HT4VZ8PN/recalc")[0]![1])).toEqual({
      mail: "maria@example.test",
      change: { kind: "services", services: [{ serviceId: 7, room: 102, quantity: 1 }] },
    });
    await user.click(within(dialog).getByRole("button", { name: "Add to my booking" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(body(calls("bol/reservation/7K3M9QX2HT4VZ8PN/modify")[0]![1])).toMatchObject({
      action: "confirm",
      expectedBecomes: 567,
    });
  });
});
