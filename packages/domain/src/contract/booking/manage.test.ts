import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ActivateInstallmentsRequestSchema,
  AuthoriseNowRequestSchema,
  CancellationQuoteSchema,
  CancelRequestSchema,
  CancelResponseSchema,
  IdempotencyHeadersSchema,
  MANAGE_PATHS,
  ModifyRequestSchema,
  ModifyResponseSchema,
  PaymentActionResponseSchema,
  PayNowRequestSchema,
  QuoteRequestSchema,
  QuoteResponseSchema,
  RecalcRequestSchema,
  RecalcResponseSchema,
  ReservationCodeParamsSchema,
  TransferDetailsSchema,
  TransferUpdateParamsSchema,
  TransferUpdateRequestSchema,
  TransferUpdateResponseSchema,
  VerifyDispoRequestSchema,
  VerifyDispoResponseSchema,
} from "./manage";
import { ReservationSchema } from "./retrieve";

const CODE = "041061050R3GG28A";

/** The paths of the issues, each `path:message`; [] when the input passes. */
function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
}
function paths(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
}

describe("MANAGE_PATHS", () => {
  it("keeps SPEC §7's names under /api", () => {
    expect(MANAGE_PATHS).toMatchObject({
      cancel: "/api/delete.do",
      verifyDispo: "/api/bol/reservation/verifyDispo",
      recalc: "/api/bol/reservation/:code/recalc",
      modify: "/api/bol/reservation/:code/modify",
      transferUpdate: "/api/bol/transfer-update/:prId/:seId",
    });
  });
});

describe("IdempotencyHeadersSchema", () => {
  it.each<[string, Record<string, string>, boolean]>([
    ["a uuid", { "idempotency-key": "3f2b8c1e-7a4d-4c2b-9e1f-0a1b2c3d4e5f" }, true],
    ["with other headers", { "idempotency-key": "key_1234", "content-type": "application/json" }, true],
    ["too short", { "idempotency-key": "short" }, false],
    ["a space", { "idempotency-key": "key 12345" }, false],
    ["missing", {}, false],
  ])("%s → %s", (_name, headers, ok) => {
    expect(IdempotencyHeadersSchema.safeParse(headers).success).toBe(ok);
  });

  it("documents the header for OpenAPI", () => {
    const json = z.toJSONSchema(IdempotencyHeadersSchema) as {
      properties: Record<string, { description?: string }>;
    };
    expect(json.properties["idempotency-key"]?.description).toMatch(/replay/);
  });
});

describe("ReservationCodeParamsSchema", () => {
  it("normalises the code of the path", () => {
    expect(ReservationCodeParamsSchema.parse({ code: "0410-6105-0r3g-g28a" })).toEqual({ code: CODE });
    expect(paths(ReservationCodeParamsSchema, { code: "nope" })).toEqual(["code"]);
  });
});

describe("CancelRequestSchema", () => {
  it("cancels the reservation, a room, or previews", () => {
    expect(
      CancelRequestSchema.parse({ channel: 1, reservation: CODE.toLowerCase(), mail: " Anna@Example.IT " }),
    ).toEqual({
      channel: 1,
      reservation: CODE,
      mail: "anna@example.it",
    });
    expect(
      CancelRequestSchema.parse({ channel: 1, reservation: CODE, mail: "a@b.it", room: 12, preview: true }),
    ).toEqual({ channel: 1, reservation: CODE, mail: "a@b.it", room: 12, preview: true });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ["no channel", { reservation: CODE, mail: "a@b.it" }, ["channel"]],
    ["a bad code", { channel: 1, reservation: "X", mail: "a@b.it" }, ["reservation"]],
    ["a bad e-mail", { channel: 1, reservation: CODE, mail: "anna" }, ["mail"]],
    ["room 0", { channel: 1, reservation: CODE, mail: "a@b.it", room: 0 }, ["room"]],
    ["room as text", { channel: 1, reservation: CODE, mail: "a@b.it", room: "3" }, ["room"]],
    ["preview as text", { channel: 1, reservation: CODE, mail: "a@b.it", preview: "yes" }, ["preview"]],
    ["an unknown field", { channel: 1, reservation: CODE, mail: "a@b.it", penalty: 0 }, [""]],
  ])("refuses %s", (_name, input, expected) => {
    expect(paths(CancelRequestSchema, input)).toEqual(expected);
  });
});

