/** The HTTP layer's own table (ARCHITECTURE §3): idempotency keys and the answers stored under them. */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { idempotencyKey } from "../db/schema";

/**
 * Claims (scope, key) for a request with this payload fingerprint: a new key, or one whose request died in progress
 * (older than `staleAfterSeconds`) with the same payload. True when this request now holds it.
 */
export async function claimIdempotencyKey(
  database: Database,
  scope: string,
  key: string,
  print: string,
  staleAfterSeconds: number,
): Promise<boolean> {
  // Raw and prepared: every booking and payment call runs it (ADR 0052).
  const claimed = await database.queryPrepared<{ key: string }>(sql`
    insert into idempotency_key as k (scope, key, fingerprint, state) values (${scope}, ${key}, ${print}, 'in_progress')
    on conflict (scope, key) do update set state = 'in_progress', created_at = now()
      -- Take over only a request that died in progress, with the same payload.
      where k.state = 'in_progress' and k.fingerprint = ${print}
        and k.created_at < now() - make_interval(secs => ${staleAfterSeconds})
    returning k.key`);
  return claimed.length > 0;
}

/** The stored row of (scope, key), or undefined. */
export async function findIdempotencyKey(database: Database, scope: string, key: string) {
  const [existing] = await database.db
    .select()
    .from(idempotencyKey)
    .where(and(eq(idempotencyKey.scope, scope), eq(idempotencyKey.key, key)));
  return existing;
}

/** The work's answer, stored under its key (prepared: every booking and payment call runs it). */
export async function storeIdempotentAnswer(
  database: Database,
  scope: string,
  key: string,
  answer: { status: number; body: unknown },
) {
  await database.queryPrepared(sql`update idempotency_key set state = 'done',
      response_status = ${answer.status}::smallint, response_body = ${answer.body == null ? null : JSON.stringify(answer.body)}::jsonb
      where scope = ${scope} and key = ${key}`);
}

/** A refusal (4xx) stored under its key: a replay gets the same answer. */
export async function storeIdempotentRefusal(
  database: Database,
  scope: string,
  key: string,
  status: number,
  body: unknown,
) {
  await database.db
    .update(idempotencyKey)
    .set({ state: "done", responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKey.scope, scope), eq(idempotencyKey.key, key)));
}

/** Frees the key after a failure of ours, so the client can retry. */
export async function releaseIdempotencyKey(database: Database, scope: string, key: string) {
  await database.db
    .delete(idempotencyKey)
    .where(and(eq(idempotencyKey.scope, scope), eq(idempotencyKey.key, key)));
}
