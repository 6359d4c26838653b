import type {
  BoCreateOfferResponse,
  OfferChoices,
  OfferOptionPrice,
  OfferPrice,
} from "@alloggio/domain/contract/backoffice/offers";
import {
  type CreateOfferInput,
  CreateOfferRequestSchema,
  MAX_OFFER_OPTIONS,
  MAX_OFFER_SERVICES,
  OfferOptionInputSchema,
} from "@alloggio/domain/contract/offers/create";
import { findLanguage } from "@alloggio/domain/i18n/languages";
import { parseVideoLink } from "@alloggio/domain/offers/video";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { ApiError, newIdempotencyKey } from "../../lib/api-client";
import { AppLink, useNavigateTo } from "../../ui/app-link";
import { boGet, boPost, fieldError } from "../api";
import { detailText, issueText } from "../detail-text";
import { hotelWallClockInstant } from "../format";
import { formatMinor, fromMinorUnits, toMinorUnits } from "../quotes/format";
import { boHref } from "../routes";
import { BoPage, ErrorNotice, Field } from "../ui";
import { OFFER_LANGUAGE_IDS } from "./shared";
import "./offers.css";

const MAX_ROOMS_PER_OPTION = 5;

type RoomDraft = { key: number; roomId: string; rateId: string; adults: string; ages: string; price: string };
type ServiceDraft = { key: number; serviceId: string; quantity: string; price: string };
type OptionDraft = { key: number; title: string; rooms: RoomDraft[]; services: ServiceDraft[] };
type Draft = {
  name: string;
  email: string;
  language: string;
  channel: string;
  arrival: string;
  departure: string;
  expiresDate: string;
  expiresTime: string;
  message: string;
  video: string;
  playlist: string;
  options: OptionDraft[];
};

let nextKey = 1;
const aRoom = (): RoomDraft => ({ key: nextKey++, roomId: "", rateId: "", adults: "2", ages: "", price: "" });
const aService = (): ServiceDraft => ({ key: nextKey++, serviceId: "", quantity: "1", price: "0" });
/** A new option: one room, and the services every booking of the hotel must include (its mandatory categories). */
const anOption = (choices: OfferChoices): OptionDraft => ({
  key: nextKey++,
  title: "",
  rooms: [aRoom()],
  services: choices.services
    .filter((s) => s.included)
    .map((s) => ({
      ...aService(),
      serviceId: String(s.id),
      price: fromMinorUnits(s.priceMinor, choices.currency.decimalDigits),
    })),
});

const plusDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const ymd = (iso: string) => iso.replaceAll("-", "");
const parseAges = (text: string) =>
  text
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map((a) => Number(a));

/** The new-offer form: recipient, channel, stay, expiry, message and video, and 1–5 options of rooms and services. */
export default function NewOfferPage() {
  const { t } = useTranslation("bo-offers");
  const { hotel } = useParams<{ hotel: string }>();
  const choices = useQuery({
    queryKey: ["backoffice", "offers", hotel, "choices"],
    queryFn: () => boGet(`hotels/${hotel}/offers/choices`) as Promise<OfferChoices>,
  });
  return (
    <BoPage
      title={t("new.title")}
      actions={<AppLink to={boHref("boOffers", { hotel })}>{t("detail.back")}</AppLink>}
    >
      <ErrorNotice error={choices.error} ns="bo-offers" />
      {choices.data ? <OfferForm hotel={Number(hotel)} choices={choices.data} /> : null}
    </BoPage>
  );
}

function initialDraft(choices: OfferChoices): Draft {
  const arrival = plusDays(choices.today, 14);
  return {
    name: "",
    email: "",
    language: "1",
    channel: String(choices.channels[0]?.id ?? ""),
    arrival,
    departure: plusDays(arrival, 3),
    expiresDate: plusDays(choices.today, 3),
    expiresTime: "18:00",
    message: "",
    video: "",
    playlist: "",
    options: [anOption(choices)],
  };
}

