import { z } from "zod";
import { HotelParamsSchema } from "./access";

// A hotel's keys of the exposed API (ADR 0034, 0039): the owner makes one per system that calls the API
// (the CRM that creates offers), sees it once, and revokes it. Only the key's first characters are ever shown again.

export const ApiKeyParamsSchema = HotelParamsSchema.extend({
  keyId: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const BoApiKeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** The key's first characters (`alk_` and 8 more), to tell keys apart. */
    prefix: z.string(),
    /** ISO 8601 (UTC). */
    createdAt: z.string(),
    /** The staff user who made it (null for keys made outside the back office, or a user since removed). */
    createdBy: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: "BoApiKey" });
export type BoApiKey = z.infer<typeof BoApiKeySchema>;

export const BoApiKeyListSchema = z
  .object({
    keys: z.array(BoApiKeySchema),
    /** The hotel's time zone (IANA): the page shows every instant in it, not in the browser's. */
    timeZone: z.string(),
  })
  .meta({ id: "BoApiKeyList" });
export type BoApiKeyList = z.infer<typeof BoApiKeyListSchema>;

export const CreateApiKeyRequestSchema = z
  .object({
    /** What the key is for, e.g. "CRM" (1–80 characters). */
    name: z.string().trim().min(1, "is required").max(80),
  })
  .strict()
  .meta({ id: "BoCreateApiKeyRequest" });
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequestSchema>;

export const CreateApiKeyResponseSchema = z
  .object({
    apiKey: BoApiKeySchema,
    /** The whole key, shown this once: only its sha256 is kept. */
    key: z.string(),
  })
  .meta({ id: "BoCreateApiKeyResponse" });
export type CreateApiKeyResponse = z.infer<typeof CreateApiKeyResponseSchema>;
