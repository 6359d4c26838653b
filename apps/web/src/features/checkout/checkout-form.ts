import type { cardEntryOf } from "@alloggio/domain/booking/card";
import {
  type CheckoutForm,
  type CheckoutSettings,
  GUEST_FORM_ERRORS,
  type GuestForm,
  validateCheckout,
} from "@alloggio/domain/booking/guest-form";
import { CARD_METHODS, type PaymentMethod } from "@alloggio/domain/booking/reservation-state";
import {
  agencyInvoice,
  type BookingAgency,
  validateBookingAgency,
} from "@alloggio/domain/booking/trade-booking";
import { searchPromoCode } from "@alloggio/domain/pricing/promo";
import { type FieldErrors, get, type Resolver, set } from "react-hook-form";
import type { SearchState } from "../search/search-state";
import { type SavedServices, toServicePayload } from "../services/chosen-services";
import type { ChosenSlot } from "../services/use-chosen-rooms";
import type { BookingRequest } from "./api/guestdata";

export type GuestValues = {
  firstName: string;
  lastName: string;
  birthDate: string;
  sex: "" | "male" | "female";
};

export type InvoiceValues = {
  name: string;
  address: string;
  zip: string;
  city: string;
  country: string;
  vat: string;
  sdi: string;
};

/** SPEC §3 Agency data as the inputs hold them (a trade booking only, ADR 0031). */
export type AgencyValues = {
  fullname: string;
  type: "1" | "2";
  address: string;
  cap: string;
  city: string;
  country: string;
  mail: string;
  phone: string;
  referentName: string;
  referentMail: string;
  vatNumber: string;
  iataCode: string;
  code: string;
};

export const EMPTY_AGENCY: AgencyValues = {
  fullname: "",
  type: "1",
  address: "",
  cap: "",
  city: "",
  country: "",
  mail: "",
  phone: "",
  referentName: "",
  referentMail: "",
  vatNumber: "",
  iataCode: "",
  code: "",
};

/** The checkout form as the inputs hold it: every text a string, every consent a boolean. */
export type CheckoutValues = {
  booker: {
    fullname: string;
    email: string;
    emailConfirm: string;
    alternativeEmail: string;
    phone: { dialCode: string; number: string };
    address: string;
    city: string;
    cap: string;
    country: string;
    cf: string;
    note: string;
    arrivalTime: string;
  };
  rooms: { guests: GuestValues[] }[];
  wantsInvoice: boolean;
  invoice: InvoiceValues;
  /** The agency of a trade booking (empty and unused for a guest's booking). */
  agency: AgencyValues;
  /** SPEC §3 "an option copies agency data": the invoice is the agency's data. */
  invoiceFromAgency: boolean;
  privacy: {
    marketing: boolean;
    report: boolean;
    profile: boolean;
    /** In the order `customPrivacy.do` gave them. */
    custom: { id: number; accepted: boolean }[];
  };
  terms: {
    cancellationPolicy: boolean;
    generalTerms: boolean;
    dataProcessing: boolean;
    refundTerms: boolean;
  };
  payment: { method: string; cardToken: string; cardLast4: string };
};

/**
 * What the guest form needs of a booked room: its occupants, its name and whether refund protection was chosen.
 * A chosen room of the checkout is one; so is a room of an offer's option.
 */
export type GuestSlot = {
  id: number;
  adults: number;
  ages: readonly number[];
  arrival?: string | null;
  selectedRoom: { name: string };
  selectedRate: { refund: boolean };
};

/** Where the hotel's gateway takes the card: a token from its framed page, or its own page after the booking. */
export type CardEntry = ReturnType<typeof cardEntryOf>;

/** What the rules need besides the form: the stay, the chosen rooms, the hotel's settings. */
export type CheckoutContext = {
  arrival: string;
  slots: readonly GuestSlot[];
  settings: CheckoutSettings;
  /** A card method asks for the framed page's token only where the gateway answers one. */
  cardEntry: CardEntry;
  /** A trade booking: the agency data are asked and checked (SPEC §5 VAT or IATA). */
  trade?: boolean;
};

/** A message code of `errors:<code>` on a form path (`booker.emailConfirm`, `privacy.custom.0.accepted`, …). */
export type FormError = { path: string; code: string };

const KNOWN_CODES: ReadonlySet<string> = new Set([...GUEST_FORM_ERRORS, "card_required"]);

/** The code to show for a server's field message: itself when it is one we translate, a generic one otherwise. */
export function messageCode(message: string): string {
  return KNOWN_CODES.has(message) ? message : "invalid_value";
}

