// The AlpineBits exchange log (ADR 0083): every exchange that passed authentication, so a hotel can answer "why did
// my availability change?". Written around the action's dispatch; a failed write never fails the exchange.

import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { ALPINEBITS_BODY_DAYS } from "@alloggio/domain/contract/backoffice/alpinebits";
import type { Database } from "../../db/client";
import type { AlpineBitsClient } from "./clients";
import { insertExchange, purgeExchangeBodies } from "./exchange-repository";
import { findClientHotelByCode } from "./repository";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

const DAY_MS = 86_400_000;
// What a row keeps of the texts: enough to read, bounded whatever a message carries.
const MAX_TEXTS = 100;
const MAX_TEXT_CHARS = 1_000;
const MAX_ACTION_CHARS = 100;
// Every request names its HotelCode near its start; a cut request has no code found past this.
const HOTEL_CODE_SCAN_CHARS = 64 * 1024;

export type ExchangeResult = "success" | "warning" | "error" | "refused";
type Answer = { status: number; contentType: string; body: string };

/** The first HotelCode attribute of the request's first 64 KB (every request that names a hotel names it there). */
export function hotelCodeOf(request: string | undefined): string | undefined {
  const match = /\bHotelCode\s*=\s*(["'])([^"'<>]{1,16})\1/.exec(
    (request ?? "").slice(0, HOTEL_CODE_SCAN_CHARS),
  );
  return match?.[2];
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
const decodeEntities = (text: string) =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (whole, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? whole;
    const code =
      name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
const bounded = (texts: string[]) => texts.slice(0, MAX_TEXTS).map((t) => t.slice(0, MAX_TEXT_CHARS));

/**
 * What an answer says: refused (a plain-text ERROR line), error (its document's Errors), warning (its Warnings —
 * the handshake's ALPINEBITS_HANDSHAKE warning carries the intersection, not a warning) or success.
 */
export function outcomeOf(answer: Answer): { result: ExchangeResult; warnings: string[]; errors: string[] } {
  if (answer.status !== 200 || !answer.contentType.startsWith("application/xml"))
    return {
      result: answer.status >= 500 ? "error" : "refused",
      warnings: [],
      errors: bounded([answer.body.replace(/^ERROR:/, "")]),
    };
  const warnings: string[] = [];
  const errors: string[] = [];
  for (const m of answer.body.matchAll(/<(Warning|Error)(\s[^>]*?)?(?:\/>|>([^<]*)<\/\1>)/g)) {
    const attributes = m[2] ?? "";
    if (m[1] === "Warning" && /\bStatus\s*=\s*"ALPINEBITS_HANDSHAKE"/.test(attributes)) continue;
    (m[1] === "Warning" ? warnings : errors).push(decodeEntities(m[3] ?? "").trim());
  }
  const result =
    errors.length > 0 || /<Errors[\s>]/.test(answer.body)
      ? "error"
      : warnings.length > 0
        ? "warning"
        : "success";
  return { result, warnings: bounded(warnings), errors: bounded(errors) };
}

type LogDeps = { database: Database; now: () => Date };

async function write(
  deps: LogDeps,
  client: AlpineBitsClient,
  rq: { action: string | undefined; request: string | undefined },
  at: Date,
  answer: Answer,
): Promise<void> {
  const request = rq.request ?? "";
  const code = hotelCodeOf(request);
  const hotel = code ? await findClientHotelByCode(deps.database.db, client.id, code) : undefined;
  const { result, warnings, errors } = outcomeOf(answer);
  const [requestGzip, responseGzip] = await Promise.all([gzipAsync(request), gzipAsync(answer.body)]);
  await insertExchange(deps.database.db, {
    at,
    clientId: client.id,
    groupId: client.groupId,
    hotelId: hotel?.hotelId ?? null,
    action: (rq.action ?? "").trim().slice(0, MAX_ACTION_CHARS),
    httpStatus: answer.status,
    result,
    warnings,
    errors,
    requestBytes: Buffer.byteLength(request),
    responseBytes: Buffer.byteLength(answer.body),
    requestGzip,
    responseGzip,
  });
}

/**
 * Runs an authenticated exchange and writes it to the log. The answer is the exchange's whatever the log does: a
 * failed write is reported on the console. An exchange that throws is logged as a 500 and thrown on.
 */
export async function withExchangeLog(
  deps: LogDeps,
  client: AlpineBitsClient,
  rq: { action: string | undefined; request: string | undefined },
  run: () => Promise<Answer>,
): Promise<Answer> {
  const at = deps.now();
  let answer: Answer;
  try {
    answer = await run();
  } catch (err) {
    const failed = { status: 500, contentType: "text/plain", body: "ERROR:internal server error" };
    await write(deps, client, rq, at, failed).catch(() => undefined);
    throw err;
  }
  try {
    await write(deps, client, rq, at, answer);
  } catch (err) {
    // The query error carries the bodies (up to 10 MB): its cause says enough.
    const cause = (err as { cause?: unknown }).cause ?? err;
    console.error(
      "[alloggio] the AlpineBits exchange log could not be written:",
      String(cause).slice(0, 500),
    );
  }
  return answer;
}

/** A stored gzipped body as text. */
export async function bodyText(stored: unknown): Promise<string | null> {
  if (stored === null || stored === undefined) return null;
  const bytes = Buffer.isBuffer(stored) ? stored : Buffer.from(stored as Uint8Array);
  return (await gunzipAsync(bytes)).toString("utf8");
}

/** Forgets the bodies of exchanges older than 14 days (the rows stay); answers how many. */
export function purgeAlpineBitsBodies(database: Database, now: Date): Promise<number> {
  return purgeExchangeBodies(database.db, new Date(now.getTime() - ALPINEBITS_BODY_DAYS * DAY_MS));
}
