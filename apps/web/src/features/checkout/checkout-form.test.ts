import { describe, expect, it } from "vitest";
import { parseSearch } from "../search/search-state";
import { aChosenSlot, TEST_QUERY, TEST_SCOPE } from "../services/booking-test-kit";
import type { SavedServices } from "../services/chosen-services";
import type { ChosenSlot } from "../services/use-chosen-rooms";
import {
  bookingPayload,
  type CheckoutValues,
  defaultValues,
  toFormPath,
  validateValues,
} from "./checkout-form";

const slot = aChosenSlot() as ChosenSlot;
const refundSlot = aChosenSlot({
  selectedRate: { id: 22, name: "Saver", total: 280, refund: true, refundPrice: 19 },
}) as ChosenSlot;
const services: SavedServices = {
  scope: TEST_SCOPE,
  currency: "EUR",
  slots: [
    [
      {
        serviceId: 110,
        categoryId: 4,
        name: "Airport transfer",
        quantity: 1,
        date: "20300110",
        timeSlot: "09:00",
        transfer: { time: "14:35", placeCode: " VRN ", transportNumber: "", note: "" },
        amount: 90,
      },
      { serviceId: 101, categoryId: 1, name: "Basic cover", quantity: 1, amount: 0 },
    ],
  ],
};
const search = parseSearch(TEST_QUERY, "20300101");
const ids = { hotel: 1, channel: 1, language: 1 };

function filled(slots: ChosenSlot[] = [slot]): CheckoutValues {
  const values = defaultValues({
    slots,
    policies: [{ id: 7 }],
    paymentMethods: ["pay_at_hotel"],
    dialCode: "+39",
  });
  values.booker = {
    ...values.booker,
    fullname: " Anna Bianchi ",
    email: "anna@example.com",
    emailConfirm: "ANNA@example.com",
    phone: { dialCode: "+39", number: "333 1234567" },
    country: "IT",
  };
  values.terms = { cancellationPolicy: true, generalTerms: true, dataProcessing: true, refundTerms: false };
  values.privacy.custom = [{ id: 7, accepted: true }];
  return values;
}

const context = (slots: ChosenSlot[] = [slot], guestsMandatory = false) => ({
  arrival: "20300110",
  slots,
  settings: { addressMandatory: false, cityMandatory: false, guestsMandatory, mandatoryPrivacyIds: [7] },
  cardEntry: "token" as const,
});

describe("booking payload", () => {
  it("carries the rooms, the services with transfer details, the booker trimmed and no empty extras", () => {
    const body = bookingPayload(filled(), {
      ids,
      search,
      slots: [slot],
      services,
      guestsMandatory: false,
      expectedTotal: 390,
      cardEntry: "token",
    });
    expect(body).toMatchObject({
      method: "confirm",
      arrival: "20300110",
      departure: "20300112",
      rooms: [{ slot: 0, roomId: 11, rateId: 21, adults: 2, ages: [6], refundProtection: false }],
      services: [
        {
          serviceId: 110,
          slot: 0,
          quantity: 1,
          date: "20300110",
          timeSlot: "09:00",
          transfer: { time: "14:35", placeCode: "VRN" },
        },
        { serviceId: 101, slot: 0, quantity: 1 },
      ],
      booker: { fullname: "Anna Bianchi", country: "IT", phone: { dialCode: "+39", number: "333 1234567" } },
      payment: { method: "pay_at_hotel" },
      expectedTotal: 390,
    });
    expect(body.rooms[0]).not.toHaveProperty("guests");
    expect(body).not.toHaveProperty("invoice");
    expect(body.terms).not.toHaveProperty("refundTerms");
    expect(JSON.parse(JSON.stringify(body.booker))).not.toHaveProperty("address");
  });

  it("sends every guest position once one is given, typed adult or child, and the invoice when asked", () => {
    const values = filled();
    values.rooms[0]!.guests[2] = {
      firstName: "Leo",
      lastName: "Bianchi",
      birthDate: "01/02/2024",
      sex: "male",
    };
    values.wantsInvoice = true;
    values.invoice = {
      name: "ACME",
      address: "Via Roma 1",
      zip: "00100",
      city: "Roma",
      country: "IT",
      vat: "",
      sdi: "",
    };
    const body = bookingPayload(values, {
      ids,
      search,
      slots: [slot],
      services,
      guestsMandatory: false,
      expectedTotal: 1,
      cardEntry: "token",
    });
    expect(body.rooms[0]!.guests).toEqual([
      { firstName: "", lastName: "", type: "adult" },
      { firstName: "", lastName: "", type: "adult" },
      { firstName: "Leo", lastName: "Bianchi", type: "child", birthDate: "01/02/2024", sex: "male" },
    ]);
    expect(body.invoice).toEqual({
      name: "ACME",
      address: "Via Roma 1",
      zip: "00100",
      city: "Roma",
      country: "IT",
      vat: undefined,
      sdi: undefined,
    });
  });
});