const quote = {
  currency: "EUR",
  cancelsReservation: false,
  free: false,
  penalty: 100,
  newTotal: 350,
  refund: 0,
  stillOwed: 350,
  rooms: [
    {
      id: 10,
      outcome: "penalty",
      reason: "after_deadline",
      penalty: 100,
      freeUntil: "20300624",
      freeBefore: "2030-06-24T22:00:00.000Z",
    },
  ],
};

describe("CancelResponseSchema", () => {
  it("a preview answers the quote", () => {
    expect(CancellationQuoteSchema.safeParse(quote).success).toBe(true);
    expect(CancelResponseSchema.safeParse(quote).success).toBe(true);
  });

  it("refuses a quote with a refused room", () => {
    const refused = { ...quote, rooms: [{ ...quote.rooms[0], outcome: "not_allowed" }] };
    expect(CancellationQuoteSchema.safeParse(refused).success).toBe(false);
  });

  it("is the reservation once cancelled (API.md)", () => {
    expect(CancelResponseSchema.options).toContain(ReservationSchema);
  });
});

describe("VerifyDispoRequestSchema", () => {
  const base = { reservation: CODE, mail: "a@b.it", arrival: "20300801", departure: "20300804" };
  it("new dates for the stay or for a room", () => {
    expect(VerifyDispoRequestSchema.parse(base)).toEqual(base);
    expect(VerifyDispoRequestSchema.parse({ ...base, room: 3 })).toEqual({ ...base, room: 3 });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ["departure on arrival", { ...base, departure: "20300801" }, ["departure:must be after arrival"]],
    ["more than 60 nights", { ...base, departure: "20301101" }, ["departure:a stay is at most 60 nights"]],
    ["a date that is not one", { ...base, arrival: "20300231" }, ["arrival:must be a date written YYYYMMDD"]],
    ["no e-mail", { ...base, mail: undefined }, ["mail:Invalid input: expected string, received undefined"]],
  ])("refuses %s", (_name, input, expected) => {
    expect(issues(VerifyDispoRequestSchema, input)).toEqual(expected);
  });
});

describe("VerifyDispoResponseSchema", () => {
  it.each([
    [
      {
        available: true,
        reason: null,
        detail: null,
        rooms: [{ id: 1, arrival: "20300801", departure: "20300804", nights: 3 }],
      },
      true,
    ],
    [{ available: false, reason: "swap_dates_not_selectable", detail: "below_min_stay", rooms: [] }, true],
    [{ available: false, reason: "swap_not_available", detail: null, rooms: [] }, true],
    [{ available: false, reason: "sold_out", detail: null, rooms: [] }, false],
  ])("%j → %s", (body, ok) => {
    expect(VerifyDispoResponseSchema.safeParse(body).success).toBe(ok);
  });
});

describe("RecalcRequestSchema", () => {
  it("previews new dates", () => {
    const body = {
      mail: "a@b.it",
      change: { kind: "dates", room: 3, arrival: "20300801", departure: "20300804" },
    };
    expect(RecalcRequestSchema.parse(body)).toEqual(body);
  });

  it("previews services for a room and for the booking, with a transfer", () => {
    const body = {
      mail: "a@b.it",
      change: {
        kind: "services",
        services: [
          { serviceId: 7, room: 3, quantity: 2, date: "20300702", timeSlot: "09:00" },
          {
            serviceId: 8,
            room: null,
            quantity: 1,
            transfer: { time: "14:05", placeCode: " MXP ", transportNumber: "AZ 1234" },
          },
        ],
      },
    };
    const parsed = RecalcRequestSchema.parse(body);
    expect(parsed.change.kind === "services" && parsed.change.services[1]?.transfer?.placeCode).toBe("MXP");
  });

  it.each<[string, unknown, string[]]>([
    ["an unknown kind", { kind: "rooms" }, ["change.kind"]],
    ["no services", { kind: "services", services: [] }, ["change.services"]],
    [
      "quantity 0",
      { kind: "services", services: [{ serviceId: 7, quantity: 0 }] },
      ["change.services.0.quantity"],
    ],
    [
      "a bad time slot",
      { kind: "services", services: [{ serviceId: 7, quantity: 1, timeSlot: "9:00" }] },
      ["change.services.0.timeSlot"],
    ],
    [
      "departure before arrival",
      { kind: "dates", arrival: "20300804", departure: "20300801" },
      ["change.departure"],
    ],
    [
      "dates with services",
      { kind: "dates", arrival: "20300801", departure: "20300804", services: [] },
      ["change"],
    ],
  ])("refuses %s", (_name, change, expected) => {
    expect(paths(RecalcRequestSchema, { mail: "a@b.it", change })).toEqual(expected);
  });
});

