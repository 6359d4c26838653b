import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { listTradeAccounts } from "./calls";

/** Every query of the trade screens starts with this key: a change invalidates them all (badge included). */
export const TRADE_QUERY = ["backoffice", "trade"] as const;

/** The number of pending sign-ups, beside "Trade" in the menu (nothing when there is none). */
export function TradePendingBadge() {
  const { t } = useTranslation("bo-trade");
  const pending = useQuery({
    queryKey: [...TRADE_QUERY, "pending"],
    queryFn: () => listTradeAccounts({ status: "pending", pageSize: 20 }),
    staleTime: 60_000,
  });
  const count = pending.data?.counts.pending ?? 0;
  if (count === 0) return null;
  return (
    <span className="bo-badge bo-trade-count">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t("badge", { count })}</span>
    </span>
  );
}
