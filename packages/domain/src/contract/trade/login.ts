import { z } from "zod";
import { IdSchema } from "../common";

// `POST /api/login.do` (SPEC §7, API.md; ADR 0029): the trade user's login, logout and check.

/** The trade session's cookie: HttpOnly, SameSite=Lax, path /api (it goes with the searches too). */
export const TRADE_COOKIE = "alloggio_trade";

/** The header of the agency area's changes that carries the session's `csrfToken` (the back office's name). */
export const TRADE_CSRF_HEADER = "x-csrf-token";

/** Agency type (SPEC §3): 1 travel agency, 2 company. */
export const AGENCY_TYPES = [1, 2] as const;

const Username = z.string().trim().min(1).max(200);
/** A password as typed; the policy (auth/password-policy.ts) applies where one is set, not at login. */
const Password = z.string().min(1).max(1024);

export const LoginRequestSchema = z
  .discriminatedUnion("method", [
    z.strictObject({
      method: z.literal("login"),
      username: Username,
      password: Password,
      channel: IdSchema,
      /** The hotel of the page, when there is one: the account must be enabled for it on the channel. */
      hotel: IdSchema.optional(),
    }),
    z.strictObject({ method: z.literal("logout") }),
    z.strictObject({
      method: z.literal("loggedUser"),
      /** The channel of the page: a session on another channel answers `{ user: { id: 0 } }`. */
      channel: IdSchema.optional(),
      /** The hotel of the page: a user no longer enabled for it (or the channel) gets `trade_not_enabled`. */
      hotel: IdSchema.optional(),
    }),
  ])
  .meta({ id: "LoginRequest" });
export type LoginRequest = z.output<typeof LoginRequestSchema>;

/** The agency data of SPEC §3 the web shows and copies into an invoice. */
export const TradeAgencySchema = z
  .object({
    id: z.number(),
    /** The company name (SPEC's fullname). */
    name: z.string(),
    type: z.union([z.literal(1), z.literal(2)]),
    address: z.string(),
    zip: z.string(),
    city: z.string(),
    country: z.string(),
    email: z.string(),
    phone: z.string(),
    vatNumber: z.string().nullable(),
    iataCode: z.string().nullable(),
    /** The account's own commission percent, 0 included; null: each rate's own (ADR 0062). */
    commissionPercent: z.number().nullable(),
  })
  .meta({ id: "TradeAgency" });
export type TradeAgency = z.infer<typeof TradeAgencySchema>;

export const TradeUserSchema = z
  .object({
    /** Above 0: logged in (SPEC §7). */
    id: z.number().int().min(1),
    username: z.string(),
    name: z.string(),
    email: z.string(),
    agency: TradeAgencySchema,
    channel: z.number(),
    /** When the login was made (ms since the epoch, SPEC §3 "dateAgg"): the web's 60-minute validity counts from it. */
    dateAgg: z.number(),
    /** The password expired or was reset: the web must make the user change it before anything else. */
    mustChangePassword: z.boolean(),
    /** The session's synchroniser token: the agency area's changes send it as `X-CSRF-Token` (ADR 0029). */
    csrfToken: z.string(),
  })
  .meta({ id: "TradeUser" });
export type TradeUser = z.infer<typeof TradeUserSchema>;

/** Nobody logged in (after logout, or no live session for the channel). */
export const NoTradeUserSchema = z.object({ id: z.literal(0) });

export const LoginResponseSchema = z
  .object({ user: z.union([TradeUserSchema, NoTradeUserSchema]) })
  .meta({ id: "LoginResponse" });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;
