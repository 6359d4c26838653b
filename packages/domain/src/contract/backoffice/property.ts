import { z } from "zod";
import {
  type EntityIssue,
  HOTEL_MAIL_LANGUAGES,
  HOTEL_PAYMENT_METHODS,
  HotelFileSchema,
  hotelRules,
  PaymentMethodsSchema,
  RatePlanFileSchema,
  RoomTypeFileSchema,
  ratePlanRules,
  roomTypeRules,
} from "../property/property-file";
import { HotelParamsSchema } from "./access";

// The catalogue's hotel, room types and rate plans in the back office. Each input is the property
// file's own schema for the entity (minus its id, and with money in minor units), with the same cross-field rules:
// a value the import refuses is refused here with the same message.

const MAX_MINOR = 100_000_000;
const MinorSchema = z.number().int().min(0).max(MAX_MINOR);

function addIssues(ctx: z.RefinementCtx, issues: EntityIssue[], rename: Record<string, string> = {}) {
  for (const issue of issues) {
    const [head, ...rest] = issue.path;
    const field = typeof head === "string" ? (rename[head] ?? head) : head;
    ctx.addIssue({
      code: "custom",
      path: field === undefined ? [] : [field, ...rest],
      message: issue.message,
      // The rule's name, which the back office says in the page's language (its detailText).
      params: { rule: issue.rule },
    });
  }
}

// The hotel.

const BankTransferSchema = z.strictObject({
  owner: z.string().trim().min(1).max(200),
  iban: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{8,40}$/, "must be an IBAN like IT60 X054 2811 1010 0000 0123 456"),
  /** The bank's BIC (SWIFT code), shown to the guest with the IBAN; optional. */
  bic: z
    .string()
    .trim()
    .regex(/^([A-Z0-9]{8}|[A-Z0-9]{11})?$/, "must be a BIC of 8 or 11 letters and digits, like BPMOIT22XXX")
    .optional(),
  dueDays: z.number().int().min(0).max(365).optional(),
});

export const HotelInputObjectSchema = HotelFileSchema.pick({
  name: true,
  description: true,
  address: true,
  city: true,
  country: true,
  timeZone: true,
  currencyCode: true,
  email: true,
  phone: true,
  checkInFrom: true,
  checkInUntil: true,
  checkOutUntil: true,
  breakfastFrom: true,
  breakfastUntil: true,
  pets: true,
  wellness: true,
  activities: true,
  businessServices: true,
  messaging: true,
  showChat: true,
  guestsMandatory: true,
}).extend({
  /**
   * The gateway's redirect methods the hotel offers (`settings.paymentMethods`); omitted: unchanged. The lists
   * `wellness`, `activities` and `businessServices` too are left as they are when omitted.
   */
  paymentMethods: PaymentMethodsSchema.optional(),
  /** Pet fee in minor units of the hotel's currency (per stay or night, as `pets` says). */
  petFeeMinor: MinorSchema.optional(),
  /** City tax per person and night, in minor units. */
  cityTaxMinor: MinorSchema.optional(),
  /** Where a guest's bank transfer goes; null: bank transfer is not offered. */
  bankTransfer: BankTransferSchema.nullable().optional(),
  /** The language of the mails the hotel receives (`settings.mailLanguage`); omitted: unchanged. */
  mailLanguage: z.enum(HOTEL_MAIL_LANGUAGES).optional(),
});
export const HotelInputSchema = HotelInputObjectSchema.superRefine((h, ctx) =>
  addIssues(ctx, hotelRules({ ...h, petFee: h.petFeeMinor }), { petFee: "petFeeMinor" }),
);
export type HotelInput = z.infer<typeof HotelInputSchema>;

