import { currencyRules } from "@alloggio/domain/currency/currencies";
import { decimalTextOf, inputStep, parseInputText } from "@alloggio/domain/money/amounts";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TEXT_CODES } from "../../../i18n/i18n";
import { ApiError } from "../../../lib/api-client";
import { formatMoney } from "../../../lib/money";
import { detailText } from "../../detail-text";
import "./property.css";

export type Localized = Record<string, string>;

/** The server's 400 details as `field → text` in the page's language (the first of each field, `a.0.b` kept). */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof ApiError)
    for (const d of error.details ?? []) if (!(d.field in out)) out[d.field] = detailText(d);
  return out;
}

/** Keeps only the languages that have a text (a blank language reads English on the guest side). */
export function compactText(text: Localized | undefined): Localized | undefined {
  if (!text) return undefined;
  const entries = Object.entries(text).filter(([, v]) => v.trim() !== "");
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** One input (or text area) per language, English first and required; the others folded in a group. */
export function LocalizedFields({
  legend,
  value,
  onChange,
  multiline = false,
  required = false,
  error,
  maxLength,
}: {
  legend: string;
  value: Localized | undefined;
  onChange: (value: Localized) => void;
  multiline?: boolean;
  required?: boolean;
  error?: string | undefined;
  /** The most characters a language's text may have. */
  maxLength?: number;
}) {
  const { t } = useTranslation(["bo-property", "bo"]);
  const id = useId();
  const text = value ?? {};
  const filled = TEXT_CODES.filter((code) => code !== "en" && (text[code] ?? "").trim() !== "").length;
  const input = (code: string) => {
    const props = {
      id: `${id}-${code}`,
      lang: code,
      value: text[code] ?? "",
      required: required && code === "en",
      maxLength,
      "aria-invalid": code === "en" && error ? true : undefined,
      "aria-describedby": code === "en" && error ? `${id}-error` : undefined,
      onChange: (e: { target: { value: string } }) => onChange({ ...text, [code]: e.target.value }),
    };
    return (
      <div className="bo-field" key={code}>
        <label htmlFor={props.id}>
          {t(`bo:languages.${code}`)}
          {code === "en" && required ? ` (${t("form.required")})` : ""}
        </label>
        {multiline ? <textarea rows={3} {...props} /> : <input type="text" {...props} />}
      </div>
    );
  };
  return (
    <fieldset className="bo-localized">
      <legend>{legend}</legend>
      {input("en")}
      {error ? (
        <p id={`${id}-error`} className="bo-field-error">
          {error}
        </p>
      ) : null}
      <details>
        <summary>{t("form.otherLanguages", { count: filled })}</summary>
        {TEXT_CODES.filter((code) => code !== "en").map(input)}
      </details>
    </fieldset>
  );
}

/** A card of a form with its heading. */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="bo-card bo-form-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="bo-form-grid">{children}</div>
    </section>
  );
}

/** A delete button that asks for confirmation first. */
export function ConfirmDelete({
  label,
  question,
  onConfirm,
  busy,
}: {
  label: string;
  question: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation("bo-property");
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className="bo-button danger" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <div className="bo-confirm" role="alertdialog" aria-label={question}>
      <p>{question}</p>
      <button type="button" className="bo-button danger" onClick={onConfirm} disabled={busy}>
        {t("form.confirmDelete")}
      </button>
      <button type="button" className="bo-button secondary" onClick={() => setAsking(false)}>
        {t("form.cancel")}
      </button>
    </div>
  );
}

/** The number of decimals of a currency (2 for EUR, 0 for JPY). */
export function currencyDigits(currency: string): number {
  try {
    return currencyRules(currency).decimalDigits;
  } catch {
    return 2;
  }
}

/** A price staff set, as they set it (no cash rounding), in the page's language. */
export function formatMinor(minor: number, currency: string, locale: string): string {
  return formatMoney({ minor, currency }, { locale, display: "symbol", asSet: true });
}

/** A money input in major units, read and written as minor units. */
export function MoneyInput({
  value,
  onChange,
  currency,
  ...props
}: {
  value: number | undefined;
  onChange: (minor: number | undefined) => void;
  currency: string;
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}) {
  const digits = currencyDigits(currency);
  const [text, setText] = useState(value === undefined ? "" : decimalTextOf(value, digits));
  return (
    <input
      {...props}
      type="number"
      inputMode="decimal"
      min={0}
      step={inputStep(digits)}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const minor = parseInputText(e.target.value, digits);
        onChange(minor === null || Number.isNaN(minor) ? undefined : minor);
      }}
    />
  );
}

/** A number input whose empty value is `undefined`. */
export function NumberInput({
  value,
  onChange,
  ...props
}: {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  id: string;
  min?: number;
  max?: number;
  step?: number;
  required?: boolean;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}) {
  return (
    <input
      {...props}
      type="number"
      inputMode="numeric"
      value={value ?? ""}
      onChange={(e) => onChange(e.target.value === "" ? undefined : Number(e.target.value))}
    />
  );
}

/** A labelled checkbox. */
export function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="bo-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {label}
    </label>
  );
}

/** Save and Cancel, with the saved / failed message announced. */
export function FormActions({
  busy,
  saved,
  onCancel,
  children,
}: {
  busy: boolean;
  saved: boolean;
  onCancel?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation("bo-property");
  return (
    <div className="bo-form-actions">
      <button type="submit" className="bo-button" disabled={busy}>
        {busy ? t("form.saving") : t("form.save")}
      </button>
      {onCancel ? (
        <button type="button" className="bo-button secondary" onClick={onCancel}>
          {t("form.cancel")}
        </button>
      ) : null}
      {children}
      <span role="status" className="bo-saved">
        {saved ? t("form.saved") : ""}
      </span>
    </div>
  );
}
