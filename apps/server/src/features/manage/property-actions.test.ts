import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
  aHotel,
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { runTimedChanges } from "../../jobs/timed-changes";
import { importProperty } from "../admin/import-property";
import { renderPendingMails } from "../voucher-pdf";
import { confirmOption, PropertyActionError, recordBankTransfer } from "./property-actions";

// Rates that hold as an option, the property confirming it, and a received bank transfer.
// Booked at 10:00 UTC on 5 January 2030 (11:00 in Rome).
let now = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const room = aRoomType();
/** Held 24 hours, paid at the hotel. */
const optionAtHotel = aRatePlan({ optionHours: 24 });
/** Held 48 hours; 30% by bank transfer now, the rest at the hotel. */
const optionTransfer = aRatePlan({
  optionHours: 48,
  payment: "bank_transfer",
  prepayment: [{ timing: "immediate", days: 0, percent: 30 }],
});
const plain = aRatePlan();
const hotel = buildProperty({
  hotel: aHotel({
    settings: { bankTransfer: { owner: "Hotel", iban: "IT60X0542811101000000123456", dueDays: 2 } },
  }),
  roomTypes: [room],
  ratePlans: [optionAtHotel, optionTransfer, plain],
  prices: [
    aPriceRange(room, optionAtHotel, { perAdults: { "2": 100 } }),
    aPriceRange(room, optionTransfer, { perAdults: { "2": 100 } }),
    aPriceRange(room, plain, { perAdults: { "2": 100 } }),
  ],
  inventory: [anInventoryRange(room, { allotment: 40 })],
});

const deps = () => ({ database, now: () => now, baseUrl: "http://localhost" });

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  app = await createTestApp(database, () => now);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

let night = 0;
/** Books a two-night stay of its own on `rateId` and answers its id, code, status and first night. */
async function book(rateId: number, method: string) {
  const first = new Date(Date.UTC(2030, 1, 1 + 3 * night++));
  const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: aBookingRequest(
      {
        hotel: hotel.hotel.id,
        roomId: room.id,
        rateId,
        arrival: ymd(first),
        departure: ymd(new Date(first.getTime() + 2 * 86_400_000)),
      },
      { payment: { method } },
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  const code: string = res.json().reservation.code;
  const [row] = await database.query<{ id: number }>(sql`select id from reservation where code = ${code}`);
  return {
    id: row!.id,
    code,
    status: res.json().reservation.status as string,
    day: first.toISOString().slice(0, 10),
  };
}

async function facts(id: number, day: string) {
  await renderPendingMails(database);
  const [row] = await database.query<{
    status: string;
    option_expires_at: string | null;
    payment_deadline: string | null;
    sold: number;
    mails: number;
    subjects: string[];
  }>(sql`select r.status, r.option_expires_at::text, r.payment_deadline::text,
      (select sold from inventory where room_type_id = ${room.id} and day = ${day}::date) as sold,
      (select count(*)::int from mail_outbox m where m.reservation_id = r.id) as mails,
      (select array_agg(subject order by id) from mail_outbox m where m.reservation_id = r.id) as subjects
    from reservation r where r.id = ${id}`);
  return row!;
}

async function dues(id: number) {
  return database.query<{ status: string; amount_minor: number }>(
    sql`select status, amount_minor from payment_due where reservation_id = ${id} order by due_date, id`,
  );
}

async function history(id: number) {
  return database.query<{ action: string; actor: string; details: Record<string, unknown> }>(
    sql`select action, actor, details from reservation_history where reservation_id = ${id} order by id`,
  );
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; status: number }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PropertyActionError);
  const e = error as PropertyActionError;
  return { code: e.code, status: e.status };
}

const sweep = (at: string) =>
  runTimedChanges({ database, now: () => new Date(at), baseUrl: "http://localhost" });