export function isCardPayment(method: string): boolean {
  return (CARD_METHODS as readonly string[]).includes(method);
}

export const occupantsOf = (slot: { adults: number; ages: readonly number[] }) =>
  slot.adults + slot.ages.length;

const EMPTY_GUEST: GuestValues = { firstName: "", lastName: "", birthDate: "", sex: "" };

export function defaultValues(options: {
  slots: readonly GuestSlot[];
  policies: readonly { id: number }[];
  paymentMethods: readonly string[];
  dialCode: string;
  /** A trade booking: the agency data of the logged account. */
  agency?: AgencyValues;
}): CheckoutValues {
  return {
    booker: {
      fullname: "",
      email: "",
      emailConfirm: "",
      alternativeEmail: "",
      phone: { dialCode: options.dialCode, number: "" },
      address: "",
      city: "",
      cap: "",
      country: "",
      cf: "",
      note: "",
      arrivalTime: "",
    },
    rooms: options.slots.map((slot) => ({
      guests: Array.from({ length: occupantsOf(slot) }, () => ({ ...EMPTY_GUEST })),
    })),
    wantsInvoice: false,
    invoice: { name: "", address: "", zip: "", city: "", country: "", vat: "", sdi: "" },
    agency: options.agency ?? { ...EMPTY_AGENCY },
    invoiceFromAgency: false,
    privacy: {
      marketing: false,
      report: false,
      profile: false,
      custom: options.policies.map((p) => ({ id: p.id, accepted: false })),
    },
    terms: { cancellationPolicy: false, generalTerms: false, dataProcessing: false, refundTerms: false },
    payment: { method: options.paymentMethods[0] ?? "pay_at_hotel", cardToken: "", cardLast4: "" },
  };
}

export const refundChosen = (slots: readonly GuestSlot[]) => slots.some((s) => s.selectedRate.refund);

function guestForms(slot: { adults: number }, guests: readonly GuestValues[]): GuestForm[] {
  return guests.map((g, i) => ({
    firstName: g.firstName,
    lastName: g.lastName,
    type: i < slot.adults ? "adult" : "child",
    birthDate: g.birthDate,
    sex: g.sex,
  }));
}

/** The agency as the domain and the server read it: trimmed, blanks left out. */
export function toAgency(agency: AgencyValues): BookingAgency {
  const out: BookingAgency = { fullname: agency.fullname.trim(), type: agency.type === "2" ? 2 : 1 };
  for (const key of [
    "address",
    "cap",
    "city",
    "country",
    "mail",
    "phone",
    "referentName",
    "referentMail",
    "vatNumber",
    "iataCode",
    "code",
  ] as const) {
    const value = agency[key].trim();
    if (value) out[key] = value;
  }
  return out;
}

/** Whether the invoice is the agency's data (a trade booking that asked for an invoice and ticked the copy). */
const copiesAgency = (values: CheckoutValues, trade: boolean | undefined) =>
  trade === true && values.wantsInvoice && values.invoiceFromAgency;

/** The form as the domain's rules read it. */
export function toCheckoutForm(values: CheckoutValues, ctx: CheckoutContext): CheckoutForm {
  return {
    arrival: ctx.arrival,
    booker: values.booker,
    rooms: ctx.slots.map((slot, r) => ({
      adults: slot.adults,
      ages: slot.ages,
      refundProtection: slot.selectedRate.refund,
      guests: guestForms(slot, values.rooms[r]?.guests ?? []),
    })),
    invoice: copiesAgency(values, ctx.trade)
      ? agencyInvoice(toAgency(values.agency))
      : values.wantsInvoice
        ? values.invoice
        : undefined,
    terms: { ...values.terms, refundTerms: refundChosen(ctx.slots) ? values.terms.refundTerms : undefined },
    privacy: { custom: values.privacy.custom },
  };
}

/**
 * A field of the rules or of the server as a path of the form: custom privacy policies are named by id there
 * (`privacy.custom.<id>`) and held by position here. Null when the form has no such field.
 */
