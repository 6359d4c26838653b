import type { FastifyRequest } from "fastify";

/**
 * What the logs must not keep (issue 11 item 22, ADR 0016): the voucher and 3-D Secure pages carry the
 * reservation code and the booker's e-mail in their path (SPEC §2), the voucher actions the code; whoever reads
 * the access log could open the voucher. Every request line is logged with these parts replaced.
 */
export const REDACTED = "[redacted]";

/** An e-mail address, as typed or percent-encoded once or twice (`ada%2Blake%40example.test`). */
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40|%2540)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*/gi;
/** A reservation code: 16 symbols of its alphabet (any case), perhaps in groups of four with dashes. */
const CODE =
  /(?<![A-Za-z0-9-])(?:[0-9A-HJKMNP-TV-Z]{16}|(?:[0-9A-HJKMNP-TV-Z]{4}-){3}[0-9A-HJKMNP-TV-Z]{4})(?![A-Za-z0-9-])/gi;

/** The query parameters whose value is always dropped. */
const SECRET_PARAMS = new Set(["code", "mail", "email", "reservation", "prid", "cardtoken"]);

/** A text with every e-mail address and reservation code replaced. */
export function redactText(text: string): string {
  return text.replace(EMAIL, REDACTED).replace(CODE, REDACTED);
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
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** An error for the log: its message and stack with e-mails and codes replaced (a database error quotes values). */
export function serializeError(err: Error): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: err.name,
    message: redactText(err.message),
    stack: redactText(err.stack ?? ""),
  };
  for (const [key, value] of Object.entries(err))
    out[key] = typeof value === "string" ? redactText(value) : value;
  return out;
}
