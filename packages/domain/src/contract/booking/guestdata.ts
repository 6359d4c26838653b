import { z } from "zod";
import { type FieldError, LENIENT_CHECKOUT, validateCheckout } from "../../booking/guest-form";
import { isCardMethod, PAYMENT_METHODS, RESERVATION_STATUSES } from "../../booking/reservation-state";
import { validateBookingAgency } from "../../booking/trade-booking";
import {
  MAX_ADULTS,
  MAX_CHILD_AGE,
  MAX_CHILDREN,
  MIN_ADULTS,
  MIN_CHILD_AGE,
} from "../../occupancy/occupancy";
import { isValidYmd } from "../../stay-dates/stay-dates";
import { checkStay, MAX_ROOMS, MoneySchema, YmdSchema } from "../common";
import { LinkRefSchema } from "../portal/reservation-link";

/** Ids in a JSON body are numbers, not the coerced strings of a query. */
const BodyIdSchema = z.number().int().min(1).max(2_147_483_647);
/** Free text; the SPEC §5 length limits are rules of the form (`out_of_range`), this only bounds the body. */
const text = (max = 2000) => z.string().trim().max(max);
const upper = (max = 20) => z.string().trim().toUpperCase().max(max);
/** `HH:MM`; the message is the guest-form code. */
const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "invalid_date");

export const MAX_SERVICES = 100;
export const MAX_SERVICE_QUANTITY = 99;
export const MAX_CUSTOM_PRIVACY = 50;

export const GuestSchema = z.strictObject({
  firstName: text(200),
  lastName: text(200),
  type: z.enum(["adult", "child"]),
  /** `dd/mm/yyyy`; "" is the same as leaving it out. */
  birthDate: text(20).optional(),
  sex: z.enum(["male", "female"], { error: "out_of_range" }).optional(),
});

const RoomSchema = z.strictObject({
  /** The room slot of the search, 0-based; each slot once. */
  slot: z
    .number()
    .int()
    .min(0)
    .max(MAX_ROOMS - 1),
  roomId: BodyIdSchema,
  rateId: BodyIdSchema,
  adults: z.number().int().min(MIN_ADULTS).max(MAX_ADULTS),
  ages: z.array(z.number().int().min(MIN_CHILD_AGE).max(MAX_CHILD_AGE)).max(MAX_CHILDREN),
  refundProtection: z.boolean(),
  /**
   * A segment of a cross-booking (SPEC §3 room slot: cross flag, arrival and departure): searched room `room`
   * (0-based) stays in this room type from `arrival` to `departure`. The segments of one searched room follow each
   * other from the booking's arrival to its departure, at one rate, for the same guests.
   */
  cross: z
    .strictObject({
      room: z
        .number()
        .int()
        .min(0)
        .max(MAX_ROOMS - 1),
      arrival: YmdSchema,
      departure: YmdSchema,
    })
    .optional(),
  guests: z
    .array(GuestSchema)
    .max(MAX_ADULTS + MAX_CHILDREN)
    .optional(),
});

export const BookerSchema = z.strictObject({
  fullname: text(),
  email: text(),
  emailConfirm: text(),
  alternativeEmail: text().optional(),
  phone: z.strictObject({ dialCode: text(10), number: text(40) }),
  address: text().optional(),
  city: text().optional(),
  cap: text().optional(),
  country: upper(),
  cf: upper(100).optional(),
  note: text(4000).optional(),
  arrivalTime: text(10).optional(),
});

export const PrivacySchema = z.strictObject({
  marketing: z.boolean(),
  report: z.boolean(),
  profile: z.boolean(),
  custom: z.array(z.strictObject({ id: BodyIdSchema, accepted: z.boolean() })).max(MAX_CUSTOM_PRIVACY),
});

export const TermsSchema = z.strictObject({
  cancellationPolicy: z.boolean(),
  generalTerms: z.boolean(),
  dataProcessing: z.boolean(),
  refundTerms: z.boolean().optional(),
});

