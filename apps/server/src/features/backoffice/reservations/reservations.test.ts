import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
  aHotel,
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  aTradeCustomer,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aStaffSession, type StaffSession } from "@alloggio/test-kit/staff";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import type { App } from "../../../http/app";
import { renderPendingMails } from "../../voucher-pdf";

// The back office's reservations. Booked at 10:00 UTC on 5 January 2030 (11:00 in Rome).
const now = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const room = aRoomType();
const optionAtHotel = aRatePlan({ optionHours: 24 });
const optionTransfer = aRatePlan({
  optionHours: 48,
  payment: "bank_transfer",
  prepayment: [{ timing: "immediate", days: 0, percent: 30 }],
});
const plain = aRatePlan();
const linkRate = aRatePlan({
  refundable: false,
  freeCancellationDays: undefined,
  payment: "prepaid",
  prepayment: [
    { timing: "immediate", days: 0, percent: 50 },
    { timing: "days_before_arrival", days: 2, percent: 50 },
  ],
});
/** Non-refundable and resellable, paid at the hotel: the guest may not cancel it, the hotel may. */
const resellableAtHotel = aRatePlan({ refundable: false, freeCancellationDays: undefined, resellable: true });
const agency = aTradeCustomer({ name: "Viaggi Lago" });
const propertyA = buildProperty({
  hotel: aHotel({
    name: "Alpha",
    settings: {
      bankTransfer: { owner: "Hotel", iban: "IT60X0542811101000000123456", dueDays: 2 },
      paymentMethods: ["pay_by_link"],
    },
  }),
  roomTypes: [room],
  ratePlans: [optionAtHotel, optionTransfer, plain, linkRate, resellableAtHotel],
  prices: [
    aPriceRange(room, optionAtHotel, { perAdults: { "2": 100 } }),
    aPriceRange(room, optionTransfer, { perAdults: { "2": 100 } }),
    aPriceRange(room, plain, { perAdults: { "2": 100 }, to: "2030-06-30" }),
    aPriceRange(room, linkRate, { perAdults: { "2": 100 } }),
    aPriceRange(room, resellableAtHotel, { perAdults: { "2": 100 }, to: "2030-06-30" }),
  ],
  // Past March: every test books a stay of its own.
  inventory: [anInventoryRange(room, { allotment: 40, to: "2030-06-30" })],
  tradeCustomers: [agency],
});
const propertyB = buildProperty({ hotel: aHotel({ name: "Beta" }) });
const propertyC = buildProperty({ hotel: aHotel({ name: "Gamma" }) });
const A = propertyA.hotel.id;
const B = propertyB.hotel.id;
const C = propertyC.hotel.id;

let owner: StaffSession;
let manager: StaffSession;
let reception: StaffSession;
/** Reception of hotel B only. */
let receptionB: StaffSession;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, propertyA);
  await seedProperty(database, propertyB);
  await seedProperty(database, propertyC);
  app = await createTestApp(database, () => now);
  owner = await aStaffSession(database, { role: "owner", now });
  manager = await aStaffSession(database, { role: "manager", now });
  reception = await aStaffSession(database, { role: "reception", hotels: [A], now });
  receptionB = await aStaffSession(database, { role: "reception", hotels: [B], now });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

let stay = 0;
type Booked = { id: number; code: string; status: string };
/** Books a two-night stay of its own on `rateId` and answers its id, code and status. */
async function book(
  rateId: number,
  method: string,
  booker: { fullname?: string; email?: string } = {},
  extra: Record<string, unknown> = {},
): Promise<Booked> {
  const first = new Date(Date.UTC(2030, 1, 1 + 3 * stay++));
  const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
  const email = booker.email ?? "maria@example.test";
  const request = aBookingRequest(
    {
      hotel: A,
      roomId: room.id,
      rateId,
      arrival: ymd(first),
      departure: ymd(new Date(first.getTime() + 2 * 86_400_000)),
    },
    { payment: { method }, ...extra },
  );
  request.booker = {
    ...(request.booker as object),
    fullname: booker.fullname ?? "Maria Rossi",
    email,
    emailConfirm: email,
  };
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: request,
  });
  expect(res.statusCode, res.body).toBe(200);
  const code: string = res.json().reservation.code;
  const [row] = await database.query<{ id: number }>(sql`select id from reservation where code = ${code}`);
  return { id: row!.id, code, status: res.json().reservation.status as string };
}