describe("RecalcResponseSchema", () => {
  const preview = {
    currency: "EUR",
    alreadyDebited: 600,
    was: 600,
    becomes: 660,
    difference: 60,
    payNow: 60,
    payLater: 0,
    payAtHotel: 0,
    refund: 0,
    rooms: [
      { id: 3, was: 300, becomes: 360, difference: 60, arrival: "20300801", departure: "20300804" },
      { id: null, was: 0, becomes: 0, difference: 0, arrival: null, departure: null },
    ],
    nextStatus: "payment_required",
  };
  it("carries already debited, was, becomes and the difference per room", () => {
    expect(RecalcResponseSchema.safeParse(preview).success).toBe(true);
    expect(RecalcResponseSchema.safeParse({ ...preview, nextStatus: "modified" }).success).toBe(false);
    expect(RecalcResponseSchema.safeParse({ ...preview, alreadyDebited: undefined }).success).toBe(false);
  });
});

describe("ModifyRequestSchema", () => {
  const change = { kind: "dates", arrival: "20300801", departure: "20300804" };
  it("confirms with the previewed total, or cancels the change", () => {
    expect(
      ModifyRequestSchema.parse({ action: "confirm", mail: "a@b.it", change, expectedBecomes: 660 }),
    ).toEqual({
      action: "confirm",
      mail: "a@b.it",
      change,
      expectedBecomes: 660,
    });
    expect(ModifyRequestSchema.parse({ action: "cancel", mail: "a@b.it" })).toEqual({
      action: "cancel",
      mail: "a@b.it",
    });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    [
      "confirm without the previewed total",
      { action: "confirm", mail: "a@b.it", change },
      ["expectedBecomes"],
    ],
    ["confirm without a change", { action: "confirm", mail: "a@b.it", expectedBecomes: 1 }, ["change"]],
    [
      "a negative total",
      { action: "confirm", mail: "a@b.it", change, expectedBecomes: -1 },
      ["expectedBecomes"],
    ],
    ["an unknown action", { action: "apply", mail: "a@b.it", change }, ["action"]],
  ])("refuses %s", (_name, input, expected) => {
    expect(paths(ModifyRequestSchema, input)).toEqual(expected);
  });

  it("answers the reservation and what is left to pay or given back", () => {
    const shape = ModifyResponseSchema.shape;
    expect(Object.keys(shape)).toEqual(["reservation", "payNow", "refund"]);
    expect(shape.reservation).toBe(ReservationSchema);
  });
});

