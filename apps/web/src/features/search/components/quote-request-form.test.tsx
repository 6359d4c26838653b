// @vitest-environment happy-dom

import { MANAGE_PATHS, QuoteRequestSchema } from "@alloggio/domain/contract/booking/manage";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QuoteRequestForm, type QuoteValues, toQuoteRequest, validateQuote } from "./quote-request-form";
import { renderWithHotel } from "./testing";

const valid: QuoteValues = {
  fullName: "Anna Rossi",
  email: "anna@example.com",
  emailConfirm: "Anna@Example.com",
  phone: "",
  message: "",
  privacy: true,
};

describe("validateQuote", () => {
  it.each<[Partial<QuoteValues>, ReturnType<typeof validateQuote>]>([
    [{}, {}],
    [{ fullName: "  " }, { fullName: "required" }],
    [
      { email: "", emailConfirm: "" },
      { email: "required", emailConfirm: "required" },
    ],
    [{ email: "anna@", emailConfirm: "anna@" }, { email: "email" }],
    [{ email: "anna@example", emailConfirm: "anna@example" }, { email: "email" }],
    [{ fullName: "x".repeat(101) }, { fullName: "tooLong" }],
    [{ phone: "1".repeat(31) }, { phone: "tooLong" }],
    [{ message: "m".repeat(2001) }, { message: "tooLong" }],
    [{ emailConfirm: "other@example.com" }, { emailConfirm: "emailMatch" }],
    [{ privacy: false }, { privacy: "required" }],
  ])("%o", (change, errors) => {
    expect(validateQuote({ ...valid, ...change })).toEqual(errors);
  });
});

describe("QuoteRequestForm", () => {
  afterEach(cleanup);

  async function setup() {
    const user = userEvent.setup();
    const onClose = vi.fn();
    await renderWithHotel(<QuoteRequestForm onClose={onClose} stay="Your search: 1–2 Jan" />);
    await screen.findByRole("dialog", { name: "Request a quote" });
    return { user, onClose };
  }

  const input = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
  const errorOf = (element: HTMLElement) => {
    const id = element.getAttribute("aria-describedby");
    return id ? document.getElementById(id)?.textContent : undefined;
  };

  it("shows the messages next to each field, marked invalid and described", async () => {
    const { user } = await setup();
    await user.click(screen.getByRole("button", { name: "Send the request" }));
    expect(screen.getAllByText("Required value")).toHaveLength(4);
    for (const name of [/^Full name/, /^E-mail/, /^Confirm your e-mail/, /^I have read the privacy policy/]) {
      expect(input(name).getAttribute("aria-invalid")).toBe("true");
      expect(errorOf(input(name))).toBe("Required value");
    }
    expect(input(/^Phone/).getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(input(/^Full name/));

    await user.type(input(/^E-mail/), "anna@example");
    await user.type(input(/^Confirm your e-mail/), "anna@example.org");
    expect(errorOf(input(/^E-mail/))).toBe("Invalid e-mail address");
    // As QuoteRequestSchema: only a valid address is compared with its confirmation.
    expect(errorOf(input(/^Confirm your e-mail/))).toBeUndefined();
    await user.type(input(/^E-mail/), ".com");
    expect(errorOf(input(/^E-mail/))).toBeUndefined();
    expect(errorOf(input(/^Confirm your e-mail/))).toBe("E-mail addresses do not match");
  });

  async function fillIn(user: ReturnType<typeof userEvent.setup>) {
    await user.type(input(/^Full name/), "Anna Rossi");
    await user.type(input(/^E-mail/), "anna@example.com");
    await user.type(input(/^Confirm your e-mail/), "Anna@Example.com");
    await user.type(input(/^Message/), "A quiet room, please");
    await user.click(input(/^I have read the privacy policy/));
  }

  it("sends quote.do with the search and says it is sent, with the quoted total", async () => {
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ queued: true, currency: "EUR", total: 320 }), { status: 200 }),
    );
    vi.stubGlobal("fetch", fetch);
    try {
      const { user, onClose } = await setup();
      await fillIn(user);
      await user.click(screen.getByRole("button", { name: "Send the request" }));
      const done = await screen.findByRole("status");
      expect(done.textContent?.replace(/\s+/g, " ")).toBe(
        "Your request has been sent: the hotel will reply to anna@example.com. A copy is on its way to you. Quoted total: 320,00 EUR.",
      );
      const [url, init] = fetch.mock.calls[0]!;
      expect(url).toBe("/api/quote.do");
      expect(`/api/quote.do`).toBe(MANAGE_PATHS.quote);
      expect((init?.headers as Record<string, string> | undefined)?.["Idempotency-Key"]).toBeTruthy();
      const body = JSON.parse(String(init?.body));
      expect(body).toMatchObject({
        channel: 1,
        hotel: 1,
        language: 1,
        rooms: [{ adults: 2, ages: [] }],
        fullName: "Anna Rossi",
        email: "anna@example.com",
        emailConfirm: "Anna@Example.com",
        message: "A quiet room, please",
        privacy: true,
      });
      expect(QuoteRequestSchema.safeParse(body).success).toBe(true);
      await user.click(screen.getAllByRole("button", { name: "Close" })[1]!);
      expect(onClose).toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("shows the server's refusal: field messages on the fields, anything else above the buttons", async () => {
    let answer = new Response(
      JSON.stringify({
        error: {
          code: "invalid_input",
          message: "bad",
          details: [{ field: "email", message: "invalid_email" }],
          requestId: "r",
        },
      }),
      { status: 400 },
    );
    const fetch = vi.fn(async () => answer);
    vi.stubGlobal("fetch", fetch);
    try {
      const { user } = await setup();
      await fillIn(user);
      await user.click(screen.getByRole("button", { name: "Send the request" }));
      await vi.waitFor(() => expect(errorOf(input(/^E-mail/))).toBe("Invalid e-mail address"));
      answer = new Response(
        JSON.stringify({ error: { code: "rate_limited", message: "x", requestId: "r" } }),
        {
          status: 429,
        },
      );
      await user.click(screen.getByRole("button", { name: "Send the request" }));
      expect((await screen.findByRole("alert")).textContent).toContain(
        "Too many requests. Please wait a few minutes, then try again.",
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("toQuoteRequest", () => {
  it("carries each room's guests and the room and rate chosen for it, valid for the contract", () => {
    const body = toQuoteRequest(
      { ...valid, phone: " +39 333 ", message: "" },
      {
        arrival: "20300110",
        departure: "20300112",
        rooms: [
          { adults: 2, ages: [4] },
          { adults: 1, ages: [] },
        ],
        promoCode: "",
      },
      { hotel: 1, channel: 2, language: 3 },
      [null, { roomId: 7, rateId: 9 }],
    );
    expect(body.rooms).toEqual([
      { adults: 2, ages: [4] },
      { adults: 1, ages: [], roomId: 7, rateId: 9 },
    ]);
    expect(body.phone).toBe("+39 333");
    expect(body.message).toBeUndefined();
    expect(QuoteRequestSchema.safeParse(body).success).toBe(true);
  });
});
