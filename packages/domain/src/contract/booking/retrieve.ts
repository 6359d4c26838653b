import { z } from "zod";
import { PAYMENT_METHODS, RESERVATION_STATUSES } from "../../booking/reservation-state";
import { EmailSchema, IdSchema, MoneySchema, ReservationCodeSchema } from "../common";
import { ResaleOfferSchema } from "./resale";

/** `retrieve.do` (SPEC §7): a reservation by its code and the booker's e-mail; both must match. */
export const RetrieveQuerySchema = z.object({
  channel: IdSchema,
  code: ReservationCodeSchema,
  mail: EmailSchema,
  /** The language of the names (rooms, rates, services); the reservation's own language when absent. */
  language: z.coerce.number().int().min(1).max(9).optional(),
});
export type RetrieveQuery = z.output<typeof RetrieveQuerySchema>;

const TransferDetailSchema = z.object({
  time: z.string().nullable(),
  placeCode: z.string().nullable(),
  transportNumber: z.string().nullable(),
  note: z.string().nullable(),
});

const ReservationExtraSchema = z.object({
  /** The reservation's service (`:seId` of `bol/transfer-update`). */
  id: z.number(),
  /** The hotel's service it is. */
  serviceId: z.number(),
  name: z.string(),
  /** The price of the whole choice (unit price × quantity × nights as it applies). */
  price: MoneySchema,
  quantity: z.number(),
  date: z.string().nullable(),
  timeSlot: z.string().nullable(),
  transfer: TransferDetailSchema.nullable(),
});

const ReservationGuestSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  type: z.enum(["adult", "child"]),
  /** dd/mm/yyyy */
  birthDate: z.string().nullable(),
  sex: z.enum(["male", "female"]).nullable(),
});

const BookedFlightSchema = z.object({
  code: z.string(),
  /** Airport codes. */
  from: z.string(),
  to: z.string(),
  /** YYYYMMDD */
  date: z.string(),
  /** hh:mm, local at the departure airport. */
  time: z.string(),
  arrivalTime: z.string().nullable().optional(),
});

/** A fly & stay room's flights (SPEC §3): out and back, for how many passengers, and what they cost the room. */
const RoomFlightsSchema = z.object({
  outbound: BookedFlightSchema,
  return: BookedFlightSchema,
  passengers: z.number(),
  /** The flights' price for the room's passengers: part of `roomTotal`, not of its nightly prices. */
  flightTotal: MoneySchema,
});

const ReservationRoomSchema = z.object({
  /** The reservation room (`room` of `delete.do`, `verifyDispo`, `recalc`, `modify`). */
  id: z.number(),
  /** The hotel's room type it is. */
  roomTypeId: z.number(),
  name: z.string(),
  /** A active, C cancelled, W waiting (SPEC §4). */
  status: z.enum(["A", "C", "W"]),
  adults: z.number(),
  /** The children's ages. */
  children: z.array(z.number()),
  rateId: z.number(),
  rateName: z.string(),
  mealPlan: z.string(),
  /** The rate's rules the voucher's actions follow: a resellable rate is never changed or cancelled; a new stay
   * keeps the rate's minimum and maximum nights. Optional for older answers. */
  resellable: z.boolean().optional(),
  /**
   * A resellable room's resale (ADR 0065): until when it can be listed (an instant, 23:59:59.999 hotel time the
   * day before arrival), the rate's fee, and its latest offer (null before any). Absent on other rooms.
   */
  resale: z
    .object({ deadline: z.string(), feePercent: z.number(), offer: ResaleOfferSchema.nullable() })
    .optional(),
  minStay: z.number().optional(),
  maxStay: z.number().nullable().optional(),
  roomTotal: MoneySchema,
  /** What a cancelled room still costs (its cancellation penalty); 0 otherwise. Optional for older answers. */
  penalty: MoneySchema.optional(),
  nightly: z.array(z.object({ date: z.string(), price: MoneySchema })),
  refundProtection: z.boolean(),
  /** The room's own stay (YYYYMMDD): a split stay's segment differs from the booking's; absent in older answers. */
  arrival: z.string().optional(),
  departure: z.string().optional(),
  /** What the rate and the package booked include ("Welcome prosecco"); absent in older answers. */
  included: z.array(z.string()).optional(),
  extra: z.array(ReservationExtraSchema),
  guests: z.array(ReservationGuestSchema),
  /** A fly & stay room's flights; null (or absent, in older answers) without flights. */
  flights: RoomFlightsSchema.nullable().optional(),
});

