import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { aRatePlan, aRoomType, buildProperty, seedProperty } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { renderPendingMails } from "../features/voucher-pdf";
import { insertTestReservation } from "../testing/mail-test-kit";
import { runTimedChanges } from "./timed-changes";

// The hotel is in Rome (UTC+1 in winter): its day starts at 23:00 UTC the day before.
let database: Database;
const room = aRoomType({ name: { en: "Garden double", it: "Doppia giardino" } });
const rate = aRatePlan();
const property = buildProperty({ hotel: { name: "Hotel Rate" }, roomTypes: [room], ratePlans: [rate] });
let hotelId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ hotelId } = await seedProperty(database, property));
});
afterAll(async () => {
  await database?.close();
});

const run = (at: string, batch?: number) =>
  runTimedChanges({ database, now: () => new Date(at), baseUrl: "https://book.example.test" }, batch);

/**
 * A reservation on an installment plan: the first paid when the plan was made (it has no notice), the second
 * charged on `charge` with its notice on `notice`, and optionally a third `[notice, charge]`.
 */
async function aPlan(
  notice: string,
  charge: string,
  options: { languageId?: number; status?: "cancelled"; third?: [string, string] } = {},
) {
  const r = await insertTestReservation(database, {
    hotelId,
    roomTypeId: room.id,
    ratePlanId: rate.id,
    languageId: options.languageId ?? 1,
    ...(options.status ? { status: options.status } : {}),
  });
  await database.query(
    sql`update payment_due set status = 'replaced' where reservation_id = ${r.id} and status = 'due'`,
  );
  const [second] = await database.query<{ id: number }>(sql`insert into payment_due
      (reservation_id, due_date, amount_minor, status, kind, notice_date) values
      (${r.id}, ${charge}::date, 9100, 'due', 'installment', ${notice}::date)
    returning id`);
  await database.query(sql`insert into payment_due
      (reservation_id, due_date, amount_minor, status, kind, notice_date)
      values (${r.id}, '2030-01-05', 9100, 'paid', 'installment', null)`);
  if (options.third)
    await database.query(sql`insert into payment_due
        (reservation_id, due_date, amount_minor, status, kind, notice_date)
        values (${r.id}, ${options.third[1]}::date, 9100, 'due', 'installment', ${options.third[0]}::date)`);
  return { ...r, installmentId: second!.id };
}

async function noticesOf(reservationId: number) {
  await renderPendingMails(database);
  return database.query<{ subject: string; text: string; to: string }>(
    sql`select subject, text, "to" from mail_outbox where reservation_id = ${reservationId} order by id`,
  );
}

async function sentAt(paymentDueId: number) {
  const [row] = await database.query<{ at: string | null }>(
    sql`select notice_sent_at::text as at from payment_due where id = ${paymentDueId}`,
  );
  return row?.at ?? null;
}

describe("installment activation e-mails", () => {
  it("goes out on its notice day, hotel-local, not before, and once", async () => {
    const plan = await aPlan("2030-02-02", "2030-02-05", {
      languageId: 2,
      third: ["2030-03-02", "2030-03-05"],
    });
    // 23:59 on 1 February in Rome: not yet.
    expect((await run("2030-02-01T22:59:00Z")).installment_notice).toBe(0);
    expect(await noticesOf(plan.id)).toEqual([]);
    // 00:00 on 2 February in Rome (23:00 UTC on the 1st).
    expect((await run("2030-02-01T23:00:00Z")).installment_notice).toBe(1);
    const [mail] = await noticesOf(plan.id);
    expect(mail!.subject).toBe(`La prossima rata della tua prenotazione ${plan.code} – Hotel Rate`);
    expect(mail!.to).toBe(plan.email);
    expect(mail!.text).toContain(
      "La tua rata di 91,00\u00a0EUR viene addebitata il mar 5 febbraio 2030. Attivala dalla pagina della prenotazione",
    );
    expect(mail!.text).toContain(
      `Paga la rata: https://book.example.test/hotel/${hotelId}/channel/1/language/2/voucher/code/${plan.code}/email/`,
    );
    expect(mail!.text).toContain(
      "Rata: 2; Data di addebito: mar 5 febbraio 2030; Importo: 91,00\u00a0EUR; Stato: Da pagare",
    );
    expect(await sentAt(plan.installmentId)).not.toBeNull();
    // Nothing twice; the third installment waits for its own day.
    expect((await run("2030-02-10T12:00:00Z")).installment_notice).toBe(0);
    expect(await noticesOf(plan.id)).toHaveLength(1);
    expect((await run("2030-03-01T23:00:00Z")).installment_notice).toBe(1);
    expect(await noticesOf(plan.id)).toHaveLength(2);
  });

  it("catches up a notice whose day passed while nothing ran; skips paid, first and cancelled ones", async () => {
    const late = await aPlan("2030-04-01", "2030-04-04");
    const paid = await aPlan("2030-04-01", "2030-04-04");
    await database.query(sql`update payment_due set status = 'paid' where id = ${paid.installmentId}`);
    const cancelled = await aPlan("2030-04-01", "2030-04-04", { status: "cancelled" });
    const counts = await run("2030-04-20T09:00:00Z");
    expect(counts.installment_notice).toBe(1);
    const mails = await noticesOf(late.id);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your next installment for reservation ${late.code} – Hotel Rate`,
    ]);
    expect(mails[0]!.text).toContain("Your installment of 91,00\u00a0EUR is charged on Thu, 4 April 2030.");
    expect(await sentAt(late.installmentId)).not.toBeNull();
    for (const skipped of [paid, cancelled]) {
      expect(await noticesOf(skipped.id)).toEqual([]);
      expect(await sentAt(skipped.installmentId)).toBeNull();
    }
  });

  it("is sent once when two runs race over many due notices", async () => {
    const plans = [];
    for (let i = 0; i < 5; i++) plans.push(await aPlan("2030-06-01", "2030-06-04"));
    const runs = await Promise.all([run("2030-06-02T08:00:00Z", 2), run("2030-06-02T08:00:00Z", 2)]);
    expect(runs.reduce((sum, r) => sum + r.installment_notice, 0)).toBe(5);
    for (const p of plans) expect(await noticesOf(p.id)).toHaveLength(1);
  });

  it.runIf(process.env.ALLOGGIO_TEST_DB === "postgres")(
    "is sent once when two processes run at once on PostgreSQL",
    async () => {
      const plans = [];
      for (let i = 0; i < 8; i++) plans.push(await aPlan("2030-08-01", "2030-08-04"));
      const script = fileURLToPath(new URL("./timed-changes-process.ts", import.meta.url));
      const exec = promisify(execFile);
      const outputs = await Promise.all(
        [1, 2].map(() =>
          exec(process.execPath, ["--import", "tsx", script, database.url!, "2030-08-02T08:00:00Z"]),
        ),
      );
      const counts = outputs.map(
        (o) => JSON.parse(o.stdout.trim().split("\n").at(-1)!) as { installment_notice: number },
      );
      expect(counts[0]!.installment_notice + counts[1]!.installment_notice).toBe(8);
      for (const p of plans) expect(await noticesOf(p.id)).toHaveLength(1);
    },
    // Two Node processes start and compile the job runner before any work: on a busy shared machine that alone can
    // take longer than the default 30 s. A wait budget, not a speed check.
    120_000,
  );
});
