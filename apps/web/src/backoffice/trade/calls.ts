import type {
  TradeAccount,
  TradeAccountStatus,
  TradeAccounts,
  TradeEnablement,
} from "@alloggio/domain/contract/backoffice/trade";
import { boGet, boPost, boPut } from "../api";

// The calls of the trade screens: /api/backoffice/trade/accounts…

const one = (id: string | number) => `trade/accounts/${encodeURIComponent(String(id))}`;

export const listTradeAccounts = (query: {
  status?: TradeAccountStatus | undefined;
  q?: string | undefined;
  page?: number;
  pageSize?: number;
}) => boGet<TradeAccounts>("trade/accounts", query);
export const getTradeAccount = (id: string) => boGet<TradeAccount>(one(id));
export const approveTradeAccount = (id: string, enabled: TradeEnablement[]) =>
  boPost<TradeAccount>(`${one(id)}/approve`, { enabled });
export const refuseTradeAccount = (id: string, reason: string) =>
  boPost<TradeAccount>(`${one(id)}/refuse`, { reason });
export const setTradeHotels = (id: string, enabled: TradeEnablement[]) =>
  boPut<TradeAccount>(`${one(id)}/hotels`, { enabled });
export const setTradePricing = (
  id: string,
  body: { extraDiscountPercent: number; commissionPercent: number | null },
) => boPut<TradeAccount>(`${one(id)}/pricing`, body);
export const setTradeStatus = (id: string, kind: "disable" | "enable") =>
  boPost<TradeAccount>(`${one(id)}/${kind}`);
export const resetTradePassword = (id: string, userId: number) =>
  boPost<{ mailedTo: string }>(`${one(id)}/users/${userId}/reset-password`);
