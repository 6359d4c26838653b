import type { Offer } from "@alloggio/domain/contract/offers/view";
import { MAX_REJECTION_REASON } from "@alloggio/domain/messaging/limits";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { ModalDialog } from "../../ui/modal-dialog";
import { rejectOffer } from "./api";

/** Answers after which the offer has moved on (expired, confirmed in another tab): the page reloads its state. */
const GONE = new Set(["offer_closed", "offer_expired", "offer_unavailable", "offer_unlock_required"]);

/**
 * "Not for me": the browser's own modal dialog (focus kept inside, Escape closes), named by its title, with the
 * required reason (≤ 1000 characters, a counter) the hotel reads.
 */
export function RejectDialog(props: {
  offerCode: string;
  onClose: () => void;
  onRejected: (offer: Offer) => void;
  onGone: () => void;
}) {
  const { t } = useTranslation("offers");
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => field.current?.focus(), []);

  const close = () => {
    if (!sending) props.onClose();
  };

  const send = async () => {
    const text = reason.trim();
    if (!text) {
      setError(t("reject.required"));
      field.current?.focus();
      return;
    }
    if (text.length > MAX_REJECTION_REASON) {
      setError(t("reject.tooLong", { max: MAX_REJECTION_REASON }));
      field.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      const answer = await rejectOffer(props.offerCode, text);
      props.onRejected(answer.offer);
    } catch (err) {
      setSending(false);
      if (err instanceof ApiError && GONE.has(err.code)) {
        props.onGone();
        return;
      }
      setError(
        err instanceof ApiError && err.code === "rate_limited"
          ? t("errors.rate_limited")
          : t("errors.network"),
      );
    }
  };

  const describedBy = [`${id}-hint`, `${id}-count`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <ModalDialog
      classPrefix="offer-dialog"
      title={t("reject.title")}
      closeLabel={t("reject.close")}
      onClose={props.onClose}
      busy={sending}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-reason`}>
            {t("reject.reason")} <span className="offer-required">{t("required")}</span>
          </label>
          <p id={`${id}-hint`} className="muted offer-hint">
            {t("reject.hint")}
          </p>
          <textarea
            ref={field}
            id={`${id}-reason`}
            rows={5}
            maxLength={MAX_REJECTION_REASON}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (error && event.target.value.trim()) setError(null);
            }}
          />
          <p id={`${id}-count`} className="muted offer-counter">
            {t("reject.count", { count: reason.length, max: MAX_REJECTION_REASON })}
          </p>
          {error ? (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="offer-dialog__actions">
          <button type="submit" className="button" disabled={sending} aria-busy={sending || undefined}>
            {sending ? t("reject.sending") : t("reject.send")}
          </button>
          <button type="button" className="button button--secondary" onClick={close} disabled={sending}>
            {t("reject.cancel")}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
