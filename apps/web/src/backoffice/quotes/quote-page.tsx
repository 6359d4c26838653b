import type { QuoteDetail, QuotePrice } from "@alloggio/domain/contract/backoffice/quotes";
import { findLanguage } from "@alloggio/domain/i18n/languages";
import { inputStep } from "@alloggio/domain/money/amounts";
import { quotedTotalMinor } from "@alloggio/domain/pricing/quoted-total";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { ApiError } from "../../lib/api-client";
import { AppLink } from "../../ui/app-link";
import { boGet, boPost } from "../api";
import { detailText } from "../detail-text";
import { boHref } from "../routes";
import { BoPage, ErrorNotice, Field, Notice } from "../ui";
import { formatDate, formatLastDay, formatMinor, fromMinorUnits, textIn, toMinorUnits } from "./format";
import "./quotes.css";

/** A room's pick and its price, with the room type and rate that price was written or priced for. */
type Pick = {
  roomTypeId: number;
  ratePlanId: number;
  price: string;
  pricedFor: { roomTypeId: number; ratePlanId: number } | null;
};

const addDaysIso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** One quote request: who asked, for what, what the engine quoted; the form that completes and sends it. */
export default function QuotePage() {
  const { t, i18n } = useTranslation("bo-quotes");
  const { hotel, quoteId } = useParams<{ hotel: string; quoteId: string }>();
  const key = ["backoffice", "quotes", hotel, "detail", quoteId];
  const query = useQuery({
    queryKey: key,
    queryFn: () => boGet(`hotels/${hotel}/quotes/${quoteId}`) as Promise<QuoteDetail>,
  });
  const q = query.data;
  return (
    <BoPage
      title={q ? t("detail.title", { name: q.fullName }) : t("detail.loading")}
      actions={<AppLink to={boHref("boQuotes", { hotel })}>{t("detail.back")}</AppLink>}
    >
      <ErrorNotice error={query.error} ns="bo-quotes" />
      {q ? <QuoteView quote={q} hotel={hotel} queryKey={key} locale={i18n.language} /> : null}
    </BoPage>
  );
}

