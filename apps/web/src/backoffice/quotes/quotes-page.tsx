import { QUOTE_STATUSES, type QuoteList } from "@alloggio/domain/contract/backoffice/quotes";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useParams, useSearch } from "wouter";
import { AppLink } from "../../ui/app-link";
import { boGet } from "../api";
import { boHref } from "../routes";
import { BoPage, ErrorNotice, Pager } from "../ui";
import { digitsOf, formatDate, formatMinor } from "./format";
import "./quotes.css";

const PAGE_SIZE = 25;

/** The quote requests guests sent: newest first, filtered by status (kept in the URL), paged. */
export default function QuotesPage() {
  const { t, i18n } = useTranslation("bo-quotes");
  const { hotel } = useParams<{ hotel: string }>();
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const statusParam = params.get("status");
  const status = QUOTE_STATUSES.find((s) => s === statusParam);
  const page = Math.max(1, Number(params.get("page")) || 1);
  const statusId = useId();
  const query = useQuery({
    queryKey: ["backoffice", "quotes", hotel, status ?? "", page],
    queryFn: () =>
      boGet(`hotels/${hotel}/quotes`, { status, page, pageSize: PAGE_SIZE }) as Promise<QuoteList>,
  });
  const go = (next: { status?: string | undefined; page?: number }) =>
    navigate(
      boHref(
        "boQuotes",
        { hotel },
        { status: next.status || undefined, page: next.page && next.page > 1 ? next.page : undefined },
      ),
    );
  const locale = i18n.language;

  return (
    <BoPage title={t("list.title")}>
      <form className="bo-filters" onSubmit={(e) => e.preventDefault()}>
        <div className="bo-field">
          <label htmlFor={statusId}>{t("list.status")}</label>
          <select id={statusId} value={status ?? ""} onChange={(e) => go({ status: e.target.value })}>
            <option value="">{t("list.allStatuses")}</option>
            {QUOTE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </form>
      <ErrorNotice error={query.error} ns="bo-quotes" />
      {query.data ? (
        query.data.items.length === 0 ? (
          <p className="bo-card">{t("list.empty")}</p>
        ) : (
          <>
            <div className="bo-table-wrap">
              <table className="bo-table">
                <caption className="bo-visually-hidden">{t("list.caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("list.received")}</th>
                    <th scope="col">{t("list.guest")}</th>
                    <th scope="col">{t("list.stay")}</th>
                    <th scope="col">{t("list.rooms")}</th>
                    <th scope="col">{t("list.quoted")}</th>
                    <th scope="col">{t("list.status")}</th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.items.map((q) => (
                    <tr key={q.id}>
                      <td>{formatDate(q.createdAt, locale)}</td>
                      <td>
                        <AppLink to={boHref("boQuote", { hotel, quoteId: q.id })}>{q.fullName}</AppLink>
                        <div className="bo-quote-sub">{q.email}</div>
                      </td>
                      <td>
                        {formatDate(q.arrival, locale)} – {formatDate(q.departure, locale)}
                        <div className="bo-quote-sub">{t("nights", { count: q.nights })}</div>
                      </td>
                      <td>
                        {t("roomCount", { count: q.rooms })} · {t("guestCount", { count: q.guests })}
                      </td>
                      <td className="bo-num">
                        {q.totalMinor === null
                          ? t("list.noPrice")
                          : formatMinor(q.totalMinor, q.currency, digitsOf(q.currency), locale)}
                      </td>
                      <td>
                        <span className={`bo-badge bo-quote-${q.status}`}>{t(`status.${q.status}`)}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={query.data.page}
              pageSize={query.data.pageSize}
              total={query.data.total}
              onPage={(p) => go({ status, page: p })}
            />
          </>
        )
      ) : null}
    </BoPage>
  );
}
