// @vitest-environment happy-dom
import type { AgencyReservationRow } from "@alloggio/domain/contract/trade/agency-reservations";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildHotelContext, renderInHotel } from "../global/render-in-hotel";
import { anAgent } from "../trade/test-agent";
import { TradeProvider } from "../trade/trade-context";
import { tradeStorageKey } from "../trade/trade-session";
import { AgencyArea } from "./agency-page";

// The agency area in the page (ADR 0032): the login prompt, the table, the URL filters, the actions.
const CHANNEL = 2;
const CSRF = "c".repeat(64);

const agent = anAgent({ channel: CHANNEL, csrfToken: CSRF });

const row = (extra: Partial<AgencyReservationRow>): AgencyReservationRow => ({
  code: "ABCDEFGHJKMNPQRS",
  hotel: { id: 1, name: "Hotel Bellavista Riva", timeZone: "Europe/Rome" },
  channel: CHANNEL,
  arrival: "2030-01-20",
  departure: "2030-01-23",
  guest: "Marta Bianchi",
  reference: "PRATICA-42",
  email: "marta@example.test",
  rooms: 1,
  adults: 2,
  currency: "EUR",
  total: 495,
  commission: 48,
  status: "confirmed",
  agencyStatus: "active",
  optionExpiresAt: null,
  confirmMethods: [],
  createdAt: "2030-01-01T10:00:00.000Z",
  ...extra,
});
const ROWS = [
  row({
    code: "OPT0000000000000",
    guest: "Luca Ferri",
    status: "pending_confirmation",
    agencyStatus: "waiting",
    optionExpiresAt: "2030-01-08T10:00:00.000Z",
    confirmMethods: ["pay_at_hotel", "bank_transfer"],
  }),
  row({}),
];

/** What the server says a cancellation costs: a late one, its first night kept. */
const QUOTE = {
  currency: "EUR",
  decimalDigits: 2,
  cancelsReservation: true,
  free: false,
  penaltyMinor: 9700,
  refundMinor: 0,
  stillOwedMinor: 9700,
};

type Call = { url: string; method: string; body: Record<string, unknown>; csrf: string | undefined };
let calls: Call[];
let answer: (call: Call) => { status: number; body: unknown } | undefined;

function tradeHotel() {
  const value = buildHotelContext();
  return {
    ...value,
    channel: { ...value.channel, id: CHANNEL, trade: true },
    ids: { ...value.ids, channel: CHANNEL },
  };
}

