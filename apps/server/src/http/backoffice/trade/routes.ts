import {
  ApproveTradeAccountSchema,
  RefuseTradeAccountSchema,
  TRADE_PATHS,
  TradeAccountParamsSchema,
  TradeAccountSchema,
  TradeAccountsQuerySchema,
  TradeAccountsSchema,
  TradeHotelsSchema,
  TradePasswordResetSchema,
  TradePricingSchema,
  TradeUserParamsSchema,
} from "@alloggio/domain/contract/backoffice/trade";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  approveAccount,
  disableAccount,
  enableAccount,
  getAccount,
  listAccounts,
  refuseAccount,
  resetTradeUserPassword,
  setAccountHotels,
  setAccountPricing,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { staffRoutes } from "../staff-routes";

/** Trade accounts (ADR 0030): owners and managers approve sign-ups and manage the agencies' terms. */
export function registerTradeRoutes(app: App, deps: BackOfficeDeps): void {
  const db = deps.database.db;
  const route = staffRoutes(app, deps, "trade");
  const one = { params: TradeAccountParamsSchema, answer: TradeAccountSchema };
  route.get(
    TRADE_PATHS.list,
    {
      summary: "Trade accounts: pending sign-ups first, filtered by status and text, paged (owner, manager)",
      querystring: TradeAccountsQuerySchema,
      answer: TradeAccountsSchema,
    },
    ({ staff, query }) => listAccounts(db, staff, query),
  );
  route.get(
    TRADE_PATHS.one,
    {
      summary: "A trade account: agency data, users, hotels × channels enabled, discount and commission",
      ...one,
    },
    ({ staff, params }) => getAccount(db, staff, params.accountId),
  );
  route.post(
    TRADE_PATHS.approve,
    {
      summary: "Approve a sign-up: hotels enabled, a mail tells the agency it can log in",
      body: ApproveTradeAccountSchema,
      ...one,
    },
    async ({ staff, params, body, request }) =>
      approveAccount(deps, staff, params.accountId, body ?? {}, await deps.linkBase(request)),
  );
  route.post(
    TRADE_PATHS.refuse,
    {
      summary: "Refuse a sign-up with a reason, mailed to the agency",
      body: RefuseTradeAccountSchema,
      ...one,
    },
    async ({ staff, params, body, request }) =>
      refuseAccount(deps, staff, params.accountId, body.reason, await deps.linkBase(request)),
  );
  route.put(
    TRADE_PATHS.hotels,
    {
      summary: "Set the hotels × trade channels enabled (a hotel-scoped user: of their own hotels only)",
      body: TradeHotelsSchema,
      ...one,
    },
    ({ staff, params, body }) => setAccountHotels(deps, staff, params.accountId, body),
  );
  route.put(
    TRADE_PATHS.pricing,
    {
      summary: "Set the extra discount (hidden prices per login) and the commission, in percent",
      body: TradePricingSchema,
      ...one,
    },
    ({ staff, params, body }) => setAccountPricing(deps, staff, params.accountId, body),
  );
  route.post(
    TRADE_PATHS.disable,
    { summary: "Disable an approved account: its users are logged out and cannot log in", ...one },
    ({ staff, params }) => disableAccount(deps, staff, params.accountId),
  );
  route.post(
    TRADE_PATHS.enable,
    { summary: "Enable a disabled account again", ...one },
    ({ staff, params }) => enableAccount(deps, staff, params.accountId),
  );
  route.post(
    TRADE_PATHS.resetPassword,
    {
      summary: "Reset a trade user's password: a temporary one is mailed, to be changed at the next login",
      params: TradeUserParamsSchema,
      answer: TradePasswordResetSchema,
    },
    async ({ staff, params, request }) =>
      resetTradeUserPassword(deps, staff, params.accountId, params.userId, await deps.linkBase(request)),
  );
}
