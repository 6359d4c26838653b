import type { ReservationDetail } from "@alloggio/domain/contract/backoffice/reservations";
import { decimalTextOf, parseInputText } from "@alloggio/domain/money/amounts";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { newIdempotencyKey } from "../../lib/api-client";
import { ErrorNotice, Field } from "../ui";
import { captureAuthorisation, chargeGuarantee, type Done, releaseAuthorisation } from "./calls";

type Money = { currency: string; decimalDigits: number; minor: (m: number) => string };

/** What every card-hold dialog takes: the reservation's path, its money's format, and where it goes next. */
type DialogProps = { path: string; money: Money; onDone: Done; onBack: () => void };

/** The buttons of a card dialog: do it (once, while nothing is pending), or go back. */
function Buttons({
  go,
  pending,
  danger,
  onBack,
}: {
  go: string;
  pending: boolean;
  danger?: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation("bo-reservations");
  return (
    <div className="bor-dialog-actions">
      <button type="submit" className={`bo-button${danger ? " danger" : ""}`} disabled={pending}>
        {go}
      </button>
      <button type="button" className="bo-button secondary" onClick={onBack}>
        {t("dialog.back")}
      </button>
    </div>
  );
}

/** An amount typed in major units, as minor units; null when it is not a positive amount. */
function amountOf(text: string, decimalDigits: number): number | null {
  const minor = parseInputText(text, decimalDigits);
  return minor === null || !Number.isFinite(minor) || minor <= 0 ? null : minor;
}

/** Capture the pre-authorisation: all of it by default, or less (the rest is released). */
export function CaptureDialog({
  path,
  authorisedMinor,
  money,
  onDone,
  onBack,
}: DialogProps & { authorisedMinor: number }) {
  const { t } = useTranslation("bo-reservations");
  const [amount, setAmount] = useState(decimalTextOf(authorisedMinor, money.decimalDigits));
  const [fieldError, setFieldError] = useState<string | undefined>();
  // One key per opening of the dialog: a double click captures once.
  const [key] = useState(newIdempotencyKey);
  const capture = useMutation({
    mutationFn: (amountMinor: number) => captureAuthorisation(path, { amountMinor }, `${key}-${amountMinor}`),
    onSuccess: (answer) => onDone(t("done.capture", { amount: money.minor(answer.capturedMinor) })),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const amountMinor = amountOf(amount, money.decimalDigits);
    if (amountMinor === null) return setFieldError(t("transfer.amountInvalid"));
    setFieldError(undefined);
    capture.mutate(amountMinor);
  };
  return (
    <form onSubmit={onSubmit}>
      <p>{t("capture.text", { amount: money.minor(authorisedMinor) })}</p>
      <Field label={t("capture.amount", { currency: money.currency })} error={fieldError}>
        {(p) => (
          <input
            {...p}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            required
          />
        )}
      </Field>
      <ErrorNotice error={capture.error} ns="bo-reservations" />
      <Buttons go={t("capture.go")} pending={capture.isPending} onBack={onBack} />
    </form>
  );
}

/** Release the pre-authorisation: nothing is taken. */
export function ReleaseDialog({
  path,
  authorisedMinor,
  money,
  onDone,
  onBack,
}: DialogProps & { authorisedMinor: number }) {
  const { t } = useTranslation("bo-reservations");
  const [key] = useState(newIdempotencyKey);
  const release = useMutation({
    mutationFn: () => releaseAuthorisation(path, key),
    onSuccess: () => onDone(t("done.release")),
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        release.mutate();
      }}
    >
      <p>{t("release.text", { amount: money.minor(authorisedMinor) })}</p>
      <ErrorNotice error={release.error} ns="bo-reservations" />
      <Buttons go={t("release.go")} danger pending={release.isPending} onBack={onBack} />
    </form>
  );
}

type Reason = "no_show" | "late_cancellation";

/** Charge the card guarantee for a no-show or a late cancellation, by default what the rate charges. */
export function ChargeDialog({
  path,
  cancelled,
  totalMinor,
  defaults,
  money,
  onDone,
  onBack,
}: DialogProps & {
  cancelled: boolean;
  totalMinor: number;
  defaults: NonNullable<ReservationDetail["cardHold"]>["chargeDefaults"];
}) {
  const { t } = useTranslation("bo-reservations");
  // A cancelled reservation is charged for its late cancellation; one still booked, for a no-show.
  const reason: Reason = cancelled ? "late_cancellation" : "no_show";
  const [amount, setAmount] = useState(decimalTextOf(defaults[reason], money.decimalDigits));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [key] = useState(newIdempotencyKey);
  const charge = useMutation({
    mutationFn: (amountMinor: number) =>
      chargeGuarantee(path, { reason, amountMinor }, `${key}-${reason}-${amountMinor}`),
    onSuccess: (answer) =>
      onDone(
        t(answer.result === "charged" ? "done.charged" : "done.linkSent", {
          amount: money.minor(answer.amountMinor),
        }),
      ),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const amountMinor = amountOf(amount, money.decimalDigits);
    if (amountMinor === null) return setFieldError(t("transfer.amountInvalid"));
    setFieldError(undefined);
    charge.mutate(amountMinor);
  };
  return (
    <form onSubmit={onSubmit}>
      <p>{t("charge.text", { total: money.minor(totalMinor) })}</p>
      <p>
        <strong>{t("charge.reason")}</strong>: {t(`charge.${reason}`)}
      </p>
      <Field label={t("charge.amount", { currency: money.currency })} error={fieldError}>
        {(p) => (
          <input
            {...p}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            required
          />
        )}
      </Field>
      <ErrorNotice error={charge.error} ns="bo-reservations" />
      <Buttons go={t("charge.go")} danger pending={charge.isPending} onBack={onBack} />
    </form>
  );
}