describe("TransferDetailsSchema and bol/transfer-update", () => {
  it("reads the path: the code as prId, the service id as seId", () => {
    expect(TransferUpdateParamsSchema.parse({ prId: CODE.toLowerCase(), seId: "42" })).toEqual({
      prId: CODE,
      seId: 42,
    });
    expect(paths(TransferUpdateParamsSchema, { prId: "17", seId: "x" })).toEqual(["prId", "seId"]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    [
      "all fields, trimmed",
      { time: "07:45", placeCode: " FCO ", transportNumber: "FR 123", note: "late" },
      [],
    ],
    ["nothing: clears", {}, []],
    ["24:00", { time: "24:00" }, ["time:invalid_date"]],
    [
      "a place code of 21",
      { placeCode: "X".repeat(21) },
      ["placeCode:Too big: expected string to have <=20 characters"],
    ],
    ["a note of 501", { note: "n".repeat(501) }, ["note:Too big: expected string to have <=500 characters"]],
    ["an unknown field", { flight: "AZ1" }, [':Unrecognized key: "flight"']],
  ])("%s", (_name, transfer, expected) => {
    expect(issues(TransferDetailsSchema, transfer)).toEqual(expected);
  });

  it("the request carries the holder's e-mail and the details", () => {
    expect(
      TransferUpdateRequestSchema.parse({ mail: "a@b.it", transfer: { time: "07:45", placeCode: " FCO " } }),
    ).toEqual({ mail: "a@b.it", transfer: { time: "07:45", placeCode: "FCO" } });
    expect(paths(TransferUpdateRequestSchema, { transfer: {} })).toEqual(["mail"]);
  });

  it("answers the details as stored and the edit deadline", () => {
    const body = {
      id: 42,
      transfer: { time: "07:45", placeCode: "FCO", transportNumber: null, note: null },
      editBefore: "2030-06-30T22:00:00.000Z",
    };
    expect(TransferUpdateResponseSchema.safeParse(body).success).toBe(true);
  });
});

describe("PayNowRequestSchema", () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ["a card", { mail: "a@b.it", method: "card_payment", cardToken: "tok_1", cardLast4: "4242" }, []],
    [
      "one payment due",
      { mail: "a@b.it", prepayment: 5, method: "card_payment", cardToken: "tok_1", cardLast4: "4242" },
      [],
    ],
    ["a wallet, no card", { mail: "a@b.it", method: "wallet" }, []],
    // A gateway that takes the card on its own page sends no token (the server asks for one where it is needed).
    ["a card on the gateway's own page", { mail: "a@b.it", method: "card_payment" }, []],
    [
      "a token without its last four",
      { mail: "a@b.it", method: "card_payment", cardToken: "t" },
      ["cardLast4"],
    ],
    [
      "last four without their token",
      { mail: "a@b.it", method: "card_payment", cardLast4: "4242" },
      ["cardToken"],
    ],
    ["a bank transfer is not paying now", { mail: "a@b.it", method: "bank_transfer" }, ["method"]],
    [
      "a card number",
      {
        mail: "a@b.it",
        method: "card_payment",
        cardToken: "t",
        cardLast4: "4242",
        cardNumber: "4242424242424242",
      },
      [""],
    ],
    [
      "five digits",
      { mail: "a@b.it", method: "card_payment", cardToken: "t", cardLast4: "42424" },
      ["cardLast4"],
    ],
  ])("%s", (_name, input, expected) => {
    expect(paths(PayNowRequestSchema, input)).toEqual(expected);
  });
});

describe("AuthoriseNowRequestSchema and ActivateInstallmentsRequestSchema", () => {
  const card = { mail: "a@b.it", cardToken: "tok_1", cardLast4: "4242" };
  it("authorise takes the card token with its last four, or none for the gateway's own page", () => {
    expect(paths(AuthoriseNowRequestSchema, card)).toEqual([]);
    expect(paths(AuthoriseNowRequestSchema, { mail: "a@b.it" })).toEqual([]);
    expect(paths(AuthoriseNowRequestSchema, { mail: "a@b.it", cardToken: "t" })).toEqual(["cardLast4"]);
  });

  it.each<[number, boolean]>([
    [1, false],
    [2, true],
    [12, true],
    [13, false],
    [2.5, false],
  ])("installments: %d → %s", (count, ok) => {
    expect(ActivateInstallmentsRequestSchema.safeParse({ ...card, count }).success).toBe(ok);
  });

  it("answers the status, the next step and the plan", () => {
    expect(
      PaymentActionResponseSchema.safeParse({
        status: "confirmed",
        next: "voucher",
        amount: 100,
        installments: [{ number: 1, chargeDate: "20300101", noticeDate: "20300101", amount: 100 }],
      }).success,
    ).toBe(true);
    expect(
      PaymentActionResponseSchema.safeParse({
        status: "payment_required",
        next: "3ds",
        redirectUrl: "/x",
        amount: 5,
      }).success,
    ).toBe(true);
    expect(
      PaymentActionResponseSchema.safeParse({ status: "paid", next: "voucher", amount: 5 }).success,
    ).toBe(false);
  });
});