export const InvoiceSchema = z.strictObject({
  name: text(),
  address: text(),
  zip: text(),
  city: text(),
  country: upper(),
  vat: upper(100).optional(),
  sdi: upper(100).optional(),
});

/**
 * SPEC §3 Agency data of a trade booking (ADR 0031): prefilled by the web from the logged account,
 * editable; the rules (`validateBookingAgency`: at least one of VAT number and IATA code) run when booking.
 */
const AgencySchema = z.strictObject({
  fullname: text(500),
  address: text().optional(),
  cap: text().optional(),
  city: text().optional(),
  country: upper().optional(),
  mail: text().optional(),
  phone: text(100).optional(),
  referentName: text(500).optional(),
  referentMail: text().optional(),
  vatNumber: upper(100).optional(),
  iataCode: upper(100).optional(),
  code: text(200).optional(),
  type: z.union([z.literal(1), z.literal(2)]),
});

const TransferSchema = z.strictObject({
  time: TimeSchema.optional(),
  placeCode: text(20).optional(),
  /** Flight, train or boat number. */
  transportNumber: text(20).optional(),
  note: text(500).optional(),
});

const ServiceChoiceSchema = z.strictObject({
  serviceId: BodyIdSchema,
  /** The room slot the service belongs to; null or absent for the whole booking. */
  slot: z
    .number()
    .int()
    .min(0)
    .max(MAX_ROOMS - 1)
    .nullable()
    .optional(),
  quantity: z.number().int().min(1).max(MAX_SERVICE_QUANTITY),
  date: YmdSchema.optional(),
  timeSlot: TimeSchema.optional(),
  transfer: TransferSchema.optional(),
});

// Card data belongs to the gateway's hosted page; a key that looks like it is refused with a clear message.
const CARD_DATA_KEY = /number|cvv|cvc|cvn|^cid$|securitycode|^pan$|cardpan|expir/;
const CARD_DATA_MESSAGE =
  "card data must never be sent: pay through the gateway's card page and send its cardToken and cardLast4";

function isCardDataKey(key: string): boolean {
  return CARD_DATA_KEY.test(key.toLowerCase().replace(/[_-]/g, ""));
}

/** Paths below `value` whose key looks like card data. */
function findCardDataKeys(value: unknown, path: (string | number)[]): (string | number)[][] {
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    return !Array.isArray(value) && isCardDataKey(key) ? [at] : findCardDataKeys(child, at);
  });
}

const PAYMENT_SHAPE = {
  method: z.enum(PAYMENT_METHODS),
  /** The gateway's token for the card entered on its page. */
  cardToken: z.string().trim().min(1).max(500).optional(),
  cardLast4: z
    .string()
    .regex(/^\d{4}$/, "must be the last four digits of the card")
    .optional(),
  /** The bank-transfer flag of the original payload. */
  bank: z.boolean().optional(),
};

/** Strict like the other objects, but a card number, CVV or expiry anywhere inside gets its own message. */
export const PaymentSchema = z
  .looseObject(PAYMENT_SHAPE)
  .superRefine((payment, ctx) => {
    for (const [key, value] of Object.entries(payment)) {
      if (Object.hasOwn(PAYMENT_SHAPE, key)) continue;
      const found = isCardDataKey(key) ? [[key]] : findCardDataKeys(value, [key]);
      if (found.length === 0) ctx.addIssue({ code: "unrecognized_keys", keys: [key], input: payment });
      for (const path of found)
        ctx.addIssue({ code: "custom", path, message: CARD_DATA_MESSAGE, input: value });
    }
  })
  .transform(({ method, cardToken, cardLast4, bank }) => ({ method, cardToken, cardLast4, bank }));

const TrackingSchema = z.strictObject({
  trivago: text(200).optional(),
  tripadvisor: text(200).optional(),
  campaign: text(200).optional(),
});

