import type { FastifyRequest } from "fastify";
import { MAX_URL_LENGTH } from "./url-limit";

/**
 * What the logs must not keep (ADR 0016): the voucher and 3-D Secure pages carry the
 * reservation code and the booker's e-mail in their path (SPEC §2), the voucher actions the code; whoever reads
 * the access log could open the voucher. Every request line is logged with these parts replaced.
 */
export const REDACTED = "[redacted]";

/**
 * An e-mail address, as typed or percent-encoded once or twice (`ada%2Blake%40example.test`): found from its `@`
 * (one pass over the text), never by a pattern that starts anywhere, which backtracked quadratically over a long
 * run of address characters without an `@` (a 16 KB query string cost 0.6 s of CPU).
 */
const AT = /@|%40|%2540/gi;
const LOCAL_CHAR = /[A-Za-z0-9._%+-]/;
const DOMAIN_CHAR = /[A-Za-z0-9-]/;
/** A reservation code: 16 symbols of its alphabet (any case), perhaps in groups of four with dashes. */
const CODE =
  /(?<![A-Za-z0-9-])(?:[0-9A-HJKMNP-TV-Z]{16}|(?:[0-9A-HJKMNP-TV-Z]{4}-){3}[0-9A-HJKMNP-TV-Z]{4})(?![A-Za-z0-9-])/gi;

/** The query parameters whose value is always dropped. */
const SECRET_PARAMS = new Set(["code", "mail", "email", "reservation", "prid", "cardtoken"]);

/** `text` with every e-mail address replaced: local part, `@` (or its encoding) and dotted domain. */
function redactEmails(text: string): string {
  let out = "";
  let done = 0; // text before this is in `out`
  let runStart = 0; // where the run of local-part characters ending at `scanned` starts
  let scanned = 0;
  for (const at of text.matchAll(AT)) {
    const index = at.index;
    if (index < done) continue;
    // Each character is looked at once: the local-part run is carried forward from the last `@`.
    for (; scanned < index; scanned++) if (!LOCAL_CHAR.test(text[scanned]!)) runStart = scanned + 1;
    const start = Math.max(runStart, done);
    let end = index + at[0].length;
    if (start === index || !DOMAIN_CHAR.test(text[end] ?? "")) continue;
    while (DOMAIN_CHAR.test(text[end] ?? "")) end++;
    while (text[end] === "." && DOMAIN_CHAR.test(text[end + 1] ?? ""))
      for (end++; DOMAIN_CHAR.test(text[end] ?? ""); ) end++;
    out += `${text.slice(done, start)}${REDACTED}`;
    done = end;
  }
  return done === 0 ? text : out + text.slice(done);
}

/** A text with every e-mail address and reservation code replaced (linear in its length). */
export function redactText(text: string): string {
  return redactEmails(text).replace(CODE, REDACTED);
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(decodeURIComponent(value));
  } catch {
    return value;
  }
}

/**
 * A request URL for the log: the segment after `/code/` and `/email/` (the pages), the code of
 * `/api/bol/reservation/:code/…` and `/api/bol/transfer-update/:prId/…`, the value of a query parameter that names
 * or holds a code, an e-mail or such a page, and any e-mail or code left anywhere else.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  const path = at < 0 ? url : url.slice(0, at);
  const query = at < 0 ? null : url.slice(at + 1);
  const safePath = path
    .replace(/\/(code|email)\/[^/]*/gi, `/$1/${REDACTED}`)
    .replace(/(\/api\/bol\/reservation\/)(?!verifyDispo(?:\/|$))[^/]+/i, `$1${REDACTED}`)
    .replace(/(\/api\/bol\/transfer-update\/)[^/]+/i, `$1${REDACTED}`);
  const safeQuery =
    query === null
      ? null
      : query
          .split("&")
          .map((pair) => {
            const eq = pair.indexOf("=");
            if (eq < 0) return pair;
            const name = pair.slice(0, eq);
            const value = decoded(pair.slice(eq + 1));
            const secret =
              SECRET_PARAMS.has(decoded(name).toLowerCase()) ||
              /\/(code|email)\//i.test(value) ||
              redactText(value) !== value;
            return secret ? `${name}=${REDACTED}` : pair;
          })
          .join("&");
  return redactText(safeQuery === null ? safePath : `${safePath}?${safeQuery}`);
}

/**
 * Fastify's request serializer with the URL redacted (the rest as Fastify logs it). Fastify passes its request
 * (typed as the raw one in its logger options).
 */
export function serializeRequest(raw: unknown) {
  const request = raw as FastifyRequest;
  return {
    method: request.method,
    // An address past the limit is refused (414) and not worth reading: its length is enough.
    url:
      request.url.length > MAX_URL_LENGTH
        ? `[${request.url.length} characters, over the limit]`
        : redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** A failed statement's text without its parameter values (drizzle appends them as `\nparams: …`). */
function withoutParams(text: string): string {
  const at = text.indexOf("\nparams: ");
  if (at < 0) return text;
  const end = text.indexOf("\n    at ", at + 1);
  return `${text.slice(0, at)}\nparams: ${REDACTED}${end < 0 ? "" : text.slice(end)}`;
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * An error for the log: its message and stack with e-mails and codes replaced (a database error quotes values), a
 * failed statement's parameters dropped whole (they hold names, phones, e-mails: the SQL is kept), its cause too.
 */
export function serializeError(err: Error, depth = 0): SerializedError {
  const statement = Array.isArray((err as { params?: unknown }).params);
  const clean = (text: string) => redactText(statement ? withoutParams(text) : text);
  const out: SerializedError = {
    type: err.name,
    message: clean(err.message),
    stack: clean(err.stack ?? ""),
  };
  for (const [key, value] of Object.entries(err))
    out[key] =
      statement && key === "params"
        ? REDACTED
        : typeof value === "string"
          ? clean(value)
          : value instanceof Error && depth < 3
            ? serializeError(value, depth + 1)
            : value;
  if (err.cause instanceof Error && !("cause" in out) && depth < 3)
    out.cause = serializeError(err.cause, depth + 1);
  return out;
}