export function toFormPath(field: string, values: CheckoutValues): string | null {
  const policy = /^privacy\.custom\.(\d+)$/.exec(field);
  if (policy) {
    const index = values.privacy.custom.findIndex((p) => p.id === Number(policy[1]));
    return index >= 0 ? `privacy.custom.${index}.accepted` : null;
  }
  if (field === "payment.cardToken" || field === "payment.cardLast4") return "payment.cardToken";
  if (field === "payment.method") return field;
  if (field.startsWith("invoice.") && !values.wantsInvoice) return null;
  // A copied invoice's errors are the agency field's it came from.
  if (field.startsWith("invoice.") && values.invoiceFromAgency)
    return INVOICE_FROM_AGENCY[field.slice("invoice.".length)] ?? null;
  const value = get(values, field) as unknown;
  return typeof value === "string" || typeof value === "boolean" ? field : null;
}

const INVOICE_FROM_AGENCY: Record<string, string> = {
  name: "agency.fullname",
  address: "agency.address",
  zip: "agency.cap",
  city: "agency.city",
  country: "agency.country",
  vat: "agency.vatNumber",
};

/** Every SPEC §5 rule (the domain's `validateCheckout`), and a card saved when the method takes one here. */
export function validateValues(values: CheckoutValues, ctx: CheckoutContext): FormError[] {
  const errors: FormError[] = [];
  const found = validateCheckout(toCheckoutForm(values, ctx), ctx.settings);
  if (ctx.trade) found.push(...validateBookingAgency(toAgency(values.agency)));
  for (const e of found) {
    const path = toFormPath(e.field, values);
    if (path && !errors.some((x) => x.path === path)) errors.push({ path, code: e.code });
  }
  if (ctx.cardEntry === "token" && isCardPayment(values.payment.method) && !values.payment.cardToken)
    errors.push({ path: "payment.cardToken", code: "card_required" });
  return errors;
}

/** react-hook-form reads the domain's rules: instant feedback with the server's own messages. */
export function checkoutResolver(context: () => CheckoutContext): Resolver<CheckoutValues> {
  return async (values) => {
    const errors = validateValues(values, context());
    if (errors.length === 0) return { values, errors: {} };
    const out: FieldErrors<CheckoutValues> = {};
    for (const e of errors) if (!get(out, e.path)) set(out, e.path, { type: e.code, message: e.code });
    return { values: {}, errors: out };
  };
}

/** The errors react-hook-form holds, as a flat list of paths and codes. */
export function flattenErrors(errors: unknown, prefix = ""): FormError[] {
  if (!errors || typeof errors !== "object") return [];
  const node = errors as Record<string, unknown>;
  if (typeof node.message === "string" && typeof node.type === "string")
    return [{ path: prefix, code: node.message }];
  return Object.entries(node).flatMap(([key, value]) =>
    key === "ref" || key === "root" ? [] : flattenErrors(value, prefix ? `${prefix}.${key}` : key),
  );
}

export function fieldId(path: string): string {
  return `field-${path.replace(/\./g, "-")}`;
}

const blank = (value: string) => value.trim() === "";
const optional = (value: string) => (blank(value) ? undefined : value.trim());

type Selection = {
  ids: { hotel: number; channel: number; language: number };
  search: SearchState;
  slots: readonly ChosenSlot[];
  services: SavedServices;
};

/** The booking payload (SPEC §7) but the guest's own data: stay, rooms, services and the search's references. */
function basePayload(selection: Selection) {
  const { ids, search, slots } = selection;
  const rlId = search.reservationLinkId;
  return {
    method: "confirm" as const,
    hotel: ids.hotel,
    channel: ids.channel,
    language: ids.language,
    arrival: search.arrival,
    departure: search.departure,
    rooms: slots.map((slot, i) => ({
      slot: i,
      roomId: slot.selectedRoom.id,
      rateId: slot.selectedRate.id,
      adults: slot.adults,
      ages: [...slot.ages],
      refundProtection: slot.selectedRate.refund,
      // A segment of a cross-booking: the searched room it splits, and its own dates.
      ...(slot.cross && slot.arrival && slot.departure
        ? { cross: { room: slot.id - 1, arrival: slot.arrival, departure: slot.departure } }
        : {}),
    })),
    ...(searchPromoCode(search) ? { promoCode: searchPromoCode(search) } : {}),
    ...(rlId ? { rlId } : {}),
    ...(search.hpcc ? { hpcc: search.hpcc } : {}),
    ...(search.override ? { override: search.override } : {}),
    // A package booked from its page, with the flights from the chosen airport.
    ...(Number(search.packageId) > 0 ? { package: Number(search.packageId) } : {}),
    ...(search.airport ? { airport: search.airport } : {}),
    services: toServicePayload(selection.services.slots),
  };
}

