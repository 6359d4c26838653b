import { z } from "zod";
import { MAX_CHILD_AGE, MAX_CHILDREN, MIN_CHILD_AGE } from "../../occupancy/occupancy";
import { MAX_OVERRIDE_TOTAL } from "../../pricing/overrides";
import {
  PackageFileSchema,
  PromoCodeFileSchema,
  ServiceCategoryFileSchema,
  ServiceFileSchema,
} from "../property/property-file";
import { HotelParamsSchema } from "./access";

// The catalogue's extras in the back office: service categories, extra services, promo codes,
// packages, and signed price links. An entity is written in the SAME shape, and validated by the SAME schema, as
// in the property file (docs/property-format.md): money in major units of the hotel's currency, dates YYYY-MM-DD.
// The server gives the id of a new entity.

export const ItemParamsSchema = HotelParamsSchema.extend({
  itemId: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const ServiceCategoryInputSchema = ServiceCategoryFileSchema.omit({ id: true });
export type ServiceCategoryInput = z.infer<typeof ServiceCategoryInputSchema>;
export const ServiceCategorySchema = ServiceCategoryFileSchema.extend({
  /** How many services the category holds. */
  services: z.number().int(),
}).meta({ id: "BoServiceCategory" });
export type ServiceCategory = z.infer<typeof ServiceCategorySchema>;

export const ServiceInputSchema = ServiceFileSchema.omit({ id: true });
export type ServiceInput = z.infer<typeof ServiceInputSchema>;
export const ServiceSchema = ServiceFileSchema.meta({ id: "BoService" });
export type Service = z.infer<typeof ServiceSchema>;

export const PromoCodeInputSchema = PromoCodeFileSchema.omit({ id: true });
export type PromoCodeInput = z.infer<typeof PromoCodeInputSchema>;
export const PromoCodeSchema = PromoCodeFileSchema.meta({ id: "BoPromoCode" });
export type PromoCode = z.infer<typeof PromoCodeSchema>;

export const PackageInputSchema = PackageFileSchema.omit({ id: true });
export type PackageInput = z.infer<typeof PackageInputSchema>;
export const PackageSchema = PackageFileSchema.meta({ id: "BoPackage" });
export type Package = z.infer<typeof PackageSchema>;

/** A list of one kind of entity, with the hotel's currency for the money in it. */
const listOf = <T extends z.ZodType>(item: T, id: string) =>
  z.object({ currencyCode: z.string(), items: z.array(item) }).meta({ id });

export const ServiceCategoryListSchema = listOf(ServiceCategorySchema, "BoServiceCategoryList");
export const ServiceListSchema = listOf(ServiceSchema, "BoServiceList");
export const PromoCodeListSchema = listOf(PromoCodeSchema, "BoPromoCodeList");
export const PackageListSchema = listOf(PackageSchema, "BoPackageList");

/** What the forms need to pick from: the hotel's room types, rate plans and channels. */
export const ExtrasChoicesSchema = z
  .object({
    currencyCode: z.string(),
    roomTypes: z.array(
      z.object({ id: z.number().int(), code: z.string(), name: z.string(), sleeps: z.number() }),
    ),
    ratePlans: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
    channels: z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.string() })),
  })
  .meta({ id: "BoExtrasChoices" });
export type ExtrasChoices = z.infer<typeof ExtrasChoicesSchema>;

const YmdSchema = z.iso.date({ error: "must be a date written YYYY-MM-DD" });

/** A signed price (ADR 0002): this room type and rate, these dates and guests, at this total. */
export const PriceLinkRequestSchema = z.strictObject({
  roomTypeId: z.number().int().min(1),
  ratePlanId: z.number().int().min(1),
  /** The channel the link searches on; the hotel's first direct channel when omitted. */
  channelId: z.number().int().min(1).optional(),
  arrival: YmdSchema,
  departure: YmdSchema,
  adults: z.number().int().min(1).max(20),
  /** Ages of the children of the room. */
  ages: z.array(z.number().int().min(MIN_CHILD_AGE).max(MAX_CHILD_AGE)).max(MAX_CHILDREN).optional(),
  /** The language of the guest page (language id, 1 = English). */
  languageId: z.number().int().min(1).max(9).optional(),
  /** The total of the stay, major units of the hotel's currency. */
  total: z.number().gt(0).max(MAX_OVERRIDE_TOTAL),
});
export type PriceLinkRequest = z.infer<typeof PriceLinkRequestSchema>;

export const PriceLinkSchema = z
  .object({
    /** The guest's rooms page with the signed price. */
    url: z.string(),
    /** The `hpcc` entry: roomId~rateId~arrival~departure~total~signature. */
    hpcc: z.string(),
    /** The search parameters of the link, as the guest search API takes them. */
    query: z.record(z.string(), z.string()),
  })
  .meta({ id: "BoPriceLink" });
export type PriceLink = z.infer<typeof PriceLinkSchema>;

/** The paths under /api/backoffice. */
export const EXTRAS_PATHS = {
  categories: "/api/backoffice/hotels/:hotelId/catalogue/service-categories",
  category: "/api/backoffice/hotels/:hotelId/catalogue/service-categories/:itemId",
  services: "/api/backoffice/hotels/:hotelId/catalogue/services",
  service: "/api/backoffice/hotels/:hotelId/catalogue/services/:itemId",
  promos: "/api/backoffice/hotels/:hotelId/catalogue/promo-codes",
  promo: "/api/backoffice/hotels/:hotelId/catalogue/promo-codes/:itemId",
  packages: "/api/backoffice/hotels/:hotelId/catalogue/packages",
  package: "/api/backoffice/hotels/:hotelId/catalogue/packages/:itemId",
  choices: "/api/backoffice/hotels/:hotelId/catalogue/extras-choices",
  priceLinks: "/api/backoffice/hotels/:hotelId/catalogue/price-links",
} as const;
