import { describe, expect, it } from "vitest";
import {
  ConfirmResponseSchema,
  type GuestDataRequest,
  GuestDataRequestSchema,
  PrepaidCheckResponseSchema,
} from "./guestdata";

function request(): Record<string, unknown> & {
  booker: Record<string, unknown>;
  terms: Record<string, unknown>;
  payment: Record<string, unknown>;
  rooms: Record<string, unknown>[];
} {
  return {
    method: "confirm",
    hotel: 1,
    channel: 2,
    language: 1,
    arrival: "20300701",
    departure: "20300704",
    rooms: [{ slot: 0, roomId: 10, rateId: 20, adults: 2, ages: [6], refundProtection: false }],
    booker: {
      fullname: "Anna Rossi",
      email: "anna@example.it",
      emailConfirm: "anna@example.it",
      phone: { dialCode: "+39", number: "333 1234567" },
      country: "it",
    },
    privacy: { marketing: false, report: true, profile: false, custom: [{ id: 4, accepted: true }] },
    terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
    services: [],
    payment: { method: "card_payment", cardToken: "tok_123", cardLast4: "4242" },
  };
}

type Body = ReturnType<typeof request>;

function issues(body: unknown): string[] {
  const result = GuestDataRequestSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
}

describe("GuestDataRequestSchema", () => {
  it("accepts a complete booking and normalises the country", () => {
    const result = GuestDataRequestSchema.safeParse(request());
    expect(result.success).toBe(true);
    const body = result.data as GuestDataRequest;
    expect(body.booker.country).toBe("IT");
    expect(body.payment).toEqual({ method: "card_payment", cardToken: "tok_123", cardLast4: "4242" });
  });

  it("accepts every optional part", () => {
    const body = request();
    body.checkPrepaid = undefined;
    Object.assign(body, {
      promoCode: "SUMMER",
      customer: 3,
      rlId: 9,
      hpcc: "x",
      override: "100~sig",
      invoice: {
        name: "Rossi Srl",
        address: "Via Roma 1",
        zip: "20100",
        city: "Milano",
        country: "IT",
        vat: "12345678903",
        sdi: "m5uxcr1",
      },
      services: [
        { serviceId: 7, slot: 0, quantity: 2, date: "20300702", timeSlot: "09:00" },
        {
          serviceId: 8,
          slot: null,
          quantity: 1,
          transfer: { time: "14:05", placeCode: "MXP", transportNumber: "AZ 1234", note: "2 bags" },
        },
      ],
      expectedTotal: 450.5,
      tracking: { trivago: "t", tripadvisor: "ta", campaign: "c" },
      sessionCode: "abc",
    });
    body.rooms[0] = {
      ...body.rooms[0],
      refundProtection: true,
      guests: [
        { firstName: "Anna", lastName: "Rossi", type: "adult", birthDate: "15/08/1985", sex: "female" },
        { firstName: "Bea", lastName: "Rossi", type: "child", birthDate: "01/01/2024" },
      ],
    };
    body.terms.refundTerms = true;
    Object.assign(body.booker, {
      alternativeEmail: "office@example.it",
      address: "Via Roma 1",
      city: "Milano",
      cap: "20100",
      cf: "rssnna85m55f205x",
      note: "Late",
      arrivalTime: "22:00",
    });
    expect(issues(body)).toEqual([]);
  });

  // SPEC §5, one row per rule: the path names the field and the message is the code.
  it.each<[string, (body: Body) => void, string[]]>([
    [
      "full name required",
      (b) => {
        b.booker.fullname = " ";
      },
      ["booker.fullname:required"],
    ],
    [
      "e-mail required",
      (b) => {
        b.booker.email = "";
      },
      ["booker.email:required", "booker.emailConfirm:email_mismatch"],
    ],
    [
      "invalid e-mail",
      (b) => Object.assign(b.booker, { email: "anna@", emailConfirm: "anna@" }),
      ["booker.email:invalid_email"],
    ],
    [
      "e-mails do not match",
      (b) => {
        b.booker.emailConfirm = "ana@example.it";
      },
      ["booker.emailConfirm:email_mismatch"],
    ],
    [
      "invalid alternative e-mail",
      (b) => {
        b.booker.alternativeEmail = "x";
      },
      ["booker.alternativeEmail:invalid_email"],
    ],
    [
      "phone dial code",
      (b) => {
        b.booker.phone = { dialCode: "39", number: "3331234" };
      },
      ["booker.phone.dialCode:invalid_phone"],
    ],
    [
      "phone number",
      (b) => {
        b.booker.phone = { dialCode: "+39", number: "12" };
      },
      ["booker.phone.number:invalid_phone"],
    ],
    [
      "country required",
      (b) => {
        b.booker.country = "";
      },
      ["booker.country:required"],
    ],
    [
      "country unknown",
      (b) => {
        b.booker.country = "xx";
      },
      ["booker.country:out_of_range"],
    ],
    [
      "note too long",
      (b) => {
        b.booker.note = "n".repeat(1001);
      },
      ["booker.note:out_of_range"],
    ],
    [
      "arrival time",
      (b) => {
        b.booker.arrivalTime = "25:00";
      },
      ["booker.arrivalTime:invalid_date"],
    ],
    [
      "guest birth date invalid",
      (b) => {
        b.rooms[0]!.guests = [{ firstName: "A", lastName: "B", type: "adult", birthDate: "31/02/1990" }];
      },
      ["rooms.0.guests.0.birthDate:invalid_date"],
    ],
    [
      "guest birth date after arrival",
      (b) => {
        b.rooms[0]!.guests = [{ firstName: "A", lastName: "B", type: "adult", birthDate: "02/07/2030" }];
      },
      ["rooms.0.guests.0.birthDate:out_of_range"],
    ],
    [
      "child too old at arrival",
      (b) => {
        b.rooms[0]!.guests = [{ firstName: "A", lastName: "B", type: "child", birthDate: "01/07/2012" }];
      },
      ["rooms.0.guests.0.birthDate:out_of_range"],
    ],
    [
      "guest sex",
      (b) => {
        b.rooms[0]!.guests = [{ firstName: "A", lastName: "B", type: "adult", sex: "x" }];
      },
      ["rooms.0.guests.0.sex:out_of_range"],
    ],
    [
      "more guests than the room holds",
      (b) => {
        b.rooms[0]!.guests = Array.from({ length: 4 }, () => ({
          firstName: "A",
          lastName: "B",
          type: "adult",
        }));
      },
      ["rooms.0.guests:out_of_range"],
    ],
    [
      "invoice fields required",
      (b) => {
        b.invoice = { name: "", address: "", zip: "", city: "", country: "" };
      },
      [
        "invoice.name:required",
        "invoice.address:required",
        "invoice.zip:required",
        "invoice.city:required",
        "invoice.country:required",
      ],
    ],
    [
      "Italian VAT",
      (b) => {
        b.invoice = { name: "n", address: "a", zip: "z", city: "c", country: "IT", vat: "123" };
      },
      ["invoice.vat:out_of_range"],
    ],
    [
      "SDI",
      (b) => {
        b.invoice = { name: "n", address: "a", zip: "z", city: "c", country: "IT", sdi: "123" };
      },
      ["invoice.sdi:out_of_range"],
    ],
    [
      "cancellation policy",
      (b) => {
        b.terms.cancellationPolicy = false;
      },
      ["terms.cancellationPolicy:terms_required"],
    ],
    [
      "general terms",
      (b) => {
        b.terms.generalTerms = false;
      },
      ["terms.generalTerms:terms_required"],
    ],
    [
      "data processing",
      (b) => {
        b.terms.dataProcessing = false;
      },
      ["terms.dataProcessing:terms_required"],
    ],
    [
      "refund terms when refund protection is chosen",
      (b) => {
        b.rooms[0]!.refundProtection = true;
      },
      ["terms.refundTerms:refund_terms_required"],
    ],
    [
      "a card token comes with its last four",
      (b) => {
        b.payment = { method: "card_guarantee", cardToken: "tok_1" };
      },
      ["payment.cardLast4:required"],
    ],
    [
      "last four digits come with their token",
      (b) => {
        b.payment = { method: "card_payment", cardLast4: "4242" };
      },
      ["payment.cardToken:required"],
    ],
    [
      // The server asks for a token where the hotel's gateway frames its card page.
      "a card method taken on the gateway's own page needs no token",
      (b) => {
        b.payment = { method: "card_guarantee" };
      },
      [],
    ],
    [
      "other methods need no token",
      (b) => {
        b.payment = { method: "bank_transfer", bank: true };
      },
      [],
    ],
    [
      "pay by link needs no token",
      (b) => {
        b.payment = { method: "pay_by_link" };
      },
      [],
    ],
  ])("%s", (_name, change, expected) => {
    const body = request();
    change(body);
    expect(issues(body)).toEqual(expected);
  });

  it("with checkPrepaid it only prices: the form rules wait for the booking call", () => {
    for (const checkPrepaid of [1, "1"]) {
      const body = { ...request(), checkPrepaid };
      Object.assign(body.booker, { fullname: "", email: "", emailConfirm: "" });
      body.terms.dataProcessing = false;
      body.payment = { method: "card_payment" };
      expect(issues(body)).toEqual([]);
    }
    expect(issues({ ...request(), checkPrepaid: 2 })).toHaveLength(1);
  });

  it.each([
    ["cardNumber", { cardNumber: "4242424242424242" }, ["payment.cardNumber"]],
    ["number", { number: "4242424242424242" }, ["payment.number"]],
    ["card_number", { card_number: "4242424242424242" }, ["payment.card_number"]],
    ["cvv", { cvv: "123" }, ["payment.cvv"]],
    ["CVC", { CVC: "123" }, ["payment.CVC"]],
    ["expiry", { expiry: "12/2030" }, ["payment.expiry"]],
    ["pan", { pan: "4242424242424242" }, ["payment.pan"]],
    [
      "nested card object",
      { card: { number: "4242", cvv: "1" } },
      ["payment.card.number", "payment.card.cvv"],
    ],
    ["deep in a list", { extra: [{ x: { securityCode: "1" } }] }, ["payment.extra.0.x.securityCode"]],
  ])("refuses card data in payment: %s", (_name, extra, paths) => {
    const body = request();
    Object.assign(body.payment, extra);
    const result = GuestDataRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    const found = result.error?.issues.filter((i) => i.message.startsWith("card data must never be sent"));
    expect(found?.map((i) => i.path.join("."))).toEqual(paths);
  });

  it("refuses unknown keys anywhere", () => {
    const body = request();
    body.payment.foo = 1;
    body.booker.extra = 1;
    body.bar = 2;
    const result = GuestDataRequestSchema.safeParse(body);
    expect(result.error?.issues.map((i) => [i.code, i.path.join(".")])).toEqual(
      expect.arrayContaining([
        ["unrecognized_keys", "payment"],
        ["unrecognized_keys", "booker"],
        ["unrecognized_keys", ""],
      ]),
    );
  });

  it.each<[string, (body: Body) => void, string[]]>([
    [
      "departure before arrival",
      (b) => {
        b.departure = "20300701";
      },
      ["departure:must be after arrival"],
    ],
    [
      "a date that is no date",
      (b) => {
        b.arrival = "20300231";
      },
      ["arrival:must be a date written YYYYMMDD"],
    ],
    [
      "no rooms",
      (b) => {
        b.rooms = [];
      },
      ["rooms"],
    ],
    ["slots repeated", (b) => void b.rooms.push({ ...b.rooms[0]! }), ["rooms.1.slot:out_of_range"]],
    [
      "slot beyond the rooms",
      (b) => {
        b.rooms[0]!.slot = 1;
      },
      ["rooms.0.slot:out_of_range"],
    ],
    [
      "21 adults",
      (b) => {
        b.rooms[0]!.adults = 21;
      },
      ["rooms.0.adults"],
    ],
    [
      "a child of 18",
      (b) => {
        b.rooms[0]!.ages = [18];
      },
      ["rooms.0.ages.0"],
    ],
    [
      "16 children",
      (b) => {
        b.rooms[0]!.ages = Array.from({ length: 16 }, () => 5);
      },
      ["rooms.0.ages"],
    ],
    [
      "a service for a slot that does not exist",
      (b) => {
        b.services = [{ serviceId: 1, slot: 1, quantity: 1 }];
      },
      ["services.0.slot:out_of_range"],
    ],
    [
      "a service dated outside the stay",
      (b) => {
        b.services = [{ serviceId: 1, quantity: 1, date: "20300705" }];
      },
      ["services.0.date:out_of_range"],
    ],
    [
      "a quantity of 100",
      (b) => {
        b.services = [{ serviceId: 1, quantity: 100 }];
      },
      ["services.0.quantity"],
    ],
    [
      "a quantity of 0",
      (b) => {
        b.services = [{ serviceId: 1, quantity: 0 }];
      },
      ["services.0.quantity"],
    ],
    [
      "a bad time slot",
      (b) => {
        b.services = [{ serviceId: 1, quantity: 1, timeSlot: "9:00" }];
      },
      ["services.0.timeSlot:invalid_date"],
    ],
    [
      "101 services",
      (b) => {
        b.services = Array.from({ length: 101 }, () => ({ serviceId: 1, quantity: 1 }));
      },
      ["services"],
    ],
    [
      "an unknown method",
      (b) => {
        b.payment = { method: "cash" };
      },
      ["payment.method"],
    ],
    [
      "last four that are not four digits",
      (b) => {
        b.payment.cardLast4 = "42a2";
      },
      ["payment.cardLast4:must be the last four digits of the card"],
    ],
    [
      "a negative expected total",
      (b) => {
        b.expectedTotal = -1;
      },
      ["expectedTotal"],
    ],
    [
      "ids as strings",
      (b) => {
        b.hotel = "1";
      },
      ["hotel"],
    ],
    [
      "method other than confirm",
      (b) => {
        b.method = "cancel";
      },
      ["method"],
    ],
  ])("structure: %s", (_name, change, expected) => {
    const body = request();
    change(body);
    const found = issues(body).map((i) => (expected.some((e) => e.includes(":")) ? i : i.split(":")[0]));
    expect(found).toEqual(expected);
  });
});

describe("PrepaidCheckResponseSchema and ConfirmResponseSchema", () => {
  it("parse the answers", () => {
    expect(
      PrepaidCheckResponseSchema.parse({
        currency: "EUR",
        total: 330,
        roomsTotal: 300,
        servicesTotal: 20,
        refundProtection: 10,
        cityTax: 6,
        dueNow: 99,
        dueLater: [{ date: "20300624", amount: 231 }],
        paymentMethods: ["card_payment", "bank_transfer"],
      }).dueNow,
    ).toBe(99);
    const confirm = {
      reservation: {
        code: "041061050R3GG28A",
        status: "payment_required",
        total: 330,
        currency: "EUR",
        email: "a@b.it",
      },
      next: "3ds",
      redirectUrl: "/sandbox-gateway/challenge/1",
    };
    expect(ConfirmResponseSchema.parse(confirm).next).toBe("3ds");
    expect(ConfirmResponseSchema.safeParse({ ...confirm, next: "elsewhere" }).success).toBe(false);
    expect(
      ConfirmResponseSchema.safeParse({ ...confirm, reservation: { ...confirm.reservation, status: "paid" } })
        .success,
    ).toBe(false);
  });
});
