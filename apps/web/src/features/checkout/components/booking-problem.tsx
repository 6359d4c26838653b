import { AlertCircle } from "lucide-react";
import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import { href } from "../../../app/routes";
import type { QueryValue } from "../../../lib/api-client";
import { AppLink } from "../../../ui/app-link";
import { useHotel } from "../../hotel/hotel-context";

/** Error codes of the booking calls the page words itself (SPEC §8); any other is the generic failure. */
export const PROBLEM_CODES = [
  "sold_out",
  "prices_changed",
  "card_declined",
  "card_insufficient_funds",
  "payment_failed",
  "mandatory_service_missing",
  "idempotency_key_reused",
  "request_in_progress",
  "invalid_input",
  "payment_method_not_available",
  "network",
  "booking_failed",
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export function toProblemCode(code: string): ProblemCode {
  return (PROBLEM_CODES as readonly string[]).includes(code) ? (code as ProblemCode) : "booking_failed";
}

/** Codes after which the guest may simply send again: nothing was settled. */
const RETRYABLE: readonly ProblemCode[] = ["network", "request_in_progress"];

/** Codes of a payment that did not go through: the rooms are still there, another card (or method) may pay. */
export const PAYMENT_PROBLEMS: readonly ProblemCode[] = [
  "card_declined",
  "card_insufficient_funds",
  "payment_failed",
];

export type Problem = { code: ProblemCode; services?: boolean };

/**
 * A booking call that failed: what happened in words, and where to go from here (a new search, the services, or —
 * when only the payment failed — back to the card form of the same checkout, filled in as it was).
 */
export const BookingProblem = forwardRef<
  HTMLDivElement,
  {
    problem: Problem;
    searchQuery: Record<string, QueryValue>;
    onRetry?: (() => void) | undefined;
    /** Takes the guest to the payment (the card form when paying by card); `card` names the action. */
    toPayment?: { card: boolean; go: () => void } | undefined;
    /** False where there is no search to start again (an offer's confirmation). */
    newSearch?: boolean;
  }
>(function BookingProblem({ problem, searchQuery, onRetry, toPayment, newSearch = true }, ref) {
  const { t } = useTranslation(["checkout", "errors"]);
  const { ids } = useHotel();
  const toServices = problem.services || problem.code === "mandatory_service_missing";
  const paymentOnly = toPayment !== undefined && PAYMENT_PROBLEMS.includes(problem.code);
  return (
    <div className="problem" role="alert" tabIndex={-1} ref={ref}>
      <AlertCircle aria-hidden="true" focusable="false" size={22} className="problem__icon" />
      <div className="problem__body">
        <p className="problem__text">{t(`errors:${problem.code}`)}</p>
        <div className="problem__actions">
          {onRetry ? (
            <button type="button" className="button" onClick={onRetry}>
              {t("checkout:problem.retry")}
            </button>
          ) : null}
          {toServices ? (
            <AppLink className="button button--secondary" to={href("services", ids, searchQuery)}>
              {t("checkout:problem.services")}
            </AppLink>
          ) : null}
          {paymentOnly ? (
            <button type="button" className="button" onClick={toPayment.go}>
              {toPayment.card ? t("checkout:problem.anotherCard") : t("checkout:problem.payment")}
            </button>
          ) : null}
          {!newSearch || RETRYABLE.includes(problem.code) || paymentOnly ? null : (
            <AppLink className="button button--secondary" to={href("rooms", ids, searchQuery)}>
              {t("checkout:problem.newSearch")}
            </AppLink>
          )}
        </div>
      </div>
    </div>
  );
});