/** SPEC §3 Reservation, as the voucher shows it. Dates are YYYYMMDD, money in major units. */
export const ReservationSchema = z
  .object({
    code: z.string(),
    status: z.enum(RESERVATION_STATUSES),
    language: z.number(),
    hotel: z.object({
      id: z.number(),
      name: z.string(),
      city: z.string(),
      country: z.string(),
      address: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
    }),
    arrival: z.string(),
    departure: z.string(),
    nights: z.number(),
    booker: z.object({
      fullname: z.string(),
      email: z.string(),
      alternativeEmail: z.string().nullable(),
      /** Dial code and number, e.g. `+39 333 1234567`. */
      phone: z.string(),
      address: z.string().nullable(),
      city: z.string().nullable(),
      cap: z.string().nullable(),
      country: z.string(),
      cf: z.string().nullable(),
      note: z.string().nullable(),
      arrivalTime: z.string().nullable(),
    }),
    invoice: z
      .object({
        name: z.string(),
        address: z.string(),
        zip: z.string(),
        city: z.string(),
        country: z.string(),
        vat: z.string().nullable(),
        sdi: z.string().nullable(),
      })
      .nullable(),
    /** A trade booking's agency (SPEC §3 Agency data, ADR 0031); null for a guest's booking. No commission here. */
    agency: z
      .object({
        fullname: z.string(),
        address: z.string().nullable(),
        cap: z.string().nullable(),
        city: z.string().nullable(),
        country: z.string().nullable(),
        mail: z.string().nullable(),
        phone: z.string().nullable(),
        referentName: z.string().nullable(),
        vatNumber: z.string().nullable(),
        iataCode: z.string().nullable(),
        code: z.string().nullable(),
        type: z.union([z.literal(1), z.literal(2)]),
      })
      .nullable()
      .optional(),
    rooms: z.array(ReservationRoomSchema),
    /** Services for the whole booking rather than one room. */
    extra: z.array(ReservationExtraSchema),
    total: MoneySchema,
    roomTotal: MoneySchema,
    servicesTotal: MoneySchema,
    cityTax: MoneySchema,
    refundProtection: MoneySchema,
    currency: z.string(),
    prepayments: z.array(
      z.object({
        /** The payment due, for "Pay now" on one of them (`bol/reservation/:code/pay` `prepayment`). */
        id: z.number(),
        date: z.string(),
        amount: MoneySchema,
        status: z.enum(["due", "paid", "authorised", "failed", "cancelled"]),
        /** The rate's prepayment schedule (or a change's difference), or one charge of an installment plan. */
        kind: z.enum(["prepayment", "installment"]),
      }),
    ),
    /** Money given back (a cancellation, a cheaper change): the hotel-local day it was made (YYYYMMDD). */
    refunds: z
      .array(
        z.object({
          date: z.string(),
          amount: MoneySchema,
          /** pending: under way (retried); refunded: done; manual: the hotel refunds by hand; failed: given up, the hotel completes it. */
          status: z.enum(["pending", "refunded", "manual", "failed"]),
        }),
      )
      .optional(),
    policy: z.object({
      refundable: z.boolean(),
      /** The last day of free cancellation (YYYYMMDD); null when non-refundable. */
      freeUntil: z.string().nullable(),
    }),
    paymentMethod: z.enum(PAYMENT_METHODS),
    /** Where to send a bank transfer and by when; null for other methods. */
    /**
     * Where to send a bank transfer: beneficiary, IBAN, BIC (null when the hotel gave none), the reference to quote
     * (the booking code) and when the next transfer must have arrived (YYYYMMDD; null once nothing is due).
     */
    bankTransfer: z
      .object({
        owner: z.string(),
        iban: z.string(),
        bic: z.string().nullable(),
        reference: z.string(),
        dueDate: z.string().nullable(),
      })
      .nullable(),
    cardLast4: z.string().nullable(),
    /**
     * What the card holds for a pre-authorisation (its amount; `captured` once the hotel took it, `released` once
     * it let it go) or a card guarantee (amount 0); null otherwise or on an agency's net-rate booking.
     */
    cardHold: z
      .object({ amount: z.number(), status: z.enum(["authorised", "captured", "released"]) })
      .nullable(),
    notes: z.object({ guest: z.string().nullable(), property: z.string().nullable() }),
    customerMail: z.string(),
    gateway: z.string().nullable(),
    /**
     * The redirect methods (SPEC §9) "Pay now" may offer: the ones the hotel's gateway account takes; null or absent
     * when nothing holds any back.
     */
    payMethods: z.array(z.string()).nullable().optional(),
    promoCode: z.string().nullable(),
    /** An option's expiry (ISO 8601 instant); null when not an option. */
    optionExpiresAt: z.string().nullable(),
    /** ISO 8601 instant. */
    createdAt: z.string(),
    /**
     * A trade booking on a net rate: its amounts are the agency's, not the guest's (ADR 0062), so every amount here
     * but the city tax is 0, the schedule is empty, and the voucher shows that the agency arranges the price.
     */
    pricesHidden: z.boolean().optional(),
  })
  .meta({ id: "Reservation" });
export type Reservation = z.infer<typeof ReservationSchema>;

/** The answer is the reservation itself. */
export const RetrieveResponseSchema = ReservationSchema;
export type RetrieveResponse = Reservation;
