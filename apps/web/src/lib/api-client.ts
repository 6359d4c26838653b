import type { ErrorBody, ErrorDetail } from "@alloggio/domain/contract/common";

/** A failed call: the server's error code (translated by the app as `errors:<code>`), status and fields. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * The retry rule of every query: a network failure or a server error (5xx) is tried again, up to `times` more;
 * a 4xx is the server's answer (unknown channel, wrong code, too many tries) — asking again would not change it
 * and only delays what the page does about it (the boot's fallback, the not-found page).
 */
export function retryUnlessAnswered(times = 1) {
  return (failures: number, error: Error): boolean =>
    failures < times && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

export type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];

/** Builds `?a=1&b=2,3` from an object, leaving out empty values; lists become comma lists. */
export function toQuery(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0))
      continue;
    search.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

async function readError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as ErrorBody;
    return new ApiError(response.status, body.error.code, body.error.message, body.error.details);
  } catch {
    return new ApiError(response.status, "network", response.statusText);
  }
}

declare global {
  interface Window {
    /** Answers index.html's inline script asked for before the app ran, by address (ADR 0046). */
    alloggioEarly?: Record<string, Promise<Response>>;
  }
}

/** The early answer to this address, taken once (a retry asks again). */
function takeEarly(url: string): Promise<Response> | undefined {
  const early = typeof window === "undefined" ? undefined : window.alloggioEarly;
  const response = early?.[url];
  if (early && response) delete early[url];
  return response;
}

/** GET /api/<path> as JSON. The types come from the contract; the server validated the answer against it. */
export async function getJson<T>(
  path: string,
  params: Record<string, QueryValue> = {},
  init: RequestInit = {},
): Promise<T> {
  const url = `/api/${path}${toQuery(params)}`;
  const response = await (takeEarly(url) ??
    fetch(url, { ...init, headers: { Accept: "application/json", ...init.headers } }));
  if (!response.ok) throw await readError(response);
  return (await response.json()) as T;
}

/** GET /api/<path> as text (availCheck.do answers `true` or `false`). */
export async function getText(path: string, params: Record<string, QueryValue> = {}, init: RequestInit = {}) {
  const response = await fetch(`/api/${path}${toQuery(params)}`, init);
  if (!response.ok) throw await readError(response);
  return response.text();
}

/** POST /api/<path> with a JSON body, answering JSON; a failure throws `ApiError` like `getJson`. */
export async function postJson<T>(path: string, body: unknown, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`/api/${path}`, {
    ...init,
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json", ...init.headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await readError(response);
  return (await response.json()) as T;
}

/** DELETE /api/<path> with a JSON body (the voucher's proof), answering JSON; a failure throws `ApiError`. */
export async function deleteJson<T>(path: string, body: unknown, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`/api/${path}`, {
    ...init,
    method: "DELETE",
    headers: { Accept: "application/json", "Content-Type": "application/json", ...init.headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await readError(response);
  return (await response.json()) as T;
}

/** The file name of `Content-Disposition: attachment; filename="…"`, or null. */
function filenameOf(response: Response): string | null {
  const match = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "");
  return match?.[1] ?? null;
}

/** POST /api/<path> with a JSON body, answering a file (voucher.pdf); a failure throws `ApiError` like `postJson`. */
export async function postForFile(
  path: string,
  body: unknown,
  init: RequestInit = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await fetch(`/api/${path}`, {
    ...init,
    method: "POST",
    headers: { "Content-Type": "application/json", ...init.headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await readError(response);
  return { blob: await response.blob(), filename: filenameOf(response) };
}

/** A fresh key for one `Idempotency-Key` header (`crypto.randomUUID` needs a secure context: fall back). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