beforeEach(() => {
  calls = [];
  localStorage.clear();
  window.history.replaceState(null, "", "/channel/2/language/1/agency");
  answer = () => undefined;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call = {
        url,
        method: init.method ?? "GET",
        body: JSON.parse(String(init.body ?? "{}")) as Record<string, unknown>,
        csrf: headers["x-csrf-token"],
      };
      calls.push(call);
      const given = answer(call);
      const { status, body } = given ?? {
        status: 200,
        body: url.includes("login.do")
          ? { user: agent }
          : url.includes("/cancellation")
            ? QUOTE
            : url.includes("associated-hotels")
              ? {
                  hotels: [
                    { hotel: 1, name: "Hotel Bellavista Riva", channel: CHANNEL, channelName: "Trade" },
                  ],
                }
              : { rows: ROWS, page: 1, pageSize: 20, total: 2 },
      };
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const logged = () =>
  localStorage.setItem(tradeStorageKey(CHANNEL), JSON.stringify({ user: agent, dateAgg: Date.now() }));
const render = () =>
  renderInHotel(
    <TradeProvider>
      <AgencyArea />
    </TradeProvider>,
    tradeHotel(),
  );
const lists = () => calls.filter((c) => c.url.includes("list-reservations"));

describe("the agency area", () => {
  it("asks a visitor without a login to log in, and lists nothing", async () => {
    render();
    expect(await screen.findByText("Log in with your agency account to see your reservations.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Agency login" })).toBeTruthy();
    expect(lists()).toHaveLength(0);
  });

  it("shows the agency's reservations in a table, the filters read from and written to the URL", async () => {
    window.history.replaceState(null, "", "/channel/2/language/1/agency?status=waiting&adults=2");
    logged();
    const user = userEvent.setup();
    render();
    const table = await screen.findByRole("table", { name: "Your agency's reservations, newest first" });
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((h) => h.textContent),
    ).toEqual(["OPT0000000000000", "ABCDEFGHJKMNPQRS"]);
    expect(lists()[0]?.body).toMatchObject({ status: "waiting", adults: 2, page: 1, pageSize: 20 });
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("waiting");
    // Money and days as the rest of the product writes them; the agency's reference; a link to each reservation.
    expect(within(table).getAllByText(/^48,00\sEUR$/)).toHaveLength(2);
    expect(within(table).getAllByText(/^495,00\sEUR$/)).toHaveLength(2);
    expect(within(table).getAllByText("PRATICA-42")).toHaveLength(2);
    expect(
      within(table).getByRole("link", { name: "Open reservation ABCDEFGHJKMNPQRS" }).getAttribute("href"),
    ).toBe("/hotel/1/channel/2/language/1/voucher/code/ABCDEFGHJKMNPQRS/email/marta%40example.test");
    const pdf = within(table).getByRole("link", {
      name: "Agency PDF of ABCDEFGHJKMNPQRS (opens in a new tab)",
    });
    expect(pdf.getAttribute("href")).toBe("/api/agency/print/ABCDEFGHJKMNPQRS/agency?language=1");
    // The option's deadline on the hotel's clock (10:00 UTC is 11:00 in Rome), whatever the browser's zone, labelled.
    expect(within(table).getByText(/^until /).textContent).toBe("until 08/01/2030, 11:00 CET");

    await user.type(screen.getByLabelText("Total from"), "100");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    expect(window.location.search).toBe("?status=waiting&priceMin=100&adults=2");
  });

  it("says there are no reservations yet without a filter, and that none matches with one", async () => {
    answer = (call) =>
      call.url.includes("list-reservations")
        ? { status: 200, body: { rows: [], page: 1, pageSize: 20, total: 0 } }
        : undefined;
    window.history.replaceState(null, "", "/channel/2/language/1/agency");
    logged();
    render();
    expect(await screen.findByText("No reservations yet.")).toBeTruthy();
    cleanup();
    window.history.replaceState(null, "", "/channel/2/language/1/agency?status=waiting");
    render();
    expect(await screen.findByText("No reservation matches these filters.")).toBeTruthy();
  });

  it("confirms an option with the chosen method and the session's CSRF token", async () => {
    logged();
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Confirm option OPT0000000000000" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm option OPT0000000000000" });
    await user.click(within(dialog).getByRole("radio", { name: "Bank transfer" }));
    answer = (call) =>
      call.url.includes("confirm-reservation")
        ? { status: 200, body: { reservation: { ...ROWS[0], status: "confirmed" } } }
        : undefined;
    await user.click(within(dialog).getByRole("button", { name: "Confirm the reservation" }));
    expect(await screen.findByText("Reservation OPT0000000000000 confirmed.")).toBeTruthy();
    const confirm = calls.find((c) => c.url.includes("confirm-reservation"));
    expect(confirm).toMatchObject({
      url: "/api/agency/confirm-reservation/OPT0000000000000",
      method: "POST",
      body: { paymentMethod: "bank_transfer" },
      csrf: CSRF,
    });
  });

  it("shows the fee of a late cancellation before it is confirmed, as the server works it out", async () => {
    logged();
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Cancel reservation ABCDEFGHJKMNPQRS" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel reservation ABCDEFGHJKMNPQRS?" });
    expect(await within(dialog).findByText(/Cancellation fee: 97,00\sEUR/)).toBeTruthy();
    expect(within(dialog).getByText(/Still to pay after the cancellation: 97,00\sEUR/)).toBeTruthy();
    expect(within(dialog).queryByText(/a fee may be charged/)).toBeNull();
    expect(calls.find((c) => c.url.includes("/cancellation"))).toMatchObject({
      url: "/api/agency/reservations/ABCDEFGHJKMNPQRS/cancellation",
      method: "GET",
    });
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
  });

  it("shows the server's refusal of a cancellation, translated, in the confirmation step", async () => {
    logged();
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Cancel reservation ABCDEFGHJKMNPQRS" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel reservation ABCDEFGHJKMNPQRS?" });
    answer = (call) =>
      call.method === "DELETE"
        ? { status: 409, body: { error: { code: "resellable", message: "x", details: [], requestId: "r" } } }
        : undefined;
    await user.click(within(dialog).getByRole("button", { name: "Cancel the reservation" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "This rate cannot be changed or cancelled.",
    );
    expect(calls.find((c) => c.method === "DELETE")).toMatchObject({
      url: "/api/agency/reservations/ABCDEFGHJKMNPQRS",
      csrf: CSRF,
    });
  });
});