const base = (hotel: number) => `/api/backoffice/hotels/${hotel}/reservations`;
const get = (url: string, who: StaffSession | null = owner) =>
  app.inject({ method: "GET", url, headers: who ? who.cookieOnly : {} });
const post = (
  url: string,
  payload: unknown = undefined,
  who: StaffSession | null = owner,
  extra: Record<string, string> = {},
) =>
  app.inject({
    method: "POST",
    url,
    headers: { ...(who ? who.headers : {}), ...extra },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const put = (url: string, payload: unknown, who: StaffSession | null = owner) =>
  app.inject({ method: "PUT", url, headers: who ? who.headers : {}, payload: payload as object });
const key = () => ({ "idempotency-key": anIdempotencyKey() });

async function auditOf(id: number, action: string) {
  return database.query<{ actor: string; hotel_id: number; before: unknown; after: unknown }>(
    sql`select actor, hotel_id, before, after from audit_log
      where entity = 'reservation' and entity_id = ${String(id)} and action = ${action} order by id`,
  );
}
async function historyOf(id: number) {
  return database.query<{ action: string; actor: string; details: Record<string, unknown> }>(
    sql`select action, actor, details from reservation_history where reservation_id = ${id} order by id`,
  );
}

describe("the reservations list", () => {
  let option: Booked;
  let confirmed: Booked;
  let other: Booked;
  beforeAll(async () => {
    option = await book(optionAtHotel.id, "pay_at_hotel", {
      fullname: "Giulia Bianchi",
      email: "giulia@example.test",
    });
    confirmed = await book(plain.id, "pay_at_hotel", {
      fullname: "John O'Neil",
      email: "john.oneil@example.test",
    });
    other = await book(plain.id, "pay_at_hotel", { fullname: "Ana Souza", email: "ana@mail.example" });
    await database.db.execute(sql`update reservation set created_at = '2030-01-05T10:00:00Z'
      where id in (${option.id}, ${confirmed.id})`);
    // Booked two days later (the sessions' clock stays put).
    await database.db.execute(sql`update reservation set customer_id = ${agency.id},
      created_at = '2030-01-07T10:00:00Z' where id = ${other.id}`);
    await database.db.execute(
      sql`update reservation_room set status = 'W' where reservation_id = ${confirmed.id}`,
    );
  });
  const codes = async (query: string, who: StaffSession = owner) => {
    const res = await get(`${base(A)}?${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().rows as { code: string }[]).map((r) => r.code);
  };

  it("shows a trade booking's customer and the commission of its rooms still booked in its detail", async () => {
    await database.db.execute(sql`update reservation_room set commission_percent = 10, commission_minor = 2000
      where reservation_id = ${other.id}`);
    const res = await get(`${base(A)}/${other.id}`, reception);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      customer: { id: agency.id, name: "Viaggi Lago" },
      commissionMinor: 2000,
      channel: { id: 1, name: expect.any(String) },
    });
    // A direct booking earns nobody a commission.
    expect((await get(`${base(A)}/${option.id}`, reception)).json()).toMatchObject({
      customer: null,
      commissionMinor: null,
    });
  });

  it("lists the hotel's reservations with their money, status and channel", async () => {
    const res = await get(`${base(A)}?code=${option.code}`);
    expect(res.json()).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 25,
      rows: [
        {
          id: option.id,
          code: option.code,
          status: "pending_confirmation",
          guest: "Giulia Bianchi",
          email: "giulia@example.test",
          nights: 2,
          rooms: 1,
          currency: "EUR",
          totalMinor: 20000,
          paidMinor: 0,
          // Paid at the hotel: nothing is due before, the whole stay is payable there.
          dueMinor: 0,
          atHotelMinor: 20000,
          channel: { id: 1 },
          customer: null,
        },
      ],
    });
    expect(res.json().rows[0].optionExpiresAt).toBe("2030-01-06T10:00:00.000Z");
    // The page shows instants in hotel time, not the browser's.
    expect(res.json().timeZone).toBe("Europe/Rome");
    expect(res.json().channels.length).toBeGreaterThan(0);
    expect(res.json().customers).toContainEqual({ id: agency.id, name: "Viaggi Lago" });
  });

  it("finds a code written loosely (case, dashes, look-alike letters), and no other", async () => {
    const loose = `${option.code.slice(0, 4).toLowerCase()}-${option.code.slice(4)}`;
    expect(await codes(`code=${encodeURIComponent(loose)}`)).toEqual([option.code]);
    expect(await codes("code=NOTACODE")).toEqual([]);
    // The first characters of a code, written as loosely, find it too (a code read out over the phone).
    const start = `${option.code.slice(0, 3).toLowerCase()}-${option.code.slice(3, 7)}`;
    expect(await codes(`code=${encodeURIComponent(start)}`)).toContain(option.code);
    expect(await codes(`code=${encodeURIComponent(start)}`)).not.toContain(confirmed.code);
  });

  it("filters by guest name and e-mail, any case, and by status, option and waiting included", async () => {
    expect(await codes("guest=o%27neil")).toEqual([confirmed.code]);
    expect(await codes("guest=BIANCHI")).toEqual([option.code]);
    expect(await codes("email=MAIL.EXAMPLE")).toEqual([other.code]);
    expect(await codes("email=%25")).toEqual([]);
    expect(await codes("status=option")).toContain(option.code);
    expect(await codes("status=option")).not.toContain(confirmed.code);
    expect(await codes("status=waiting")).toEqual([confirmed.code]);
    expect(await codes("status=confirmed")).toEqual(expect.arrayContaining([confirmed.code, other.code]));
  });

  it("filters by channel and trade customer", async () => {
    expect(await codes(`customer=${agency.id}`)).toEqual([other.code]);
    expect(await codes("channel=1")).toEqual(
      expect.arrayContaining([option.code, confirmed.code, other.code]),
    );
    expect(await codes("channel=2")).toEqual([]);
  });

  it("filters by stay days (overlap) and by booking days (hotel-local)", async () => {
    const [o] = await database.query<{ arrival: string; departure: string }>(
      sql`select arrival::text, departure::text from reservation where id = ${option.id}`,
    );
    // The last night overlaps; the departure day alone does not.
    const lastNight = new Date(`${o!.departure}T00:00:00Z`);
    lastNight.setUTCDate(lastNight.getUTCDate() - 1);
    const ln = lastNight.toISOString().slice(0, 10);
    expect(await codes(`stayFrom=${ln}&stayTo=${ln}`)).toEqual([option.code]);
    expect(await codes(`stayFrom=${o!.departure}&stayTo=${o!.departure}`)).not.toContain(option.code);
    expect(await codes(`stayFrom=${o!.arrival}`)).toContain(option.code);
    const booked5 = await codes("bookedFrom=2030-01-05&bookedTo=2030-01-05&sort=created");
    expect(booked5).toEqual(expect.arrayContaining([option.code, confirmed.code]));
    expect(booked5).not.toContain(other.code);
    expect(await codes("bookedFrom=2030-01-07")).toContain(other.code);
  });

  it("sorts by booking time, newest first", async () => {
    const sorted = await codes("sort=created");
    expect(sorted.indexOf(other.code)).toBeLessThan(sorted.indexOf(option.code));
  });

  it("refuses bad filters with 400 naming the field", async () => {
    for (const [query, field] of [
      ["stayFrom=2030-02-30", "stayFrom"],
      ["status=lost", "status"],
      ["sort=price", "sort"],
      ["page=0", "page"],
      ["stayFrom=2030-02-10&stayTo=2030-02-01", "stayTo"],
      ["unknown=1", ""],
    ] as const) {
      const res = await get(`${base(A)}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().error.details ?? res.json().error.message), query).toContain(field);
    }
  });

  it("pages 25 at a time with the total", async () => {
    await database.db.execute(sql`insert into reservation (code, hotel_id, channel_id, language_id, status, arrival,
        departure, booker, email, privacy, currency_code, rooms_total_minor, total_minor, payment_method)
      select 'PAGE' || lpad(g::text, 12, '0'), ${C}, 1, 1, 'confirmed', date '2030-03-01' + g, date '2030-03-02' + g,
        '{"fullname":"Paging","email":"p@example.test","phone":"1","country":"IT"}'::jsonb, 'p@example.test',
        '{"marketing":false,"report":false,"profile":false,"custom":[]}'::jsonb, 'EUR', 100, 100, 'pay_at_hotel'
      from generate_series(1, 30) g`);
    const one = (await get(`${base(C)}?page=1`)).json();
    expect(one.rows).toHaveLength(25);
    expect(one.total).toBe(30);
    expect(one.rows[0].code).toBe("PAGE000000000001");
    const two = (await get(`${base(C)}?page=2`)).json();
    expect(two.rows.map((r: { code: string }) => r.code)).toEqual(
      Array.from({ length: 5 }, (_, i) => `PAGE${String(26 + i).padStart(12, "0")}`),
    );
    const three = (await get(`${base(C)}?page=3`)).json();
    expect(three).toMatchObject({ rows: [], total: 30, page: 3 });
  });

  it("answers every role of the area; 401 without a session; 404 for a hotel the user does not have", async () => {
    for (const who of [owner, manager, reception]) expect((await get(base(A), who)).statusCode).toBe(200);
    expect((await get(base(A), null)).statusCode).toBe(401);
    const idor = await get(base(A), receptionB);
    expect(idor.statusCode).toBe(404);
    expect(idor.json().error.code).toBe("not_found");
    expect((await get(base(B), receptionB)).json().rows).toEqual([]);
  });
});

