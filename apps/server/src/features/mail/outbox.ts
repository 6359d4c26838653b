import { setTimeout as sleep } from "node:timers/promises";
import type { Database } from "../../db/client";
import type { MailRecipe } from "../../db/schema";
import {
  claimDueMails,
  findUnrenderedMails,
  insertOutboxMails,
  type MailExecutor,
  markMailFailedAttempt,
  markMailSent,
  needsRendering,
  type OutboxRow,
  releaseMails,
  storeRenderedMails,
} from "./repository";
import type { MailTransport, OutgoingMail } from "./transport";

export type { MailExecutor } from "./repository";

/** After this many attempts a mail is `failed`; it stays in the outbox, listed at /dev/mailbox. */
export const MAX_MAIL_ATTEMPTS = 20;
const MINUTE_MS = 60_000;
const MAX_BACKOFF_MS = 6 * 60 * MINUTE_MS;
/** One send never takes longer than this (nodemailer's own timeouts are shorter; this is the backstop). */
const SEND_TIMEOUT_MS = 60_000;

/** `now` (the caller's clock) stamps the row and makes it due from then; the database's clock otherwise. */
export type MailToEnqueue = OutgoingMail & { reservationId?: number | null; now?: Date };

export type DeliveryCounts = { claimed: number; sent: number; retried: number; failed: number };

/** Renders one outbox recipe (ADR 0047) of a reservation, `at` the time it was enqueued. */
export type RenderRecipe = (reservationId: number, recipe: MailRecipe, at: Date) => Promise<OutgoingMail>;

/**
 * What renders the recipes: the outbox only stores and sends, the layer above it (the documents, which read the
 * reservation and draw its PDFs) renders. Called once per batch, so that a renderer may read a reservation once
 * for all its mails in the batch.
 */
export type RecipeRenderer = () => RenderRecipe;

/**
 * Puts a mail in the outbox with the executor given: pass the booking transaction so the mail exists exactly
 * when the reservation does (the outbox pattern). Returns the row id.
 */
export async function enqueueMail(executor: MailExecutor, mail: MailToEnqueue): Promise<number> {
  const [id] = await insertOutboxMails(executor, [mail]);
  if (id === undefined) throw new Error("enqueueMail: the insert returned no row");
  return id;
}

/** Minutes to wait after the n-th failed attempt: 1, 2, 4, 8 … capped at 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MINUTE_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000);
}

async function sendWithTimeout(transport: MailTransport, mail: OutgoingMail): Promise<{ messageId: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`send timed out after ${SEND_TIMEOUT_MS} ms`)),
      SEND_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([transport.send(mail), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function toOutgoing(row: OutboxRow): OutgoingMail {
  return { to: row.to, subject: row.subject, html: row.html, text: row.text, attachments: row.attachments };
}

/**
 * Renders the mails of `rows` that wait to be rendered, one reservation read per reservation (its guest's and
 * hotel's mails share it): the content, or the error that stopped it, per row id.
 */
async function renderRows(
  rows: OutboxRow[],
  renderer: RecipeRenderer,
  renderShare = 1,
  shouldStop: () => boolean = () => false,
): Promise<Map<number, { mail: OutgoingMail } | { error: unknown }>> {
  const render = renderer();
  const out = new Map<number, { mail: OutgoingMail } | { error: unknown }>();
  let lastRenderMs = 0;
  for (const row of rows) {
    if (!needsRendering(row) || !row.render) continue;
    // Stopping (the server shuts down): the rest of the batch is left unrendered and released by the caller.
    if (shouldStop()) break;
    const started = performance.now();
    // Rendering (the PDF above all) is CPU, on the job's PDF thread (ADR 0055) or the server's event loop: after
    // each mail the job waits so that it takes at most `renderShare` of the time, and requests go first. Mail is
    // late under load, never lost.
    if (renderShare < 1 && out.size > 0) await sleep(lastRenderMs * (1 / renderShare - 1));
    try {
      if (row.reservationId === null) throw new Error("render: a recipe without its reservation");
      const mail = await render(row.reservationId, row.render, row.createdAt);
      out.set(row.id, { mail });
    } catch (error) {
      out.set(row.id, { error });
    }
    lastRenderMs = performance.now() - started;
  }
  return out;
}