export const BoHotelSchema = HotelInputObjectSchema.extend({
  id: z.number().int(),
  /** As stored (a property file's settings are not checked as strictly as this form's input). */
  bankTransfer: z
    .object({
      owner: z.string(),
      iban: z.string(),
      bic: z.string().optional(),
      dueDays: z.number().int().optional(),
    })
    .nullable()
    .optional(),
  /** As stored: a list written before its limits were set is shown as it is (and must be fixed to be saved). */
  wellness: z.array(z.record(z.string(), z.string())),
  activities: z.array(z.record(z.string(), z.string())),
  businessServices: z.array(z.record(z.string(), z.string())),
  paymentMethods: z.array(z.enum(HOTEL_PAYMENT_METHODS)),
  /** The language of the mails the hotel receives: English when never set. */
  mailLanguage: z.enum(HOTEL_MAIL_LANGUAGES),
  /** Whether reservations exist: the currency can no longer change. */
  hasReservations: z.boolean(),
}).meta({ id: "BoHotel" });
export type BoHotel = z.infer<typeof BoHotelSchema>;

// Room types.

export const RoomTypeInputObjectSchema = RoomTypeFileSchema.omit({ id: true, gallery: true });
export const RoomTypeInputSchema = RoomTypeInputObjectSchema.superRefine((r, ctx) =>
  addIssues(ctx, roomTypeRules(r)),
);
export type RoomTypeInput = z.infer<typeof RoomTypeInputSchema>;

export const BoRoomTypeSchema = RoomTypeInputObjectSchema.extend({
  id: z.number().int(),
  /** Photo addresses in gallery order (uploaded photos are served at /api/photos/…). */
  gallery: z.array(z.string()),
}).meta({ id: "BoRoomType" });
export type BoRoomType = z.infer<typeof BoRoomTypeSchema>;

export const RoomTypeListSchema = z
  .object({ items: z.array(BoRoomTypeSchema) })
  .meta({ id: "BoRoomTypeList" });

export const RoomTypeParamsSchema = HotelParamsSchema.extend({
  roomTypeId: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** A new gallery order: the room type's own photo addresses, some left out to remove them. */
export const GalleryInputSchema = z.strictObject({ gallery: z.array(z.string().min(1).max(2000)).max(50) });

/** The photo sizes served, as the longest side in pixels. */
export const PHOTO_SIZES = [1600, 400] as const;
export const PhotoParamsSchema = z.object({
  photoId: z.coerce.number().int().min(1).max(2_147_483_647),
  size: z.enum(["1600.webp", "400.webp"]),
});
/** The address of an uploaded photo in the given size. */
export const photoUrl = (photoId: number, size: (typeof PHOTO_SIZES)[number] = 1600) =>
  `/api/photos/${photoId}/${size}.webp`;
/** The small version of a gallery address, when it is an uploaded photo; else the address itself. */
export const thumbnailOf = (url: string) => url.replace(/^(\/api\/photos\/\d+\/)1600\.webp$/, "$1400.webp");

// Rate plans.

export const RatePlanInputObjectSchema = RatePlanFileSchema.omit({
  id: true,
  mtId: true,
  refundProtection: true,
}).extend({
  /** Refund-protection price per stay in minor units; omitted when not offered. */
  refundProtectionMinor: MinorSchema.optional(),
});
export const RatePlanInputSchema = RatePlanInputObjectSchema.superRefine((r, ctx) =>
  addIssues(ctx, ratePlanRules({ ...r, refundProtection: r.refundProtectionMinor })),
);
export type RatePlanInput = z.infer<typeof RatePlanInputSchema>;

export const BoRatePlanSchema = RatePlanInputObjectSchema.extend({ id: z.number().int() }).meta({
  id: "BoRatePlan",
});
export type BoRatePlan = z.infer<typeof BoRatePlanSchema>;

/** What a rate plan form chooses from: the hotel's channels and services. */
export const RatePlanListSchema = z
  .object({
    items: z.array(BoRatePlanSchema),
    channels: z.array(
      z.object({ id: z.number().int(), name: z.string(), kind: z.enum(["direct", "trade"]) }),
    ),
    services: z.array(z.object({ id: z.number().int(), name: z.string() })),
    currencyCode: z.string(),
  })
  .meta({ id: "BoRatePlanList" });
export type RatePlanList = z.infer<typeof RatePlanListSchema>;

export const RatePlanParamsSchema = HotelParamsSchema.extend({
  ratePlanId: z.coerce.number().int().min(1).max(2_147_483_647),
});
