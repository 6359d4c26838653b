import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { fieldError } from "../../api";
import { ErrorNotice, Notice } from "../../ui";
import { formatMoney, useChoices, usePriceLink } from "../extras/api";
import { draftFields, InputField, numberOrUndefined, Row, SelectField } from "../extras/fields";
import "../extras/extras.css";

const LANGUAGE_IDS = [
  { id: 1, text: "en" },
  { id: 2, text: "it" },
  { id: 3, text: "de" },
  { id: 4, text: "fr" },
  { id: 5, text: "es" },
  { id: 8, text: "pt" },
  { id: 9, text: "ja" },
  { id: 6, text: "zh" },
];

type Draft = {
  roomTypeId: string;
  ratePlanId: string;
  channelId: string;
  arrival: string;
  departure: string;
  adults: string;
  ages: string;
  total: string;
  languageId: string;
};

/**
 * The catalogue's signed price overrides (ADR 0002): the hotel picks a room type, rate, dates, guests
 * and a total; the server signs it with its secret and answers the guest's link, which the page offers to copy.
 */
export default function OverridesSection() {
  const { t, i18n } = useTranslation("bo-extras");
  const { hotel = "" } = useParams<{ hotel: string }>();
  const choices = useChoices(hotel);
  const [draft, setDraft] = useState<Draft>({
    roomTypeId: "",
    ratePlanId: "",
    channelId: "",
    arrival: "",
    departure: "",
    adults: "2",
    ages: "",
    total: "",
    languageId: "1",
  });
  const [copied, setCopied] = useState(false);
  const sign = usePriceLink(hotel);
  const currency = choices.data?.currencyCode ?? "EUR";
  const rooms = choices.data?.roomTypes ?? [];
  const rates = choices.data?.ratePlans ?? [];
  const roomTypeId = draft.roomTypeId || String(rooms[0]?.id ?? "");
  const ratePlanId = draft.ratePlanId || String(rates[0]?.id ?? "");
  const total = numberOrUndefined(draft.total);
  const error = sign.error;
  const { set, field } = draftFields(draft, setDraft, error);
  return (
    <>
      <section className="bo-card" aria-labelledby="price-link-heading">
        <h2 id="price-link-heading">{t("overrides.title")}</h2>
        <p className="bo-hint">{t("overrides.intro")}</p>
        {choices.error ? <ErrorNotice error={choices.error} ns="bo-extras" /> : null}
        <form
          className="bo-extras-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setCopied(false);
            const ages = draft.ages
              .split(",")
              .map((x) => x.trim())
              .filter(Boolean)
              .map(Number);
            sign.mutate({
              roomTypeId: numberOrUndefined(roomTypeId),
              ratePlanId: numberOrUndefined(ratePlanId),
              ...(draft.channelId ? { channelId: Number(draft.channelId) } : {}),
              arrival: draft.arrival,
              departure: draft.departure,
              adults: numberOrUndefined(draft.adults),
              ...(ages.length > 0 ? { ages } : {}),
              total,
              languageId: Number(draft.languageId),
            });
          }}
        >
          <Row>
            <SelectField
              label={t("fields.roomType")}
              value={roomTypeId}
              onChange={set("roomTypeId")}
              error={fieldError(error, "roomTypeId")}
              options={rooms.map((r) => ({ value: String(r.id), label: `${r.name} (${r.code})` }))}
            />
            <SelectField
              label={t("fields.ratePlan")}
              value={ratePlanId}
              onChange={set("ratePlanId")}
              error={fieldError(error, "ratePlanId")}
              options={rates.map((r) => ({ value: String(r.id), label: `${r.name} (${r.code})` }))}
            />
            <SelectField
              label={t("fields.channel")}
              {...field("channelId")}
              options={[
                { value: "", label: t("overrides.defaultChannel") },
                ...(choices.data?.channels ?? []).map((c) => ({ value: String(c.id), label: c.name })),
              ]}
            />
            <SelectField
              label={t("fields.language")}
              value={draft.languageId}
              onChange={set("languageId")}
              options={LANGUAGE_IDS.map((l) => ({ value: String(l.id), label: t(`languages.${l.text}`) }))}
            />
          </Row>
          <Row>
            <InputField label={t("fields.arrival")} type="date" {...field("arrival")} required />
            <InputField label={t("fields.departure")} type="date" {...field("departure")} required />
            <InputField label={t("fields.adults")} type="number" min="1" {...field("adults")} />
            <InputField label={t("fields.ages")} {...field("ages")} hint={t("hints.ages")} />
          </Row>
          <Row>
            <InputField
              label={t("fields.total", { currency })}
              type="number"
              step="any"
              min="0"
              {...field("total")}
              hint={
                typeof total === "number" && total > 0
                  ? t("hints.totalIs", { amount: formatMoney(total, currency, i18n.language) })
                  : t("hints.total")
              }
              required
            />
          </Row>
          {error ? <ErrorNotice error={error} ns="bo-extras" /> : null}
          <div className="bo-extras-actions">
            <button type="submit" className="bo-button" disabled={sign.isPending}>
              {t("overrides.generate")}
            </button>
          </div>
        </form>
      </section>
      {sign.data && !sign.isPending ? (
        <section className="bo-card bo-extras-link" aria-labelledby="price-link-result">
          <h2 id="price-link-result">{t("overrides.result")}</h2>
          <Notice>{t("overrides.ready")}</Notice>
          <div className="bo-field">
            <label htmlFor="price-link-url">{t("overrides.link")}</label>
            <textarea
              id="price-link-url"
              readOnly
              rows={3}
              value={sign.data.url}
              onFocus={(e) => e.currentTarget.select()}
            />
          </div>
          <div className="bo-extras-actions">
            <button
              type="button"
              className="bo-button"
              onClick={() => {
                const url = sign.data?.url ?? "";
                void navigator.clipboard?.writeText(url).then(
                  () => setCopied(true),
                  () => setCopied(false),
                );
              }}
            >
              {t("overrides.copy")}
            </button>
            <a className="bo-button secondary" href={sign.data.url} target="_blank" rel="noreferrer">
              {t("overrides.open")}
            </a>
          </div>
          {copied ? <Notice>{t("overrides.copied")}</Notice> : null}
        </section>
      ) : null}
    </>
  );
}