describe("QuoteRequestSchema", () => {
  const body = {
    channel: 1,
    hotel: 2,
    language: 2,
    arrival: "20300701",
    departure: "20300704",
    rooms: [
      { adults: 2, ages: [6], roomId: 10, rateId: 20 },
      { adults: 1, ages: [] },
    ],
    fullName: " Anna Rossi ",
    email: "Anna@Example.it",
    emailConfirm: "anna@example.IT ",
    privacy: true,
  };

  it("accepts the form with the search and the selected rooms", () => {
    const parsed = QuoteRequestSchema.parse({
      ...body,
      phone: "+39 333",
      message: "A quiet room",
      promoCode: "SUMMER",
    });
    expect(parsed.fullName).toBe("Anna Rossi");
    expect(parsed.email).toBe("anna@example.it");
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ["no name", { fullName: "  " }, ["fullName:required"]],
    ["no e-mail", { email: "" }, ["email:required"]],
    ["a bad e-mail", { email: "anna" }, ["email:invalid_email"]],
    ["e-mails that differ", { emailConfirm: "anna@example.com" }, ["emailConfirm:email_mismatch"]],
    ["no confirmation", { emailConfirm: "" }, ["emailConfirm:required"]],
    ["privacy not accepted", { privacy: false }, ["privacy:required"]],
    [
      "a room without its rate",
      { rooms: [{ adults: 2, ages: [], roomId: 10 }] },
      ["rooms.0.rateId:required"],
    ],
    ["no rooms", { rooms: [] }, ["rooms:Too small: expected array to have >=1 items"]],
    [
      "21 adults",
      { rooms: [{ adults: 21, ages: [] }] },
      ["rooms.0.adults:Too big: expected number to be <=20"],
    ],
    ["departure before arrival", { departure: "20300630" }, ["departure:must be after arrival"]],
    [
      "a message of 2001",
      { message: "m".repeat(2001) },
      ["message:Too big: expected string to have <=2000 characters"],
    ],
  ])("refuses %s", (_name, change, expected) => {
    expect(issues(QuoteRequestSchema, { ...body, ...change })).toEqual(expected);
  });

  it("answers that the mails are queued", () => {
    expect(QuoteResponseSchema.safeParse({ queued: true, currency: "EUR", total: 450.5 }).success).toBe(true);
    expect(QuoteResponseSchema.safeParse({ queued: true, currency: "EUR", total: null }).success).toBe(true);
    expect(QuoteResponseSchema.safeParse({ queued: false, currency: "EUR", total: null }).success).toBe(
      false,
    );
  });
});

describe("OpenAPI", () => {
  it("every request and response schema converts to JSON Schema", () => {
    for (const schema of [
      CancelRequestSchema,
      CancelResponseSchema,
      VerifyDispoRequestSchema,
      VerifyDispoResponseSchema,
      RecalcRequestSchema,
      RecalcResponseSchema,
      ModifyRequestSchema,
      ModifyResponseSchema,
      TransferUpdateParamsSchema,
      TransferUpdateRequestSchema,
      TransferUpdateResponseSchema,
      PayNowRequestSchema,
      AuthoriseNowRequestSchema,
      ActivateInstallmentsRequestSchema,
      PaymentActionResponseSchema,
      QuoteRequestSchema,
      QuoteResponseSchema,
    ])
      expect(() => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" })).not.toThrow();
  });
});

describe("refinements", () => {
  it("answer issues, never throw, on bodies of the wrong shape", () => {
    for (const input of [null, {}, { rooms: "x" }, { email: 3 }, { arrival: 5, departure: null }]) {
      expect(QuoteRequestSchema.safeParse(input).success).toBe(false);
      expect(VerifyDispoRequestSchema.safeParse(input).success).toBe(false);
    }
    expect(RecalcRequestSchema.safeParse({ change: { kind: "dates", arrival: 3 } }).success).toBe(false);
  });
});