async function recordFailure(
  database: Database,
  row: OutboxRow,
  now: Date,
  error: unknown,
  counts: DeliveryCounts,
): Promise<void> {
  const isFinal = row.attempts >= MAX_MAIL_ATTEMPTS;
  await markMailFailedAttempt(database, row.id, {
    status: isFinal ? "failed" : "pending",
    nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
    lastError: describeError(error),
  });
  if (isFinal) counts.failed += 1;
  else counts.retried += 1;
}

/**
 * Sends the mails due at `now` (at most `limit`): each is claimed under a lease long enough for the whole batch,
 * so several processes can run this at once and none sends a row another has claimed. A mail enqueued as a recipe
 * (ADR 0047) is rendered first, under the same lease, and its content stored, so what was sent is kept and a
 * retry sends the same. A sent mail gets `sent` and `sent_at`; a failure to render or to send stays `pending`
 * with the next attempt 1, 2, 4 … minutes later (at most 6 h), and becomes `failed` after MAX_MAIL_ATTEMPTS.
 * Rows are never deleted.
 *
 * Without a transport (no SMTP configured) it only renders: the mails wait, readable, until one is configured.
 */
export async function deliverOutbox(
  database: Database,
  transport: MailTransport | null,
  now: Date,
  /** What renders the recipes (`deliverDueMail` of the documents gives the reservations' renderer). */
  renderer: RecipeRenderer,
  limit = 20,
  /** The share of the time rendering may take (the job: a quarter); 1: render without pause (tests). */
  renderShare = 1,
  /** True once the job is stopping: rendering ends after the current mail, the rest is released at once. */
  shouldStop: () => boolean = () => false,
): Promise<DeliveryCounts> {
  const leaseUntil = new Date(now.getTime() + limit * SEND_TIMEOUT_MS + 5 * MINUTE_MS);
  const rows = await claimDueMails(database, now, leaseUntil, limit, transport === null);
  const counts: DeliveryCounts = { claimed: rows.length, sent: 0, retried: 0, failed: 0 };
  const rendered = await renderRows(rows, renderer, renderShare, shouldStop);
  // Rows left unrendered by a stop: due again at once, their attempt given back, for the next process or run.
  const left = rows.filter((row) => needsRendering(row) && !rendered.has(row.id)).map((row) => row.id);
  await releaseMails(database.db, left, now);
  // What was rendered is stored before anything is sent (one statement for the batch): a retry sends the same.
  // Without a transport the rows are released at once, due as they were: they go when a transport is there.
  const made = rows.flatMap((row) => {
    const render = rendered.get(row.id);
    return render && "mail" in render ? [{ id: row.id, mail: render.mail }] : [];
  });
  await storeRenderedMails(database.db, made, now, transport === null);
  for (const row of rows) {
    let mail = toOutgoing(row);
    const render = rendered.get(row.id);
    if (render && "error" in render) {
      await recordFailure(database, row, now, render.error, counts);
      continue;
    }
    if (render) mail = render.mail;
    else if (needsRendering(row)) continue;
    if (!transport) continue;
    try {
      await sendWithTimeout(transport, mail);
    } catch (error) {
      await recordFailure(database, row, now, error, counts);
      continue;
    }
    await markMailSent(database, row.id, now);
    counts.sent += 1;
  }
  return counts;
}

/**
 * Renders every mail still waiting to be rendered, at once and without a lease (tests read the outbox after a
 * request; one process). A mail that fails to render is left as it was. Returns how many were rendered.
 */
export async function renderPendingOutbox(
  database: Database,
  renderer: RecipeRenderer,
  now = new Date(),
): Promise<number> {
  const rows = await findUnrenderedMails(database.db);
  const rendered = await renderRows(rows, renderer);
  const made: { id: number; mail: OutgoingMail }[] = [];
  for (const row of rows) {
    const render = rendered.get(row.id);
    if (!render) continue;
    if ("error" in render) throw render.error;
    made.push({ id: row.id, mail: render.mail });
  }
  await storeRenderedMails(database.db, made, now);
  return made.length;
}