describe("one reservation", () => {
  let r: Booked;
  beforeAll(async () => {
    r = await book(optionTransfer.id, "bank_transfer");
  });

  it("shows rooms, payments, history, mails and the actions its state allows", async () => {
    const res = await get(`${base(A)}/${r.id}`, reception);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      id: r.id,
      reservation: { code: r.code, status: "pending_confirmation", notes: { property: null } },
      channel: { id: 1 },
      totalMinor: 20000,
      paidMinor: 0,
      // 30% by transfer; the rest is paid at the hotel.
      dueMinor: 6000,
      atHotelMinor: 14000,
      timeZone: "Europe/Rome",
      propertyNote: null,
      // A direct booking: no metasearch or campaign reference.
      attribution: null,
      actions: {
        confirmOption: true,
        recordTransfer: false,
        cancel: true,
        cancelPaymentLink: false,
        resendConfirmation: true,
      },
    });
    expect(d.reservation.rooms).toHaveLength(1);
    expect(d.dues.map((x: { amountMinor: number }) => x.amountMinor)).toEqual([6000]);
    expect(d.history.length).toBeGreaterThan(0);
    expect(d.mails.length).toBeGreaterThan(0);
    expect(d.mails[0]).toEqual({
      id: expect.any(Number),
      to: expect.any(String),
      subject: expect.any(String),
      status: "pending",
      createdAt: expect.any(String),
      sentAt: null,
    });
  });

  it("shows where the booking came from: the metasearch references and the campaign it carried", async () => {
    const tracked = await book(
      plain.id,
      "pay_at_hotel",
      {},
      {
        tracking: { trivago: " trv-42 ", campaign: "newsletter / email / spring" },
      },
    );
    const res = await get(`${base(A)}/${tracked.id}`, reception);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().attribution).toEqual({ trivago: "trv-42", campaign: "newsletter / email / spring" });
  });

  it("answers 404 for another hotel's reservation, under its path or the user's own hotel's", async () => {
    expect((await get(`${base(B)}/${r.id}`, receptionB)).statusCode).toBe(404);
    expect((await get(`${base(A)}/${r.id}`, receptionB)).statusCode).toBe(404);
    // Even an owner of both hotels gets 404 when the id is put under the other hotel.
    expect((await get(`${base(B)}/${r.id}`, owner)).statusCode).toBe(404);
    expect((await get(`${base(A)}/999999`, owner)).statusCode).toBe(404);
    expect((await get(`${base(A)}/${r.id}`, null)).statusCode).toBe(401);
    expect((await get(`${base(A)}/abc`, owner)).statusCode).toBe(400);
  });
});

