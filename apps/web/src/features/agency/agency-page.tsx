import {
  AGENCY_STATUS_FILTERS,
  type AgencyConfirmMethod,
  type AgencyReservationRow,
} from "@alloggio/domain/contract/trade/agency-reservations";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FileText, Printer } from "lucide-react";
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearch } from "wouter";
import { href } from "../../app/routes";
import { ApiError } from "../../lib/api-client";
import { formatDay, formatHotelTime } from "../../lib/format";
import { formatMoney } from "../../lib/money";
import { useNavigateTo } from "../../ui/app-link";
import { ModalDialog } from "../../ui/modal-dialog";
import { useFormatPrice } from "../currency/use-format-price";
import { useHotel } from "../hotel/hotel-context";
import { PortalShell } from "../portal/portal-shell";
import { TradeNoticesSlot, TradeProvider, useTrade } from "../trade/trade-context";
import { TradeHeader } from "../trade/trade-header";
import {
  agencyPrintHref,
  associatedHotels,
  cancelAgencyReservation,
  confirmAgencyReservation,
  listAgencyReservations,
  quoteAgencyCancellation,
} from "./agency-api";
import {
  amount,
  type Filters,
  NO_FILTERS,
  positive,
  queryOf,
  readFilters,
  toRequest,
} from "./agency-filters";
import "./agency.css";

const SHORT_INSTANT: Intl.DateTimeFormatOptions = {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
};

const NS = "agency";
const TradePasswordDialog = lazy(() => import("../trade/trade-password-dialog"));

/** `/channel/:channel/language/:language/agency` (agencyReservations): the logged agency's reservations. */
export default function AgencyPage() {
  const params = useParams<{ channel: string; language: string }>();
  const ids = { channel: Number(params.channel), language: Number(params.language) };
  return (
    <PortalShell ids={ids}>
      <TradeProvider>
        <AgencyArea />
      </TradeProvider>
    </PortalShell>
  );
}

/** The area inside the portal and the trade login (exported for its tests). */
export function AgencyArea() {
  const { t } = useTranslation([NS, "trade"]);
  const trade = useTrade();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [changing, setChanging] = useState(false);
  const [changed, setChanged] = useState(false);
  let body: ReactNode;
  if (!trade) body = <p className="agency-notice">{t("tradeOnly")}</p>;
  else if (!trade.user)
    body = (
      <div className="agency-notice">
        <p>{t("loginFirst")}</p>
        <button type="button" className="button" aria-haspopup="dialog" onClick={trade.openLogin}>
          {t("login")}
        </button>
      </div>
    );
  else body = <Reservations key={trade.user.id} csrf={trade.user.csrfToken} />;
  return (
    <main id="main" className="page agency">
      <div className="agency__top">
        <h1 ref={heading} tabIndex={-1}>
          {t("title")}
        </h1>
        {trade?.user ? <TradeHeader /> : null}
        {trade?.user && !trade.user.mustChangePassword ? (
          <button
            type="button"
            className="button button--secondary"
            aria-haspopup="dialog"
            onClick={() => {
              setChanged(false);
              setChanging(true);
            }}
          >
            {t("trade:password.open")}
          </button>
        ) : null}
      </div>
      <p role="status" className={changed ? "agency-done" : "visually-hidden"}>
        {changed ? t("trade:password.changed") : ""}
      </p>
      {changing ? (
        <Suspense fallback={null}>
          <TradePasswordDialog
            onClose={(done) => {
              setChanging(false);
              setChanged(done);
            }}
          />
        </Suspense>
      ) : null}
      {trade ? <TradeNoticesSlot /> : null}
      {body}
    </main>
  );
}

type Dialog = { kind: "confirm" | "cancel"; row: AgencyReservationRow } | null;

