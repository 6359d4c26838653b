import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/client";
import { AppError } from "./errors";
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  storeIdempotentRefusal,
} from "./idempotency-repository";

/**
 * A request still in progress this long is taken as dead (its process crashed) and may be taken over by a retry
 * with the same key and payload; until then the retry hears 409 `request_in_progress`. IDEMPOTENCY_STALE_SECONDS
 * shortens it (the crash tests of the reliability suite).
 */
const STALE_AFTER_SECONDS = Math.max(1, Number(process.env.IDEMPOTENCY_STALE_SECONDS) || 120);

export type StoredAnswer = { status: number; body: unknown };

/**
 * The key a request runs under. A `work` that writes its answer in its own transaction (the booking's one
 * statement, ADR 0052: `state = 'done'` with the 200 and the body it returns, where the row is still in progress)
 * sets `stored`, and the separate update is skipped: the answer then commits with what it answers for.
 */
export type IdempotencyClaim = { scope: string; key: string; stored: boolean };

/** A stable fingerprint of a payload: the same JSON in any key order gives the same text. */
export function fingerprint(payload: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === "object")
      return Object.fromEntries(
        Object.keys(value as object)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    return value;
  };
  return createHash("sha256")
    .update(JSON.stringify(canonical(payload)))
    .digest("hex");
}

export function readIdempotencyKey(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !/^[A-Za-z0-9_.:-]{8,128}$/.test(key))
    throw new AppError(
      "idempotency_key_required",
      400,
      "Idempotency-Key header: 8–128 letters, digits, _.:-",
      [{ field: "Idempotency-Key", message: "missing or malformed" }],
    );
  return key;
}

/**
 * Runs `work` once per (scope, key) (ARCHITECTURE §3): the first answer is stored with the payload's fingerprint;
 * a replay gets it back, a concurrent duplicate gets 409, the same key with another payload gets 422. Answers to
 * bad input (4xx) are stored too; a failure of ours (5xx) frees the key so the client can retry.
 */
export async function runIdempotent(
  database: Database,
  scope: string,
  key: string,
  payload: unknown,
  work: (claim: IdempotencyClaim) => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const print = fingerprint(payload);
  if (!(await claimIdempotencyKey(database, scope, key, print, STALE_AFTER_SECONDS))) {
    const existing = await findIdempotencyKey(database, scope, key);
    if (!existing) throw new AppError("conflict", 409, "Please try again");
    if (existing.fingerprint !== print)
      throw new AppError("idempotency_key_reused", 422, "This Idempotency-Key was used for another request", [
        { field: "Idempotency-Key", message: "used for another payload" },
      ]);
    if (existing.state !== "done")
      throw new AppError("request_in_progress", 409, "The same request is being processed", [
        { field: "Idempotency-Key", message: "in progress" },
      ]);
    return { status: existing.responseStatus ?? 200, body: existing.responseBody };
  }
  const claim: IdempotencyClaim = { scope, key, stored: false };
  try {
    const answer = await work(claim);
    if (claim.stored) return answer;
    await storeIdempotentAnswer(database, scope, key, answer);
    return answer;
  } catch (err) {
    // The answer committed with the work: it stands, a retry gets it.
    if (claim.stored) throw err;
    if (err instanceof AppError && err.status < 500) {
      const body = { error: { code: err.code, message: err.message, details: err.details } };
      await storeIdempotentRefusal(database, scope, key, err.status, body);
    } else {
      await releaseIdempotencyKey(database, scope, key);
    }
    throw err;
  }
}

/** A stored error answer is sent again with this request's id. */
function withRequestId(body: unknown, requestId: string): unknown {
  if (body && typeof body === "object" && "error" in body)
    return { error: { ...(body as { error: object }).error, requestId } };
  return body;
}

/**
 * A route's work once per Idempotency-Key (the request's header, required): `action` gets the key and its answer
 * is a 200; a replay, a concurrent duplicate or another payload under the key get what `runIdempotent` says.
 */
export async function replyIdempotent(
  database: Database,
  scope: string,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  action: (key: string, claim: IdempotencyClaim) => Promise<unknown>,
) {
  const key = readIdempotencyKey(request.headers["idempotency-key"]);
  const answer = await runIdempotent(database, scope, key, payload, async (claim) => ({
    status: 200,
    body: await action(key, claim),
  }));
  return reply.status(answer.status).send(withRequestId(answer.body, request.id) as never);
}