function QuoteView({
  quote,
  hotel,
  queryKey,
  locale,
}: {
  quote: QuoteDetail;
  hotel: string;
  queryKey: string[];
  locale: string;
}) {
  const { t } = useTranslation("bo-quotes");
  const [sent, setSent] = useState(false);
  const money = (minor: number) => formatMinor(minor, quote.currency, quote.currencyDigits, locale);
  const roomName = (id: number | null) => textIn(quote.roomTypes.find((r) => r.id === id)?.name, locale);
  const rateName = (id: number | null) => textIn(quote.ratePlans.find((r) => r.id === id)?.name, locale);
  return (
    <>
      <p>
        <span className={`bo-badge bo-quote-${quote.status}`}>{t(`status.${quote.status}`)}</span>{" "}
        {t("detail.received", { when: formatDate(quote.createdAt, locale) })}
      </p>
      <div className="bo-quote-grid">
        <section className="bo-card" aria-labelledby="quote-guest">
          <h2 id="quote-guest">{t("detail.guest")}</h2>
          <dl className="bo-quote-facts">
            <dt>{t("detail.name")}</dt>
            <dd>{quote.fullName}</dd>
            <dt>{t("detail.email")}</dt>
            <dd>
              <a href={`mailto:${quote.email}`}>{quote.email}</a>
            </dd>
            {quote.phone ? (
              <>
                <dt>{t("detail.phone")}</dt>
                <dd>{quote.phone}</dd>
              </>
            ) : null}
            <dt>{t("detail.language")}</dt>
            <dd>{findLanguage(quote.languageId).label}</dd>
          </dl>
          {quote.message ? (
            <>
              <h3>{t("detail.message")}</h3>
              <p>{quote.message}</p>
            </>
          ) : null}
        </section>
        <section className="bo-card" aria-labelledby="quote-stay">
          <h2 id="quote-stay">{t("detail.stay")}</h2>
          <dl className="bo-quote-facts">
            <dt>{t("detail.arrival")}</dt>
            <dd>{formatDate(quote.arrival, locale)}</dd>
            <dt>{t("detail.departure")}</dt>
            <dd>{formatDate(quote.departure, locale)}</dd>
            <dt>{t("detail.nights")}</dt>
            <dd>{t("nights", { count: quote.nights })}</dd>
            {quote.promoCode ? (
              <>
                <dt>{t("detail.promoCode")}</dt>
                <dd>{quote.promoCode}</dd>
              </>
            ) : null}
          </dl>
        </section>
      </div>
      <section className="bo-card" aria-labelledby="quote-online">
        <h2 id="quote-online">{t("detail.quotedOnline")}</h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must take the keyboard */}
        <section className="bo-table-wrap" tabIndex={0} aria-labelledby="quote-online">
          <table className="bo-table">
            <thead>
              <tr>
                <th scope="col">{t("detail.room")}</th>
                <th scope="col">{t("detail.guests")}</th>
                <th scope="col">{t("detail.roomType")}</th>
                <th scope="col">{t("detail.ratePlan")}</th>
                <th scope="col">{t("detail.price")}</th>
              </tr>
            </thead>
            <tbody>
              {quote.roomsAsked.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rooms are positional and never reordered
                <tr key={i}>
                  <th scope="row">{i + 1}</th>
                  <td>{guestsText(t, r.adults, r.ages)}</td>
                  <td>
                    {r.roomTypeId ? roomName(r.roomTypeId) : "—"}
                    {r.suggested ? <div className="bo-quote-sub">{t("detail.suggested")}</div> : null}
                  </td>
                  <td>{r.ratePlanId ? rateName(r.ratePlanId) : "—"}</td>
                  <td className="bo-num">
                    {r.totalMinor === null ? t("list.noPrice") : money(r.totalMinor)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  {t("detail.total")}
                </th>
                <td className="bo-num">
                  {quote.totalMinor === null ? t("list.noPrice") : money(quote.totalMinor)}
                </td>
              </tr>
            </tfoot>
          </table>
        </section>
      </section>
      {sent ? <Notice>{t("send.sent")}</Notice> : null}
      {quote.answer ? (
        <Answer quote={quote} money={money} roomName={roomName} rateName={rateName} locale={locale} />
      ) : null}
      {quote.status === "new" ? (
        <SendForm quote={quote} hotel={hotel} queryKey={queryKey} onSent={() => setSent(true)} />
      ) : null}
      {quote.status !== "closed" ? <CloseQuote quote={quote} hotel={hotel} queryKey={queryKey} /> : null}
    </>
  );
}

function guestsText(t: (key: string, o?: Record<string, unknown>) => string, adults: number, ages: number[]) {
  const a = t("adults", { count: adults });
  return ages.length ? `${a}, ${t("children", { count: ages.length, ages: ages.join(", ") })}` : a;
}

function Answer({
  quote,
  money,
  roomName,
  rateName,
  locale,
}: {
  quote: QuoteDetail;
  money: (minor: number) => string;
  roomName: (id: number) => string;
  rateName: (id: number) => string;
  locale: string;
}) {
  const { t } = useTranslation("bo-quotes");
  const [copied, setCopied] = useState(false);
  const answer = quote.answer!;
  return (
    <section className="bo-card" aria-labelledby="quote-answer">
      <h2 id="quote-answer">{t("answer.title")}</h2>
      <ul>
        {answer.rooms.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rooms are positional and never reordered
          <li key={i}>
            {t("answer.room", { n: i + 1, room: roomName(r.roomTypeId), rate: rateName(r.ratePlanId) })}:{" "}
            {money(r.totalMinor)}
          </li>
        ))}
      </ul>
      <dl className="bo-quote-facts">
        <dt>{t("answer.total")}</dt>
        <dd>{money(answer.totalMinor)}</dd>
        <dt>{t("answer.validUntil")}</dt>
        <dd>{formatLastDay(answer.expiresAt, locale)}</dd>
        {answer.answeredBy ? (
          <>
            <dt>{t("answer.by")}</dt>
            <dd>{answer.answeredBy}</dd>
          </>
        ) : null}
        {answer.note ? (
          <>
            <dt>{t("answer.note")}</dt>
            <dd>{answer.note}</dd>
          </>
        ) : null}
      </dl>
      {answer.linkUrl ? (
        <div className="bo-quote-link">
          <a href={answer.linkUrl} target="_blank" rel="noreferrer">
            {t("answer.openLink")}
          </a>
          <button
            type="button"
            className="bo-button secondary"
            onClick={() => navigator.clipboard?.writeText(answer.linkUrl!).then(() => setCopied(true))}
          >
            {t("answer.copyLink")}
          </button>
          {copied ? <Notice>{t("answer.copied")}</Notice> : null}
        </div>
      ) : null}
    </section>
  );
}