function toPath(field: string): (string | number)[] {
  return field.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Adds one issue per field error: the path names the field, the message is the code (`errors:<code>`). */
export function addFieldErrors(ctx: z.RefinementCtx, errors: readonly FieldError[]): void {
  for (const error of errors)
    ctx.addIssue({ code: "custom", path: toPath(error.field), message: error.code });
}

type CrossBody = {
  arrival: string;
  departure: string;
  rooms: {
    rateId: number;
    adults: number;
    ages: number[];
    cross?: { room: number; arrival: string; departure: string } | undefined;
  }[];
};

/** The segments of each cross-booked room cover the stay night by night, at one rate, for the same guests. */
function checkCrossSegments(body: CrossBody, ctx: z.RefinementCtx): void {
  const groups = new Map<number, number[]>();
  body.rooms.forEach((room, i) => {
    if (room.cross) groups.set(room.cross.room, [...(groups.get(room.cross.room) ?? []), i]);
  });
  for (const indexes of groups.values()) {
    const segments = indexes
      .map((i) => ({ i, room: body.rooms[i]! }))
      .sort((a, b) => (a.room.cross!.arrival < b.room.cross!.arrival ? -1 : 1));
    const first = segments[0]!.room;
    let night = body.arrival;
    for (const { i, room } of segments) {
      const cross = room.cross!;
      if (segments.length < 2 || cross.arrival !== night || cross.departure <= cross.arrival)
        ctx.addIssue({ code: "custom", path: ["rooms", i, "cross", "arrival"], message: "out_of_range" });
      if (
        room.rateId !== first.rateId ||
        room.adults !== first.adults ||
        room.ages.join() !== first.ages.join()
      )
        ctx.addIssue({ code: "custom", path: ["rooms", i, "cross", "room"], message: "out_of_range" });
      night = cross.departure;
    }
    if (night !== body.departure)
      ctx.addIssue({
        code: "custom",
        path: ["rooms", segments.at(-1)!.i, "cross", "departure"],
        message: "out_of_range",
      });
  }
}

/**
 * `guestdata.do` (SPEC §7), a POST body. With `checkPrepaid` it only asks what is due, so the form rules of
 * SPEC §5 are not run; without it, it books, and every rule that needs no hotel setting yields an issue here.
 * The server checks again with the hotel's settings (`validateCheckout` with address, city and guests
 * mandatory, mandatory custom privacy policies) and checks the services against the hotel's offer.
 */
export const GuestDataRequestSchema = z
  .strictObject({
    method: z.literal("confirm"),
    checkPrepaid: z.union([z.literal(1), z.literal("1")]).optional(),
    hotel: BodyIdSchema,
    channel: BodyIdSchema,
    language: z.number().int().min(1).max(9),
    arrival: YmdSchema,
    departure: YmdSchema,
    rooms: z.array(RoomSchema).min(1).max(MAX_ROOMS),
    promoCode: text(40).optional(),
    customer: BodyIdSchema.optional(),
    /** The reservation link the stay was booked from (its public id, or an imported link's number). */
    rlId: LinkRefSchema.optional(),
    /** The package or special offer booked from its page (`pc_id` of the search). */
    package: BodyIdSchema.optional(),
    /** A flight-included package: the origin airport (IATA) whose flights the stay takes, out and back. */
    airport: z
      .string()
      .regex(/^[A-Za-z]{3}$/, "must be a 3-letter IATA airport code")
      .transform((v) => v.toUpperCase())
      .optional(),
    hpcc: z.string().max(4000).optional(),
    override: z.string().max(200).optional(),
    booker: BookerSchema,
    privacy: PrivacySchema,
    terms: TermsSchema,
    invoice: InvoiceSchema.optional(),
    /**
     * Trade bookings only: the agency data (required there, refused on a direct channel). The server takes the
     * trade customer from the session, never from `customer`.
     */
    agency: AgencySchema.optional(),
    /** SPEC §3 "an option copies agency data": the invoice is made of `agency` (then `invoice` is not sent). */
    invoiceFromAgency: z.literal(true).optional(),
    services: z.array(ServiceChoiceSchema).max(MAX_SERVICES),
    payment: PaymentSchema,
    /** The total the guest saw, in major units; a different price answers "prices changed". */
    expectedTotal: MoneySchema.min(0).optional(),
    tracking: TrackingSchema.optional(),
    sessionCode: text(200).optional(),
  })
  .superRefine((body, ctx) => {
    // Refinements run even after a field failed its own check, so only well-formed dates reach checkStay.
    if (isValidYmd(body.arrival) && isValidYmd(body.departure)) checkStay(body, ctx);
    const seen = new Set<number>();
    body.rooms.forEach((room, i) => {
      if (seen.has(room.slot) || room.slot >= body.rooms.length)
        ctx.addIssue({ code: "custom", path: ["rooms", i, "slot"], message: "out_of_range" });
      seen.add(room.slot);
    });
    checkCrossSegments(body, ctx);
    body.services.forEach((service, i) => {
      if (service.slot != null && service.slot >= body.rooms.length)
        ctx.addIssue({ code: "custom", path: ["services", i, "slot"], message: "out_of_range" });
      if (service.date && (service.date < body.arrival || service.date > body.departure))
        ctx.addIssue({ code: "custom", path: ["services", i, "date"], message: "out_of_range" });
    });
    if (body.invoiceFromAgency && body.invoice)
      ctx.addIssue({ code: "custom", path: ["invoice"], message: "out_of_range" });
    if (body.invoiceFromAgency && !body.agency)
      ctx.addIssue({ code: "custom", path: ["agency"], message: "required" });
    if (body.checkPrepaid !== undefined) return;
    addFieldErrors(ctx, validateCheckout(body, LENIENT_CHECKOUT));
    if (body.agency) addFieldErrors(ctx, validateBookingAgency(body.agency));
    // A card's token comes from a gateway that frames its card page (the server asks for it there); a gateway
    // that takes the card on its own page sends none. A token and its last four digits come together.
    if (isCardMethod(body.payment.method) && body.payment.cardToken && !body.payment.cardLast4)
      ctx.addIssue({ code: "custom", path: ["payment", "cardLast4"], message: "required" });
    if (isCardMethod(body.payment.method) && body.payment.cardLast4 && !body.payment.cardToken)
      ctx.addIssue({ code: "custom", path: ["payment", "cardToken"], message: "required" });
  })
  .meta({ id: "GuestDataRequest" });
export type GuestDataRequest = z.infer<typeof GuestDataRequestSchema>;

/** The answer to `guestdata.do` with `checkPrepaid`: what the booking costs and when it is paid. */
export const PrepaidCheckResponseSchema = z
  .object({
    currency: z.string(),
    total: MoneySchema,
    roomsTotal: MoneySchema,
    servicesTotal: MoneySchema,
    refundProtection: MoneySchema,
    cityTax: MoneySchema,
    dueNow: MoneySchema,
    dueLater: z.array(z.object({ date: z.string(), amount: MoneySchema })),
    paymentMethods: z.array(z.string()),
  })
  .meta({ id: "PrepaidCheckResponse" });
export type PrepaidCheckResponse = z.infer<typeof PrepaidCheckResponseSchema>;

/** The answer to the booking call: show the voucher, or send the guest to the gateway's challenge first. */
export const ConfirmResponseSchema = z
  .object({
    reservation: z.object({
      code: z.string(),
      status: z.enum(RESERVATION_STATUSES),
      total: MoneySchema,
      currency: z.string(),
      email: z.string(),
    }),
    /**
     * voucher: booked, show the voucher. 3ds: the guest completes the payment on the gateway's page at
     * `redirectUrl` (a 3-D Secure challenge, or instant bank, wallet or mobile payment) and comes back to the
     * 3-D Secure return route, which asks `confirmPayment.do`.
     */
    next: z.enum(["voucher", "3ds"]),
    redirectUrl: z.string().optional(),
  })
  .meta({ id: "ConfirmResponse" });
export type ConfirmResponse = z.infer<typeof ConfirmResponseSchema>;
