import {
  TRADE_ACCOUNT_STATUSES,
  TRADE_PAGE_SIZES,
  type TradeAccountStatus,
} from "@alloggio/domain/contract/backoffice/trade";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { AppLink, useNavigateTo } from "../../ui/app-link";
import { boHref } from "../routes";
import { BoPage, ErrorNotice, Field, Pager } from "../ui";
import { listTradeAccounts } from "./calls";
import { TRADE_QUERY } from "./trade-badge";
import "./trade.css";

export const NS = "bo-trade";

/** Percent as the user's language writes it ("5 %", "12,5 %"). */
export function usePercent(): (value: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 2 });
    return (value: number) => format.format(value / 100);
  }, [i18n.language]);
}

export function StatusBadge({ status }: { status: TradeAccountStatus }) {
  const { t } = useTranslation(NS);
  return <span className={`bo-badge bo-trade-status-${status}`}>{t(`status.${status}`)}</span>;
}

const isStatus = (s: string): s is TradeAccountStatus =>
  (TRADE_ACCOUNT_STATUSES as readonly string[]).includes(s);

/** The trade accounts: pending sign-ups first, filters and paging kept in the URL. */
export default function TradePage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigateTo();
  const search = new URLSearchParams(useSearch());
  const statusParam = search.get("status") ?? "";
  const status = isStatus(statusParam) ? statusParam : "";
  const q = search.get("q") ?? "";
  const page = Math.max(1, Number(search.get("page")) || 1);
  const sizeParam = Number(search.get("pageSize"));
  const pageSize = (TRADE_PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : 20;
  const percent = usePercent();

  const query = { q: q.trim() || undefined, status: status || undefined, page, pageSize };
  const accounts = useQuery({
    queryKey: [...TRADE_QUERY, "list", query],
    queryFn: () => listTradeAccounts(query),
    placeholderData: keepPreviousData,
  });

  const setFilter = (next: { q?: string; status?: string; page?: number; pageSize?: number }) =>
    navigate(
      boHref("boTrade", {}, { q: q || undefined, status: status || undefined, page: 1, pageSize, ...next }),
      { replace: true },
    );
  const counts = accounts.data?.counts;

  return (
    <BoPage title={t("title")}>
      <p className="muted">{t("intro")}</p>
      <ErrorNotice error={accounts.error} ns={NS} />
      <search className="bo-filters" aria-label={t("filters.label")}>
        <Field label={t("filters.search")} hint={t("filters.searchHint")}>
          {(props) => (
            <input {...props} type="search" value={q} onChange={(e) => setFilter({ q: e.target.value })} />
          )}
        </Field>
        <Field label={t("filters.status")}>
          {(props) => (
            <select
              {...props}
              value={status}
              onChange={(e) => setFilter({ status: e.target.value || undefined })}
            >
              <option value="">{t("filters.anyStatus")}</option>
              {TRADE_ACCOUNT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {counts
                    ? t("filters.statusCount", { status: t(`status.${s}`), count: counts[s] })
                    : t(`status.${s}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("filters.pageSize")}>
          {(props) => (
            <select
              {...props}
              value={pageSize}
              onChange={(e) => setFilter({ pageSize: Number(e.target.value) })}
            >
              {TRADE_PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
      </search>

      {accounts.isPending ? (
        <p className="muted">{t("loading")}</p>
      ) : accounts.data && accounts.data.accounts.length === 0 ? (
        <p>{t("empty")}</p>
      ) : accounts.data ? (
        <>
          <div className="bo-table-wrap">
            <table className="bo-table bo-trade-table bo-stack">
              <caption className="visually-hidden">{t("caption", { count: accounts.data.total })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("columns.name")}</th>
                  <th scope="col">{t("columns.status")}</th>
                  <th scope="col">{t("columns.contact")}</th>
                  <th scope="col">{t("columns.vatIata")}</th>
                  <th scope="col">{t("columns.hotels")}</th>
                  <th scope="col">{t("columns.terms")}</th>
                </tr>
              </thead>
              <tbody>
                {accounts.data.accounts.map((a) => (
                  <tr key={a.id} className={a.status === "pending" ? "bo-trade-row-pending" : undefined}>
                    <th scope="row" className="bo-trade-wrap">
                      <AppLink to={boHref("boTradeAccount", { accountId: a.id })}>{a.name}</AppLink>
                      <br />
                      <span className="muted">{t(`types.${a.type}`)}</span>
                    </th>
                    <td data-label={t("columns.status")}>
                      <StatusBadge status={a.status} />
                    </td>
                    <td className="bo-trade-wrap" data-label={t("columns.contact")}>
                      {a.email || "—"}
                      <br />
                      <span className="muted">{[a.city, a.country].filter(Boolean).join(", ")}</span>
                    </td>
                    <td data-label={t("columns.vatIata")}>
                      {a.vatNumber ?? "—"}
                      <br />
                      <span className="muted">{a.iataCode ?? ""}</span>
                    </td>
                    <td className="bo-trade-hotels" data-label={t("columns.hotels")}>
                      {a.hotels.length === 0
                        ? "—"
                        : a.hotels
                            .slice(0, 2)
                            .map((h) => h.name)
                            .join(", ")}
                      {a.hotels.length > 2 ? (
                        <span className="muted">
                          {" "}
                          {t("columns.moreHotels", { count: a.hotels.length - 2 })}
                        </span>
                      ) : null}
                    </td>
                    <td className="bo-trade-nowrap" data-label={t("columns.terms")}>
                      {percent(a.extraDiscountPercent)} /{" "}
                      {a.commissionPercent === null ? t("pricing.rateOwn") : percent(a.commissionPercent)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={accounts.data.page}
            pageSize={accounts.data.pageSize}
            total={accounts.data.total}
            onPage={(next) =>
              navigate(
                boHref(
                  "boTrade",
                  {},
                  { q: q || undefined, status: status || undefined, page: next, pageSize },
                ),
              )
            }
          />
        </>
      ) : null}
    </BoPage>
  );
}
