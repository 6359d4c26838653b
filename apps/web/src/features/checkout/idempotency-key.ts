import { newIdempotencyKey } from "../../lib/api-client";

/** Session storage of the booking's `Idempotency-Key`: one per checkout, kept across a retry after a network error. */
export const IDEMPOTENCY_STORAGE_KEY = "checkoutIdempotencyKey";

type Saved = { scope: string; key: string };

/** The key of this checkout (the search it books), created and kept on first use. */
export function idempotencyKeyFor(storage: Storage | undefined, scope: string): string {
  try {
    const raw = storage?.getItem(IDEMPOTENCY_STORAGE_KEY);
    const saved = raw ? (JSON.parse(raw) as Saved) : null;
    if (saved && saved.scope === scope && typeof saved.key === "string") return saved.key;
  } catch {
    // Unreadable: start a new one.
  }
  const key = newIdempotencyKey();
  try {
    storage?.setItem(IDEMPOTENCY_STORAGE_KEY, JSON.stringify({ scope, key } satisfies Saved));
  } catch {
    // Storage blocked: the key lives for this attempt only.
  }
  return key;
}

/**
 * Forgets the key once the server has answered for good (booked, or refused this payload): a corrected form is
 * another request and needs another key, or the server answers `idempotency_key_reused`.
 */
export function forgetIdempotencyKey(storage: Storage | undefined): void {
  try {
    storage?.removeItem(IDEMPOTENCY_STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}

/** The server did not settle the request: a network failure, its own failure, the same request still running or racing. */
export function isUnsettled(error: { status: number; code: string } | null): boolean {
  return (
    error === null || error.status >= 500 || error.code === "request_in_progress" || error.code === "network"
  );
}
