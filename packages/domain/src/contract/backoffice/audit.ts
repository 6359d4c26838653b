import { z } from "zod";
import { isValidIsoDate } from "../../backoffice/audit-diff";
import { HotelParamsSchema } from "./access";

// The audit log: every change made in the back office and by the import, read per hotel. Owners see the
// group-wide entries (users) with the hotel's.

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PATH = "/api/backoffice/hotels/:hotelId/audit";

export const AuditParamsSchema = HotelParamsSchema;

const IsoDateSchema = z.string().refine(isValidIsoDate, { message: "must be a date written YYYY-MM-DD" });

export const AuditQuerySchema = z
  .object({
    /** The first day (YYYY-MM-DD, in the hotel's time zone). */
    from: IsoDateSchema.optional(),
    /** The last day, included. */
    to: IsoDateSchema.optional(),
    /** One action, e.g. `user.invite`. */
    action: z.string().trim().min(1).max(100).optional(),
    /** Who: a staff user's e-mail, or the name of a system actor (`import`). */
    user: z.string().trim().min(1).max(254).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "must not be before from", path: ["to"] });
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    /** ISO instant. */
    at: z.string(),
    actor: z.string(),
    userId: z.number().int().nullable(),
    /** Null: a group-wide change (users). */
    hotelId: z.number().int().nullable(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntryView = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z
  .object({
    entries: z.array(AuditEntrySchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    /** The hotel's IANA time zone, to show the times in. */
    timeZone: z.string(),
    /** The hotel's currency: amounts (`…Minor`) in the entries are in its minor units. */
    currency: z.object({ code: z.string(), decimalDigits: z.number().int() }),
    /**
     * The names of the hotel's room types and rate plans by id, to name the cells an entry changed, and of the
     * hotels a user entry names (the group's for an owner, this one for anyone else).
     */
    names: z.object({
      roomTypes: z.record(z.string(), z.record(z.string(), z.string())),
      ratePlans: z.record(z.string(), z.record(z.string(), z.string())),
      hotels: z.record(z.string(), z.string()),
    }),
    /** The actions and actors found in this hotel's log, for the filters. */
    actions: z.array(z.string()),
    actors: z.array(z.string()),
  })
  .meta({ id: "AuditPage" });
export type AuditPage = z.infer<typeof AuditPageSchema>;
