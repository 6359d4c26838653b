import { z } from "zod";
import { IdSchema, LanguageIdSchema } from "../common";
import { AirportSchema } from "./airports";

export const PackageQuerySchema = z.object({
  channel: IdSchema,
  hotel: IdSchema,
  language: LanguageIdSchema,
  package: IdSchema.optional(),
});

export const PackageSchema = z
  .object({
    id: z.number(),
    code: z.string(),
    kind: z.enum(["package", "offer"]),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    validFrom: z.string(),
    validTo: z.string(),
    minNights: z.number(),
    maxNights: z.number().nullable(),
    minAdults: z.number(),
    maxAdults: z.number().nullable(),
    rateIds: z.array(z.number()),
    roomIds: z.array(z.number()),
    includedServices: z.array(z.object({ id: z.number(), name: z.string() })),
    /** Flight-included packages: origin airports with their flights (dates YYYYMMDD). */
    airports: z.array(AirportSchema),
    /** Pictures for the landing page: the package's own, then its rooms'. */
    gallery: z.array(z.string()),
    /** Periods inside the validity when every room of the package is closed (YYYYMMDD, both nights included). */
    closedSeasons: z.array(z.object({ from: z.string(), to: z.string() })),
    /**
     * The lowest price of a stay of `minNights` nights for `priceFrom.adults` adults from today within the validity,
     * as a search of that stay prices it (with its mandatory extras; the city tax beside it); null when no such stay
     * is free.
     */
    priceFrom: z
      .object({
        total: z.number(),
        cityTax: z.number(),
        nights: z.number(),
        adults: z.number(),
        arrival: z.string(),
        /** A flight-included package: the cheapest flight out and back per passenger, not in `total`. */
        flightsFrom: z.number().nullable(),
      })
      .nullable(),
    currency: z.string(),
  })
  .meta({ id: "Package" });

export const PackageResponseSchema = z
  .object({ packages: z.array(PackageSchema) })
  .meta({ id: "PackageResponse" });
export type PackageResponse = z.infer<typeof PackageResponseSchema>;
