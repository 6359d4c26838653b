/**
 * The paths of the manage-booking calls under `/api/` (the contract's MANAGE_PATHS without the prefix, checked
 * equal by a test): the contract module holds zod schemas, which stay out of the bundle.
 */
export const MANAGE_CALLS = {
  cancel: "delete.do",
  verifyDispo: "bol/reservation/verifyDispo",
  recalc: "bol/reservation/:code/recalc",
  modify: "bol/reservation/:code/modify",
  transferUpdate: "bol/transfer-update/:prId/:seId",
  payNow: "bol/reservation/:code/pay",
  authoriseNow: "bol/reservation/:code/authorise",
  activateInstallments: "bol/reservation/:code/installments",
  quote: "quote.do",
} as const;

/** A call's path with its `:params` filled in (encoded). */
export function managePath(name: keyof typeof MANAGE_CALLS, params: Record<string, string | number> = {}) {
  return MANAGE_CALLS[name].replace(/:([A-Za-z]+)/g, (_m, key: string) =>
    encodeURIComponent(String(params[key])),
  );
}

/** The `Idempotency-Key` header of a call that changes the reservation. */
export const withKey = (key: string) => ({ headers: { "Idempotency-Key": key } });