describe("what the property does to a reservation", () => {
  it("confirms an option once, with its audit entry and history, then refuses with 409", async () => {
    const r = await book(optionTransfer.id, "bank_transfer");
    const url = `${base(A)}/${r.id}/confirm-option`;
    const res = await post(url, undefined, reception);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "confirmed", paymentDeadline: expect.any(String) });
    const again = await post(url, undefined, reception);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("not_an_option");
    expect(await auditOf(r.id, "reservation.confirm_option")).toEqual([
      {
        actor: reception.email,
        hotel_id: A,
        before: { status: "pending_confirmation" },
        after: { status: "confirmed", paymentDeadline: expect.any(String) },
      },
    ]);
    expect((await historyOf(r.id)).at(-1)).toMatchObject({
      action: "option_confirmed",
      actor: "property",
      details: { by: reception.email },
    });
  });

  it("refuses to confirm an expired option (409) and anything that is not an option", async () => {
    const r = await book(optionAtHotel.id, "pay_at_hotel");
    await database.db.execute(
      sql`update reservation set option_expires_at = '2030-01-05T09:00:00Z' where id = ${r.id}`,
    );
    const late = await post(`${base(A)}/${r.id}/confirm-option`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe("option_expired");
    const p = await book(plain.id, "pay_at_hotel");
    expect((await post(`${base(A)}/${p.id}/confirm-option`)).json().error.code).toBe("not_an_option");
    expect(await auditOf(p.id, "reservation.confirm_option")).toEqual([]);
  });

  it("records a received bank transfer once per Idempotency-Key; it settles the due row and is audited", async () => {
    const r = await book(optionTransfer.id, "bank_transfer");
    const url = `${base(A)}/${r.id}/bank-transfers`;
    const body = { amountMinor: 6000, receivedOn: "2030-01-05" };
    const early = await post(url, body, reception, key());
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe("option_not_confirmed");
    await post(`${base(A)}/${r.id}/confirm-option`);
    const headers = key();
    const first = await post(url, body, reception, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ creditMinor: 0, stillDueMinor: 0 });
    expect(first.json().settledDueIds).toHaveLength(1);
    const replay = await post(url, body, reception, headers);
    expect(replay.json()).toEqual(first.json());
    const [count] = await database.query<{ n: number }>(sql`select count(*)::int as n from payment_transaction
      where reservation_id = ${r.id} and kind = 'bank_transfer'`);
    expect(count!.n).toBe(1);
    const dues = await database.query<{ status: string; payment_ref: string | null }>(
      sql`select status, payment_ref from payment_due where reservation_id = ${r.id} order by due_date, id`,
    );
    expect(dues[0]!.status).toBe("paid");
    expect(dues[0]!.payment_ref).toMatch(/^bank_transfer:/);
    expect(await auditOf(r.id, "reservation.record_bank_transfer")).toEqual([
      expect.objectContaining({
        actor: reception.email,
        before: { status: "confirmed" },
        after: expect.objectContaining({ amountMinor: 6000, receivedOn: "2030-01-05", stillDueMinor: 0 }),
      }),
    ]);
    const detail = (await get(`${base(A)}/${r.id}`)).json();
    expect(detail.paidMinor).toBe(6000);
    expect(detail.transactions.map((t: { kind: string }) => t.kind)).toContain("bank_transfer");
  });

  it("refuses a transfer in the future, without a key, of no amount, or on a booking not paid by transfer", async () => {
    const r = await book(plain.id, "pay_at_hotel");
    const url = `${base(A)}/${r.id}/bank-transfers`;
    const future = await post(url, { amountMinor: 100, receivedOn: "2030-01-09" }, owner, key());
    expect(future.statusCode).toBe(400);
    expect(future.json().error.details).toEqual([{ field: "receivedOn", message: "in the future" }]);
    const zero = await post(url, { amountMinor: 0, receivedOn: "2030-01-05" }, owner, key());
    expect(zero.statusCode).toBe(400);
    expect(JSON.stringify(zero.json().error.details)).toContain("amountMinor");
    const noKey = await post(url, { amountMinor: 100, receivedOn: "2030-01-05" });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.code).toBe("idempotency_key_required");
    const wrong = await post(url, { amountMinor: 100, receivedOn: "2030-01-05" }, owner, key());
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.code).toBe("not_a_bank_transfer");
  });

  it("cancels for the guest: a preview changes nothing, then the cancellation with the guest's rules", async () => {
    const r = await book(plain.id, "pay_at_hotel");
    const url = `${base(A)}/${r.id}/cancel`;
    const preview = await post(url, { preview: true }, reception);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ preview: true, cancelsReservation: true, currency: "EUR" });
    expect((await get(`${base(A)}/${r.id}`)).json().reservation.status).toBe("confirmed");
    const noKey = await post(url, { preview: false }, reception);
    expect(noKey.statusCode).toBe(400);
    const done = await post(url, { preview: false }, reception, key());
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ preview: false, cancelsReservation: true });
    expect((await get(`${base(A)}/${r.id}`)).json()).toMatchObject({
      reservation: { status: "cancelled" },
      actions: { cancel: false, confirmOption: false, resendConfirmation: false },
    });
    const again = await post(url, { preview: true }, reception);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("already_cancelled");
    expect((await historyOf(r.id)).at(-1)).toMatchObject({
      action: "cancel",
      actor: "property",
      details: { by: reception.email },
    });
    expect(await auditOf(r.id, "reservation.cancel")).toEqual([
      expect.objectContaining({ before: { status: "confirmed", totalMinor: 20000 } }),
    ]);
    // The guest's cancellation mail went out.
    await renderPendingMails(database);
    const [mails] = await database.query<{ n: number }>(sql`select count(*)::int as n from mail_outbox
      where reservation_id = ${r.id} and subject ilike '%cancel%'`);
    expect(mails!.n).toBeGreaterThan(0);
  });

  it("cancels a non-refundable, resellable booking the guest may not: the whole amount stays due", async () => {
    const r = await book(resellableAtHotel.id, "pay_at_hotel");
    const url = `${base(A)}/${r.id}/cancel`;
    const preview = await post(url, { preview: true }, reception);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      free: false,
      penaltyMinor: 20000,
      newTotalMinor: 20000,
      refundMinor: 0,
      stillOwedMinor: 20000,
      waivedMinor: 0,
    });
    const done = await post(url, { preview: false }, reception, key());
    expect(done.statusCode, done.body).toBe(200);
    expect((await get(`${base(A)}/${r.id}`)).json()).toMatchObject({
      reservation: { status: "cancelled" },
      totalMinor: 20000,
      paidMinor: 0,
      dueMinor: 20000,
      dues: [expect.objectContaining({ amountMinor: 20000, status: "due" })],
    });
    expect(await auditOf(r.id, "reservation.cancel")).toEqual([
      expect.objectContaining({ after: expect.objectContaining({ penaltyMinor: 20000, waivedMinor: 0 }) }),
    ]); // The hotel's mail says its own staff cancelled, not the guest from the voucher.
    await renderPendingMails(database);
    const [mail] = await database.query<{ subject: string; text: string }>(sql`select subject, text
      from mail_outbox where reservation_id = ${r.id} and "to" = ${propertyA.hotel.email}
      order by id desc limit 1`);
    expect(mail?.subject).toContain("cancelled by the hotel");
    expect(mail?.text).toContain(`${reception.email} cancelled the reservation in the back office`);
  });

  it("waives the penalty when asked: nothing stays due, the waiver is in the history and the audit", async () => {
    const r = await book(resellableAtHotel.id, "pay_at_hotel");
    const url = `${base(A)}/${r.id}/cancel`;
    const preview = await post(url, { preview: true, waivePenalty: true }, reception);
    expect(preview.json()).toMatchObject({
      free: true,
      penaltyMinor: 0,
      stillOwedMinor: 0,
      waivedMinor: 20000,
    });
    const done = await post(url, { preview: false, waivePenalty: true }, reception, key());
    expect(done.statusCode, done.body).toBe(200);
    expect((await get(`${base(A)}/${r.id}`)).json()).toMatchObject({
      reservation: { status: "cancelled" },
      totalMinor: 0,
      dueMinor: 0,
    });
    expect((await historyOf(r.id)).at(-1)).toMatchObject({
      action: "cancel",
      actor: "property",
      details: { by: reception.email, waivedMinor: 20000, penaltyMinor: 0 },
    });
    expect(await auditOf(r.id, "reservation.cancel")).toEqual([
      expect.objectContaining({ after: expect.objectContaining({ penaltyMinor: 0, waivedMinor: 20000 }) }),
    ]);
  });

  it("cancels a room that is not the reservation's with 404 naming the room, and a bad body with 400", async () => {
    const r = await book(plain.id, "pay_at_hotel");
    const res = await post(`${base(A)}/${r.id}/cancel`, { preview: true, roomId: 999999 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.details).toEqual([
      { field: "room", message: "Room 999999 is not part of this reservation" },
    ]);
    const bad = await post(`${base(A)}/${r.id}/cancel`, { preview: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error.details)).toContain("preview");
  });

  it("cancels an unused payment link: the gateway page can no longer pay it, what it was for stays due", async () => {
    const r = await book(linkRate.id, "pay_by_link");
    expect(r.status).toBe("confirmed");
    const before = (await get(`${base(A)}/${r.id}`)).json();
    expect(before.actions.cancelPaymentLink).toBe(true);
    expect(before.dues.every((d: { linkPending: boolean }) => d.linkPending)).toBe(true);
    const [link] = await database.query<{ redirect_url: string }>(
      sql`select redirect_url from payment_transaction where reservation_id = ${r.id} and kind = 'link'`,
    );
    const res = await post(`${base(A)}/${r.id}/cancel-payment-link`, undefined, reception);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cancelledLinks: 1 });
    // The guest opens the link afterwards and approves: nothing is paid.
    await app.inject({
      method: "POST",
      url: link!.redirect_url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "outcome=approve",
    });
    await app.inject({
      method: "POST",
      url: "/api/confirmPayment.do",
      payload: { reservation: r.code, gateway: "sandbox" },
    });
    const after = (await get(`${base(A)}/${r.id}`)).json();
    expect(after.dues.map((d: { status: string }) => d.status)).toEqual(["due", "due"]);
    expect(after.actions.cancelPaymentLink).toBe(false);
    expect(after.reservation.status).toBe("confirmed");
    const again = await post(`${base(A)}/${r.id}/cancel-payment-link`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("no_unused_link");
    expect(await auditOf(r.id, "reservation.cancel_payment_link")).toHaveLength(1);
    expect((await historyOf(r.id)).at(-1)).toMatchObject({
      action: "payment_link_cancelled",
      actor: "property",
    });
  });

  it("resends the confirmation to the guest once per Idempotency-Key; not for a cancelled reservation", async () => {
    const r = await book(plain.id, "pay_at_hotel");
    const count = async () =>
      (
        await database.query<{ n: number }>(
          sql`select count(*)::int as n from mail_outbox where reservation_id = ${r.id}`,
        )
      )[0]!.n;
    const before = await count();
    const headers = key();
    const res = await post(`${base(A)}/${r.id}/resend-confirmation`, undefined, reception, headers);
    expect(res.statusCode, res.body).toBe(200);
    await post(`${base(A)}/${r.id}/resend-confirmation`, undefined, reception, headers);
    expect(await count()).toBe(before + 1);
    expect(await auditOf(r.id, "reservation.resend_confirmation")).toHaveLength(1);
    await post(`${base(A)}/${r.id}/cancel`, { preview: false }, owner, key());
    const refused = await post(`${base(A)}/${r.id}/resend-confirmation`, undefined, reception, key());
    expect(refused.statusCode).toBe(409);
  });

  it("sets the property note, which the guest's voucher shows, and clears it", async () => {
    const r = await book(plain.id, "pay_at_hotel");
    const url = `${base(A)}/${r.id}/property-note`;
    const set = await put(url, { note: "  Late check-in agreed: key at the bar.  " }, reception);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ propertyNote: "Late check-in agreed: key at the bar." });
    const voucher = await app.inject({
      method: "POST",
      url: "/api/retrieve.do",
      payload: { channel: 1, code: r.code, mail: "maria@example.test" },
    });
    expect(voucher.statusCode, voucher.body).toBe(200);
    expect(voucher.json().notes.property ?? voucher.json().reservation?.notes.property).toBe(
      "Late check-in agreed: key at the bar.",
    );
    expect(await auditOf(r.id, "reservation.property_note")).toEqual([
      expect.objectContaining({
        before: { propertyNote: null },
        after: { propertyNote: "Late check-in agreed: key at the bar." },
      }),
    ]);
    // The guest's mail shows it too (here: the confirmation sent again).
    await post(`${base(A)}/${r.id}/resend-confirmation`, undefined, reception, key());
    await renderPendingMails(database);
    const [mail] = await database.query<{ text: string }>(
      sql`select text from mail_outbox where reservation_id = ${r.id} order by id desc limit 1`,
    );
    expect(mail!.text).toContain("A NOTE FROM THE HOTEL");
    expect(mail!.text).toContain("Late check-in agreed: key at the bar.");
    const long = await put(url, { note: "x".repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json().error.details)).toContain("note");
    const cleared = await put(url, { note: null });
    expect(cleared.json()).toEqual({ propertyNote: null });
    expect((await get(`${base(A)}/${r.id}`)).json().propertyNote).toBeNull();
  });

  it("withdraws a room's listed resale offer once, in the history and the audit with the staff's name", async () => {
    const r = await book(resellableAtHotel.id, "pay_at_hotel");
    const [rr] = await database.query<{ id: number }>(
      sql`select id from reservation_room where reservation_id = ${r.id}`,
    );
    const listed = await app.inject({
      method: "POST",
      url: `/api/v2/reservations/${r.code}/resale`,
      headers: key(),
      payload: { mail: "maria@example.test", rooms: [rr!.id] },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const offerId: number = listed.json().offers[0].id;
    // The page shows the room's offer, with its deadline, fee and nights.
    expect((await get(`${base(A)}/${r.id}`)).json().reservation.rooms[0].resale.offer).toMatchObject({
      id: offerId,
      status: "listed",
      nights: [{ status: "listed" }, { status: "listed" }],
    });
    const path = (hotel: number, id: number, offer: number) =>
      `${base(hotel)}/${id}/resale-offers/${offer}/withdraw`;
    // Another hotel's staff, another hotel's path, another reservation's offer: 404, nothing changes.
    expect((await post(path(A, r.id, offerId), undefined, receptionB)).statusCode).toBe(404);
    expect((await post(path(B, r.id, offerId), undefined, receptionB)).statusCode).toBe(404);
    expect((await post(path(B, r.id, offerId), undefined, owner)).statusCode).toBe(404);
    const other = await book(plain.id, "pay_at_hotel");
    const foreign = await post(path(A, other.id, offerId), undefined, reception);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json().error.details).toEqual([expect.objectContaining({ field: "offerId" })]);

    const done = await post(path(A, r.id, offerId), undefined, reception);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().offers).toEqual([expect.objectContaining({ id: offerId, status: "withdrawn" })]);
    expect(await auditOf(r.id, "reservation.resale_withdraw")).toEqual([
      expect.objectContaining({
        actor: reception.email,
        hotel_id: A,
        after: { offerId, roomId: rr!.id, status: "withdrawn" },
      }),
    ]);
    expect((await historyOf(r.id)).at(-1)).toMatchObject({
      action: "resale_withdrawn",
      actor: "property",
      details: { offer: offerId, by: reception.email },
    });
    // No longer listed: 409, and no second entry.
    const again = await post(path(A, r.id, offerId), undefined, reception);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.code).toBe("resale_not_listed");
    expect(await auditOf(r.id, "reservation.resale_withdraw")).toHaveLength(1);
  });

  it("guards every action: 401 without a session, 403 without the CSRF token, 404 across hotels (IDOR)", async () => {
    const r = await book(optionAtHotel.id, "pay_at_hotel");
    const actions: [string, "POST" | "PUT", unknown][] = [
      ["confirm-option", "POST", undefined],
      ["bank-transfers", "POST", { amountMinor: 100, receivedOn: "2030-01-05" }],
      ["cancel", "POST", { preview: true }],
      ["cancel-payment-link", "POST", undefined],
      ["resend-confirmation", "POST", undefined],
      ["property-note", "PUT", { note: "x" }],
      ["resale-offers/1/withdraw", "POST", undefined],
    ];
    for (const [path, method, payload] of actions) {
      const send = (hotel: number, headers: Record<string, string>) =>
        app.inject({
          method,
          url: `${base(hotel)}/${r.id}/${path}`,
          headers: { ...headers, ...key() },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
      expect((await send(A, {})).statusCode, path).toBe(401);
      const csrf = await send(A, reception.cookieOnly);
      expect(csrf.statusCode, path).toBe(403);
      expect(csrf.json().error.code).toBe("csrf_failed");
      expect((await send(A, receptionB.headers)).statusCode, path).toBe(404);
      expect((await send(B, receptionB.headers)).statusCode, path).toBe(404);
      expect((await send(B, owner.headers)).statusCode, path).toBe(404);
    }
    // Nothing changed.
    const d = (await get(`${base(A)}/${r.id}`)).json();
    expect(d.reservation.status).toBe("pending_confirmation");
    expect(d.propertyNote).toBeNull();
    const [audits] = await database.query<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity_id = ${String(r.id)}`,
    );
    expect(audits!.n).toBe(0);
  });

  it("lets every role of the area act (owner, manager, reception)", async () => {
    for (const who of [owner, manager, reception]) {
      const r = await book(plain.id, "pay_at_hotel");
      const res = await put(`${base(A)}/${r.id}/property-note`, { note: "ok" }, who);
      expect(res.statusCode).toBe(200);
    }
  });
});

describe("the API documentation", () => {
  it("lists every reservations route under the back-office tag", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const one = "/api/backoffice/hotels/{hotelId}/reservations/{reservationId}";
    for (const [path, method] of [
      ["/api/backoffice/hotels/{hotelId}/reservations", "get"],
      [one, "get"],
      [`${one}/confirm-option`, "post"],
      [`${one}/bank-transfers`, "post"],
      [`${one}/cancel`, "post"],
      [`${one}/cancel-payment-link`, "post"],
      [`${one}/resend-confirmation`, "post"],
      [`${one}/property-note`, "put"],
      [`${one}/resale-offers/{offerId}/withdraw`, "post"],
    ] as const)
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(["back office"]);
  });
});
