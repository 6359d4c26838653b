// @vitest-environment happy-dom
import type { OfferSummary } from "@alloggio/domain/contract/offers/view";
import { offerOpenKey } from "@alloggio/domain/first-paint/first-paint-id";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { ROUTES } from "../../app/routes";
import { i18n } from "../../i18n/i18n";
import { buildHotelContext } from "../global/render-in-hotel";
import OfferPage from "./offer-page";
import { anOffer, aSummary, CODE } from "./test-fixtures";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
const error = (status: number, code: string) => json({ error: { code, message: code, details: [] } }, status);

const text = (element: HTMLElement) => (element.textContent ?? "").replace(/\s+/g, " ");
const context = buildHotelContext();
const hotelList = { channel: context.channel, hotels: [context.hotel] };

type Handler = (url: string, init?: RequestInit) => Response | undefined;

function renderOffer(path = `/offer/${CODE}`) {
  const location = memoryLocation({ path, record: true });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Suspense fallback={null}>
          <Router hook={location.hook}>
            <Route path={ROUTES.offer} component={OfferPage} />
          </Router>
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return location;
}

describe("offer page", () => {
  beforeAll(async () => {
    await i18n.loadNamespaces(["common", "global", "offers", "rooms", "checkout", "errors"]);
  });
  let summary: OfferSummary;
  let extra: Handler = () => undefined;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.startsWith("/api/hotellist.do")) return json(hotelList);
    if (url === `/api/v2/offers/${CODE}`) return json(summary);
    return error(404, "not_found");
  });
  beforeEach(async () => {
    summary = aSummary(null);
    extra = () => undefined;
    fetchMock.mockClear();
    vi.stubGlobal("fetch", fetchMock);
    await i18n.changeLanguage("en");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("locked: the hotel's name, an offer for you, the e-mail field; asks with the canonical code", async () => {
    renderOffer("/offer/dem00ffer-h0te1o1");
    await screen.findByRole("heading", { level: 1, name: "An offer for you" });
    expect(screen.getAllByText("Hotel Test").length).toBeGreaterThan(0);
    expect(screen.getByLabelText("Your e-mail address")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Open the offer" })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === `/api/v2/offers/${CODE}`)).toBe(true);
    // Nothing personal before the unlock.
    expect(screen.queryByText(/Anna/)).toBeNull();
  });

  it("an empty or malformed e-mail is refused before any call", async () => {
    const user = userEvent.setup();
    renderOffer();
    await user.click(await screen.findByRole("button", { name: "Open the offer" }));
    expect(screen.getByText("Enter your e-mail address.")).toBeTruthy();
    await user.type(screen.getByLabelText("Your e-mail address"), "anna");
    await user.click(screen.getByRole("button", { name: "Open the offer" }));
    expect(screen.getByText(/Enter a valid e-mail address/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/unlock"))).toBe(false);
  });

  it("a wrong e-mail gets the server's one message; too many attempts its own", async () => {
    const user = userEvent.setup();
    let unlock = error(404, "offer_not_found");
    extra = (url) => (url.endsWith("/unlock") ? unlock : undefined);
    renderOffer();
    const input = await screen.findByLabelText("Your e-mail address");
    await user.type(input, "wrong@example.test");
    await user.click(screen.getByRole("button", { name: "Open the offer" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This e-mail address does not open this offer. Please use the address the offer was sent to.",
    );
    expect(input.getAttribute("aria-invalid")).toBe("true");
    unlock = error(429, "rate_limited");
    await user.click(screen.getByRole("button", { name: "Open the offer" }));
    await screen.findByText("Too many attempts. Please wait a while, then try again.");
  });

  it("the right e-mail opens the offer: greeting, message, stay, options side by side, documents", async () => {
    const user = userEvent.setup();
    extra = (url, init) => {
      if (!url.endsWith("/unlock")) return undefined;
      expect(JSON.parse(String(init?.body))).toEqual({ email: "anna@example.test" });
      return json({ offer: anOffer(), accessExpiresAt: "2030-01-01T11:00:00Z" });
    };
    renderOffer();
    await user.type(await screen.findByLabelText("Your e-mail address"), "anna@example.test");
    await user.click(screen.getByRole("button", { name: "Open the offer" }));
    await screen.findByRole("heading", { level: 1, name: "Hello Anna Bianchi, here is your offer" });
    // The cookie's end, for the page's first paint on a reload (no lock drawn over the open offer).
    expect(localStorage.getItem(offerOpenKey(CODE))).toBe("2030-01-01T11:00:00Z");
    const main = screen.getByRole("main");
    expect(within(main).getByText(/here are two ideas for your stay/)).toBeTruthy();
    const stay = within(main).getByRole("region", { name: "Your stay" });
    expect(text(stay)).toContain("4 nights");
    expect(text(stay)).toContain("Offer valid until");
    expect(text(stay)).toContain("12 January 2030");

    const options = within(main).getByRole("region", { name: "Your 2 options" });
    const cards = within(options).getAllByRole("article");
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole("heading", { name: "Lake view" })).toBeTruthy();
    expect(text(cards[0]!)).toContain("Double Room Lake View");
    expect(text(cards[0]!)).toContain("Flexible rate · Breakfast included");
    expect(text(cards[0]!)).toContain("2 adults");
    expect(text(cards[0]!)).toContain("2 × Welcome drinkIncluded");
    expect(text(cards[0]!)).toContain("480,00 EUR");
    expect(within(cards[1]!).getByRole("heading", { name: "Option 2" })).toBeTruthy();
    expect(text(cards[1]!)).toContain("2 adults, 2 children aged 4, 7");
    expect(text(cards[1]!)).toContain("920,50 EUR");
    // The city tax stands beside the total, paid at the hotel; an option without it says nothing of it.
    expect(text(cards[1]!)).toContain("+ 12,00 EUR city tax, paid at the hotel");
    expect(text(cards[0]!)).not.toContain("city tax");
    expect(within(options).getAllByRole("button", { name: "Choose this option" })).toHaveLength(2);

    const documents = within(main).getByRole("region", { name: "Documents" });
    const link = within(documents).getByRole("link", { name: "brochure.pdf" });
    expect(link.getAttribute("href")).toBe(`/api/v2/offers/${CODE}/attachments/9`);
    expect(text(documents)).toContain("PDF document · 239 kB");
  });

  it("loads nothing from the video hosts until the guest presses play", async () => {
    const user = userEvent.setup();
    summary = aSummary(anOffer());
    renderOffer();
    const videos = await screen.findByRole("region", { name: "Videos" });
    expect(document.querySelectorAll("iframe")).toHaveLength(0);
    expect(text(videos)).toContain("Nothing is loaded from YouTube until you press play.");
    await user.click(within(videos).getByRole("button", { name: "Play video — loads content from YouTube" }));
    const frames = document.querySelectorAll("iframe");
    expect(frames).toHaveLength(1);
    expect(frames[0]!.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(frames[0]!.getAttribute("title")).toBe("Video on YouTube");
    expect(frames[0]!.hasAttribute("allowfullscreen")).toBe(true);
    // The playlist is still a placeholder.
    expect(
      within(videos).getByRole("button", { name: "Play playlist — loads content from Vimeo" }),
    ).toBeTruthy();
    // Nothing was fetched from the hosts either.
    expect(fetchMock.mock.calls.every(([url]) => String(url).startsWith("/api/"))).toBe(true);
  });

  it("rejecting asks a reason in a labelled dialog, then shows the rejected state with it", async () => {
    const user = userEvent.setup();
    summary = aSummary(anOffer());
    let sent: unknown = null;
    extra = (url, init) => {
      if (!url.endsWith("/reject")) return undefined;
      sent = JSON.parse(String(init?.body));
      return json({
        offer: anOffer({ state: "rejected", rejection: { reason: "Too far", at: "2030-01-01T10:00:00Z" } }),
      });
    };
    renderOffer();
    await user.click(await screen.findByRole("button", { name: "Not for me" }));
    const dialog = screen.getByRole("dialog", { name: "Decline this offer" });
    const reason = within(dialog).getByLabelText(/Why does this offer not suit you/);
    expect(reason.getAttribute("maxlength")).toBe("1000");
    expect(text(dialog)).toContain("0 of 1000 characters");
    await user.type(reason, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Send and decline" }));
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "Please tell the hotel why you decline the offer.",
    );
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(sent).toBeNull();
    await user.clear(reason);
    await user.type(reason, "Too far");
    expect(text(dialog)).toContain("7 of 1000 characters");
    await user.click(within(dialog).getByRole("button", { name: "Send and decline" }));
    await screen.findByRole("heading", { level: 1, name: "Thank you, the hotel has been told" });
    expect(sent).toEqual({ reason: "Too far" });
    expect(text(screen.getByRole("main"))).toContain("Too far");
    expect(screen.queryByRole("button", { name: "Not for me" })).toBeNull();
  });

  it.each([
    ["expired", "This offer has expired", "This offer expired on 12 January 2030"],
    ["unavailable", "This offer is no longer available", "no longer available"],
    ["confirmed", "You confirmed this offer", "Your reservation is made"],
  ] as const)("final state %s: its own message and no actions", async (state, title, message) => {
    summary = aSummary(anOffer({ state }));
    renderOffer();
    await screen.findByRole("heading", { level: 1, name: title });
    expect(text(screen.getByRole("main"))).toContain(message);
    expect(screen.queryByRole("button", { name: "Choose this option" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Not for me" })).toBeNull();
  });

  it("rooms gone: 'no longer available' with a way to ask the hotel, not a retry", async () => {
    summary = aSummary(anOffer({ state: "unavailable", unavailableReason: "rooms_gone" }));
    renderOffer();
    await screen.findByRole("heading", { level: 1, name: "This offer is no longer available" });
    const ask = screen.getByRole("link", { name: "Write to the hotel" });
    expect(ask.getAttribute("href")).toMatch(/^mailto:desk@hotel-test\.example\?subject=/);
    expect(screen.queryByRole("button", { name: /try again/i })).toBeNull();
  });

  it.each([
    ["with the cookie", true],
    ["without it", false],
  ])("a withdrawn offer says the hotel withdrew it (%s)", async (_, unlocked) => {
    const offer = anOffer({ state: "unavailable", unavailableReason: "withdrawn" });
    summary = unlocked
      ? aSummary(offer)
      : { ...aSummary(null, "unavailable"), unavailableReason: "withdrawn" };
    renderOffer();
    await screen.findByRole("heading", { level: 1, name: "The hotel has withdrawn this offer" });
    expect(text(screen.getByRole("main"))).not.toContain("rooms of this offer are no longer available");
    expect(screen.getByRole("link", { name: "Write to the hotel" })).toBeTruthy();
  });

  it("a confirmed offer links to its reservation offer page, in any browser", async () => {
    summary = aSummary(anOffer({ state: "confirmed", reservation: { code: "ABCDEFGHJK234567", option: 2 } }));
    renderOffer();
    const link = await screen.findByRole("link", { name: /reservation/i });
    expect(link.getAttribute("href")).toBe("/cro/ABCDEFGHJK234567");
  });

  it("an expired offer without the cookie says so without details", async () => {
    summary = aSummary(null, "expired");
    renderOffer();
    await screen.findByRole("heading", { level: 1, name: "This offer has expired" });
    expect(text(screen.getByRole("main"))).toContain("Please contact the hotel");
  });

  it("an unknown code: offer not found", async () => {
    renderOffer("/offer/ZZZZZZZZZZZZZZZZ");
    await screen.findByRole("heading", { level: 1, name: "Offer not found" });
  });

  it("speaks the offer's language, and the guest's choice from the switcher", async () => {
    const user = userEvent.setup();
    summary = { ...aSummary(null), language: 2 };
    const location = renderOffer();
    await screen.findByRole("heading", { level: 1, name: "Un'offerta per te" });
    await user.selectOptions(screen.getByRole("combobox"), "3");
    await screen.findByRole("heading", { level: 1, name: "Ein Angebot für Sie" });
    expect(location.history?.at(-1)).toBe(`/offer/${CODE}?language=3`);
  });

  it("choosing an option opens its confirmation: price breakdown, booker prefilled, back to the options", async () => {
    const user = userEvent.setup();
    summary = aSummary(anOffer());
    extra = (url) => {
      if (url === `/api/v2/offers/${CODE}/options/2/payment`)
        return json({
          currency: "EUR",
          total: 920.5,
          roomsTotal: 920.5,
          servicesTotal: 0,
          refundProtection: 0,
          cityTax: 12,
          dueNow: 200,
          dueLater: [{ date: "20300201", amount: 720.5 }],
          paymentMethods: ["card_payment", "pay_at_hotel"],
        });
      if (url.startsWith("/api/customPrivacy.do")) return json({ policies: [] });
      return undefined;
    };
    renderOffer();
    const buttons = await screen.findAllByRole("button", { name: "Choose this option" });
    await user.click(buttons[1]!);
    await screen.findByRole("heading", { level: 1, name: "Confirm: Option 2" });
    const summaryCard = await screen.findByRole("region", { name: "Your choice" });
    expect(text(summaryCard)).toContain("Family Suite");
    expect(text(summaryCard)).toContain("920,50 EUR");
    expect(text(summaryCard)).toContain("200,00 EUR");
    expect(text(summaryCard)).toContain("720,50 EUR");
    expect(text(summaryCard)).toContain("12,00 EUR");
    expect((screen.getByLabelText(/^Full name/) as HTMLInputElement).value).toBe("Anna Bianchi");
    await user.click(screen.getByRole("button", { name: "Back to the options" }));
    await screen.findByRole("heading", { level: 1, name: "Hello Anna Bianchi, here is your offer" });
  });

  describe("confirming an option", () => {
    const payment = {
      currency: "EUR",
      total: 480,
      roomsTotal: 480,
      servicesTotal: 0,
      refundProtection: 0,
      cityTax: 0,
      dueNow: 0,
      dueLater: [],
      paymentMethods: ["pay_at_hotel"],
    };

    async function fillAndConfirm(user: ReturnType<typeof userEvent.setup>) {
      const buttons = await screen.findAllByRole("button", { name: "Choose this option" });
      await user.click(buttons[0]!);
      await screen.findByRole("heading", { level: 1, name: "Confirm: Lake view" });
      await user.type(await screen.findByLabelText("E-mail"), "anna@example.test");
      await user.type(screen.getByLabelText("Confirm e-mail"), "anna@example.test");
      await user.type(screen.getByLabelText("Phone number"), "333 123 4567");
      await user.selectOptions(screen.getByLabelText("Country"), "IT");
      for (const box of screen.getAllByRole("checkbox", { name: /\(required\)/ })) await user.click(box);
      await user.click(screen.getByRole("button", { name: "Confirm the reservation" }));
    }

    it("sends the guest's part with an Idempotency-Key and goes to the voucher", async () => {
      const user = userEvent.setup();
      summary = aSummary(anOffer());
      let confirm: { body: unknown; headers: Record<string, string> } | null = null;
      extra = (url, init) => {
        if (url === `/api/v2/offers/${CODE}/options/1/payment`) return json(payment);
        if (url.startsWith("/api/customPrivacy.do")) return json({ policies: [] });
        if (url === `/api/v2/offers/${CODE}/confirm`) {
          confirm = {
            body: JSON.parse(String(init?.body)),
            headers: init?.headers as Record<string, string>,
          };
          return json({
            reservation: {
              code: "7K3M9QX2HT4VZ8PN",
              status: "confirmed",
              total: 480,
              currency: "EUR",
              email: "anna@example.test",
            },
            next: "voucher",
          });
        }
        return undefined;
      };
      const location = renderOffer();
      await fillAndConfirm(user);
      await vi.waitFor(() => expect(confirm).not.toBeNull());
      expect(confirm!.headers["Idempotency-Key"]).toMatch(/^[\w-]{8,}$/);
      expect(confirm!.body).toMatchObject({
        option: 1,
        booker: {
          fullname: "Anna Bianchi",
          email: "anna@example.test",
          emailConfirm: "anna@example.test",
          phone: { number: "333 123 4567" },
          country: "IT",
        },
        terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
        payment: { method: "pay_at_hotel" },
        expectedTotal: 480,
      });
      expect(confirm!.body).not.toHaveProperty("guests");
      await vi.waitFor(() =>
        expect(location.history?.at(-1)).toBe(
          "/hotel/1/channel/1/language/1/voucher/code/7K3M9QX2HT4VZ8PN/email/anna%40example.test",
        ),
      );
    });

    it("with a gateway that takes the card on its own page: no card form, no token, off to its page", async () => {
      const user = userEvent.setup();
      summary = aSummary(anOffer());
      const stripe = buildHotelContext({ gateway: "stripe" });
      const stripePage = "https://checkout.stripe.com/c/pay/cs_test_offer";
      let confirm: unknown = null;
      extra = (url, init) => {
        if (url.startsWith("/api/hotellist.do"))
          return json({ channel: stripe.channel, hotels: [stripe.hotel] });
        if (url === `/api/v2/offers/${CODE}/options/1/payment`)
          return json({ ...payment, paymentMethods: ["card_payment"] });
        if (url.startsWith("/api/customPrivacy.do")) return json({ policies: [] });
        if (url === `/api/v2/offers/${CODE}/confirm`) {
          confirm = JSON.parse(String(init?.body));
          return json({
            reservation: {
              code: "7K3M9QX2HT4VZ8PN",
              status: "payment_required",
              total: 480,
              currency: "EUR",
              email: "anna@example.test",
            },
            next: "3ds",
            redirectUrl: stripePage,
          });
        }
        return undefined;
      };
      const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
      renderOffer();
      await fillAndConfirm(user);
      expect(screen.queryByTitle("Secure card form of the payment provider")).toBeNull();
      expect(
        screen.getByText(/you will enter your card on the secure page of our payment provider/),
      ).toBeTruthy();
      await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(stripePage));
      expect((confirm as { payment: object }).payment).toEqual({ method: "card_payment" });
      assign.mockRestore();
    });

    it("rooms gone: the page reloads into 'no longer available'", async () => {
      const user = userEvent.setup();
      summary = aSummary(anOffer());
      extra = (url) => {
        if (url === `/api/v2/offers/${CODE}/options/1/payment`) return json(payment);
        if (url.startsWith("/api/customPrivacy.do")) return json({ policies: [] });
        if (url === `/api/v2/offers/${CODE}/confirm`) {
          summary = aSummary(anOffer({ state: "unavailable" }));
          return error(409, "offer_unavailable");
        }
        return undefined;
      };
      renderOffer();
      await fillAndConfirm(user);
      await screen.findByRole("heading", { level: 1, name: "This offer is no longer available" });
    });
  });
});
