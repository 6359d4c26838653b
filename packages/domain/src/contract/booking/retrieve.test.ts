import { describe, expect, it } from "vitest";
import { type Reservation, RetrieveQuerySchema, RetrieveResponseSchema } from "./retrieve";

describe("RetrieveQuerySchema", () => {
  it("normalises the code and the e-mail as the guest typed them", () => {
    expect(
      RetrieveQuerySchema.parse({ channel: "2", code: "0410 6105 0r3g g28a", mail: " Anna@Example.IT " }),
    ).toEqual({
      channel: 2,
      code: "041061050R3GG28A",
      mail: "anna@example.it",
    });
  });

  it.each<[string, Record<string, string>, string]>([
    ["no channel", { code: "041061050R3GG28A", mail: "a@b.it" }, "channel"],
    ["a code with U", { channel: "1", code: "041061050R3GG28U", mail: "a@b.it" }, "code"],
    ["no e-mail", { channel: "1", code: "041061050R3GG28A", mail: "" }, "mail"],
    ["not an e-mail", { channel: "1", code: "041061050R3GG28A", mail: "anna" }, "mail"],
  ])("refuses %s", (_name, input, path) => {
    expect(RetrieveQuerySchema.safeParse(input).error?.issues.map((i) => i.path.join("."))).toEqual([path]);
  });
});

describe("RetrieveResponseSchema", () => {
  const reservation: Reservation = {
    code: "041061050R3GG28A",
    status: "confirmed",
    language: 1,
    hotel: {
      id: 1,
      name: "Hotel Aurora",
      city: "Milano",
      country: "IT",
      address: "Via Roma 1",
      phone: "+39 02 123456",
      email: "info@aurora.example",
    },
    arrival: "20300701",
    departure: "20300704",
    nights: 3,
    booker: {
      fullname: "Anna Rossi",
      email: "anna@example.it",
      alternativeEmail: null,
      phone: "+39 333 1234567",
      address: null,
      city: null,
      cap: null,
      country: "IT",
      cf: null,
      note: null,
      arrivalTime: "22:00",
    },
    invoice: null,
    rooms: [
      {
        id: 10,
        roomTypeId: 110,
        name: "Double",
        status: "A",
        adults: 2,
        children: [6],
        rateId: 20,
        rateName: "Flexible",
        mealPlan: "breakfast",
        roomTotal: 300,
        nightly: [
          { date: "20300701", price: 100 },
          { date: "20300702", price: 100 },
          { date: "20300703", price: 100 },
        ],
        refundProtection: false,
        extra: [
          {
            id: 7,
            serviceId: 107,
            name: "Dinner",
            price: 60,
            quantity: 2,
            date: "20300702",
            timeSlot: "20:00",
            transfer: null,
          },
        ],
        guests: [{ firstName: "Anna", lastName: "Rossi", type: "adult", birthDate: null, sex: "female" }],
      },
    ],
    extra: [
      {
        id: 8,
        serviceId: 108,
        name: "Airport transfer",
        price: 80,
        quantity: 1,
        date: "20300701",
        timeSlot: null,
        transfer: { time: "14:05", placeCode: "MXP", transportNumber: "AZ 1234", note: null },
      },
    ],
    total: 440,
    roomTotal: 300,
    servicesTotal: 140,
    cityTax: 18,
    refundProtection: 0,
    currency: "EUR",
    prepayments: [
      { id: 1, date: "20300601", amount: 132, status: "paid", kind: "prepayment" },
      { id: 2, date: "20300624", amount: 308, status: "due", kind: "prepayment" },
    ],
    policy: { refundable: true, freeUntil: "20300624" },
    paymentMethod: "card_payment",
    bankTransfer: null,
    cardLast4: "4242",
    cardHold: null,
    notes: { guest: null, property: "Parking on request" },
    customerMail: "anna@example.it",
    gateway: "sandbox",
    promoCode: null,
    optionExpiresAt: null,
    createdAt: "2030-06-01T10:00:00.000Z",
  };

  it("parses the voucher's reservation", () => {
    expect(RetrieveResponseSchema.parse(reservation)).toEqual(reservation);
  });

  it.each<[string, Partial<Reservation>]>([
    ["an unknown status", { status: "paid" as Reservation["status"] }],
    ["an unknown payment method", { paymentMethod: "cash" as Reservation["paymentMethod"] }],
    [
      "a prepayment status outside the list",
      { prepayments: [{ id: 1, date: "20300601", amount: 1, status: "late" as "due", kind: "prepayment" }] },
    ],
  ])("refuses %s", (_name, change) => {
    expect(RetrieveResponseSchema.safeParse({ ...reservation, ...change }).success).toBe(false);
  });
});
