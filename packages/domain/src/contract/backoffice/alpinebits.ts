import { z } from "zod";
import { isValidIsoDate } from "../../backoffice/audit-diff";
import { HotelParamsSchema } from "./access";

// The back office's AlpineBits screen (ADR 0078, 0083), owners only: the group's clients (a PMS or channel
// manager each; the password is shown once), a hotel's codes, and the log of the exchanges of the group's hotels.

/** The path a PMS posts to, on the hotel's own domain (README "AlpineBits"). */
export const ALPINEBITS_ENDPOINT_PATH = "/alpinebits";
export const ALPINEBITS_EXCHANGE_PAGE_SIZE = 50;
/** Days an exchange's request and response bodies are kept; the row itself stays. */
export const ALPINEBITS_BODY_DAYS = 14;

const Id = z.coerce.number().int().min(1).max(2_147_483_647);

export const AlpineBitsClientParamsSchema = z.object({ clientId: Id });
export const AlpineBitsExchangeParamsSchema = z.object({ exchangeId: Id });

export const BoAlpineBitsClientSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    /** The hotels it may read and write (those the signed-in owner sees). */
    hotelIds: z.array(z.number().int()),
    /** ISO instants. */
    createdAt: z.string(),
    disabledAt: z.string().nullable(),
    /** The time zone its dates are shown in: its first hotel's (IANA, e.g. "Europe/Rome"). */
    timeZone: z.string(),
  })
  .meta({ id: "BoAlpineBitsClient" });
export type BoAlpineBitsClient = z.infer<typeof BoAlpineBitsClientSchema>;

export const BoAlpineBitsClientListSchema = z
  .object({
    clients: z.array(BoAlpineBitsClientSchema),
    /** The full URL a PMS posts to: this site's public address (the configured host the owner came to) + /alpinebits. */
    endpoint: z.string(),
  })
  .meta({ id: "BoAlpineBitsClientList" });
export type BoAlpineBitsClientList = z.infer<typeof BoAlpineBitsClientListSchema>;

const HotelIdsSchema = z.array(Id).min(1, "choose at least one hotel").max(500);

export const CreateAlpineBitsClientRequestSchema = z
  .object({
    /** What the client is, e.g. "PMS front desk" (1–80 characters). */
    name: z.string().trim().min(1, "is required").max(80),
    /** The HTTP Basic username: 3–64 letters, digits, `.`, `_` or `-`. */
    username: z
      .string()
      .trim()
      .min(3)
      .max(64)
      .regex(/^[A-Za-z0-9._-]+$/, "letters, digits, dot, underscore or hyphen"),
    hotelIds: HotelIdsSchema,
  })
  .strict()
  .meta({ id: "BoCreateAlpineBitsClientRequest" });
export type CreateAlpineBitsClientRequest = z.infer<typeof CreateAlpineBitsClientRequestSchema>;

export const CreateAlpineBitsClientResponseSchema = z
  .object({
    client: BoAlpineBitsClientSchema,
    /** The password, shown this once: only its argon2id hash is kept. */
    password: z.string(),
  })
  .meta({ id: "BoCreateAlpineBitsClientResponse" });
export type CreateAlpineBitsClientResponse = z.infer<typeof CreateAlpineBitsClientResponseSchema>;

export const SetAlpineBitsClientHotelsRequestSchema = z
  .object({ hotelIds: HotelIdsSchema })
  .strict()
  .meta({ id: "BoSetAlpineBitsClientHotelsRequest" });
export type SetAlpineBitsClientHotelsRequest = z.infer<typeof SetAlpineBitsClientHotelsRequestSchema>;

export const AlpineBitsCodesParamsSchema = HotelParamsSchema;

export const BoAlpineBitsCodesSchema = z
  .object({
    /** Null: the hotel has no HotelCode yet, so no PMS can name it. */
    hotelCode: z.string().nullable(),
    /** The hotel's room types in their order, each with its InvTypeCode (null: not the PMS's). */
    roomTypes: z.array(
      z.object({ roomTypeId: z.number().int(), name: z.string(), code: z.string().nullable() }),
    ),
    /** The hotel's rate plans, each with its RatePlanCode (null: not the PMS's). */
    ratePlans: z.array(
      z.object({ ratePlanId: z.number().int(), name: z.string(), code: z.string().nullable() }),
    ),
  })
  .meta({ id: "BoAlpineBitsCodes" });
