import { CSRF_HEADER } from "@alloggio/domain/contract/backoffice/access";
import type { ErrorDetail } from "@alloggio/domain/contract/common";
import { ApiError, type QueryValue, toQuery } from "../lib/api-client";
import { detailText } from "./detail-text";

// Calls to /api/backoffice: the session cookie goes by itself; every change carries the session's CSRF token.

let csrfToken = "";

/** The session's CSRF token, from `me` or the sign-in answer. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** Called when the server says the session is gone (401): the shell sends the user to sign in. */
let onSignedOut: () => void = () => {};
export function onSessionLost(handler: () => void): void {
  onSignedOut = handler;
}

async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as {
      error: { code: string; message: string; details?: ErrorDetail[] };
    };
    return new ApiError(response.status, body.error.code, body.error.message, body.error.details);
  } catch {
    return new ApiError(response.status, "network", response.statusText);
  }
}

async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`/api/backoffice/${path}`, {
    method,
    credentials: "same-origin",
    headers: {
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(method === "GET" ? {} : { [CSRF_HEADER]: csrfToken }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    const error = await errorOf(response);
    if (response.status === 401 && error.code === "staff_sign_in_required" && path !== "me") onSignedOut();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const boGet = <T>(path: string, query: Record<string, QueryValue> = {}) =>
  call<T>("GET", `${path}${toQuery(query)}`);
/** `headers`: e.g. an Idempotency-Key, for a change a double click must not make twice. */
export const boPost = <T>(path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  call<T>("POST", path, body, headers);
export const boPut = <T>(path: string, body: unknown) => call<T>("PUT", path, body);
export const boPatch = <T>(path: string, body: unknown) => call<T>("PATCH", path, body);
export const boDelete = <T>(path: string) => call<T>("DELETE", path);

/** A multipart upload (photos, attachments) with the CSRF token. */
export async function boUpload<T>(path: string, form: FormData): Promise<T> {
  const response = await fetch(`/api/backoffice/${path}`, {
    method: "POST",
    credentials: "same-origin",
    headers: { Accept: "application/json", [CSRF_HEADER]: csrfToken },
    body: form,
  });
  if (!response.ok) throw await errorOf(response);
  return (await response.json()) as T;
}

/**
 * What is wrong with a field of a refused form, in the page's language (`name`, `name.en`, `ratePlanIds[0]` all
 * count for `name`).
 */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const detail = error.details.find(
    (d) => d.field === field || d.field.startsWith(`${field}.`) || d.field.startsWith(`${field}[`),
  );
  return detail ? detailText(detail) : undefined;
}
