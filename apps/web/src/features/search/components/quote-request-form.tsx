import { isValidEmail, normalizeEmail } from "@alloggio/domain/booking/guest-form";
import type { QuoteRequest, QuoteResponse } from "@alloggio/domain/contract/booking/manage";
import type { RoomOccupancy } from "@alloggio/domain/occupancy/occupancy";
import { searchPromoCode } from "@alloggio/domain/pricing/promo";
import { AlertTriangle, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError, newIdempotencyKey, postJson } from "../../../lib/api-client";
import { useFormatPrice } from "../../currency/use-format-price";
import { useHotel } from "../../hotel/hotel-context";
import { restoreSlots, searchScope } from "../../rooms/use-room-slots";
import { type SearchState, useSearchState } from "../search-state";

export type QuoteValues = {
  fullName: string;
  email: string;
  emailConfirm: string;
  phone: string;
  message: string;
  privacy: boolean;
};

/**
 * SPEC §5 guest form messages used here: required value, invalid e-mail address, e-mail addresses do not match, and
 * a value too long for the field.
 */
export type QuoteError = "required" | "email" | "emailMatch" | "tooLong";

/** The longest value of each field, as QuoteRequestSchema allows it. */
export const QUOTE_MAX_LENGTH = { fullName: 100, email: 254, phone: 30, message: 2000 } as const;

/**
 * The rules of QuoteRequestSchema (contract/booking/manage.ts), by hand with the domain's e-mail rule (no schema
 * library in the bundle): the server answers the same codes.
 */
export function validateQuote(values: QuoteValues): Partial<Record<keyof QuoteValues, QuoteError>> {
  const errors: Partial<Record<keyof QuoteValues, QuoteError>> = {};
  const email = values.email.trim();
  const confirm = values.emailConfirm.trim();
  if (!values.fullName.trim()) errors.fullName = "required";
  else if (values.fullName.trim().length > QUOTE_MAX_LENGTH.fullName) errors.fullName = "tooLong";
  if (!email) errors.email = "required";
  else if (!isValidEmail(email)) errors.email = "email";
  if (!confirm) errors.emailConfirm = "required";
  else if (!errors.email && normalizeEmail(email) !== normalizeEmail(confirm))
    errors.emailConfirm = "emailMatch";
  if (values.phone.trim().length > QUOTE_MAX_LENGTH.phone) errors.phone = "tooLong";
  if (values.message.trim().length > QUOTE_MAX_LENGTH.message) errors.message = "tooLong";
  if (!values.privacy) errors.privacy = "required";
  return errors;
}

/** The server's field message (a guest-form code) as the form's own. */
function toQuoteError(message: string): QuoteError {
  if (message === "invalid_email") return "email";
  if (message === "email_mismatch") return "emailMatch";
  if (message === "out_of_range") return "tooLong";
  return "required";
}

const FORM_FIELDS = new Set<string>(["fullName", "email", "emailConfirm", "phone", "message", "privacy"]);

/** The search the quote is about: dates, rooms and guests, promo code. */
export type QuoteSearch = Pick<
  SearchState,
  "arrival" | "departure" | "rooms" | "promoCode" | "hiddenPromocode"
>;

/**
 * The `quote.do` body: the stay, every room with its guests and — when the guest chose one in the results — its
 * room and rate (the choice saved for this search in session storage), and the guest's details.
 */
export function toQuoteRequest(
  values: QuoteValues,
  search: QuoteSearch,
  ids: { hotel: number; channel: number; language: number },
  chosen: readonly ({ roomId: number; rateId: number } | null)[] = [],
): QuoteRequest {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  return {
    channel: ids.channel,
    hotel: ids.hotel,
    language: ids.language,
    arrival: search.arrival,
    departure: search.departure,
    rooms: search.rooms.map((room: RoomOccupancy, i) => ({
      adults: room.adults,
      ages: [...room.ages],
      ...(chosen[i] ? { roomId: chosen[i].roomId, rateId: chosen[i].rateId } : {}),
    })),
    promoCode: optional(searchPromoCode(search) ?? ""),
    fullName: values.fullName.trim(),
    email: values.email.trim(),
    emailConfirm: values.emailConfirm.trim(),
    phone: optional(values.phone),
    message: optional(values.message),
    privacy: true,
  };
}

