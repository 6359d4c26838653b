import type { ErrorBody } from "@alloggio/domain/contract/common";
import { ApiError } from "../../../lib/api-client";

/** A fresh key for one `Idempotency-Key` header (`crypto.randomUUID` needs a secure context: fall back). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * POST /api/<path> with a JSON body, answering JSON; a failure throws `ApiError` with the server's code, like
 * `getJson` of `lib/api-client`.
 */
export async function postJson<T>(path: string, body: unknown, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`/api/${path}`, {
    ...init,
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json", ...init.headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    let error: ApiError;
    try {
      const answer = (await response.json()) as ErrorBody;
      error = new ApiError(response.status, answer.error.code, answer.error.message, answer.error.details);
    } catch {
      error = new ApiError(response.status, "network", response.statusText);
    }
    throw error;
  }
  return (await response.json()) as T;
}
