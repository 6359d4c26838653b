import type { ErrorDetail } from "@alloggio/domain/contract/common";

/** The one error that crosses HTTP: a code the web app translates (`errors.<code>`), a status, a safe message. */
export class AppError extends Error {
  /** For a 429: when to try again, in seconds (sent as `Retry-After`). */
  retryAfterSeconds?: number;

  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** Marks a refusal with the moment a retry may succeed (`Retry-After`, whole seconds, at least 1). */
export function retryAfter(error: AppError, until: Date, now: Date): AppError {
  error.retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return error;
}

export function badInput(field: string, message: string): AppError {
  return new AppError("invalid_input", 400, `${field}: ${message}`, [{ field, message }]);
}

export function notFound(field: string, message: string): AppError {
  return new AppError("not_found", 404, message, [{ field, message }]);
}

/**
 * Trade prices (trade rates, the customer's discount, commissions) belong to a logged-in trade customer: a
 * `customer` id sent by a caller is refused, never trusted (ADR 0013); the customer comes from the trade session
 * (`tradeCustomerForCall`, ADR 0029).
 */
export function refuseAnonymousCustomer(customer: number | undefined): void {
  if (customer === undefined) return;
  throw new AppError("trade_login_required", 403, "customer: trade prices need a trade customer's login", [
    { field: "customer", message: "needs a trade customer's login" },
  ]);
}