function SendForm({
  quote,
  hotel,
  queryKey,
  onSent,
}: {
  quote: QuoteDetail;
  hotel: string;
  queryKey: string[];
  onSent: () => void;
}) {
  const { t, i18n } = useTranslation("bo-quotes");
  const locale = i18n.language;
  const client = useQueryClient();
  const digits = quote.currencyDigits;
  const firstType = quote.roomTypes[0]?.id ?? 0;
  const firstRate = quote.ratePlans[0]?.id ?? 0;
  const [picks, setPicks] = useState<Pick[]>(() =>
    quote.roomsAsked.map((r) => ({
      roomTypeId: r.roomTypeId ?? firstType,
      ratePlanId: r.ratePlanId ?? firstRate,
      price: r.totalMinor === null ? "" : fromMinorUnits(r.totalMinor, digits),
      pricedFor:
        r.totalMinor === null
          ? null
          : { roomTypeId: r.roomTypeId ?? firstType, ratePlanId: r.ratePlanId ?? firstRate },
    })),
  );
  const [note, setNote] = useState("");
  const [validUntil, setValidUntil] = useState(() => addDaysIso(7));
  const base = `hotels/${hotel}/quotes/${quote.id}`;
  const price = useMutation({
    mutationFn: ({ rooms }: { rooms: Pick[]; only?: number }) =>
      boPost(`${base}/price`, {
        rooms: rooms.map((r) => ({ roomTypeId: r.roomTypeId, ratePlanId: r.ratePlanId })),
      }) as Promise<QuotePrice>,
    // An answer for a pick that changed meanwhile is not applied: the newer pick's own answer is.
    onSuccess: (priced, { rooms: asked, only }) =>
      setPicks((current) =>
        current.map((p, i) =>
          (only === undefined || only === i) &&
          asked[i]?.roomTypeId === p.roomTypeId &&
          asked[i]?.ratePlanId === p.ratePlanId
            ? {
                ...p,
                price: fromMinorUnits(priced.rooms[i]?.totalMinor ?? 0, digits),
                pricedFor: { roomTypeId: p.roomTypeId, ratePlanId: p.ratePlanId },
              }
            : p,
        ),
      ),
  });
  // Rooms the engine could not price start from the search's price of the first room type and rate.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens
  useEffect(() => {
    if (picks.some((p) => p.price === "") && firstType && firstRate) price.mutate({ rooms: picks });
  }, []);
  const send = useMutation({
    mutationFn: () =>
      boPost(`${base}/send`, {
        rooms: picks.map((p) => ({
          roomTypeId: p.roomTypeId,
          ratePlanId: p.ratePlanId,
          totalMinor: toMinorUnits(p.price, digits) ?? -1,
          pricedFor: p.pricedFor,
        })),
        ...(note.trim() ? { note: note.trim() } : {}),
        validUntil,
      }) as Promise<QuoteDetail>,
    onSuccess: (detail) => {
      onSent();
      client.setQueryData(queryKey, detail);
      void client.invalidateQueries({ queryKey: ["backoffice", "quotes", hotel] });
    },
  });
  const update = (i: number, change: Partial<Pick>) =>
    setPicks((current) => current.map((p, at) => (at === i ? { ...p, ...change } : p)));
  // A new room type or rate is priced again at once: the price shown is always the pick's own.
  const repick = (i: number, change: { roomTypeId: number } | { ratePlanId: number }) => {
    const next = picks.map((p, at) => (at === i ? { ...p, ...change } : p));
    setPicks(next);
    price.mutate({ rooms: next, only: i });
  };
  const total = quotedTotalMinor(picks.map((p) => ({ totalMinor: toMinorUnits(p.price, digits) ?? 0 })));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  const fieldError = (field: string) => {
    const detail =
      send.error instanceof ApiError ? send.error.details.find((d) => d.field === field) : undefined;
    return detail ? detailText(detail) : undefined;
  };
  return (
    <section className="bo-card" aria-labelledby="quote-send">
      <h2 id="quote-send">{t("send.title")}</h2>
      <p className="bo-hint">{t("send.hint")}</p>
      <form onSubmit={onSubmit} noValidate>
        {picks.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rooms are positional and never reordered
          <fieldset className="bo-quote-room" key={i}>
            <legend>
              {t("send.room", { n: i + 1 })} ·{" "}
              {guestsText(t, quote.roomsAsked[i]!.adults, quote.roomsAsked[i]!.ages)}
            </legend>
            <Field label={t("detail.roomType")} error={fieldError(`rooms.${i}.roomTypeId`)}>
              {(props) => (
                <select
                  {...props}
                  value={p.roomTypeId}
                  onChange={(e) => repick(i, { roomTypeId: Number(e.target.value) })}
                >
                  {quote.roomTypes.map((r) => (
                    <option key={r.id} value={r.id}>
                      {textIn(r.name, locale)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t("detail.ratePlan")} error={fieldError(`rooms.${i}.ratePlanId`)}>
              {(props) => (
                <select
                  {...props}
                  value={p.ratePlanId}
                  onChange={(e) => repick(i, { ratePlanId: Number(e.target.value) })}
                >
                  {quote.ratePlans.map((r) => (
                    <option key={r.id} value={r.id}>
                      {textIn(r.name, locale)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              label={t("send.price", { currency: quote.currency })}
              error={fieldError(`rooms.${i}.totalMinor`)}
            >
              {(props) => (
                <input
                  {...props}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={inputStep(digits)}
                  value={p.price}
                  onChange={(e) =>
                    update(i, {
                      price: e.target.value,
                      pricedFor: { roomTypeId: p.roomTypeId, ratePlanId: p.ratePlanId },
                    })
                  }
                />
              )}
            </Field>
          </fieldset>
        ))}
        <div className="bo-quote-actions">
          <button
            type="button"
            className="bo-button secondary"
            onClick={() => price.mutate({ rooms: picks })}
            disabled={price.isPending}
          >
            {t("send.searchPrice")}
          </button>
          <span aria-live="polite">
            {t("send.total")}: <strong>{formatMinor(total, quote.currency, digits, locale)}</strong>
          </span>
        </div>
        <ErrorNotice error={price.error} ns="bo-quotes" />
        <Field label={t("send.note")} hint={t("send.noteHint")} error={fieldError("note")}>
          {(props) => (
            <textarea
              {...props}
              rows={3}
              maxLength={2000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          )}
        </Field>
        <Field label={t("send.validUntil")} hint={t("send.validUntilHint")} error={fieldError("validUntil")}>
          {(props) => (
            <input
              {...props}
              type="date"
              required
              value={validUntil}
              onChange={(e) => setValidUntil(e.target.value)}
            />
          )}
        </Field>
        <ErrorNotice error={send.error} ns="bo-quotes" />
        <div className="bo-quote-actions">
          <button type="submit" className="bo-button" disabled={send.isPending}>
            {t("send.submit")}
          </button>
        </div>
      </form>
    </section>
  );
}

function CloseQuote({ quote, hotel, queryKey }: { quote: QuoteDetail; hotel: string; queryKey: string[] }) {
  const { t } = useTranslation("bo-quotes");
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const close = useMutation({
    mutationFn: () => boPost(`hotels/${hotel}/quotes/${quote.id}/close`) as Promise<QuoteDetail>,
    onSuccess: (detail) => {
      client.setQueryData(queryKey, detail);
      void client.invalidateQueries({ queryKey: ["backoffice", "quotes", hotel] });
    },
  });
  return (
    <section className="bo-card" aria-labelledby="quote-close">
      <h2 id="quote-close">{t("close.title")}</h2>
      <p className="bo-hint">{t("close.hint")}</p>
      <ErrorNotice error={close.error} ns="bo-quotes" />
      {confirming ? (
        <fieldset className="bo-quote-actions bo-quote-checks" aria-label={t("close.confirmLabel")}>
          <span>{t("close.confirm")}</span>
          <button
            type="button"
            className="bo-button danger"
            onClick={() => close.mutate()}
            disabled={close.isPending}
          >
            {t("close.yes")}
          </button>
          <button type="button" className="bo-button secondary" onClick={() => setConfirming(false)}>
            {t("close.no")}
          </button>
        </fieldset>
      ) : (
        <button type="button" className="bo-button secondary" onClick={() => setConfirming(true)}>
          {t("close.action")}
        </button>
      )}
    </section>
  );
}
