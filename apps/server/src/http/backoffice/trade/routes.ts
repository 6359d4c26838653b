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
  requireStaff,
  resetTradeUserPassword,
  setAccountHotels,
  setAccountPricing,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

/** Trade accounts (ADR 0030): owners and managers approve sign-ups and manage the agencies' terms. */
export function registerTradeRoutes(app: App, deps: BackOfficeDeps): void {
  const tags = [BACK_OFFICE_TAG];
  const db = deps.database.db;
  const one = { 200: TradeAccountSchema, ...backOfficeErrors };
  app.get(
    TRADE_PATHS.list,
    {
      schema: {
        tags,
        summary:
          "Trade accounts: pending sign-ups first, filtered by status and text, paged (owner, manager)",
        querystring: TradeAccountsQuerySchema,
        response: { 200: TradeAccountsSchema, ...backOfficeErrors },
      },
    },
    async (request) => listAccounts(db, await requireStaff(deps, request, "trade"), request.query),
  );
  app.get(
    TRADE_PATHS.one,
    {
      schema: {
        tags,
        summary: "A trade account: agency data, users, hotels × channels enabled, discount and commission",
        params: TradeAccountParamsSchema,
        response: one,
      },
    },
    async (request) => getAccount(db, await requireStaff(deps, request, "trade"), request.params.accountId),
  );
  app.post(
    TRADE_PATHS.approve,
    {
      schema: {
        tags,
        summary: "Approve a sign-up: hotels enabled, a mail tells the agency it can log in",
        params: TradeAccountParamsSchema,
        body: ApproveTradeAccountSchema,
        response: one,
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "trade");
      return approveAccount(
        deps,
        staff,
        request.params.accountId,
        request.body ?? {},
        await deps.linkBase(request),
      );
    },
  );
  app.post(
    TRADE_PATHS.refuse,
    {
      schema: {
        tags,
        summary: "Refuse a sign-up with a reason, mailed to the agency",
        params: TradeAccountParamsSchema,
        body: RefuseTradeAccountSchema,
        response: one,
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "trade");
      return refuseAccount(
        deps,
        staff,
        request.params.accountId,
        request.body.reason,
        await deps.linkBase(request),
      );
    },
  );
  app.put(
    TRADE_PATHS.hotels,
    {
      schema: {
        tags,
        summary: "Set the hotels × trade channels enabled (a hotel-scoped user: of their own hotels only)",
        params: TradeAccountParamsSchema,
        body: TradeHotelsSchema,
        response: one,
      },
    },
    async (request) =>
      setAccountHotels(
        deps,
        await requireStaff(deps, request, "trade"),
        request.params.accountId,
        request.body,
      ),
  );
  app.put(
    TRADE_PATHS.pricing,
    {
      schema: {
        tags,
        summary: "Set the extra discount (hidden prices per login) and the commission, in percent",
        params: TradeAccountParamsSchema,
        body: TradePricingSchema,
        response: one,
      },
    },
    async (request) =>
      setAccountPricing(
        deps,
        await requireStaff(deps, request, "trade"),
        request.params.accountId,
        request.body,
      ),
  );
  app.post(
    TRADE_PATHS.disable,
    {
      schema: {
        tags,
        summary: "Disable an approved account: its users are logged out and cannot log in",
        params: TradeAccountParamsSchema,
        response: one,
      },
    },
    async (request) =>
      disableAccount(deps, await requireStaff(deps, request, "trade"), request.params.accountId),
  );
  app.post(
    TRADE_PATHS.enable,
    {
      schema: {
        tags,
        summary: "Enable a disabled account again",
        params: TradeAccountParamsSchema,
        response: one,
      },
    },
    async (request) =>
      enableAccount(deps, await requireStaff(deps, request, "trade"), request.params.accountId),
  );
  app.post(
    TRADE_PATHS.resetPassword,
    {
      schema: {
        tags,
        summary: "Reset a trade user's password: a temporary one is mailed, to be changed at the next login",
        params: TradeUserParamsSchema,
        response: { 200: TradePasswordResetSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "trade");
      return resetTradeUserPassword(
        deps,
        staff,
        request.params.accountId,
        request.params.userId,
        await deps.linkBase(request),
      );
    },
  );
}
