import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import { type MailRecipe, mailOutbox } from "../../db/schema";
import type { OutgoingMail } from "./transport";

/** `database.db` or a transaction opened on it: enqueueing inside the booking transaction commits with it. */
export type MailExecutor = Db;

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A mail to put in the outbox: rendered already, or a recipe the worker renders before sending it (ADR 0047). */
export type OutboxInsert = (OutgoingMail | { render: MailRecipe }) & {
  reservationId?: number | null;
  now?: Date;
};

/** One multi-row insert for all the mails given; returns their ids in the same order. */
export async function insertOutboxMails(executor: MailExecutor, mails: OutboxInsert[]): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await executor
    .insert(mailOutbox)
    .values(
      mails.map((m) => ({
        reservationId: m.reservationId ?? null,
        ...("render" in m
          ? { render: m.render }
          : { to: m.to, subject: m.subject, html: m.html, text: m.text, attachments: m.attachments }),
        // Without `now`, the database's clock stamps the row and makes it due at once.
        ...(m.now ? { createdAt: m.now, nextAttemptAt: m.now } : {}),
      })),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((r) => r.id);
}

/**
 * Puts a reservation's mail recipes in the outbox in one statement, in their order; a recipe for the agency
 * (`reservation_agency`, ADR 0062) only when the reservation was booked by a trade customer. Returns the ids of the
 * rows written, in order.
 */
export async function insertReservationRecipes(
  executor: MailExecutor,
  reservationId: number,
  recipes: MailRecipe[],
  now?: Date,
): Promise<number[]> {
  if (recipes.length === 0) return [];
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const result = (await executor.execute(sql`
    insert into mail_outbox (reservation_id, render, created_at, next_attempt_at)
    select ${reservationId}, x.render, ${at}, ${at}
    from jsonb_array_elements(${JSON.stringify(recipes)}::jsonb) with ordinality as x(render, n)
    where x.render->>'kind' <> 'reservation_agency' or exists (select 1 from reservation r
      where r.id = ${reservationId} and (jsonb_typeof(r.agency) = 'object' or r.customer_id is not null))
    order by x.n
    returning id`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Whether the worker still has to render this mail before it can be sent. */
export const needsRendering = (row: Pick<OutboxRow, "render" | "renderedAt">): boolean =>
  row.render !== null && row.renderedAt === null;

/**
 * Keeps what the worker rendered, so that what is sent (and every retry of it) is that content; many rows in one
 * statement (a batch of the worker): each row's content and
 * `rendered_at`; with `release`, each is due again at `now` with the claim's attempt given back.
 */
export async function storeRenderedMails(
  executor: MailExecutor,
  rendered: { id: number; mail: OutgoingMail }[],
  now: Date,
  release = false,
): Promise<void> {
  if (rendered.length === 0) return;
  const rows = rendered.map(({ id, mail }) => ({
    id,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    attachments: mail.attachments,
  }));
  const at = now.toISOString();
  await executor.execute(sql`
    update mail_outbox m set "to" = x."to", subject = x.subject, html = x.html, "text" = x."text",
      attachments = x.attachments, rendered_at = ${at}::timestamptz, last_error = null,
      next_attempt_at = case when ${release} then ${at}::timestamptz else m.next_attempt_at end,
      attempts = case when ${release} then greatest(m.attempts - 1, 0) else m.attempts end
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(id int, "to" text, subject text, html text, "text" text, attachments jsonb)
    where m.id = x.id`);
}

/** Gives claimed rows back untouched: due at `now`, the claim's attempt not counted. */
export async function releaseMails(executor: MailExecutor, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await executor
    .update(mailOutbox)
    .set({ nextAttemptAt: now, attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)` })
    .where(inArray(mailOutbox.id, ids));
}

/** Every mail still to be rendered, oldest first (tests, and the mailbox of a server without a transport). */
export async function findUnrenderedMails(executor: MailExecutor, limit = 500): Promise<OutboxRow[]> {
  return executor
    .select()
    .from(mailOutbox)
    .where(and(isNotNull(mailOutbox.render), isNull(mailOutbox.renderedAt), eq(mailOutbox.status, "pending")))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
}

/**
 * Claims up to `limit` due rows: locks them with SKIP LOCKED (another deliverer skips them instead of waiting),
 * counts the attempt and moves `next_attempt_at` to `leaseUntil`, so no one else sees them as due while this
 * deliverer sends them, and a deliverer that dies mid-send leaves them to be retried after the lease.
 */
export async function claimDueMails(
  database: Database,
  now: Date,
  leaseUntil: Date,
  limit: number,
  /** Only mails still to be rendered (a render-only pass, without a transport). */
  onlyUnrendered = false,
): Promise<OutboxRow[]> {
  const unrendered = onlyUnrendered
    ? and(isNotNull(mailOutbox.render), isNull(mailOutbox.renderedAt))
    : undefined;
  return database.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now), unrendered))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
      .where(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    return claimed.sort((a, b) => a.id - b.id);
  });
}

export async function markMailSent(database: Database, id: number, now: Date): Promise<void> {
  await database.db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: now, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markMailFailedAttempt(
  database: Database,
  id: number,
  update: { status: "pending" | "failed"; nextAttemptAt: Date; lastError: string },
): Promise<void> {
  await database.db.update(mailOutbox).set(update).where(eq(mailOutbox.id, id));
}

export type OutboxSummary = Pick<
  OutboxRow,
  "id" | "to" | "subject" | "status" | "attempts" | "createdAt" | "sentAt" | "lastError"
> & { attachmentNames: string[] };

/** The newest mails first, without their bodies. */
export async function listOutbox(database: Database, limit = 200): Promise<OutboxSummary[]> {
  const rows = await database.db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      lastError: mailOutbox.lastError,
      attachmentNames: sql<
        string[]
      >`coalesce((select json_agg(a->>'filename') from jsonb_array_elements(${mailOutbox.attachments}) a), '[]'::json)`,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return rows;
}

export async function findOutboxMail(database: Database, id: number): Promise<OutboxRow | null> {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}