function Reservations({ csrf }: { csrf: string }) {
  const { t } = useTranslation([NS, "errors"]);
  const { ids, locale } = useHotel();
  const search = useSearch();
  const navigate = useNavigateTo();
  const filters = useMemo(() => readFilters(search), [search]);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState("");

  const hotels = useQuery({ queryKey: ["agency", "hotels"], queryFn: associatedHotels });
  const list = useQuery({
    queryKey: ["agency", "reservations", filters],
    queryFn: () => listAgencyReservations(toRequest(filters)),
    placeholderData: keepPreviousData,
  });

  const go = (next: Filters) =>
    navigate(href("agencyReservations", { channel: ids.channel, language: ids.language }, queryOf(next)), {
      replace: true,
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "").trim();
    setNotice("");
    go({
      status: readFilters(`status=${value("status")}`).status,
      hotel: positive(value("hotel")),
      priceMin: amount(value("priceMin")),
      priceMax: amount(value("priceMax")),
      adults: positive(value("adults")),
      rooms: positive(value("rooms")),
      page: 1,
    });
  };

  const hotelOptions = useMemo(() => {
    const seen = new Map<number, string>();
    for (const h of hotels.data?.hotels ?? []) if (h.channel === ids.channel) seen.set(h.hotel, h.name);
    return [...seen];
  }, [hotels.data, ids.channel]);

  // Money and days as the rest of the product writes them ("302,00 EUR", the voucher's days).
  const formatPrice = useFormatPrice();
  const money = (value: number, currency: string) => formatPrice(value, currency);
  // An option's deadline on its hotel's clock, with the zone's name: the list may hold several hotels' bookings.
  const instant = (iso: string, timeZone: string) =>
    formatHotelTime(iso, locale, timeZone, { ...SHORT_INSTANT, timeZoneName: "short" });
  const showDay = (iso: string) => formatDay(iso.replaceAll("-", ""), locale);

  const done = (message: string) => {
    setDialog(null);
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: ["agency", "reservations"] });
  };

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const formKey = search;
  return (
    <>
      <form className="agency-filters" onSubmit={submit} key={formKey} aria-label={t("filters.title")}>
        <div className="field">
          <label htmlFor="agency-status">{t("filters.status")}</label>
          <select id="agency-status" name="status" defaultValue={filters.status}>
            {AGENCY_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="agency-hotel">{t("filters.property")}</label>
          <select id="agency-hotel" name="hotel" defaultValue={filters.hotel}>
            <option value="">{t("filters.anyProperty")}</option>
            {hotelOptions.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="agency-price-min">{t("filters.priceMin")}</label>
          <input
            id="agency-price-min"
            name="priceMin"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            defaultValue={filters.priceMin}
          />
        </div>
        <div className="field">
          <label htmlFor="agency-price-max">{t("filters.priceMax")}</label>
          <input
            id="agency-price-max"
            name="priceMax"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            defaultValue={filters.priceMax}
          />
        </div>
        <div className="field">
          <label htmlFor="agency-adults">{t("filters.adults")}</label>
          <input
            id="agency-adults"
            name="adults"
            type="number"
            inputMode="numeric"
            min={1}
            max={99}
            defaultValue={filters.adults}
          />
        </div>
        <div className="field">
          <label htmlFor="agency-rooms">{t("filters.rooms")}</label>
          <input
            id="agency-rooms"
            name="rooms"
            type="number"
            inputMode="numeric"
            min={1}
            max={99}
            defaultValue={filters.rooms}
          />
        </div>
        <div className="agency-filters__actions">
          <button type="submit" className="button">
            {t("filters.apply")}
          </button>
          <button type="button" className="button button--secondary" onClick={() => go(NO_FILTERS)}>
            {t("filters.reset")}
          </button>
        </div>
      </form>

      <p role="status" className={notice ? "agency-done" : "visually-hidden"}>
        {notice}
      </p>
      {list.isError ? (
        <p role="alert" className="agency-problem">
          {errorText(t, list.error)}
        </p>
      ) : null}
      <p className="agency-count" aria-live="polite">
        {data ? t("count", { count: data.total }) : t("loading")}
      </p>

      {data && data.rows.length > 0 ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        <section className="agency-table-wrap" aria-labelledby="agency-table-caption" tabIndex={0}>
          <table className="agency-table agency-table--stack">
            <caption id="agency-table-caption" className="visually-hidden">
              {t("tableCaption")}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("col.code")}</th>
                <th scope="col">{t("col.property")}</th>
                <th scope="col">{t("col.stay")}</th>
                <th scope="col">{t("col.guest")}</th>
                <th scope="col">{t("col.reference")}</th>
                <th scope="col" className="num">
                  {t("col.rooms")}
                </th>
                <th scope="col" className="num">
                  {t("col.adults")}
                </th>
                <th scope="col" className="num">
                  {t("col.total")}
                </th>
                <th scope="col" className="num">
                  {t("col.commission")}
                </th>
                <th scope="col">{t("col.status")}</th>
                <th scope="col">{t("col.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.code}>
                  <th scope="row" className="agency-code">
                    {row.email ? (
                      <a
                        href={href("voucher", {
                          hotel: row.hotel.id,
                          channel: row.channel,
                          language: ids.language,
                          code: row.code,
                          email: row.email,
                        })}
                        aria-label={t("actions.open", { code: row.code })}
                      >
                        {row.code}
                      </a>
                    ) : (
                      row.code
                    )}
                  </th>
                  <td data-label={t("col.property")}>{row.hotel.name}</td>
                  <td data-label={t("col.stay")}>
                    {showDay(row.arrival)} – {showDay(row.departure)}
                  </td>
                  <td data-label={t("col.guest")}>{row.guest}</td>
                  <td data-label={t("col.reference")}>{row.reference ?? "—"}</td>
                  <td className="num" data-label={t("col.rooms")}>
                    {row.rooms}
                  </td>
                  <td className="num" data-label={t("col.adults")}>
                    {row.adults}
                  </td>
                  <td className="num" data-label={t("col.total")}>
                    {money(row.total, row.currency)}
                  </td>
                  <td className="num" data-label={t("col.commission")}>
                    {row.commission === null ? "—" : money(row.commission, row.currency)}
                  </td>
                  <td data-label={t("col.status")}>
                    <span className={`agency-badge agency-badge--${row.agencyStatus}`}>
                      {t(`rowStatus.${row.status}`)}
                    </span>
                    {row.optionExpiresAt && row.status === "pending_confirmation" ? (
                      <span className="agency-expiry">
                        {t("optionUntil", { when: instant(row.optionExpiresAt, row.hotel.timeZone) })}
                      </span>
                    ) : null}
                  </td>
                  <td data-label={t("col.actions")}>
                    <div className="agency-actions">
                      <a
                        className="agency-action"
                        href={agencyPrintHref(row.code, "agency", ids.language)}
                        target="_blank"
                        rel="noopener"
                        aria-label={t("actions.printAgencyFor", { code: row.code })}
                      >
                        <Printer aria-hidden="true" size={16} />
                        {t("actions.printAgency")}
                      </a>
                      <a
                        className="agency-action"
                        href={agencyPrintHref(row.code, "guest", ids.language)}
                        target="_blank"
                        rel="noopener"
                        aria-label={t("actions.printGuestFor", { code: row.code })}
                      >
                        <FileText aria-hidden="true" size={16} />
                        {t("actions.printGuest")}
                      </a>
                      {row.confirmMethods.length > 0 ? (
                        <button
                          type="button"
                          className="agency-action"
                          aria-haspopup="dialog"
                          aria-label={t("actions.confirmFor", { code: row.code })}
                          onClick={() => {
                            setNotice("");
                            setDialog({ kind: "confirm", row });
                          }}
                        >
                          {t("actions.confirm")}
                        </button>
                      ) : null}
                      {row.status !== "cancelled" ? (
                        <button
                          type="button"
                          className="agency-action agency-action--danger"
                          aria-haspopup="dialog"
                          aria-label={t("actions.cancelFor", { code: row.code })}
                          onClick={() => {
                            setNotice("");
                            setDialog({ kind: "cancel", row });
                          }}
                        >
                          {t("actions.cancel")}
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {data && data.rows.length === 0 ? (
        <p className="agency-empty">
          {JSON.stringify(queryOf({ ...filters, page: 1 })) === "{}" ? t("none") : t("empty")}
        </p>
      ) : null}

      {data && pages > 1 ? (
        <nav className="agency-pager" aria-label={t("pager.label")}>
          <button
            type="button"
            className="button button--secondary"
            disabled={filters.page <= 1}
            onClick={() => go({ ...filters, page: filters.page - 1 })}
          >
            {t("pager.previous")}
          </button>
          <span aria-current="page">{t("pager.page", { page: filters.page, pages })}</span>
          <button
            type="button"
            className="button button--secondary"
            disabled={filters.page >= pages}
            onClick={() => go({ ...filters, page: filters.page + 1 })}
          >
            {t("pager.next")}
          </button>
        </nav>
      ) : null}

      {dialog?.kind === "confirm" ? (
        <ConfirmDialog
          row={dialog.row}
          csrf={csrf}
          onClose={() => setDialog(null)}
          onDone={() => done(t("confirm.done", { code: dialog.row.code }))}
        />
      ) : null}
      {dialog?.kind === "cancel" ? (
        <CancelDialog
          row={dialog.row}
          csrf={csrf}
          onClose={() => setDialog(null)}
          onDone={() => done(t("cancel.done", { code: dialog.row.code }))}
        />
      ) : null}
    </>
  );
}

type T = ReturnType<typeof useTranslation>["t"];

/** The server's refusal in words: the agency's own text, else the guest app's, else a generic one. */
function errorText(t: T, error: unknown): string {
  const code = error instanceof ApiError ? error.code : "failed";
  return t([`errors.${code}`, `errors:${code}`, "errors.failed"]);
}

/**
 * A confirmation step of the agency area: its text, the refusal the server gave (translated), then the action and
 * "Back". Escape and "Back" close it unless the call is on its way.
 */
function AgencyDialog(props: {
  title: string;
  action: { label: string; danger?: boolean; run: () => void; busy: boolean; error: unknown };
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation([NS, "errors"]);
  const { action } = props;
  return (
    <ModalDialog classPrefix="agency-dialog" title={props.title} onClose={props.onClose} busy={action.busy}>
      {props.children}
      {action.error ? (
        <p role="alert" className="agency-problem">
          {errorText(t, action.error)}
        </p>
      ) : null}
      <div className="agency-dialog__actions">
        <button
          type="button"
          className={action.danger ? "button agency-danger" : "button"}
          disabled={action.busy}
          onClick={action.run}
        >
          {action.label}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={action.busy}
          onClick={props.onClose}
        >
          {t("back")}
        </button>
      </div>
    </ModalDialog>
  );
}

function ConfirmDialog(props: {
  row: AgencyReservationRow;
  csrf: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation([NS, "errors"]);
  const [method, setMethod] = useState<AgencyConfirmMethod>(props.row.confirmMethods[0] ?? "pay_at_hotel");
  const confirm = useMutation({
    mutationFn: () => confirmAgencyReservation(props.row.code, method, props.csrf),
    onSuccess: props.onDone,
  });
  return (
    <AgencyDialog
      title={t("confirm.title", { code: props.row.code })}
      action={{
        label: t("confirm.submit"),
        run: () => confirm.mutate(),
        busy: confirm.isPending,
        error: confirm.error,
      }}
      onClose={props.onClose}
    >
      <p>{t("confirm.intro", { guest: props.row.guest, hotel: props.row.hotel.name })}</p>
      <fieldset className="agency-methods">
        <legend>{t("confirm.method")}</legend>
        {props.row.confirmMethods.map((m) => (
          <label key={m} className="agency-method">
            <input
              type="radio"
              name="paymentMethod"
              value={m}
              checked={method === m}
              onChange={() => setMethod(m)}
            />
            {t(`methods.${m}`)}
          </label>
        ))}
      </fieldset>
    </AgencyDialog>
  );
}

function CancelDialog(props: {
  row: AgencyReservationRow;
  csrf: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation([NS, "errors"]);
  const { ids } = useHotel();
  // What it costs, as the guest's voucher shows it before its cancel: asked of the server, never worked out here.
  const quote = useQuery({
    queryKey: ["agency-cancel-quote", props.row.code],
    queryFn: () => quoteAgencyCancellation(props.row.code),
    retry: false,
    staleTime: 0,
  });
  const cancel = useMutation({
    mutationFn: () => cancelAgencyReservation(props.row.code, props.csrf),
    onSuccess: props.onDone,
  });
  const q = quote.data;
  const money = (minor: number) =>
    q ? formatMoney({ minor, currency: q.currency }, { language: ids.language }) : "";
  return (
    <AgencyDialog
      title={t("cancel.title", { code: props.row.code })}
      action={{
        label: t("cancel.submit"),
        danger: true,
        run: () => cancel.mutate(),
        busy: cancel.isPending || quote.isPending,
        error: cancel.error ?? quote.error,
      }}
      onClose={props.onClose}
    >
      <p>{t("cancel.intro", { guest: props.row.guest, hotel: props.row.hotel.name })}</p>
      {q ? (
        <div aria-live="polite">
          <p>{q.free ? t("cancel.free") : t("cancel.fee", { amount: money(q.penaltyMinor) })}</p>
          {q.refundMinor > 0 ? <p>{t("cancel.refund", { amount: money(q.refundMinor) })}</p> : null}
          {q.stillOwedMinor > 0 ? <p>{t("cancel.stillOwed", { amount: money(q.stillOwedMinor) })}</p> : null}
        </div>
      ) : quote.isPending ? (
        <p>{t("cancel.rules")}</p>
      ) : null}
    </AgencyDialog>
  );
}
