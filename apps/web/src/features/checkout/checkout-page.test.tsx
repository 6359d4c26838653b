// @vitest-environment happy-dom
import type { PrepaidCheckResponse } from "@alloggio/domain/contract/booking/guestdata";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { testHotel } from "../search/components/testing";
import { loadTexts, mockApi, renderPage, startAt, TEST_SCOPE } from "../services/booking-test-kit";
import { type SavedServices, SERVICES_STORAGE_KEY } from "../services/chosen-services";
import { captureAttribution, resetAttributionForTests } from "../tracking/attribution-store";
import { PURCHASE_KEY } from "../tracking/events";
import CheckoutPage from "./checkout-page";
import { IDEMPOTENCY_STORAGE_KEY } from "./idempotency-key";

const PREPAID: PrepaidCheckResponse = {
  currency: "EUR",
  total: 312,
  roomsTotal: 300,
  servicesTotal: 12,
  refundProtection: 0,
  cityTax: 10,
  dueNow: 90,
  dueLater: [{ date: "20300103", amount: 222 }],
  paymentMethods: ["card_payment", "bank_transfer"],
};

const PRIVACY = {
  policies: [
    { id: 7, title: "House rules", text: "I accept the house rules.", mandatory: true },
    { id: 8, title: "Newsletter", text: "Send me offers.", mandatory: false },
  ],
};

const SERVICES: SavedServices = {
  scope: TEST_SCOPE,
  currency: "EUR",
  slots: [[{ serviceId: 103, categoryId: 3, name: "Resort fee", quantity: 2, amount: 12 }]],
};

type Answer = { status?: number; body: unknown };
let confirm: (init?: RequestInit) => Answer;
let api: ReturnType<typeof mockApi>;

