import type { Link, LinkList } from "@alloggio/domain/contract/backoffice/quotes";
import { inputStep } from "@alloggio/domain/money/amounts";
import { linkTotalMinor } from "@alloggio/domain/pricing/quoted-total";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { ApiError } from "../../../lib/api-client";
import { boDelete, boGet, boPost } from "../../api";
import { detailText } from "../../detail-text";
import { formatDate, formatLastDay, formatMinor, textIn, toMinorUnits } from "../../quotes/format";
import "../../quotes/quotes.css";
import { ErrorNotice, Field, Notice } from "../../ui";

const LANGUAGES = ["en", "it", "de", "fr", "es", "pt", "zh", "ja"] as const;

/** The catalogue's reservation links: list, create, copy the guest link, delete. */
export default function LinksSection() {
  const { t, i18n } = useTranslation("bo-quotes");
  const { hotel } = useParams<{ hotel: string }>();
  const key = ["backoffice", "links", hotel];
  const query = useQuery({
    queryKey: key,
    queryFn: () => boGet(`hotels/${hotel}/links`) as Promise<LinkList>,
  });
  const [creating, setCreating] = useState(false);
  const [message, setMessage] = useState("");
  const data = query.data;
  return (
    <section aria-labelledby="links-title">
      <div className="bo-quote-actions">
        <h2 id="links-title">{t("links.title")}</h2>
        {!creating ? (
          <button type="button" className="bo-button" onClick={() => setCreating(true)}>
            {t("links.new")}
          </button>
        ) : null}
      </div>
      <p className="bo-hint">{t("links.hint")}</p>
      {message ? <Notice>{message}</Notice> : null}
      <ErrorNotice error={query.error} ns="bo-quotes" />
      {data && creating ? (
        <CreateLink
          data={data}
          hotel={hotel}
          onDone={(link) => {
            setCreating(false);
            if (link) setMessage(t("links.created", { title: textIn(link.title, i18n.language) }));
          }}
        />
      ) : null}
      {data ? <LinkTable data={data} hotel={hotel} onMessage={setMessage} /> : null}
    </section>
  );
}