describe("options", () => {
  it("holds a booking on an option rate as an option valid N hours, mailed; the timed job expires it", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const option = await book(optionAtHotel.id, "pay_at_hotel");
    expect(option.status).toBe("pending_confirmation");
    const held = await facts(option.id, option.day);
    expect(held).toMatchObject({ status: "pending_confirmation", sold: 1, mails: 2 });
    expect(new Date(held.option_expires_at!).toISOString()).toBe("2030-01-06T10:00:00.000Z");
    await renderPendingMails(database);
    const [guestMail] = await database.query<{ text: string }>(
      sql`select text from mail_outbox where reservation_id = ${option.id} order by id limit 1`,
    );
    expect(guestMail!.text).toContain("This option is held until");

    expect((await sweep("2030-01-06T09:59:00Z")).option_expired).toBe(0);
    expect((await sweep("2030-01-06T10:00:00Z")).option_expired).toBe(1);
    expect(await facts(option.id, option.day)).toMatchObject({ status: "cancelled", sold: 0, mails: 4 });
  });

  it("confirms a rate without an option hold at once, and a booking paid now is never an option", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const confirmed = await book(plain.id, "pay_at_hotel");
    expect(confirmed.status).toBe("confirmed");
    expect((await facts(confirmed.id, confirmed.day)).option_expires_at).toBeNull();
  });

  it("confirmOption confirms once, writes history and mails; the expiry then leaves it alone", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const option = await book(optionAtHotel.id, "pay_at_hotel");
    // The worker renders the option's mails before the hotel confirms it (ADR 0047).
    await renderPendingMails(database);
    now = new Date("2030-01-05T18:00:00Z");
    expect(await confirmOption(deps(), option.id, "anna@hotel.test")).toEqual({
      status: "confirmed",
      paymentDeadline: null,
    });
    const after = await facts(option.id, option.day);
    expect(after).toMatchObject({ status: "confirmed", sold: 1, mails: 4 });
    // The option's mail was not a confirmation; the one after confirmOption says the option is confirmed, and the
    // hotel is told "option confirmed", not a second "new reservation".
    expect(after.subjects[0]).not.toMatch(/^Booking confirmation/);
    expect(after.subjects[2]).toMatch(/^Your option \S+ is confirmed/);
    expect(after.subjects[3]).toMatch(/^Option \S+ confirmed – /);
    expect(after.subjects.slice(2).join()).not.toMatch(/New reservation/);
    expect((await history(option.id)).at(-1)).toMatchObject({
      action: "option_confirmed",
      actor: "property",
      details: { by: "anna@hotel.test" },
    });
    expect(await refusal(confirmOption(deps(), option.id, "anna@hotel.test"))).toEqual({
      code: "not_an_option",
      status: 409,
    });
    expect((await sweep("2030-01-07T00:00:00Z")).option_expired).toBe(0);
    expect(await facts(option.id, option.day)).toMatchObject({ status: "confirmed", sold: 1, mails: 4 });
  });

  it("refuses to confirm an option whose time is up, a cancelled one, or an unknown reservation", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const late = await book(optionAtHotel.id, "pay_at_hotel");
    now = new Date("2030-01-06T10:00:00Z");
    expect(await refusal(confirmOption(deps(), late.id, "anna"))).toEqual({
      code: "option_expired",
      status: 409,
    });
    await sweep("2030-01-06T10:00:00Z");
    expect(await refusal(confirmOption(deps(), late.id, "anna"))).toEqual({
      code: "reservation_cancelled",
      status: 409,
    });
    expect(await refusal(confirmOption(deps(), 999_999, "anna"))).toEqual({
      code: "reservation_not_found",
      status: 404,
    });
  });
  it("imports optionHours only on rates that take nothing at booking", async () => {
    const r = aRoomType();
    const card = aRatePlan({
      optionHours: 12,
      payment: "prepaid",
      prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
    });
    const result = await importProperty(
      database,
      buildProperty({ roomTypes: [r], ratePlans: [card], prices: [aPriceRange(r, card)] }),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => i.path)).toEqual(["ratePlans[0].optionHours"]);
    const [stored] = await database.query<{ hours: number }>(
      sql`select option_hours as hours from rate_plan where id = ${optionTransfer.id}`,
    );
    expect(stored!.hours).toBe(48);
  });
});

describe("bank transfers received", () => {
  it("a bank-transfer option: confirmed, its deadline from the confirmation day; the transfer settles it", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const option = await book(optionTransfer.id, "bank_transfer");
    expect(option.status).toBe("pending_confirmation");
    expect(await refusal(recordBankTransfer(deps(), option.id, 6000, now, "anna"))).toEqual({
      code: "option_not_confirmed",
      status: 409,
    });

    // Confirmed on 6 January (Rome): two days to pay, until the end of 8 January.
    now = new Date("2030-01-06T09:00:00Z");
    expect(await confirmOption(deps(), option.id, "anna")).toEqual({
      status: "confirmed",
      paymentDeadline: "2030-01-08",
    });
    expect((await dues(option.id)).map((d) => d.status)).toEqual(["due"]);
    const [due] = await dues(option.id);
    expect(due!.amount_minor).toBe(6000);

    // A part payment settles nothing yet; the rest completes the share.
    now = new Date("2030-01-07T09:00:00Z");
    expect(
      await recordBankTransfer(deps(), option.id, 4000, new Date("2030-01-07T08:00:00Z"), "anna"),
    ).toEqual({
      settledDueIds: [],
      creditMinor: 4000,
      stillDueMinor: 6000,
    });
    const second = await recordBankTransfer(
      deps(),
      option.id,
      2000,
      new Date("2030-01-07T08:30:00Z"),
      "anna",
    );
    expect(second).toMatchObject({ creditMinor: 0, stillDueMinor: 0 });
    expect(second.settledDueIds).toHaveLength(1);
    expect((await dues(option.id)).map((d) => d.status)).toEqual(["paid"]);
    const received = (await history(option.id)).filter((h) => h.action === "bank_transfer_received");
    expect(received.map((h) => [h.actor, h.details.amountMinor, h.details.by])).toEqual([
      ["property", 4000, "anna"],
      ["property", 2000, "anna"],
    ]);
    await renderPendingMails(database);
    const [mail] = await database.query<{ subject: string; text: string }>(sql`select subject, text
      from mail_outbox where reservation_id = ${option.id} order by id desc limit 1 offset 1`);
    expect(mail!.text).toMatch(/Amount received\W+20[.,]00/);

    // Paid: the deadline passes and the booking stays.
    expect((await sweep("2030-01-09T12:00:00Z")).bank_transfer_overdue).toBe(0);
    expect((await facts(option.id, option.day)).status).toBe("confirmed");
  });

  it("refuses a transfer on a booking not paid by transfer, a zero amount, or a day still to come", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const atHotel = await book(plain.id, "pay_at_hotel");
    expect(await refusal(recordBankTransfer(deps(), atHotel.id, 1000, now, "anna"))).toEqual({
      code: "not_a_bank_transfer",
      status: 409,
    });
    expect(await refusal(recordBankTransfer(deps(), atHotel.id, 0, now, "anna"))).toEqual({
      code: "invalid_amount",
      status: 422,
    });
    expect(
      await refusal(recordBankTransfer(deps(), atHotel.id, 1000, new Date("2030-01-06T10:00:00Z"), "anna")),
    ).toEqual({ code: "invalid_received_at", status: 422 });
  });
});