beforeAll(loadTexts);
beforeEach(() => {
  startAt("checkout");
  window.sessionStorage.setItem(SERVICES_STORAGE_KEY, JSON.stringify(SERVICES));
  confirm = () => ({
    body: {
      reservation: {
        code: "ABCD2345",
        status: "confirmed",
        total: 312,
        currency: "EUR",
        email: "anna@example.com",
      },
      next: "voucher",
    },
  });
  api = mockApi({
    "customPrivacy.do": () => ({ body: PRIVACY }),
    "guestdata.do": (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { checkPrepaid?: number };
      return body.checkPrepaid ? { body: PREPAID } : confirm(init);
    },
  });
  vi.stubGlobal("fetch", api.fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const bookings = () =>
  api.calls.filter((c) => c.name === "guestdata.do" && !JSON.parse(String(c.init?.body)).checkPrepaid);

function type(label: string | RegExp, value: string, within: HTMLElement = document.body) {
  const input = screen.getAllByLabelText(label).find((el) => within.contains(el))!;
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

function check(name: string | RegExp) {
  fireEvent.click(screen.getByRole("checkbox", { name }));
}

function fillValidForm() {
  type("Full name", "Anna Bianchi");
  type("E-mail", "anna@example.com");
  type("Confirm e-mail", "anna@example.com");
  type("Phone number", "333 123 4567");
  fireEvent.change(screen.getByLabelText("Country"), { target: { value: "IT" } });
  check(/I accept the cancellation policy/);
  check(/I accept the general terms/);
  check(/I consent to the processing/);
  check(/House rules/);
}

function postCard(token: string, last4: string, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent("message", { data: { type: "alloggio-card-token", token, last4 }, origin }),
    );
  });
}

const submit = () => fireEvent.click(screen.getByRole("button", { name: /Book and pay|Confirm booking/ }));

describe("CheckoutPage", () => {
  it("shows the summary with the prepaid check's totals, schedule and city tax", async () => {
    renderPage(<CheckoutPage />);
    const summary = await screen.findByRole("region", { name: "Your booking" });
    expect(within(summary).getByText("Room 1: Double room")).toBeTruthy();
    expect(within(summary).getByText("Resort fee × 2")).toBeTruthy();
    expect(within(summary).getByText("Due when booking")).toBeTruthy();
    expect(within(summary).getByText(/^Due on /)).toBeTruthy();
    expect(within(summary).getByText("City tax (not included)")).toBeTruthy();
    const prepaid = JSON.parse(String(api.calls.find((c) => c.name === "guestdata.do")!.init?.body));
    expect(prepaid).toMatchObject({
      checkPrepaid: 1,
      arrival: "20300110",
      rooms: [{ slot: 0, roomId: 11, rateId: 21, adults: 2, ages: [6], refundProtection: false }],
      services: [{ serviceId: 103, slot: 0, quantity: 2 }],
    });
  });

  it("shows every SPEC §5 message next to its field and in a summary that links to it", async () => {
    renderPage(<CheckoutPage />);
    await screen.findByLabelText("Full name");
    type("E-mail", "anna@example");
    type("Confirm e-mail", "other@example.com");
    const guest = screen.getByRole("group", { name: "Adult 1" });
    type(/^Date of birth/, "31/02/1990", guest);
    submit();

    const summary = await screen.findByRole("region", { name: /Please correct \d+ problems/ });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const name = screen.getByLabelText("Full name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    const nameError = document.getElementById(name.getAttribute("aria-describedby")!)!;
    expect(nameError.textContent).toBe("This field is required.");
    const email = screen.getByLabelText("E-mail");
    expect(email.getAttribute("aria-describedby")).toContain("field-booker-email-error");
    expect(screen.getAllByText("Invalid e-mail address.").length).toBeGreaterThan(0);
    expect(screen.getAllByText("The e-mail addresses do not match.").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Invalid date: use dd/mm/yyyy, e.g. 21/04/1985.").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Please accept this to continue.").length).toBe(4);
    expect(screen.getByText("Enter your card details and press Save card.")).toBeTruthy();

    const link = within(summary).getByRole("link", {
      name: "Confirm e-mail: The e-mail addresses do not match.",
    });
    expect(link.getAttribute("href")).toBe("#field-booker-emailConfirm");
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByLabelText("Confirm e-mail"));
    expect(
      within(summary).getByRole("link", { name: /House rules: Please accept this to continue/ }),
    ).toBeTruthy();
    expect(bookings()).toHaveLength(0);
  });

  it("opens the gateway's card page in the checkout's language", async () => {
    const hotel = testHotel();
    renderPage(<CheckoutPage />, { ...hotel, ids: { ...hotel.ids, language: 3 } });
    const frame = await screen.findByTitle("Secure card form of the payment provider");
    const src = new URL(frame.getAttribute("src") ?? "", window.location.origin);
    expect(src.pathname).toBe("/sandbox-gateway/card");
    expect(src.searchParams.get("language")).toBe("3");
    expect(src.searchParams.get("return")).toMatch(/^\/hotel\/1\/channel\/1\/language\//);
  });

  it("takes the card token from the gateway's page by postMessage, from this origin only", async () => {
    // The landing's attribution goes with the booking.
    captureAttribution("?trv_reference=TRV1&utm_source=news", false);
    renderPage(<CheckoutPage />);
    expect(await screen.findByTitle("Secure card form of the payment provider")).toBeTruthy();
    postCard("tok_evil", "1111", "https://evil.example");
    expect(screen.queryByText("Card ending in 1111 saved.")).toBeNull();
    postCard("tok_123", "4242");
    expect(await screen.findByText("Card ending in 4242 saved.")).toBeTruthy();
    expect(screen.queryByTitle("Secure card form of the payment provider")).toBeNull();

    fillValidForm();
    submit();
    await waitFor(() => expect(bookings()).toHaveLength(1));
    const call = bookings()[0]!;
    const body = JSON.parse(String(call.init?.body));
    expect(body.payment).toEqual({ method: "card_payment", cardToken: "tok_123", cardLast4: "4242" });
    expect(JSON.stringify(body)).not.toMatch(/4242 ?4242|cardNumber|cvv/i);
    expect(body.expectedTotal).toBe(312);
    expect(body.tracking).toEqual({ trivago: "TRV1", campaign: "news /  /" });
    expect(window.sessionStorage.getItem(PURCHASE_KEY)).toBe("ABCD2345");
    resetAttributionForTests();
    expect(body.privacy.custom).toEqual([
      { id: 7, accepted: true },
      { id: 8, accepted: false },
    ]);
    expect(new Headers(call.init?.headers).get("Idempotency-Key")).toMatch(/^[\w-]{8,}$/);
    await waitFor(() =>
      expect(window.location.pathname).toBe(
        "/hotel/1/channel/1/language/1/voucher/code/ABCD2345/email/anna%40example.com",
      ),
    );
  });

  it("with a gateway that takes the card on its own page: no card form, a notice, no token, off to its page", async () => {
    confirm = () => ({
      body: {
        reservation: {
          code: "ABCD2345",
          status: "payment_required",
          total: 312,
          currency: "EUR",
          email: "anna@example.com",
        },
        next: "3ds",
        redirectUrl: "https://checkout.stripe.com/c/pay/cs_test_1",
      },
    });
    renderPage(<CheckoutPage />, testHotel({ gateway: "stripe" }));
    expect(await screen.findByRole("radio", { name: "Pay now by card" })).toBeTruthy();
    expect(
      screen.getByText(/you will enter your card on the secure page of our payment provider/),
    ).toBeTruthy();
    expect(screen.queryByTitle("Secure card form of the payment provider")).toBeNull();
    expect(screen.queryByRole("group", { name: "Card details" })).toBeNull();

    fillValidForm();
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    submit();
    await waitFor(() => expect(bookings()).toHaveLength(1));
    const body = JSON.parse(String(bookings()[0]!.init?.body));
    expect(body.payment).toEqual({ method: "card_payment" });
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_test_1"));
  });

  it("after a declined card the alert takes the guest back to the card form, the form kept", async () => {
    confirm = () => ({
      status: 402,
      body: {
        error: {
          code: "card_declined",
          message: "The card was not accepted",
          requestId: "r9",
          details: [{ field: "payment.cardToken", message: "declined" }],
        },
      },
    });
    renderPage(<CheckoutPage />);
    expect(await screen.findByTitle("Secure card form of the payment provider")).toBeTruthy();
    postCard("tok_declined", "0002");
    expect(await screen.findByText("Card ending in 0002 saved.")).toBeTruthy();
    fillValidForm();
    submit();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Your card was not accepted. Please try another card.");
    // Not "Start a new search": the rooms, the guest's data and the terms are all still here.
    expect(within(alert).queryByRole("link", { name: "Start a new search" })).toBeNull();
    fireEvent.click(within(alert).getByRole("button", { name: "Enter another card" }));
    const frame = await screen.findByTitle("Secure card form of the payment provider");
    expect(document.activeElement).toBe(screen.getByRole("group", { name: "Card details" }));
    expect(document.activeElement?.contains(frame)).toBe(true);
    expect((screen.getByLabelText("Full name") as HTMLInputElement).value).not.toBe("");

    // Another card, the same checkout: the booking goes again with the new card and a new key.
    confirm = () => ({
      body: {
        reservation: {
          code: "ABCD2345",
          status: "confirmed",
          total: 312,
          currency: "EUR",
          email: "anna@example.com",
        },
        next: "voucher",
      },
    });
    postCard("tok_ok", "4242");
    expect(await screen.findByText("Card ending in 4242 saved.")).toBeTruthy();
    submit();
    await waitFor(() => expect(bookings()).toHaveLength(2));
    const [first, second] = bookings();
    expect(JSON.parse(String(second!.init?.body)).payment.cardToken).toBe("tok_ok");
    expect(new Headers(second!.init?.headers).get("Idempotency-Key")).not.toBe(
      new Headers(first!.init?.headers).get("Idempotency-Key"),
    );
    await waitFor(() => expect(window.location.pathname).toContain("/voucher/code/ABCD2345/"));
  });

  it("puts the server's field details on their fields by dotted path", async () => {
    confirm = () => ({
      status: 422,
      body: {
        error: {
          code: "invalid_input",
          message: "booker.emailConfirm: email_mismatch",
          requestId: "r1",
          details: [
            { field: "booker.emailConfirm", message: "email_mismatch" },
            { field: "rooms.0.guests.1.birthDate", message: "invalid_date" },
            { field: "terms.cancellationPolicy", message: "terms_required" },
            { field: "privacy.custom.7", message: "terms_required" },
          ],
        },
      },
    });
    renderPage(<CheckoutPage />);
    fireEvent.click(await screen.findByRole("radio", { name: "Bank transfer" }));
    expect(
      screen.getByText("If payment does not arrive by the due date, the booking is cancelled."),
    ).toBeTruthy();
    fillValidForm();
    submit();

    const summary = await screen.findByRole("region", { name: "Please correct 4 problems" });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const confirmEmail = screen.getByLabelText("Confirm e-mail");
    expect(confirmEmail.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("field-booker-emailConfirm-error")!.textContent).toBe(
      "The e-mail addresses do not match.",
    );
    const birth = document.getElementById("field-rooms-0-guests-1-birthDate")!;
    expect(birth.getAttribute("aria-invalid")).toBe("true");
    expect(
      within(summary).getByText(
        "Room 1, Adult 2: Date of birth: Invalid date: use dd/mm/yyyy, e.g. 21/04/1985.",
      ),
    ).toBeTruthy();
    expect(document.getElementById("field-terms-cancellationPolicy")!.getAttribute("aria-invalid")).toBe(
      "true",
    );
    expect(document.getElementById("field-privacy-custom-0-accepted")!.getAttribute("aria-invalid")).toBe(
      "true",
    );
    // The server settled this payload: a corrected form is another request with another key.
    expect(window.sessionStorage.getItem(IDEMPOTENCY_STORAGE_KEY)).toBeNull();
  });

  it("keeps the Idempotency-Key for a retry after a network error, and disables the button while sending", async () => {
    let release: () => void = () => {};
    const failing = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = api.fetchMock;
    vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      if (input.includes("guestdata.do") && !body.checkPrepaid) {
        api.calls.push({ name: "guestdata.do", url: new URL(input, window.location.origin), init });
        await failing;
        throw new TypeError("Failed to fetch");
      }
      return fetchMock(input, init);
    });
    renderPage(<CheckoutPage />);
    fireEvent.click(await screen.findByRole("radio", { name: "Bank transfer" }));
    fillValidForm();
    submit();
    const button = await screen.findByRole("button", { name: /Sending your booking/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText(/Connection problem/)).toBeTruthy();
    const key = new Headers(bookings()[0]!.init?.headers).get("Idempotency-Key");
    expect(JSON.parse(window.sessionStorage.getItem(IDEMPOTENCY_STORAGE_KEY)!)).toEqual({
      scope: TEST_SCOPE,
      key,
    });
  });

  it("words sold out and prices changed (SPEC §8) with a link back to the search", async () => {
    confirm = () => ({
      status: 409,
      body: { error: { code: "sold_out", message: "gone", requestId: "r2", details: [] } },
    });
    renderPage(<CheckoutPage />);
    fireEvent.click(await screen.findByRole("radio", { name: "Bank transfer" }));
    fillValidForm();
    submit();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("the selected dates are no longer available");
    expect(within(alert).getByRole("link", { name: "Start a new search" }).getAttribute("href")).toContain(
      "/hotel/1/channel/1/language/1/rooms?arrival=20300110",
    );
  });

  it("asks every guest's name when the hotel makes them mandatory", async () => {
    renderPage(<CheckoutPage />, testHotel({ guestsMandatory: true }));
    await screen.findByLabelText("Full name");
    submit();
    await screen.findByRole("region", { name: /Please correct/ });
    const firstNames = screen.getAllByLabelText("First name");
    expect(firstNames).toHaveLength(3);
    for (const input of firstNames) expect(input.getAttribute("aria-invalid")).toBe("true");
  });
});