function OfferForm({ hotel, choices }: { hotel: number; choices: OfferChoices }) {
  const { t, i18n } = useTranslation("bo-offers");
  const navigate = useNavigateTo();
  const [draft, setDraft] = useState<Draft>(() => initialDraft(choices));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const idempotency = useRef<{ body: string; key: string } | null>(null);
  const digits = choices.currency.decimalDigits;
  const money = (minor: number) => formatMinor(minor, choices.currency.code, digits, i18n.language);
  const channel = Number(draft.channel);
  const rates = choices.rates.filter((r) => r.channelIds.includes(channel));

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setOption = (i: number, patch: Partial<OptionDraft>) =>
    setDraft((d) => ({ ...d, options: d.options.map((o, k) => (k === i ? { ...o, ...patch } : o)) }));
  const setRoom = (i: number, j: number, patch: Partial<RoomDraft>) =>
    setDraft((d) => ({
      ...d,
      options: d.options.map((o, k) =>
        k === i ? { ...o, rooms: o.rooms.map((r, m) => (m === j ? { ...r, ...patch } : r)) } : o,
      ),
    }));
  const setService = (i: number, j: number, patch: Partial<ServiceDraft>) =>
    setDraft((d) => ({
      ...d,
      options: d.options.map((o, k) =>
        k === i ? { ...o, services: o.services.map((s, m) => (m === j ? { ...s, ...patch } : s)) } : o,
      ),
    }));

  const create = useMutation({
    mutationFn: ({ body, key }: { body: CreateOfferInput; key: string }): Promise<BoCreateOfferResponse> =>
      boPost(`hotels/${hotel}/offers`, body, { "Idempotency-Key": key }),
    onSuccess: (answer, { body }) =>
      navigate(boHref("boOffer", { hotel, offerId: answer.id }, { sent: "1" })),
  });

  const bodyOf = (d: Draft): CreateOfferInput => {
    return {
      hotel,
      channel: Number(d.channel),
      recipient: { name: d.name, email: d.email, language: Number(d.language) },
      arrival: ymd(d.arrival),
      departure: ymd(d.departure),
      options: d.options.map((o) => ({
        ...(o.title.trim() ? { title: o.title } : {}),
        rooms: o.rooms.map((r) => ({
          roomId: Number(r.roomId),
          rateId: Number(r.rateId),
          adults: Number(r.adults),
          ages: parseAges(r.ages),
          priceMinor: toMinorUnits(r.price, digits) ?? -1,
        })),
        services: o.services.map((s) => ({
          serviceId: Number(s.serviceId),
          quantity: Number(s.quantity),
          priceMinor: toMinorUnits(s.price, digits) ?? -1,
        })),
      })),
      ...(d.message.trim() ? { message: d.message } : {}),
      // The day and time typed are the hotel's clock, not the browser's.
      expiresAt: hotelWallClockInstant(d.expiresDate, d.expiresTime, choices.timeZone),
      ...(d.video.trim() ? { video: d.video.trim() } : {}),
      playlist: d.playlist
        .split(/\s+/)
        .map((l) => l.trim())
        .filter(Boolean),
    };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = bodyOf(draft);
    const parsed = CreateOfferRequestSchema.safeParse(body);
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const path = issue.path.join(".");
        found[path] ??= issueText(issue);
      }
    if (draft.expiresDate && draft.arrival && draft.expiresDate > draft.arrival)
      found.expiresAt ??= t("new.expiryAfterArrival");
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    const text = JSON.stringify(body);
    if (idempotency.current?.body !== text) idempotency.current = { body: text, key: newIdempotencyKey() };
    create.mutate({ body, key: idempotency.current.key });
  };

  /** The first message for a field: the form's own check, then the server's. */
  const err = (field: string) =>
    issues[field] ??
    Object.entries(issues).find(([k]) => k.startsWith(`${field}.`))?.[1] ??
    fieldError(create.error, field);
  const errExact = (field: string) =>
    issues[field] ??
    (() => {
      const detail =
        create.error instanceof ApiError ? create.error.details.find((d) => d.field === field) : undefined;
      return detail ? detailText(detail) : undefined;
    })();
  const issueCount = Object.keys(issues).length;

  return (
    <form className="bo-offer-form" onSubmit={submit} noValidate>
      <fieldset className="bo-card">
        <legend>{t("new.recipient")}</legend>
        <div className="bo-offer-row">
          <Field label={t("new.name")} error={err("recipient.name")}>
            {(p) => (
              <input
                {...p}
                value={draft.name}
                autoComplete="off"
                onChange={(e) => set({ name: e.target.value })}
              />
            )}
          </Field>
          <Field label={t("new.email")} error={err("recipient.email")}>
            {(p) => (
              <input
                {...p}
                type="email"
                value={draft.email}
                autoComplete="off"
                onChange={(e) => set({ email: e.target.value })}
              />
            )}
          </Field>
          <Field label={t("new.language")} hint={t("new.languageHint")} error={err("recipient.language")}>
            {(p) => (
              <select {...p} value={draft.language} onChange={(e) => set({ language: e.target.value })}>
                {OFFER_LANGUAGE_IDS.map((id) => (
                  <option key={id} value={id}>
                    {findLanguage(id).label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className="bo-card">
        <legend>{t("new.stay")}</legend>
        <div className="bo-offer-row">
          <Field label={t("new.channel")} hint={t("new.channelHint")} error={err("channel")}>
            {(p) => (
              <select {...p} value={draft.channel} onChange={(e) => set({ channel: e.target.value })}>
                {choices.channels.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t("new.arrival")} error={err("arrival")}>
            {(p) => (
              <input
                {...p}
                type="date"
                min={choices.today}
                value={draft.arrival}
                onChange={(e) => set({ arrival: e.target.value })}
              />
            )}
          </Field>
          <Field label={t("new.departure")} error={err("departure")}>
            {(p) => (
              <input
                {...p}
                type="date"
                min={draft.arrival || choices.today}
                value={draft.departure}
                onChange={(e) => set({ departure: e.target.value })}
              />
            )}
          </Field>
          <Field label={t("new.expiresDate")} hint={t("new.expiresHint")} error={err("expiresAt")}>
            {(p) => (
              <input
                {...p}
                type="date"
                min={choices.today}
                max={draft.arrival || undefined}
                value={draft.expiresDate}
                onChange={(e) => set({ expiresDate: e.target.value })}
              />
            )}
          </Field>
          <Field label={t("new.expiresTime")} hint={t("timesIn", { timeZone: choices.timeZone })}>
            {(p) => (
              <input
                {...p}
                type="time"
                value={draft.expiresTime}
                onChange={(e) => set({ expiresTime: e.target.value })}
              />
            )}
          </Field>
        </div>
      </fieldset>

      {draft.options.map((option, i) => {
        const at = `options.${i}`;
        return (
          <fieldset key={option.key} className="bo-card bo-offer-option-form">
            <legend>{t("new.option", { n: i + 1 })}</legend>
            <Field label={t("new.optionTitle")} hint={t("new.optionTitleHint")} error={err(`${at}.title`)}>
              {(p) => (
                <input
                  {...p}
                  value={option.title}
                  onChange={(e) => setOption(i, { title: e.target.value })}
                />
              )}
            </Field>
            {errExact(`${at}.rooms`) ? <p className="bo-field-error">{errExact(`${at}.rooms`)}</p> : null}
            {option.rooms.map((room, j) => (
              <RoomFields
                key={room.key}
                n={j + 1}
                room={room}
                choices={choices}
                rates={rates}
                hotel={hotel}
                stay={{ channel, arrival: draft.arrival, departure: draft.departure }}
                money={money}
                err={(f) => err(`${at}.rooms.${j}.${f}`)}
                onChange={(patch) => setRoom(i, j, patch)}
                onRemove={
                  option.rooms.length > 1
                    ? () => setOption(i, { rooms: option.rooms.filter((_, m) => m !== j) })
                    : undefined
                }
              />
            ))}
            {option.rooms.length < MAX_ROOMS_PER_OPTION ? (
              <button
                type="button"
                className="bo-button secondary"
                onClick={() => setOption(i, { rooms: [...option.rooms, aRoom()] })}
              >
                {t("new.addRoom")}
              </button>
            ) : null}
            {option.services.length > 0 ? <h3 className="bo-offer-subhead">{t("new.services")}</h3> : null}
            {option.services.map((service, j) => (
              <div key={service.key} className="bo-offer-row bo-offer-line-form">
                <Field label={t("new.service")} error={err(`${at}.services.${j}.serviceId`)}>
                  {(p) => (
                    <select
                      {...p}
                      value={service.serviceId}
                      onChange={(e) => {
                        const found = choices.services.find((s) => String(s.id) === e.target.value);
                        setService(i, j, {
                          serviceId: e.target.value,
                          ...(found
                            ? {
                                price: fromMinorUnits(
                                  found.priceMinor * (Number(service.quantity) || 1),
                                  digits,
                                ),
                              }
                            : {}),
                        });
                      }}
                    >
                      <option value="">{t("new.choose")}</option>
                      {choices.services.map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.name}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field label={t("new.quantity")} error={err(`${at}.services.${j}.quantity`)}>
                  {(p) => (
                    <input
                      {...p}
                      type="number"
                      min={1}
                      max={99}
                      inputMode="numeric"
                      value={service.quantity}
                      onChange={(e) => setService(i, j, { quantity: e.target.value })}
                    />
                  )}
                </Field>
                <Field
                  label={t("new.servicePrice", { currency: choices.currency.code })}
                  hint={t("new.freeHint")}
                  error={err(`${at}.services.${j}.priceMinor`)}
                >
                  {(p) => (
                    <input
                      {...p}
                      inputMode="decimal"
                      value={service.price}
                      onChange={(e) => setService(i, j, { price: e.target.value })}
                    />
                  )}
                </Field>
                <button
                  type="button"
                  className="bo-link-button"
                  onClick={() => setOption(i, { services: option.services.filter((_, m) => m !== j) })}
                >
                  {t("new.removeService")}
                </button>
              </div>
            ))}
            {option.services.length < MAX_OFFER_SERVICES && choices.services.length > 0 ? (
              <button
                type="button"
                className="bo-button secondary"
                onClick={() => setOption(i, { services: [...option.services, aService()] })}
              >
                {t("new.addService")}
              </button>
            ) : null}
            <OptionPriceSummary
              n={i + 1}
              hotel={hotel}
              stay={{ channel, arrival: draft.arrival, departure: draft.departure }}
              option={bodyOf(draft).options[i]!}
              money={money}
            />
            {draft.options.length > 1 ? (
              <button
                type="button"
                className="bo-link-button"
                onClick={() => set({ options: draft.options.filter((_, k) => k !== i) })}
              >
                {t("new.removeOption", { n: i + 1 })}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {errExact("options") ? <p className="bo-field-error">{errExact("options")}</p> : null}
      {draft.options.length < MAX_OFFER_OPTIONS ? (
        <button
          type="button"
          className="bo-button secondary"
          onClick={() => set({ options: [...draft.options, anOption(choices)] })}
        >
          {t("new.addOption")}
        </button>
      ) : null}

      <fieldset className="bo-card">
        <legend>{t("new.messageAndVideo")}</legend>
        <Field label={t("new.message")} hint={t("new.messageHint")} error={err("message")}>
          {(p) => (
            <textarea
              {...p}
              rows={5}
              value={draft.message}
              onChange={(e) => set({ message: e.target.value })}
            />
          )}
        </Field>
        <Field
          label={t("new.video")}
          hint={t("new.videoHint")}
          error={
            err("video") ??
            (draft.video.trim() && !parseVideoLink(draft.video.trim()) ? t("new.videoInvalid") : undefined)
          }
        >
          {(p) => (
            <input {...p} type="url" value={draft.video} onChange={(e) => set({ video: e.target.value })} />
          )}
        </Field>
        <Field label={t("new.playlist")} hint={t("new.playlistHint")} error={err("playlist")}>
          {(p) => (
            <textarea
              {...p}
              rows={3}
              value={draft.playlist}
              onChange={(e) => set({ playlist: e.target.value })}
            />
          )}
        </Field>
      </fieldset>

      {issueCount > 0 ? (
        <p className="bo-error" role="alert">
          {t("new.fix", { count: issueCount })}
        </p>
      ) : null}
      <ErrorNotice error={create.error} ns="bo-offers" />
      <div className="bo-offer-actions">
        <button type="submit" className="bo-button" disabled={create.isPending}>
          {create.isPending ? t("new.sending") : t("new.send")}
        </button>
      </div>
    </form>
  );
}

function RoomFields({
  n,
  room,
  choices,
  rates,
  hotel,
  stay,
  money,
  err,
  onChange,
  onRemove,
}: {
  n: number;
  room: RoomDraft;
  choices: OfferChoices;
  rates: OfferChoices["rates"];
  hotel: number;
  stay: { channel: number; arrival: string; departure: string };
  money: (minor: number) => string;
  err: (field: string) => string | undefined;
  onChange: (patch: Partial<RoomDraft>) => void;
  onRemove: (() => void) | undefined;
}) {
  const { t } = useTranslation("bo-offers");
  const ages = parseAges(room.ages);
  const ready =
    Boolean(room.roomId && room.rateId && stay.arrival && stay.departure && stay.departure > stay.arrival) &&
    Number(room.adults) >= 1 &&
    ages.every((a) => Number.isInteger(a) && a >= 0 && a <= 17);
  const price = useQuery({
    queryKey: [
      "backoffice",
      "offers",
      hotel,
      "price",
      stay,
      room.roomId,
      room.rateId,
      room.adults,
      ages.join(","),
    ],
    enabled: ready,
    retry: false,
    staleTime: 60_000,
    queryFn: (): Promise<OfferPrice> =>
      boPost(`hotels/${hotel}/offers/price`, {
        channel: stay.channel,
        arrival: ymd(stay.arrival),
        departure: ymd(stay.departure),
        rooms: [
          { roomId: Number(room.roomId), rateId: Number(room.rateId), adults: Number(room.adults), ages },
        ],
      }),
  });
  const current = price.data?.rooms[0];
  const type = choices.roomTypes.find((r) => String(r.id) === room.roomId);
  return (
    <fieldset className="bo-offer-room">
      <legend className="bo-offer-subhead">{t("new.room", { n })}</legend>
      <div className="bo-offer-row">
        <Field label={t("new.roomType")} error={err("roomId")}>
          {(p) => (
            <select
              {...p}
              value={room.roomId}
              onChange={(e) => {
                const next = choices.roomTypes.find((r) => String(r.id) === e.target.value);
                // Fewer adults than the room takes: start from what it holds.
                const adults = next
                  ? Math.min(Number(room.adults) || 1, next.maxAdults)
                  : Number(room.adults);
                onChange({ roomId: e.target.value, adults: String(adults) });
              }}
            >
              <option value="">{t("new.choose")}</option>
              {choices.roomTypes.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("new.rate")} hint={t("new.rateHint")} error={err("rateId")}>
          {(p) => (
            <select {...p} value={room.rateId} onChange={(e) => onChange({ rateId: e.target.value })}>
              <option value="">{t("new.choose")}</option>
              {rates.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t("new.adults")}
          hint={type ? t("new.occupancy", { adults: type.maxAdults, children: type.maxChildren }) : undefined}
          error={err("adults")}
        >
          {(p) => (
            <input
              {...p}
              type="number"
              min={1}
              max={type?.maxAdults ?? 10}
              inputMode="numeric"
              value={room.adults}
              onChange={(e) => onChange({ adults: e.target.value })}
            />
          )}
        </Field>
        <Field label={t("new.ages")} hint={t("new.agesHint")} error={err("ages")}>
          {(p) => <input {...p} value={room.ages} onChange={(e) => onChange({ ages: e.target.value })} />}
        </Field>
        <Field
          label={t("new.price", { currency: choices.currency.code })}
          hint={
            current
              ? current.totalMinor === null
                ? t("new.currentNone", {
                    reason: t(`reason.${current.reason}`, { defaultValue: current.reason }),
                  })
                : t("new.current", { price: money(current.totalMinor) })
              : undefined
          }
          error={err("priceMinor")}
        >
          {(p) => (
            <input
              {...p}
              inputMode="decimal"
              value={room.price}
              onChange={(e) => onChange({ price: e.target.value })}
            />
          )}
        </Field>
      </div>
      <div className="bo-offer-room-actions">
        {current && current.totalMinor !== null ? (
          <button
            type="button"
            className="bo-link-button"
            onClick={() =>
              onChange({ price: fromMinorUnits(current.totalMinor ?? 0, choices.currency.decimalDigits) })
            }
          >
            {t("new.useCurrent")}
          </button>
        ) : null}
        {onRemove ? (
          <button type="button" className="bo-link-button" onClick={onRemove}>
            {t("new.removeRoom", { n })}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

/**
 * The option's total as sending will price it (the server's one pricing function: held prices plus the extras every
 * booking of the hotel pays, the city tax beside), the extras it adds, and a warning when the option cannot be sent.
 */
function OptionPriceSummary({
  n,
  hotel,
  stay,
  option,
  money,
}: {
  n: number;
  hotel: number;
  stay: { channel: number; arrival: string; departure: string };
  option: CreateOfferInput["options"][number];
  money: (minor: number) => string;
}) {
  const { t } = useTranslation("bo-offers");
  const parsed = OfferOptionInputSchema.safeParse(option);
  const ready = parsed.success && Boolean(stay.arrival && stay.departure && stay.departure > stay.arrival);
  const price = useQuery({
    queryKey: ["backoffice", "offers", hotel, "option-price", stay, parsed.success ? parsed.data : null],
    enabled: ready,
    retry: false,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
    queryFn: (): Promise<OfferOptionPrice> =>
      boPost(`hotels/${hotel}/offers/option-price`, {
        channel: stay.channel,
        arrival: ymd(stay.arrival),
        departure: ymd(stay.departure),
        option: parsed.data,
      }),
  });
  const answer = ready ? price.data : undefined;
  return (
    <div aria-live="polite">
      {answer?.extras.length ? (
        <>
          <h3 className="bo-offer-subhead">{t("new.extras")}</h3>
          <ul className="bo-offer-lines">
            {answer.extras.map((extra, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an extra per room, in the rooms' order
              <li key={k}>
                <span>{t("new.extraLine", { quantity: extra.quantity, name: extra.name })}</span>
                <span>{money(extra.priceMinor)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {answer?.issue ? (
        <p className="bo-error" role="alert">
          {answer.issue.field.endsWith(".rateId")
            ? t("new.cannotSell", { n })
            : answer.issue.field.includes(".services")
              ? t("new.cannotSendExtra", { n })
              : t("new.cannotSend", { n, reason: detailText(answer.issue) })}
        </p>
      ) : null}
      <p className="bo-offer-total">
        <span>{t("new.optionTotal", { n })}</span>{" "}
        <strong>{answer?.totalMinor != null ? money(answer.totalMinor) : "–"}</strong>
      </p>
      {answer?.cityTaxMinor ? (
        <p className="bo-hint">{t("new.cityTax", { price: money(answer.cityTaxMinor) })}</p>
      ) : null}
    </div>
  );
}
