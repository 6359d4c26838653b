import { setTimeout as sleep } from "node:timers/promises";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { startTestSmtpServer, type TestSmtpServer } from "@alloggio/test-kit/mail";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { deliverDueMail } from "../voucher-pdf";
import { enqueueMail, MAX_MAIL_ATTEMPTS, type MailToEnqueue, retryDelayMs } from "./outbox";
import { createSmtpTransport, type MailTransport, type OutgoingMail } from "./transport";

let database: Database;
let smtp: TestSmtpServer;
let transport: MailTransport;
const clock = fixedClock("2030-01-05T10:00:00Z");
const MINUTE = 60_000;

const aMail = (overrides: Partial<MailToEnqueue> = {}): MailToEnqueue => ({
  to: "guest@example.test",
  subject: "Hello",
  html: "<p>Hello</p>",
  text: "Hello",
  attachments: [],
  now: clock.now(),
  ...overrides,
});

const rowOf = async (id: number) => {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
};

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
  transport = createSmtpTransport(smtp.url, { from: "Alloggio <bookings@alloggio.test>" });
});

afterAll(async () => {
  transport?.close?.();
  await smtp?.close();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(mailOutbox);
  smtp.received.length = 0;
  smtp.rejecting = false;
});

describe("enqueueMail", () => {
  it("writes inside the caller's transaction: rolled back with it, committed with it", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, aMail({ subject: "rolled back" }));
        throw new Error("booking failed");
      }),
    ).rejects.toThrow("booking failed");
    const id = await database.db.transaction((tx) => enqueueMail(tx, aMail({ subject: "committed" })));
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.map((r) => r.subject)).toEqual(["committed"]);
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: clock.now() });
  });
});

describe("deliverDueMail through a real SMTP server", () => {
  it("sends a due mail with its attachment and marks it sent", async () => {
    const id = await enqueueMail(
      database.db,
      aMail({
        subject: "Prenotazione – è confermata",
        attachments: [
          { filename: "stay.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR" },
        ],
      }),
    );
    const counts = await deliverDueMail(database, transport, clock.now());
    expect(counts).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toBe("Prenotazione – è confermata");
    expect(mail?.envelopeTo).toEqual(["guest@example.test"]);
    expect(mail?.from).toContain("bookings@alloggio.test");
    expect(mail?.text.trim()).toBe("Hello");
    expect(mail?.html).toContain("<p>Hello</p>");
    expect(mail?.attachments.map((a) => a.filename)).toEqual(["stay.ics"]);
    expect(await rowOf(id)).toMatchObject({
      status: "sent",
      attempts: 1,
      sentAt: clock.now(),
      lastError: null,
    });
    expect(await deliverDueMail(database, transport, clock.now())).toMatchObject({ claimed: 0 });
  });

  it("leaves a mail the server refuses pending with a later attempt, then sends it when the server accepts", async () => {
    const id = await enqueueMail(database.db, aMail({ subject: "Retry me" }));
    smtp.rejecting = true;
    expect(await deliverDueMail(database, transport, clock.now())).toEqual({
      claimed: 1,
      sent: 0,
      retried: 1,
      failed: 0,
    });
    const failed = await rowOf(id);
    expect(failed.status).toBe("pending");
    expect(failed.attempts).toBe(1);
    expect(failed.nextAttemptAt).toEqual(new Date(clock.now().getTime() + MINUTE));
    expect(failed.lastError).toMatch(/451|rejected|unavailable/i);
    expect(smtp.received).toHaveLength(0);

    smtp.rejecting = false;
    // Not due yet half a minute later.
    expect(
      await deliverDueMail(database, transport, new Date(clock.now().getTime() + MINUTE / 2)),
    ).toMatchObject({
      claimed: 0,
    });
    const later = new Date(clock.now().getTime() + MINUTE);
    expect(await deliverDueMail(database, transport, later)).toMatchObject({ claimed: 1, sent: 1 });
    await smtp.waitFor(1);
    expect(smtp.received[0]?.subject).toBe("Retry me");
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2, sentAt: later, lastError: null });
  });

  it("does not send a mail due in the future", async () => {
    await enqueueMail(database.db, aMail({ now: new Date(clock.now().getTime() + MINUTE) }));
    expect(await deliverDueMail(database, transport, clock.now())).toMatchObject({ claimed: 0 });
  });
});

describe("retries", () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 4],
    [4, 8],
    [9, 256],
    [10, 360],
    [19, 360],
  ])("after attempt %i waits %i minutes", (attempts, minutes) => {
    expect(retryDelayMs(attempts)).toBe(minutes * MINUTE);
  });

  it(`marks a mail failed after ${MAX_MAIL_ATTEMPTS} attempts and keeps it`, async () => {
    const refusing: MailTransport = { send: async () => Promise.reject(new Error("550 no such user")) };
    const id = await enqueueMail(database.db, aMail());
    await database.db
      .update(mailOutbox)
      .set({ attempts: MAX_MAIL_ATTEMPTS - 2 })
      .where(eq(mailOutbox.id, id));
    expect(await deliverDueMail(database, refusing, clock.now())).toMatchObject({ retried: 1, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: MAX_MAIL_ATTEMPTS - 1 });
    const later = new Date(clock.now().getTime() + 7 * 60 * MINUTE);
    expect(await deliverDueMail(database, refusing, later)).toMatchObject({ retried: 0, failed: 1 });
    expect(await rowOf(id)).toMatchObject({
      status: "failed",
      attempts: MAX_MAIL_ATTEMPTS,
      lastError: "550 no such user",
    });
    expect(
      await deliverDueMail(database, refusing, new Date(later.getTime() + 24 * 60 * MINUTE)),
    ).toMatchObject({
      claimed: 0,
    });
  });
});

describe("several deliverers", () => {
  afterEach(async () => {
    await database.db.delete(mailOutbox);
  });

  it("never send one mail twice when they race", async () => {
    const total = 40;
    for (let i = 0; i < total; i++) await enqueueMail(database.db, aMail({ subject: `mail ${i}` }));
    const sent: string[] = [];
    // A slow transport keeps each claim open while the others look for work.
    const slow: MailTransport = {
      async send(mail: OutgoingMail) {
        await sleep(2);
        sent.push(mail.subject);
        return { messageId: mail.subject };
      },
    };
    const drain = async () => {
      let sentHere = 0;
      for (;;) {
        const counts = await deliverDueMail(database, slow, clock.now(), 3);
        sentHere += counts.sent;
        if (counts.claimed === 0) return sentHere;
      }
    };
    const perDeliverer = await Promise.all([drain(), drain(), drain(), drain()]);
    expect(perDeliverer.reduce((a, b) => a + b, 0)).toBe(total);
    expect(sent).toHaveLength(total);
    expect(new Set(sent).size).toBe(total);
    const [{ pending, attempts }] = (await database.query<{ pending: number; attempts: number }>(
      sql`select count(*) filter (where status <> 'sent')::int as pending, max(attempts)::int as attempts from mail_outbox`,
    )) as [{ pending: number; attempts: number }];
    expect(pending).toBe(0);
    expect(attempts).toBe(1);
    if (database.kind === "postgres") expect(perDeliverer.filter((n) => n > 0).length).toBeGreaterThan(1);
  });
});