/** The rooms and rates chosen in the results for this search, per searched room (cross-booking segments left out). */
function chosenRooms(ids: { hotel: number; channel: number }, search: SearchState) {
  const storage = typeof window === "undefined" ? undefined : window.sessionStorage;
  const slots = restoreSlots(storage, searchScope(ids, search)) ?? [];
  return search.rooms.map((_, i) => {
    const slot = slots.find((s) => s.id === i + 1 && !s.cross);
    return slot?.selectedRoom && slot.selectedRate
      ? { roomId: slot.selectedRoom.id, rateId: slot.selectedRate.id }
      : null;
  });
}

/** `quote.do`: the hotel prices the stay and e-mails the quote to the guest and to itself. */
export function sendQuote(body: QuoteRequest, key: string): Promise<QuoteResponse> {
  return postJson<QuoteResponse>("quote.do", body, { headers: { "Idempotency-Key": key } });
}

const resolver: Resolver<QuoteValues> = async (values) => {
  const found = validateQuote(values);
  const entries = Object.entries(found);
  if (entries.length === 0) return { values, errors: {} };
  const errors: FieldErrors<QuoteValues> = {};
  for (const [name, type] of entries) errors[name as keyof QuoteValues] = { type, message: type };
  return { values: {}, errors };
};

const EMPTY: QuoteValues = {
  fullName: "",
  email: "",
  emailConfirm: "",
  phone: "",
  message: "",
  privacy: false,
};

export type QuoteRequestFormProps = {
  onClose: () => void;
  /** The stay being searched, in words, shown at the top of the form. */
  stay?: string | undefined;
  /** The search to quote; the one in the URL when not given. */
  search?: QuoteSearch | undefined;
};

type Sent = { email: string; total: number | null; currency: string };

/**
 * The quote request form (SPEC §1, §2), in a modal dialog: on a valid submit it sends `quote.do` with the search and
 * the rooms chosen in the results, then says the request is sent (with the quoted total) or why it was not.
 */