/** The prepaid check asks only the prices: the guest's data is not filled in yet. */
export function prepaidPayload(selection: Selection): BookingRequest {
  return {
    ...basePayload(selection),
    checkPrepaid: 1,
    booker: { fullname: "", email: "", emailConfirm: "", phone: { dialCode: "", number: "" }, country: "" },
    privacy: { marketing: false, report: false, profile: false, custom: [] },
    terms: { cancellationPolicy: false, generalTerms: false, dataProcessing: false },
    payment: { method: "pay_at_hotel" },
  };
}

function guestsPayload(slot: { adults: number }, guests: readonly GuestValues[], mandatory: boolean) {
  // Optional names left all blank are not sent; once one is given, every position is kept (errors name them).
  if (
    !mandatory &&
    guests.every((g) => blank(g.firstName) && blank(g.lastName) && blank(g.birthDate) && !g.sex)
  )
    return undefined;
  return guests.map((g, i) => ({
    firstName: g.firstName.trim(),
    lastName: g.lastName.trim(),
    type: i < slot.adults ? ("adult" as const) : ("child" as const),
    ...(blank(g.birthDate) ? {} : { birthDate: g.birthDate.trim() }),
    ...(g.sex ? { sex: g.sex } : {}),
  }));
}

/**
 * What only the guest gives, as the booking payload carries it: the guests' names per room (undefined where none
 * are sent), the booker, consents, agency, invoice and payment. The checkout's booking and an offer's confirmation
 * send the same.
 */
export function guestDataPayload(
  values: CheckoutValues,
  options: {
    slots: readonly { adults: number }[];
    guestsMandatory: boolean;
    refund: boolean;
    trade?: boolean;
    cardEntry: CardEntry;
  },
) {
  const b = values.booker;
  // A gateway that takes the card on its own page gets the method alone: it answers that page to go to.
  const card = options.cardEntry === "token" && isCardPayment(values.payment.method);
  return {
    guests: options.slots.map((slot, i) =>
      guestsPayload(slot, values.rooms[i]?.guests ?? [], options.guestsMandatory),
    ),
    booker: {
      fullname: b.fullname.trim(),
      email: b.email.trim(),
      emailConfirm: b.emailConfirm.trim(),
      alternativeEmail: optional(b.alternativeEmail),
      phone: { dialCode: b.phone.dialCode.trim(), number: b.phone.number.trim() },
      address: optional(b.address),
      city: optional(b.city),
      cap: optional(b.cap),
      country: b.country.trim(),
      cf: optional(b.cf),
      note: optional(b.note),
      arrivalTime: optional(b.arrivalTime),
    },
    privacy: values.privacy,
    terms: {
      cancellationPolicy: values.terms.cancellationPolicy,
      generalTerms: values.terms.generalTerms,
      dataProcessing: values.terms.dataProcessing,
      ...(options.refund ? { refundTerms: values.terms.refundTerms } : {}),
    },
    ...(options.trade ? { agency: toAgency(values.agency) } : {}),
    ...(copiesAgency(values, options.trade)
      ? { invoiceFromAgency: true as const }
      : values.wantsInvoice
        ? {
            invoice: {
              name: values.invoice.name.trim(),
              address: values.invoice.address.trim(),
              zip: values.invoice.zip.trim(),
              city: values.invoice.city.trim(),
              country: values.invoice.country.trim(),
              vat: optional(values.invoice.vat),
              sdi: optional(values.invoice.sdi),
            },
          }
        : {}),
    payment: {
      method: values.payment.method as PaymentMethod,
      ...(card ? { cardToken: values.payment.cardToken, cardLast4: values.payment.cardLast4 } : {}),
      ...(values.payment.method === "bank_transfer" ? { bank: true } : {}),
    },
  };
}

/** The booking payload of SPEC §7: a card token and its last four digits, never a card number. */
export function bookingPayload(
  values: CheckoutValues,
  selection: Selection & {
    guestsMandatory: boolean;
    expectedTotal: number;
    trade?: boolean;
    cardEntry: CardEntry;
  },
): BookingRequest {
  const base = basePayload(selection);
  const { guests, ...data } = guestDataPayload(values, {
    slots: selection.slots,
    guestsMandatory: selection.guestsMandatory,
    refund: refundChosen(selection.slots),
    cardEntry: selection.cardEntry,
    ...(selection.trade === undefined ? {} : { trade: selection.trade }),
  });
  return {
    ...base,
    rooms: base.rooms.map((room, i) => {
      const names = guests[i];
      return names ? { ...room, guests: names } : room;
    }),
    ...data,
    expectedTotal: selection.expectedTotal,
  };
}
