import type { ErrorParams } from "@alloggio/domain/contract/common";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../lib/api-client";
import { detailText } from "./detail-text";
import { formatHotelDay } from "./format";

/** A back-office page: its heading (the one h1), the document title, an optional bar of actions. */
export function BoPage({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("bo");
  useEffect(() => {
    document.title = `${title} · ${t("product")}`;
  }, [title, t]);
  return (
    <div className="bo-page">
      <div className="bo-page-head">
        <h1>{title}</h1>
        {actions ? <div className="bo-page-actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/**
 * The translated text of a failed call: `<ns>:errors.<code>` of the page's namespace, then the back office's
 * (`bo:errors.<code>`), then the guest app's (`errors:<code>`), then a generic message.
 */
export function useErrorText(ns?: string): (error: unknown) => string {
  const { t } = useTranslation(["bo", "errors", ...(ns ? [ns] : [])]);
  return (error: unknown) => {
    const code = error instanceof ApiError ? error.code : "network";
    const keys = [...(ns ? [`${ns}:errors.${code}`] : []), `bo:errors.${code}`, `errors:${code}`];
    return t(keys, { defaultValue: t("bo:errors.generic") });
  };
}

/** "roomTypeIds" → "Room type ids": the fallback label of a field the catalogue does not name. */
const humanizeField = (field: string) => {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.[\]]+/g, " ")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What a refusal names, as the page writes it: days in its format, names in its language, numbers as they are. */
export function errorParamValues(params: ErrorParams | undefined, language: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (typeof value === "object")
      values[key] = value[language.slice(0, 2)] || value.en || Object.values(value)[0] || "";
    else if (typeof value === "string" && ISO_DAY.test(value)) values[key] = formatHotelDay(value, language);
    else values[key] = String(value);
  }
  return values;
}

/**
 * An alert with the translated message of a failed call, and the fields it names by their labels. The server's own
 * detail is English for developers; a person reads the page's `errors.<code>_detail` (with the detail, and the
 * names, days and numbers the refusal carries), else the check that failed (`detailText`).
 */
export function ErrorNotice({ error, ns }: { error: unknown; ns?: string }) {
  const text = useErrorText(ns);
  const { t, i18n } = useTranslation(["bo", ...(ns ? [ns] : [])]);
  if (!error) return null;
  const details = error instanceof ApiError ? error.details : [];
  const code = error instanceof ApiError ? error.code : "network";
  return (
    <div className="bo-error" role="alert">
      <p>{text(error)}</p>
      {details.length > 0 ? (
        <ul>
          {details.map((d) => (
            <li key={`${d.field}:${d.message}`}>
              {t(`bo:fields.${d.field.replace(/[^A-Za-z0-9_]/g, "_")}`, {
                defaultValue: humanizeField(d.field),
              })}
              {": "}
              {(ns
                ? t(`${ns}:errors.${code}_detail`, {
                    detail: d.message,
                    ...errorParamValues(d.params, i18n.language),
                    defaultValue: "",
                  })
                : "") || detailText(d)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A labelled form control with its hint and error, wired with aria-describedby. */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: (props: { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(error ? { "aria-invalid": true } : {}),
      })}
      {hint ? (
        <p id={hintId} className="bo-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="bo-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Previous / next paging with "page X of Y". */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("bo");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="bo-pager" aria-label={t("pager.label")}>
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        {t("pager.previous")}
      </button>
      <span aria-live="polite">{t("pager.position", { page, pages, total })}</span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        {t("pager.next")}
      </button>
    </nav>
  );
}

/** A short status message that screen readers announce (saved, sent, …). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="bo-notice" role="status">
      {children}
    </p>
  );
}

/**
 * The back office's modal dialog, always rendered and shown while `open`: the browser's own `<dialog>` (focus inside,
 * Escape closes it, then `onClose`), focus back to the opener when it closes; its content renders only while open.
 */
export function BoDialog({
  open,
  title,
  className,
  children,
  onClose,
}: {
  open: boolean;
  title: string;
  className: string;
  children: ReactNode;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
      return () => opener?.focus();
    }
    if (!open && dialog.open) dialog.close();
    return undefined;
  }, [open]);
  return (
    <dialog ref={ref} className={className} aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      {open ? children : null}
    </dialog>
  );
}
