// R1 overbooking: many clients at the last rooms; exactly what is there is sold, never more.

import { createTestApp } from "@alloggio/test-kit/app";
import { anIdempotencyKey } from "@alloggio/test-kit/booking";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { postJson, report, type ServerProcess, startServerProcess } from "./harness";
import { day, inventoryViolations, LAST_ROOMS, lastRoomsProperty, partialBookings } from "./property";

// 100 clients × 10 attempts: 5 at identical stays, 5 at overlapping ones.
const CLIENTS = 100;
const ATTEMPTS = 10;
const PER_PHASE = ATTEMPTS / 2;
const onPostgres = process.env.ALLOGGIO_TEST_DB === "postgres";
/** Rooms of the overlapping type put up for resale before its storm. */
const HOLDERS = 2;
const MAIL = "maria@example.test";

type Answer = { status: number; code?: string };
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** Sends `CLIENTS` × `PER_PHASE` bookings, each client one after the other, all clients at once. */
async function storm(send: (client: number, attempt: number) => Promise<Answer>) {
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let attempt = 0; attempt < PER_PHASE; attempt++) answers.push(await send(client, attempt));
    }),
  );
  return answers;
}

describe("R1 overbooking", () => {
  it(`${CLIENTS} clients × ${ATTEMPTS} attempts at the last ${LAST_ROOMS} rooms${onPostgres ? ", two server processes" : ""}`, async () => {
    const p = await lastRoomsProperty();
    closers.push(() => p.database.close());
    let send: (body: Record<string, unknown>) => Promise<Answer>;
    // biome-ignore lint/suspicious/noExplicitAny: the JSON answer of any call, read by the test that sent it
    let post: (path: string, body: Record<string, unknown>) => Promise<{ status: number; body: any }>;
    let processes = 1;
    if (onPostgres) {
      // Two processes of the real server on one PostgreSQL; clients alternate between them.
      const servers: ServerProcess[] = await Promise.all([
        startServerProcess({ DATABASE_URL: p.database.url! }),
        startServerProcess({ DATABASE_URL: p.database.url! }),
      ]);
      for (const s of servers) closers.push(() => s.stop());
      processes = servers.length;
      let turn = 0;
      let failures = 0;
      post = async (path, body) =>
        postJson(`${servers[0]!.url}${path}`, body, { "idempotency-key": anIdempotencyKey() });
      send = async (body) => {
        const server = servers[turn++ % servers.length]!;
        const res = await postJson(`${server.url}/api/guestdata.do`, body, {
          "idempotency-key": anIdempotencyKey(),
        });
        if ((res.status === 0 || res.status >= 500) && failures++ < 3)
          console.log(`R1 failure ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
        return { status: res.status, code: res.body?.error?.code };
      };
    } else {
      const app = await createTestApp(p.database, () => new Date());
      closers.push(() => app.close());
      post = async (path, body) => {
        const res = await app.inject({
          method: "POST",
          url: path,
          payload: body,
          headers: { "idempotency-key": anIdempotencyKey() },
        });
        return { status: res.statusCode, body: res.json() };
      };
      send = async (body) => {
        const res = await app.inject({
          method: "POST",
          url: "/api/guestdata.do",
          payload: body,
          headers: { "idempotency-key": anIdempotencyKey() },
        });
        return { status: res.statusCode, code: res.statusCode >= 400 ? res.json().error?.code : undefined };
      };
    }

    // Identical stays: everyone wants the same 2 nights of the same room type.
    const same = await storm(() => send(p.book(p.identical.id, day(0), day(2))));
    // Two of the last rooms of the overlapping type are booked for the whole week on a resellable rate and put up
    // for resale: each night then sells 3 rooms of the hotel's own and 2 of resale stock.
    for (let holder = 0; holder < HOLDERS; holder++) {
      const booked = await post(
        "/api/guestdata.do",
        p.book(p.overlapping.id, day(0), day(7), p.resellable.id),
      );
      expect(booked.status).toBe(200);
      const code: string = booked.body.reservation.code;
      const [room] = await p.database.query<{ id: number }>(sql`select rr.id from reservation_room rr
        join reservation r on r.id = rr.reservation_id where r.code = ${code}`);
      const listed = await post(`/api/v2/reservations/${code}/resale`, { mail: MAIL, rooms: [room!.id] });
      expect(listed.status).toBe(200);
    }
    // Overlapping stays of 1–5 nights over a week of another room type.
    const overlapping = await storm((client, attempt) => {
      const from = (client * 7 + attempt * 3) % 6;
      const nights = 1 + ((client + attempt) % 5);
      return send(p.book(p.overlapping.id, day(from), day(from + nights)));
    });

    const all = [...same, ...overlapping];
    const ok = (a: Answer[]) => a.filter((x) => x.status === 200).length;
    const losersNotSoldOut = all.filter(
      (x) => x.status !== 200 && !(x.status === 409 && x.code === "sold_out"),
    );
    const fiveXX = all.filter((x) => x.status >= 500 || x.status === 0).length;
    const [booked] = await p.database.query<{
      identical: number;
      overlapping: number;
      full: number;
      resold: number;
    }>(sql`
      select
        (select count(*)::int from reservation_room where room_type_id = ${p.identical.id}) as identical,
        (select count(*)::int from reservation_room where room_type_id = ${p.overlapping.id}) as overlapping,
        (select count(*)::int from inventory i where room_type_id = ${p.overlapping.id} and sold = allotment
          and not exists (select 1 from resale_night rn where rn.room_type_id = i.room_type_id and rn.day = i.day
            and rn.status = 'listed')) as full,
        (select count(*)::int from resale_night where room_type_id = ${p.overlapping.id} and status = 'sold') as resold`);
    const violations = await inventoryViolations(p.database);
    const answers = new Map<string, number>();
    for (const a of all)
      answers.set(
        `${a.status}${a.code ? `/${a.code}` : ""}`,
        (answers.get(`${a.status}${a.code ? `/${a.code}` : ""}`) ?? 0) + 1,
      );
    const partial = await partialBookings(p.database);
    report("R1 overbooking", {
      database: onPostgres ? "postgres" : "pglite",
      processes,
      attempts: all.length,
      identicalSuccesses: ok(same),
      overlappingSuccesses: ok(overlapping),
      fullNights: booked!.full,
      resoldNights: booked!.resold,
      losersNot409SoldOut: losersNotSoldOut.length,
      fiveXX,
      violations,
      partial,
      answers: [...answers].map(([k, n]) => `${k}:${n}`).join(","),
    });
    expect(ok(same)).toBe(LAST_ROOMS);
    expect(booked!.identical).toBe(LAST_ROOMS);
    expect(booked!.overlapping).toBe(ok(overlapping) + HOLDERS);
    expect(booked!.resold).toBeGreaterThan(0);
    expect(ok(overlapping)).toBeGreaterThanOrEqual(LAST_ROOMS);
    expect(losersNotSoldOut).toEqual([]);
    expect(fiveXX).toBe(0);
    expect(violations).toBe(0);
    expect(partial).toBe(0);
  });
});
