import { setTimeout as sleep } from "node:timers/promises";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { startTestSmtpServer, type TestSmtpServer } from "@alloggio/test-kit/mail";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";
import { enqueueMail } from "../features/mail/outbox";
import { createSmtpTransport, type MailTransport, type OutgoingMail } from "../features/mail/transport";
import { startMailDelivery } from "./mail-delivery";

let database: Database;
let smtp: TestSmtpServer;
const clock = fixedClock("2030-01-05T10:00:00Z");
const HOUR = 3_600_000;

const aMail = (subject: string, now: Date) => ({
  to: "guest@example.test",
  subject,
  html: `<p>${subject}</p>`,
  text: subject,
  attachments: [],
  now,
});

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(20);
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
});

afterAll(async () => {
  await smtp?.close();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(mailOutbox);
  smtp.received.length = 0;
});

describe("startMailDelivery", () => {
  it("sends what is due, including mail a missed run left behind, through SMTP", async () => {
    await enqueueMail(database.db, aMail("due an hour ago", new Date(clock.now().getTime() - HOUR)));
    await enqueueMail(database.db, aMail("due now", clock.now()));
    await enqueueMail(database.db, aMail("due tomorrow", new Date(clock.now().getTime() + 24 * HOUR)));
    const transport = createSmtpTransport(smtp.url);
    const job = startMailDelivery({ database, transport, now: clock.now, intervalMs: 1000 });
    try {
      await smtp.waitFor(2);
      await until(async () => {
        const rows = await database.db.select().from(mailOutbox);
        return rows.filter((r) => r.status === "sent").length === 2;
      });
    } finally {
      await job.stop();
      transport.close?.();
    }
    expect(smtp.received.map((m) => m.subject).sort()).toEqual(["due an hour ago", "due now"]);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.find((r) => r.subject === "due tomorrow")?.status).toBe("pending");
  });

  it("never overlaps itself, and stop() waits for the run in progress", async () => {
    for (let i = 0; i < 3; i++) await enqueueMail(database.db, aMail(`slow ${i}`, clock.now()));
    let inFlight = 0;
    let maxInFlight = 0;
    const sent: string[] = [];
    const slow: MailTransport = {
      async send(mail: OutgoingMail) {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await sleep(900);
        inFlight -= 1;
        sent.push(mail.subject);
        return { messageId: mail.subject };
      },
    };
    // Runs are due every second; one run takes about 2.7 s, so ticks come while it is busy.
    const job = startMailDelivery({ database, transport: slow, now: clock.now, intervalMs: 1000 });
    await until(() => sent.length >= 1);
    await job.stop();
    expect(maxInFlight).toBe(1);
    expect(sent).toHaveLength(3);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("reports a failing run and keeps going", async () => {
    const errors: unknown[] = [];
    const broken = { ...database, db: { transaction: () => Promise.reject(new Error("database down")) } };
    const job = startMailDelivery({
      database: broken as unknown as Database,
      transport: { send: async () => ({ messageId: "x" }) },
      now: clock.now,
      intervalMs: 1000,
      onError: (e) => errors.push(e),
    });
    await until(() => errors.length >= 2, 5000);
    await job.stop();
    expect(String(errors[0])).toContain("database down");
  });
});
