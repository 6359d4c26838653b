import { z } from "zod";
import { IdSchema, LanguageIdSchema } from "../common";

export const CustomPrivacyQuerySchema = z.object({
  channel: IdSchema,
  hotel: IdSchema,
  language: LanguageIdSchema,
});

export const CustomPrivacyResponseSchema = z
  .object({
    policies: z.array(
      z.object({ id: z.number(), title: z.string(), text: z.string(), mandatory: z.boolean() }),
    ),
  })
  .meta({ id: "CustomPrivacyResponse" });
export type CustomPrivacyResponse = z.infer<typeof CustomPrivacyResponseSchema>;