export type BoAlpineBitsCodes = z.infer<typeof BoAlpineBitsCodesSchema>;

export const SetAlpineBitsCodesRequestSchema = z
  .object({
    hotelCode: z.string().trim().min(1, "is required").max(16),
    /** The room types that have a code; the others have none. */
    roomTypes: z.array(z.object({ roomTypeId: Id, code: z.string().trim().min(1).max(8) }).strict()).max(500),
    ratePlans: z
      .array(z.object({ ratePlanId: Id, code: z.string().trim().min(1).max(64) }).strict())
      .max(500),
  })
  .strict()
  .meta({ id: "BoSetAlpineBitsCodesRequest" });
export type SetAlpineBitsCodesRequest = z.infer<typeof SetAlpineBitsCodesRequestSchema>;

export const ALPINEBITS_RESULTS = ["success", "warning", "error", "refused"] as const;
export type AlpineBitsResult = (typeof ALPINEBITS_RESULTS)[number];

const IsoDateSchema = z.string().refine(isValidIsoDate, { message: "must be a date written YYYY-MM-DD" });

export const AlpineBitsExchangeQuerySchema = z
  .object({
    clientId: Id.optional(),
    /** The action parameter as sent, e.g. `OTA_HotelInvCountNotif:FreeRooms`. */
    action: z.string().trim().min(1).max(100).optional(),
    result: z.enum(ALPINEBITS_RESULTS).optional(),
    /** The first day (YYYY-MM-DD, in the time zone of the exchange's hotel). */
    from: IsoDateSchema.optional(),
    /** The last day, included. */
    to: IsoDateSchema.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "must not be before from", path: ["to"] });
export type AlpineBitsExchangeQuery = z.input<typeof AlpineBitsExchangeQuerySchema>;

export const BoAlpineBitsExchangeSchema = z
  .object({
    id: z.number().int(),
    /** ISO instant. */
    at: z.string(),
    /** The IANA time zone to show `at` in: the hotel's (the client's first hotel's when the request names none). */
    timeZone: z.string(),
    clientId: z.number().int(),
    clientName: z.string(),
    clientUsername: z.string(),
    /** The hotel the request names, when the client may touch it. */
    hotelId: z.number().int().nullable(),
    hotelName: z.string().nullable(),
    /** The action parameter as sent (cut at 100 characters). */
    action: z.string(),
    httpStatus: z.number().int(),
    result: z.enum(ALPINEBITS_RESULTS),
    /** The answer's warnings and errors (for `refused`, the transport's ERROR line), the first 5 of each. */
    warnings: z.array(z.string()),
    errors: z.array(z.string()),
    warningCount: z.number().int(),
    errorCount: z.number().int(),
    requestBytes: z.number().int(),
    responseBytes: z.number().int(),
    /** False once the bodies are purged (after 14 days). */
    bodiesKept: z.boolean(),
  })
  .meta({ id: "BoAlpineBitsExchange" });
export type BoAlpineBitsExchange = z.infer<typeof BoAlpineBitsExchangeSchema>;

export const BoAlpineBitsExchangePageSchema = z
  .object({
    exchanges: z.array(BoAlpineBitsExchangeSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: "BoAlpineBitsExchangePage" });
export type BoAlpineBitsExchangePage = z.infer<typeof BoAlpineBitsExchangePageSchema>;

/** The most characters of a body the detail shows; the download has all of it. */
export const ALPINEBITS_BODY_PREVIEW_CHARS = 200_000;

export const BoAlpineBitsExchangeDetailSchema = z
  .object({
    exchange: BoAlpineBitsExchangeSchema,
    /** Every warning and error kept (100 at most each). */
    warnings: z.array(z.string()),
    errors: z.array(z.string()),
    /** The bodies' first 200 000 characters (null once purged). */
    request: z.string().nullable(),
    response: z.string().nullable(),
    requestTruncated: z.boolean(),
    responseTruncated: z.boolean(),
  })
  .meta({ id: "BoAlpineBitsExchangeDetail" });
export type BoAlpineBitsExchangeDetail = z.infer<typeof BoAlpineBitsExchangeDetailSchema>;

export const AlpineBitsBodyQuerySchema = z.object({ part: z.enum(["request", "response"]) });
export type AlpineBitsBodyPart = z.infer<typeof AlpineBitsBodyQuerySchema>["part"];
