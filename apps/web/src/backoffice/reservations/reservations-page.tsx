import { BO_STATUS_FILTERS } from "@alloggio/domain/contract/backoffice/reservations";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { AppLink, useNavigateTo } from "../../ui/app-link";
import { useCurrentHotel } from "../layout";
import { boHref } from "../routes";
import { BoPage, ErrorNotice, Field, Pager } from "../ui";
import { fetchReservations } from "./calls";
import { statusTone, useFormats } from "./format";
import "./reservations.css";

const FILTER_KEYS = [
  "code",
  "guest",
  "email",
  "status",
  "channel",
  "customer",
  "stayFrom",
  "stayTo",
  "bookedFrom",
  "bookedTo",
  "sort",
  "disputed",
] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
type Filters = Partial<Record<FilterKey, string>>;

function readFilters(search: string): Filters & { page: number } {
  const params = new URLSearchParams(search);
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const page = Number(params.get("page") ?? "1");
  return { ...filters, page: Number.isInteger(page) && page > 0 ? page : 1 };
}

/** The list of the hotel's reservations: filters kept in the URL, a dense table, paging. */
export default function ReservationsPage() {
  const { t } = useTranslation("bo-reservations");
  const hotel = useCurrentHotel() ?? 0;
  const search = useSearch();
  const navigate = useNavigateTo();
  const current = readFilters(search);
  const formId = useId();
  const [open, setOpen] = useState(() => typeof window === "undefined" || window.innerWidth > 700);

  const list = useQuery({
    queryKey: ["bo", hotel, "reservations", search],
    queryFn: () => fetchReservations(hotel, { ...current, page: current.page }),
    placeholderData: keepPreviousData,
  });
  const f = useFormats(list.data?.timeZone);

  const go = (filters: Filters, page = 1) => {
    const query: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(filters)) if (v && k !== "page") query[k] = v;
    if (page > 1) query.page = page;
    navigate(boHref("boReservations", { hotel }, query));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const filters: Filters = {};
    const mode = String(data.get("dateMode") ?? "stay");
    const from = String(data.get("from") ?? "");
    const to = String(data.get("to") ?? "");
    for (const key of [
      "code",
      "guest",
      "email",
      "status",
      "channel",
      "customer",
      "sort",
      "disputed",
    ] as const) {
      const value = String(data.get(key) ?? "").trim();
      if (value) filters[key] = value;
    }
    if (mode === "booked") {
      if (from) filters.bookedFrom = from;
      if (to) filters.bookedTo = to;
    } else {
      if (from) filters.stayFrom = from;
      if (to) filters.stayTo = to;
    }
    go(filters);
    // On a phone the results matter now: the filters fold away (the button opens them again).
    if (window.innerWidth <= 700) setOpen(false);
  };

  const dateMode = current.bookedFrom || current.bookedTo ? "booked" : "stay";
  const data = list.data;

  return (
    <BoPage title={t("list.title")}>
      <section className="bor-filter-panel" aria-labelledby={`${formId}-h`}>
        <h2 id={`${formId}-h`} className="bor-filter-title">
          <button
            type="button"
            className="bo-button secondary"
            aria-expanded={open}
            aria-controls={formId}
            onClick={() => setOpen((o) => !o)}
          >
            {t("filters.title")}
          </button>
        </h2>
        <form id={formId} hidden={!open} onSubmit={onSubmit} key={search}>
          <div className="bo-filters">
            <Field label={t("filters.code")}>
              {(p) => <input {...p} name="code" defaultValue={current.code ?? ""} autoComplete="off" />}
            </Field>
            <Field label={t("filters.guest")}>
              {(p) => <input {...p} name="guest" defaultValue={current.guest ?? ""} />}
            </Field>
            <Field label={t("filters.email")}>
              {(p) => <input {...p} name="email" defaultValue={current.email ?? ""} />}
            </Field>
            <Field label={t("filters.status")}>
              {(p) => (
                <select {...p} name="status" defaultValue={current.status ?? ""}>
                  <option value="">{t("filters.any")}</option>
                  {BO_STATUS_FILTERS.map((s) => (
                    <option key={s} value={s}>
                      {t(`statusFilter.${s}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t("filters.channel")}>
              {(p) => (
                <select {...p} name="channel" defaultValue={current.channel ?? ""}>
                  <option value="">{t("filters.any")}</option>
                  {data?.channels.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t("filters.customer")}>
              {(p) => (
                <select {...p} name="customer" defaultValue={current.customer ?? ""}>
                  <option value="">{t("filters.any")}</option>
                  {data?.customers.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t("filters.dateMode")}>
              {(p) => (
                <select {...p} name="dateMode" defaultValue={dateMode}>
                  <option value="stay">{t("filters.stay")}</option>
                  <option value="booked">{t("filters.booked")}</option>
                </select>
              )}
            </Field>
            <Field label={t("filters.from")}>
              {(p) => (
                <input
                  {...p}
                  type="date"
                  name="from"
                  defaultValue={(dateMode === "booked" ? current.bookedFrom : current.stayFrom) ?? ""}
                />
              )}
            </Field>
            <Field label={t("filters.to")}>
              {(p) => (
                <input
                  {...p}
                  type="date"
                  name="to"
                  defaultValue={(dateMode === "booked" ? current.bookedTo : current.stayTo) ?? ""}
                />
              )}
            </Field>
            <Field label={t("filters.disputed")}>
              {(p) => (
                <select {...p} name="disputed" defaultValue={current.disputed ?? ""}>
                  <option value="">{t("filters.any")}</option>
                  <option value="true">{t("filters.disputedOnly")}</option>
                </select>
              )}
            </Field>
            <Field label={t("filters.sort")}>
              {(p) => (
                <select {...p} name="sort" defaultValue={current.sort ?? "arrival"}>
                  <option value="arrival">{t("filters.sortArrival")}</option>
                  <option value="created">{t("filters.sortCreated")}</option>
                </select>
              )}
            </Field>
          </div>
          <div className="bor-filter-actions">
            <button type="submit" className="bo-button">
              {t("filters.apply")}
            </button>
            <button type="button" className="bo-button secondary" onClick={() => go({})}>
              {t("filters.clear")}
            </button>
          </div>
        </form>
      </section>

      <ErrorNotice error={list.error} ns="bo-reservations" />
      {data ? (
        <>
          <p className="bor-count" role="status">
            {t("list.count", { count: data.total })} · {t("list.timesIn", { timeZone: data.timeZone })}
          </p>
          <div className="bo-table-wrap">
            <table className="bo-table bor-table bo-stack">
              <caption className="bor-visually-hidden">{t("list.caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("col.code")}</th>
                  <th scope="col">{t("col.guest")}</th>
                  <th scope="col">{t("col.stay")}</th>
                  <th scope="col">{t("col.status")}</th>
                  <th scope="col">{t("col.channel")}</th>
                  <th scope="col" className="num">
                    {t("col.total")}
                  </th>
                  <th scope="col" className="num">
                    {t("col.paidDue")}
                  </th>
                  <th scope="col">{t("col.created")}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.length === 0 ? (
                  <tr>
                    <td colSpan={8}>{t("list.empty")}</td>
                  </tr>
                ) : (
                  data.rows.map((r) => (
                    <tr key={r.id}>
                      <td data-label={t("col.code")}>
                        <AppLink
                          to={boHref("boReservation", { hotel, reservationId: r.id })}
                          className="bor-code"
                        >
                          {r.code}
                        </AppLink>
                      </td>
                      <td data-label={t("col.guest")} className="bor-guest">
                        {r.guest}
                        <span className="bor-sub">{r.email}</span>
                      </td>
                      <td data-label={t("col.stay")} className="bor-nowrap">
                        {f.day(r.arrival)} →<span className="bor-sub">{f.day(r.departure)}</span>
                        {/* Nights and rooms under the dates, not columns of their own: the table fits 1280 px. */}
                        <span className="bor-sub">
                          {t("detail.nights", { count: r.nights })} · {t("list.rooms", { count: r.rooms })}
                        </span>
                      </td>
                      <td data-label={t("col.status")}>
                        <span className={`bo-badge bor-${statusTone(r.status)}`}>
                          {t(`status.${r.status}`)}
                        </span>
                        {r.waiting ? <span className="bo-badge bor-wait">{t("status.waiting")}</span> : null}
                        {r.status === "pending_confirmation" && r.optionExpiresAt ? (
                          <span className="bor-sub">
                            {t("list.until", { when: f.instant(r.optionExpiresAt) })}
                          </span>
                        ) : null}
                      </td>
                      <td data-label={t("col.channel")}>
                        {r.channel.name}
                        {r.customer ? <span className="bor-sub">{r.customer.name}</span> : null}
                      </td>
                      <td data-label={t("col.total")} className="num bor-nowrap">
                        {f.money(r.totalMinor, r.currency, r.decimalDigits)}
                      </td>
                      <td data-label={t("col.paidDue")} className="num bor-nowrap">
                        {f.money(r.paidMinor, r.currency, r.decimalDigits)}
                        {r.dueMinor > 0 ? (
                          <span className="bor-sub">
                            {t("list.due", { amount: f.money(r.dueMinor, r.currency, r.decimalDigits) })}
                          </span>
                        ) : null}
                        {r.atHotelMinor > 0 ? (
                          <span className="bor-sub">
                            {t("list.atHotel", {
                              amount: f.money(r.atHotelMinor, r.currency, r.decimalDigits),
                            })}
                          </span>
                        ) : null}
                        {r.dueMinor === 0 && r.atHotelMinor === 0 ? (
                          <span className="bor-sub">{t("list.nothingDue")}</span>
                        ) : null}
                      </td>
                      <td data-label={t("col.created")} className="bor-nowrap">
                        {f.date(r.createdAt)}
                        <span className="bor-sub">{f.time(r.createdAt)}</span>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(page) => go(readFilters(search), page)}
          />
        </>
      ) : list.isPending ? (
        <p>{t("list.loading")}</p>
      ) : null}
    </BoPage>
  );
}
