import { z } from "zod";
import { IdSchema, LanguageIdSchema } from "../common";

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
    airports: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        flights: z.array(z.object({ code: z.string(), date: z.string(), time: z.string() })),
      }),
    ),
  })
  .meta({ id: "Package" });

export const PackageResponseSchema = z
  .object({ packages: z.array(PackageSchema) })
  .meta({ id: "PackageResponse" });
export type PackageResponse = z.infer<typeof PackageResponseSchema>;