function LinkTable({
  data,
  hotel,
  onMessage,
}: {
  data: LinkList;
  hotel: string;
  onMessage: (m: string) => void;
}) {
  const { t, i18n } = useTranslation("bo-quotes");
  const locale = i18n.language;
  const client = useQueryClient();
  const [confirm, setConfirm] = useState<number | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => boDelete(`hotels/${hotel}/links/${id}`) as Promise<void>,
    onSuccess: () => {
      setConfirm(null);
      onMessage(t("links.deleted"));
      void client.invalidateQueries({ queryKey: ["backoffice", "links", hotel] });
    },
  });
  const money = (minor: number) => formatMinor(minor, data.currency, data.currencyDigits, locale);
  if (data.items.length === 0) return <p>{t("links.empty")}</p>;
  return (
    <>
      <ErrorNotice error={remove.error} ns="bo-quotes" />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must take the keyboard */}
      <section className="bo-table-wrap" tabIndex={0} aria-labelledby="links-title">
        <table className="bo-table">
          <caption className="bo-visually-hidden">{t("links.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("links.linkTitle")}</th>
              <th scope="col">{t("detail.stay")}</th>
              <th scope="col">{t("links.rooms")}</th>
              <th scope="col">{t("links.total")}</th>
              <th scope="col">{t("links.expires")}</th>
              <th scope="col">{t("links.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((l) => {
              const title = textIn(l.title, locale) || t("links.untitled");
              const total = linkTotalMinor(l);
              return (
                <tr key={l.id}>
                  <th scope="row">
                    {title}
                    <div className="bo-quote-sub">
                      {l.publicId ? t("links.fromBackOffice") : t("links.imported", { id: l.id })}
                    </div>
                  </th>
                  <td>
                    {formatDate(l.arrival, locale)} – {formatDate(l.departure, locale)}
                  </td>
                  <td>{l.rooms.map((r) => r.adults + r.ages.length).join(" + ")}</td>
                  <td className="bo-num">{total === null ? "—" : money(total)}</td>
                  <td>{l.expiresAt ? formatLastDay(l.expiresAt, locale) : t("links.never")}</td>
                  <td>
                    <div className="bo-quote-link">
                      <button
                        type="button"
                        className="bo-button secondary"
                        aria-label={t("links.copyFor", { title })}
                        onClick={() =>
                          navigator.clipboard
                            ?.writeText(l.guestUrl)
                            .then(() => onMessage(t("links.copied", { title })))
                            .catch(() => onMessage(l.guestUrl))
                        }
                      >
                        {t("links.copy")}
                      </button>
                      <a
                        href={l.guestUrl}
                        target="_blank"
                        rel="noreferrer"
                        aria-label={t("links.openFor", { title })}
                      >
                        {t("links.open")}
                      </a>
                      {confirm === l.id ? (
                        <fieldset
                          className="bo-quote-checks"
                          aria-label={t("links.confirmDelete", { title })}
                        >
                          <button
                            type="button"
                            className="bo-button danger"
                            onClick={() => remove.mutate(l.id)}
                            disabled={remove.isPending}
                          >
                            {t("links.yesDelete")}
                          </button>{" "}
                          <button
                            type="button"
                            className="bo-button secondary"
                            onClick={() => setConfirm(null)}
                          >
                            {t("close.no")}
                          </button>
                        </fieldset>
                      ) : (
                        <button
                          type="button"
                          className="bo-button danger"
                          aria-label={t("links.deleteFor", { title })}
                          onClick={() => setConfirm(l.id)}
                        >
                          {t("links.delete")}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </>
  );
}

type RoomDraft = { adults: string; ages: string };

function CreateLink({
  data,
  hotel,
  onDone,
}: {
  data: LinkList;
  hotel: string;
  onDone: (link: Link | null) => void;
}) {
  const { t, i18n } = useTranslation("bo-quotes");
  const locale = i18n.language;
  const client = useQueryClient();
  const [channelId, setChannelId] = useState(data.channels[0]?.id ?? 1);
  const [title, setTitle] = useState<Record<string, string>>({ en: "" });
  const [messageText, setMessageText] = useState<Record<string, string>>({ en: "" });
  const [arrival, setArrival] = useState("");
  const [departure, setDeparture] = useState("");
  const [rooms, setRooms] = useState<RoomDraft[]>([{ adults: "2", ages: "" }]);
  const [roomTypeIds, setRoomTypeIds] = useState<number[]>([]);
  const [ratePlanIds, setRatePlanIds] = useState<number[]>([]);
  const [promoCode, setPromoCode] = useState("");
  const [total, setTotal] = useState("");
  const [validUntil, setValidUntil] = useState("");
  const create = useMutation({
    mutationFn: () => {
      const clean = (text: Record<string, string>) =>
        Object.fromEntries(Object.entries(text).filter(([, v]) => v.trim() !== ""));
      const message = clean(messageText);
      const fixed = toMinorUnits(total, data.currencyDigits);
      return boPost(`hotels/${hotel}/links`, {
        channelId,
        title: { en: title.en ?? "", ...clean(title) },
        ...(Object.keys(message).length ? { message: { en: message.en ?? "", ...message } } : {}),
        arrival,
        departure,
        rooms: rooms.map((r) => ({
          adults: Number(r.adults),
          ages: r.ages
            .split(",")
            .map((a) => a.trim())
            .filter(Boolean)
            .map(Number),
        })),
        roomTypeIds,
        ratePlanIds,
        ...(promoCode.trim() ? { promoCode: promoCode.trim() } : {}),
        ...(fixed !== null ? { totalMinor: fixed } : {}),
        ...(validUntil ? { validUntil } : {}),
      }) as Promise<Link>;
    },
    onSuccess: (link) => {
      void client.invalidateQueries({ queryKey: ["backoffice", "links", hotel] });
      onDone(link);
    },
  });
  const errorOf = (field: string) => {
    const detail =
      create.error instanceof ApiError
        ? create.error.details?.find((d) => d.field === field || d.field.startsWith(`${field}.`))
        : undefined;
    return detail ? detailText(detail) : undefined;
  };
  const toggle = (list: number[], id: number) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <form className="bo-card" onSubmit={onSubmit} aria-labelledby="link-new" noValidate>
      <h3 id="link-new">{t("links.new")}</h3>
      <Field label={t("links.channel")} error={errorOf("channelId")}>
        {(props) => (
          <select {...props} value={channelId} onChange={(e) => setChannelId(Number(e.target.value))}>
            {data.channels.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("links.titleEn")} error={errorOf("title")}>
        {(props) => (
          <input
            {...props}
            required
            value={title.en ?? ""}
            onChange={(e) => setTitle({ ...title, en: e.target.value })}
          />
        )}
      </Field>
      <Field label={t("links.messageEn")} error={errorOf("message")}>
        {(props) => (
          <textarea
            {...props}
            rows={2}
            value={messageText.en ?? ""}
            onChange={(e) => setMessageText({ ...messageText, en: e.target.value })}
          />
        )}
      </Field>
      <details>
        <summary>{t("links.otherLanguages")}</summary>
        {LANGUAGES.filter((l) => l !== "en").map((l) => (
          <fieldset key={l} className="bo-quote-room">
            <legend>{t(`languages.${l}`)}</legend>
            <Field label={t("links.titleIn", { language: t(`languages.${l}`) })}>
              {(props) => (
                <input
                  {...props}
                  lang={l}
                  value={title[l] ?? ""}
                  onChange={(e) => setTitle({ ...title, [l]: e.target.value })}
                />
              )}
            </Field>
            <Field label={t("links.messageIn", { language: t(`languages.${l}`) })}>
              {(props) => (
                <textarea
                  {...props}
                  lang={l}
                  rows={2}
                  value={messageText[l] ?? ""}
                  onChange={(e) => setMessageText({ ...messageText, [l]: e.target.value })}
                />
              )}
            </Field>
          </fieldset>
        ))}
      </details>
      <div className="bo-quote-grid">
        <Field label={t("detail.arrival")} error={errorOf("arrival")}>
          {(props) => (
            <input
              {...props}
              type="date"
              required
              value={arrival}
              onChange={(e) => setArrival(e.target.value)}
            />
          )}
        </Field>
        <Field label={t("detail.departure")} error={errorOf("departure")}>
          {(props) => (
            <input
              {...props}
              type="date"
              required
              value={departure}
              onChange={(e) => setDeparture(e.target.value)}
            />
          )}
        </Field>
      </div>
      {rooms.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rooms are positional; a removed room shifts the rest
        <fieldset className="bo-quote-room" key={i}>
          <legend>{t("send.room", { n: i + 1 })}</legend>
          <Field label={t("links.adults")} error={errorOf(`rooms.${i}.adults`)}>
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                max={20}
                value={r.adults}
                onChange={(e) =>
                  setRooms(rooms.map((x, at) => (at === i ? { ...x, adults: e.target.value } : x)))
                }
              />
            )}
          </Field>
          <Field label={t("links.ages")} hint={t("links.agesHint")} error={errorOf(`rooms.${i}.ages`)}>
            {(props) => (
              <input
                {...props}
                inputMode="numeric"
                value={r.ages}
                onChange={(e) =>
                  setRooms(rooms.map((x, at) => (at === i ? { ...x, ages: e.target.value } : x)))
                }
              />
            )}
          </Field>
          {rooms.length > 1 ? (
            <button
              type="button"
              className="bo-button secondary"
              onClick={() => setRooms(rooms.filter((_, at) => at !== i))}
            >
              {t("links.removeRoom", { n: i + 1 })}
            </button>
          ) : null}
        </fieldset>
      ))}
      <button
        type="button"
        className="bo-button secondary"
        onClick={() => setRooms([...rooms, { adults: "2", ages: "" }])}
        disabled={rooms.length >= 10}
      >
        {t("links.addRoom")}
      </button>
      <fieldset className="bo-quote-checks">
        <legend>{t("links.roomTypes")}</legend>
        {data.roomTypes.map((r) => (
          <label key={r.id}>
            <input
              type="checkbox"
              checked={roomTypeIds.includes(r.id)}
              onChange={() => setRoomTypeIds(toggle(roomTypeIds, r.id))}
            />
            {textIn(r.name, locale)}
          </label>
        ))}
      </fieldset>
      <fieldset className="bo-quote-checks">
        <legend>{t("links.ratePlans")}</legend>
        {data.ratePlans.map((r) => (
          <label key={r.id}>
            <input
              type="checkbox"
              checked={ratePlanIds.includes(r.id)}
              onChange={() => setRatePlanIds(toggle(ratePlanIds, r.id))}
            />
            {textIn(r.name, locale)}
          </label>
        ))}
      </fieldset>
      <p className="bo-hint">{t("links.anyHint")}</p>
      <div className="bo-quote-grid">
        <Field label={t("links.promoCode")} error={errorOf("promoCode")}>
          {(props) => <input {...props} value={promoCode} onChange={(e) => setPromoCode(e.target.value)} />}
        </Field>
        <Field
          label={t("links.fixedTotal", { currency: data.currency })}
          hint={t("links.fixedTotalHint")}
          error={errorOf("totalMinor")}
        >
          {(props) => (
            <input
              {...props}
              type="number"
              min={0}
              step={inputStep(data.currencyDigits)}
              value={total}
              onChange={(e) => setTotal(e.target.value)}
            />
          )}
        </Field>
        <Field label={t("send.validUntil")} hint={t("links.validHint")} error={errorOf("validUntil")}>
          {(props) => (
            <input
              {...props}
              type="date"
              value={validUntil}
              onChange={(e) => setValidUntil(e.target.value)}
            />
          )}
        </Field>
      </div>
      <ErrorNotice error={create.error} ns="bo-quotes" />
      <div className="bo-quote-actions">
        <button type="submit" className="bo-button" disabled={create.isPending}>
          {t("links.create")}
        </button>
        <button type="button" className="bo-button secondary" onClick={() => onDone(null)}>
          {t("links.cancel")}
        </button>
      </div>
    </form>
  );
}