export function QuoteRequestForm({ onClose, stay, search }: QuoteRequestFormProps) {
  const { t } = useTranslation("search");
  const { ids } = useHotel();
  const [urlSearch] = useSearchState();
  const formatPrice = useFormatPrice();
  const dialog = useRef<HTMLDialogElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const [sent, setSent] = useState<Sent | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const idempotency = useRef<{ fingerprint: string; key: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<QuoteValues>({ defaultValues: EMPTY, resolver, mode: "onSubmit", reValidateMode: "onChange" });

  const submit = async (values: QuoteValues) => {
    setProblem(null);
    const stayed = search ?? urlSearch;
    const body = toQuoteRequest(values, stayed, ids, chosenRooms(ids, urlSearch));
    // One key per request; a retry of the same request after a lost answer keeps it, so one quote is sent.
    const fingerprint = JSON.stringify(body);
    if (idempotency.current?.fingerprint !== fingerprint)
      idempotency.current = { fingerprint, key: newIdempotencyKey() };
    try {
      const answer = await sendQuote(body, idempotency.current.key);
      idempotency.current = null;
      setSent({ email: body.email, total: answer.total, currency: answer.currency });
    } catch (err) {
      const error = err instanceof ApiError ? err : new ApiError(0, "network", String(err));
      if (error.status > 0 && error.status < 500 && error.code !== "request_in_progress")
        idempotency.current = null;
      const onFields = error.details.filter((d) => FORM_FIELDS.has(d.field));
      for (const detail of onFields)
        setError(detail.field as keyof QuoteValues, {
          type: "server",
          message: toQuoteError(detail.message),
        });
      if (onFields.length > 0 && onFields.length === error.details.length) return;
      setProblem(
        error.status === 429
          ? t("quote.error.rateLimited")
          : error.code === "network" || error.status >= 500
            ? t("quote.error.network")
            : t("quote.error.generic"),
      );
    }
  };

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) {
      if (typeof node.showModal === "function") node.showModal();
      else node.setAttribute("open", "");
    }
  }, []);

  useEffect(() => {
    if (sent) done.current?.focus();
  }, [sent]);

  const field = (name: keyof QuoteValues) => {
    const error = errors[name]?.message as QuoteError | undefined;
    const errorId = `${id}-${name}-error`;
    return {
      id: `${id}-${name}`,
      errorId,
      error: error ? t(`validation.${error}`) : null,
      aria: { "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined },
    };
  };

  const renderField = ({
    name,
    label,
    required,
    children,
  }: {
    name: keyof QuoteValues;
    label: string;
    required?: boolean;
    children: (f: ReturnType<typeof field>) => ReactNode;
  }) => {
    const f = field(name);
    return (
      <div className="field quote-form__field">
        <label htmlFor={f.id}>
          {label}{" "}
          <span className="quote-form__need">{required ? t("quote.required") : t("quote.optional")}</span>
        </label>
        {children(f)}
        {f.error ? (
          <p className="field__error" id={f.errorId}>
            {f.error}
          </p>
        ) : null}
      </div>
    );
  };

  const privacy = field("privacy");

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape does the same by keyboard
    <dialog
      ref={dialog}
      className="dialog quote-form"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className="quote-form__header">
        <h2 id={`${id}-title`} className="quote-form__title">
          {t("quote.title")}
        </h2>
        <button type="button" className="search-icon-button" aria-label={t("quote.close")} onClick={onClose}>
          <X aria-hidden="true" size={20} />
        </button>
      </div>
      {sent ? (
        <div className="quote-form__done">
          <p ref={done} role="status" tabIndex={-1}>
            {t("quote.sent", { email: sent.email })}
            {sent.total !== null
              ? ` ${t("quote.total", { total: formatPrice(sent.total, sent.currency) })}`
              : ""}
          </p>
          <button type="button" className="button" onClick={onClose}>
            {t("quote.close")}
          </button>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit(submit)}
          className="quote-form__form"
          aria-busy={isSubmitting}
        >
          <p className="quote-form__intro">{t("quote.intro")}</p>
          {stay ? <p className="quote-form__stay">{stay}</p> : null}
          {renderField({
            name: "fullName",
            label: t("quote.fullName"),
            required: true,
            children: (f) => (
              <input
                id={f.id}
                type="text"
                autoComplete="name"
                maxLength={100}
                aria-required="true"
                {...f.aria}
                {...register("fullName")}
              />
            ),
          })}
          {renderField({
            name: "email",
            label: t("quote.email"),
            required: true,
            children: (f) => (
              <input
                id={f.id}
                type="email"
                autoComplete="email"
                maxLength={254}
                aria-required="true"
                {...f.aria}
                {...register("email", { deps: ["emailConfirm"] })}
              />
            ),
          })}
          {renderField({
            name: "emailConfirm",
            label: t("quote.emailConfirm"),
            required: true,
            children: (f) => (
              <input
                id={f.id}
                type="email"
                autoComplete="email"
                maxLength={254}
                aria-required="true"
                {...f.aria}
                {...register("emailConfirm")}
              />
            ),
          })}
          {renderField({
            name: "phone",
            label: t("quote.phone"),
            children: (f) => (
              <input
                id={f.id}
                type="tel"
                autoComplete="tel"
                maxLength={30}
                {...f.aria}
                {...register("phone")}
              />
            ),
          })}
          {renderField({
            name: "message",
            label: t("quote.message"),
            children: (f) => (
              <textarea id={f.id} rows={4} maxLength={2000} {...f.aria} {...register("message")} />
            ),
          })}
          <div className="quote-form__consent">
            <input
              id={privacy.id}
              type="checkbox"
              aria-required="true"
              {...privacy.aria}
              {...register("privacy")}
            />
            <label htmlFor={privacy.id}>
              {t("quote.privacy")} <span className="quote-form__need">{t("quote.required")}</span>
            </label>
            {privacy.error ? (
              <p className="field__error" id={privacy.errorId}>
                {privacy.error}
              </p>
            ) : null}
          </div>
          <p
            ref={problemRef}
            role="alert"
            tabIndex={-1}
            className={problem ? "field__error quote-form__problem" : "visually-hidden"}
          >
            {problem ? (
              <>
                <AlertTriangle aria-hidden="true" focusable="false" size={18} />
                <span>{problem}</span>
              </>
            ) : null}
          </p>
          <div className="quote-form__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={onClose}
              disabled={isSubmitting}
            >
              {t("quote.cancel")}
            </button>
            <button type="submit" className="button" disabled={isSubmitting}>
              {isSubmitting ? t("quote.sending") : t("quote.submit")}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

export default QuoteRequestForm;
