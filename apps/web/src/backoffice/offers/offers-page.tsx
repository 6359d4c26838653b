import { type BoOfferList, BoOfferStateSchema } from "@alloggio/domain/contract/backoffice/offers";
import { OFFER_STATES } from "@alloggio/domain/offers/offer-state";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useParams, useSearch } from "wouter";
import { AppLink } from "../../ui/app-link";
import { boGet } from "../api";
import { dateLocaleOf, formatHotelInstant } from "../format";
import { digitsOf, formatDate, formatMinor } from "../quotes/format";
import { boHref } from "../routes";
import { BoPage, ErrorNotice, Pager } from "../ui";
import { OfferStateBadge } from "./shared";
import "./offers.css";

const PAGE_SIZE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Filters = { state?: string; text?: string; createdFrom?: string; createdTo?: string; page?: number };

/** The hotel's offers: newest first, filtered by state, text and creation day (all kept in the URL), paged. */
export default function OffersPage() {
  const { t, i18n } = useTranslation("bo-offers");
  const { hotel } = useParams<{ hotel: string }>();
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const parsedState = BoOfferStateSchema.safeParse(params.get("state"));
  const state = parsedState.success ? parsedState.data : undefined;
  const text = params.get("text")?.trim() || undefined;
  const day = (name: string) => {
    const v = params.get(name);
    return v && DAY.test(v) ? v : undefined;
  };
  const createdFrom = day("from");
  const createdTo = day("to");
  const page = Math.max(1, Number(params.get("page")) || 1);
  const ids = { state: useId(), text: useId(), from: useId(), to: useId() };
  const query = useQuery({
    queryKey: [
      "backoffice",
      "offers",
      hotel,
      state ?? "",
      text ?? "",
      createdFrom ?? "",
      createdTo ?? "",
      page,
    ],
    queryFn: () =>
      boGet(`hotels/${hotel}/offers`, {
        state,
        text,
        createdFrom,
        createdTo,
        page,
        pageSize: PAGE_SIZE,
      }) as Promise<BoOfferList>,
  });
  const go = (next: Filters) =>
    navigate(
      boHref(
        "boOffers",
        { hotel },
        {
          state: next.state || undefined,
          text: next.text || undefined,
          from: next.createdFrom || undefined,
          to: next.createdTo || undefined,
          page: next.page && next.page > 1 ? next.page : undefined,
        },
      ),
    );
  const current: Filters = { state, text, createdFrom, createdTo };
  const onSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    go({ ...current, text: String(form.get("text") ?? "").trim() });
  };
  const locale = i18n.language;
  // Instants in hotel time, days in the page language's format.
  const when = (iso: string) => formatHotelInstant(iso, locale, query.data?.timeZone ?? "UTC");
  const stayDay = (iso: string) => formatDate(iso, dateLocaleOf(locale));
  const filtered = Boolean(state || text || createdFrom || createdTo);

  return (
    <BoPage
      title={t("list.title")}
      actions={
        <AppLink className="bo-button bo-offer-cta" to={boHref("boOfferNew", { hotel })}>
          {t("list.new")}
        </AppLink>
      }
    >
      <form className="bo-filters" onSubmit={onSearch} aria-label={t("list.filters")}>
        <div className="bo-field">
          <label htmlFor={ids.state}>{t("list.state")}</label>
          <select
            id={ids.state}
            value={state ?? ""}
            onChange={(e) => go({ ...current, state: e.target.value })}
          >
            <option value="">{t("list.allStates")}</option>
            {OFFER_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`state.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="bo-field">
          <label htmlFor={ids.text}>{t("list.text")}</label>
          <input id={ids.text} name="text" type="search" defaultValue={text ?? ""} key={text ?? ""} />
        </div>
        <div className="bo-field">
          <label htmlFor={ids.from}>{t("list.createdFrom")}</label>
          <input
            id={ids.from}
            type="date"
            value={createdFrom ?? ""}
            onChange={(e) => go({ ...current, createdFrom: e.target.value })}
          />
        </div>
        <div className="bo-field">
          <label htmlFor={ids.to}>{t("list.createdTo")}</label>
          <input
            id={ids.to}
            type="date"
            value={createdTo ?? ""}
            onChange={(e) => go({ ...current, createdTo: e.target.value })}
          />
        </div>
        <div className="bo-offer-filter-actions">
          <button type="submit" className="bo-button secondary">
            {t("list.search")}
          </button>
          {filtered ? (
            <button type="button" className="bo-link-button" onClick={() => go({})}>
              {t("list.clear")}
            </button>
          ) : null}
        </div>
      </form>
      <ErrorNotice error={query.error} ns="bo-offers" />
      {query.data ? (
        query.data.items.length === 0 ? (
          <div className="bo-card bo-offer-empty">
            {filtered ? (
              <p>{t("list.noMatch")}</p>
            ) : (
              <>
                <h2>{t("list.emptyTitle")}</h2>
                <p>{t("list.emptyText")}</p>
                <AppLink className="bo-button bo-offer-cta" to={boHref("boOfferNew", { hotel })}>
                  {t("list.new")}
                </AppLink>
              </>
            )}
          </div>
        ) : (
          <>
            <p className="bo-offer-sub">{t("timesIn", { timeZone: query.data.timeZone })}</p>
            <div className="bo-table-wrap">
              <table className="bo-table bo-stack bo-offer-table">
                <caption className="bo-visually-hidden">{t("list.caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("list.recipient")}</th>
                    <th scope="col">{t("list.code")}</th>
                    <th scope="col">{t("list.stay")}</th>
                    <th scope="col">{t("list.options")}</th>
                    <th scope="col" className="bo-num">
                      {t("list.totals")}
                    </th>
                    <th scope="col">{t("list.state")}</th>
                    <th scope="col">{t("list.expires")}</th>
                    <th scope="col">{t("list.created")}</th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.items.map((o) => {
                    const money = (minor: number) =>
                      formatMinor(minor, o.currency, digitsOf(o.currency), locale);
                    return (
                      <tr key={o.id}>
                        <th scope="row">
                          <AppLink to={boHref("boOffer", { hotel, offerId: o.id })}>
                            {o.recipientName}
                          </AppLink>
                          <div className="bo-offer-sub">{o.email}</div>
                        </th>
                        <td data-label={t("list.code")}>
                          <code>{o.offerCode}</code>
                        </td>
                        <td className="bo-offer-nowrap" data-label={t("list.stay")}>
                          {stayDay(o.arrival)} – {stayDay(o.departure)}
                          <div className="bo-offer-sub">{t("nights", { count: o.nights })}</div>
                        </td>
                        <td className="bo-num" data-label={t("list.options")}>
                          {o.options}
                        </td>
                        <td className="bo-num" data-label={t("list.totals")}>
                          {o.minTotalMinor === o.maxTotalMinor
                            ? money(o.minTotalMinor)
                            : `${money(o.minTotalMinor)} – ${money(o.maxTotalMinor)}`}
                        </td>
                        <td data-label={t("list.state")}>
                          <OfferStateBadge state={o.state} />
                        </td>
                        <td className="bo-offer-nowrap" data-label={t("list.expires")}>
                          {when(o.expiresAt)}
                        </td>
                        <td className="bo-offer-nowrap" data-label={t("list.created")}>
                          {when(o.createdAt)}
                          <div className="bo-offer-sub">
                            {o.createdBy.kind === "staff"
                              ? (o.createdBy.name ?? t("creator.staff"))
                              : t("creator.apiKey", { prefix: o.createdBy.name ?? "" })}
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pager
              page={query.data.page}
              pageSize={query.data.pageSize}
              total={query.data.total}
              onPage={(p) => go({ ...current, page: p })}
            />
          </>
        )
      ) : null}
    </BoPage>
  );
}
