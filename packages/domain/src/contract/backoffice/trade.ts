import { z } from "zod";

// Trade accounts in the back office (ADR 0030): owners and managers approve or refuse sign-up requests,
// enable hotels × trade channels, set the hidden prices (extra discount) and the commission, reset a user's
// password, disable and enable an account. Group-wide routes under /api/backoffice/trade; a hotel-scoped staff user
// sees only the accounts enabled for one of their hotels and changes only their own hotels.

export const TRADE_ACCOUNT_STATUSES = ["pending", "approved", "refused", "disabled"] as const;
export type TradeAccountStatus = (typeof TRADE_ACCOUNT_STATUSES)[number];
export const TradeAccountStatusSchema = z.enum(TRADE_ACCOUNT_STATUSES);

export const TRADE_PATHS = {
  list: "/api/backoffice/trade/accounts",
  one: "/api/backoffice/trade/accounts/:accountId",
  approve: "/api/backoffice/trade/accounts/:accountId/approve",
  refuse: "/api/backoffice/trade/accounts/:accountId/refuse",
  hotels: "/api/backoffice/trade/accounts/:accountId/hotels",
  pricing: "/api/backoffice/trade/accounts/:accountId/pricing",
  disable: "/api/backoffice/trade/accounts/:accountId/disable",
  enable: "/api/backoffice/trade/accounts/:accountId/enable",
  resetPassword: "/api/backoffice/trade/accounts/:accountId/users/:userId/reset-password",
} as const;

const Id = z.coerce.number().int().min(1).max(2_147_483_647);
export const TradeAccountParamsSchema = z.object({ accountId: Id });
export const TradeUserParamsSchema = z.object({ accountId: Id, userId: Id });

export const TRADE_PAGE_SIZES = [20, 50, 100] as const;

export const TradeAccountsQuerySchema = z
  .object({
    status: TradeAccountStatusSchema.optional(),
    /** Part of the name, e-mail, VAT number or IATA code (case-insensitive). */
    q: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((n) => (TRADE_PAGE_SIZES as readonly number[]).includes(n), {
        message: "must be 20, 50 or 100",
      })
      .default(20),
  })
  .strict();
export type TradeAccountsQuery = z.input<typeof TradeAccountsQuerySchema>;

/** Percent with at most two decimals, 0–100 (the columns are numeric(5,2)). */
const PercentSchema = z
  .number()
  .min(0, { message: "must be between 0 and 100" })
  .max(100, { message: "must be between 0 and 100" })
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: "at most two decimals" });

const HotelRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const TradeAccountRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** 1 travel agency, 2 company (SPEC §3). */
    type: z.union([z.literal(1), z.literal(2)]),
    status: TradeAccountStatusSchema,
    email: z.string(),
    city: z.string(),
    country: z.string(),
    vatNumber: z.string().nullable(),
    iataCode: z.string().nullable(),
    channel: z.object({ id: z.number().int(), name: z.string() }),
    extraDiscountPercent: z.number(),
    /** The account's own commission percent, 0 included; null: each rate's own (ADR 0062). */
    commissionPercent: z.number().nullable(),
    /** The hotels the account is enabled for (on any trade channel), that the staff user may see. */
    hotels: z.array(HotelRefSchema),
    createdAt: z.string(),
  })
  .meta({ id: "TradeAccountRow" });
export type TradeAccountRow = z.infer<typeof TradeAccountRowSchema>;

export const TradeAccountsSchema = z
  .object({
    accounts: z.array(TradeAccountRowSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** How many accounts of each status the staff user may see (the menu's badge shows `pending`). */
    counts: z.object({
      pending: z.number().int(),
      approved: z.number().int(),
      refused: z.number().int(),
      disabled: z.number().int(),
    }),
  })
  .meta({ id: "TradeAccounts" });
export type TradeAccounts = z.infer<typeof TradeAccountsSchema>;

export const TradeAccountUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  disabled: z.boolean(),
  /** The next login must change the password (a reset, or an expired one). */
  mustChangePassword: z.boolean(),
  hasPassword: z.boolean(),
  passwordChangedAt: z.string().nullable(),
});
export type TradeAccountUser = z.infer<typeof TradeAccountUserSchema>;

/** A hotel × trade channel pair: where the account's users may log in and book. */
export const TradeEnablementSchema = z.object({
  hotelId: z.number().int(),
  channelId: z.number().int(),
});
export type TradeEnablement = z.infer<typeof TradeEnablementSchema>;

export const TradeAccountSchema = TradeAccountRowSchema.extend({
  address: z.string(),
  zip: z.string(),
  phone: z.string(),
  referentName: z.string(),
  referentEmail: z.string(),
  /** The language of the account's mails (from its country; English when none of the eight). */
  language: z.string(),
  users: z.array(TradeAccountUserSchema),
  /** Every hotel × trade channel of the group the staff user may enable (hotels sold on that channel). */
  options: z.array(
    TradeEnablementSchema.extend({ hotelName: z.string(), channelName: z.string(), mine: z.boolean() }),
  ),
  /** The pairs enabled now (all of them, also of hotels the staff user does not see, which they cannot change). */
  enabled: z.array(TradeEnablementSchema),
}).meta({ id: "TradeAccount" });
export type TradeAccount = z.infer<typeof TradeAccountSchema>;

const EnablementsSchema = z.array(
  z.object({ hotelId: Id, channelId: Id }).strict(),
  // one entry per hotel × channel
);

export const ApproveTradeAccountSchema = z
  .object({
    /** The hotels × channels to enable; omitted: every hotel of the staff user sold on the account's channel. */
    enabled: EnablementsSchema.max(1000).optional(),
  })
  .strict()
  .meta({ id: "ApproveTradeAccount" });
export type ApproveTradeAccount = z.input<typeof ApproveTradeAccountSchema>;

export const RefuseTradeAccountSchema = z
  .object({ reason: z.string().trim().min(1).max(1000) })
  .strict()
  .meta({ id: "RefuseTradeAccount" });
export type RefuseTradeAccount = z.input<typeof RefuseTradeAccountSchema>;

/** The enabled pairs of the staff user's hotels (the pairs of other hotels stay as they are). */
export const TradeHotelsSchema = z
  .object({ enabled: EnablementsSchema.max(1000) })
  .strict()
  .meta({ id: "TradeAccountHotels" });
export type TradeHotels = z.input<typeof TradeHotelsSchema>;

export const TradePricingSchema = z
  .object({
    /** Hidden prices per login: an extra discount on the trade rates, in percent (0–100). */
    extraDiscountPercent: PercentSchema,
    /** The commission on commissionable trade rates, in percent (0–100); null: each rate's own (ADR 0062). */
    commissionPercent: PercentSchema.nullable(),
  })
  .strict()
  .meta({ id: "TradeAccountPricing" });
export type TradePricing = z.input<typeof TradePricingSchema>;

export const TradePasswordResetSchema = z
  .object({
    /** Where the temporary password went. */
    mailedTo: z.string(),
  })
  .meta({ id: "TradePasswordReset" });