describe("booking payload of a cross-booking", () => {
  it("sends each segment with the searched room it splits and its own dates", () => {
    const segment = (roomId: number, arrival: string, departure: string) =>
      aChosenSlot({
        selectedRoom: { id: roomId, name: `Room ${roomId}` },
        selectedRate: { id: 21, name: "CROSSBOOKING", total: 150, refund: false, refundPrice: null },
        cross: true,
        arrival,
        departure,
      }) as ChosenSlot;
    const slots = [segment(11, "20300110", "20300111"), segment(12, "20300111", "20300112")];
    const body = bookingPayload(filled(slots), {
      ids,
      search,
      slots,
      services: { ...services, slots: [[], []] },
      guestsMandatory: false,
      expectedTotal: 300,
      cardEntry: "token",
    });
    expect(body.rooms.map((r) => [r.slot, r.roomId, r.cross])).toEqual([
      [0, 11, { room: 0, arrival: "20300110", departure: "20300111" }],
      [1, 12, { room: 0, arrival: "20300111", departure: "20300112" }],
    ]);
  });
});

describe("checkout rules", () => {
  it("are the domain's: a filled form passes; refund terms are asked only when refund protection is chosen", () => {
    expect(validateValues(filled(), context())).toEqual([]);
    expect(validateValues(filled([refundSlot]), context([refundSlot]))).toEqual([
      { path: "terms.refundTerms", code: "refund_terms_required" },
    ]);
  });

  it("name custom policies by position and ask for a saved card when the method takes one", () => {
    const values = filled();
    values.privacy.custom = [{ id: 7, accepted: false }];
    values.payment.method = "card_guarantee";
    expect(validateValues(values, context())).toEqual([
      { path: "privacy.custom.0.accepted", code: "terms_required" },
      { path: "payment.cardToken", code: "card_required" },
    ]);
  });

  it("ask no card where the gateway takes it on its own page, and send the method alone", () => {
    const values = filled();
    values.payment.method = "card_payment";
    expect(validateValues(values, { ...context(), cardEntry: "redirect" })).toEqual([]);
    const body = bookingPayload(values, {
      ids,
      search,
      slots: [slot],
      services,
      guestsMandatory: false,
      expectedTotal: 390,
      cardEntry: "redirect",
    });
    expect(body.payment).toEqual({ method: "card_payment" });
  });

  it("map server fields onto the form, and nothing else", () => {
    const values = filled();
    expect(toFormPath("booker.emailConfirm", values)).toBe("booker.emailConfirm");
    expect(toFormPath("rooms.0.guests.1.birthDate", values)).toBe("rooms.0.guests.1.birthDate");
    expect(toFormPath("privacy.custom.7", values)).toBe("privacy.custom.0.accepted");
    expect(toFormPath("privacy.custom.99", values)).toBeNull();
    expect(toFormPath("services.0.date", values)).toBeNull();
    expect(toFormPath("invoice.vat", values)).toBeNull();
    expect(toFormPath("payment.cardLast4", values)).toBe("payment.cardToken");
  });
});

describe("a trade booking (ADR 0031)", () => {
  const agency = {
    fullname: "Viaggi Sereni Srl",
    type: "1" as const,
    address: "Via Mazzini 12",
    cap: "37121",
    city: "Verona",
    country: "IT",
    mail: "booking@viaggisereni.example",
    phone: "",
    referentName: "Giulia Sereni",
    referentMail: "",
    vatNumber: "IT12345678903",
    iataCode: "",
    code: " PRATICA-42 ",
  };
  const tradeValues = () => {
    const values = filled();
    values.agency = { ...agency };
    return values;
  };
  const trade = () => ({ ...context(), trade: true });

  it("asks for a VAT number or an IATA code, on the VAT number field (the domain's rule)", () => {
    const values = tradeValues();
    values.agency.vatNumber = " ";
    expect(validateValues(values, trade())).toEqual([
      { path: "agency.vatNumber", code: "vat_or_iata_required" },
    ]);
    values.agency.iataCode = "38212345";
    expect(validateValues(values, trade())).toEqual([]);
    // A guest's booking has no agency to check.
    expect(validateValues({ ...values, agency: { ...agency, vatNumber: "" } }, context())).toEqual([]);
  });

  it("checks a copied invoice as the agency's fields", () => {
    const values = tradeValues();
    values.wantsInvoice = true;
    values.invoiceFromAgency = true;
    values.agency.country = "";
    expect(validateValues(values, trade())).toEqual([{ path: "agency.country", code: "required" }]);
    expect(toFormPath("invoice.zip", values)).toBe("agency.cap");
  });

  it("sends the agency trimmed and the copy flag instead of an invoice", () => {
    const values = tradeValues();
    values.wantsInvoice = true;
    values.invoiceFromAgency = true;
    const body = bookingPayload(values, {
      ids,
      search,
      slots: [slot],
      services,
      guestsMandatory: false,
      expectedTotal: 1,
      cardEntry: "token",
      trade: true,
    });
    expect(body.agency).toEqual({
      fullname: "Viaggi Sereni Srl",
      type: 1,
      address: "Via Mazzini 12",
      cap: "37121",
      city: "Verona",
      country: "IT",
      mail: "booking@viaggisereni.example",
      referentName: "Giulia Sereni",
      vatNumber: "IT12345678903",
      code: "PRATICA-42",
    });
    expect(body.invoiceFromAgency).toBe(true);
    expect(body).not.toHaveProperty("invoice");
    expect(body).not.toHaveProperty("customer");
  });
});
