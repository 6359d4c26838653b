// A fresh database per run: PGlite in a temporary DATA_DIR, or a new PostgreSQL database created next to the one
// DATABASE_URL names (never touching that one's tables), migrated with the product's migrations, filled by
// dataset.ts. Dropped or deleted at the end.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDays, isoToYmd, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, migrateDatabase, openDatabase } from "../apps/server/src/db/client";
import { createHotelApiKey } from "../apps/server/src/features/offers/api-key";
import {
  BOOKING_RATE_INDEX,
  BOOKING_ROOM_INDEX,
  CONTENDED_ROOM,
  type GeneratedData,
  generateDataset,
  RATE_PLANS,
  ROOM_TYPES,
} from "./dataset";

export type Kind = "pglite" | "postgres";

export type BookingStay = { hotel: number; room: number; rate: number; arrival: string; departure: string };

export type Prepared = {
  kind: Kind;
  /** Environment for a server process on this database. */
  env: Record<string, string>;
  data: GeneratedData;
  migrateMs: number;
  /** One-night stays of a double room, each on its own hotel and night: bookings that never meet. */
  uncontended: BookingStay[];
  /** One two-night stay that every contended booking takes. */
  contended: BookingStay;
  /** A stay no booking takes and its hotel's API key: the offer whose page Lighthouse measures (ADR 0079). */
  offer: { stay: BookingStay; apiKey: string } | null;
  drop: () => Promise<void>;
};

/** A new, empty PostgreSQL database on the server of `url`; drop() removes it. */
export async function createPostgresDatabase(
  url: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } catch (err) {
    throw new Error(
      `cannot create a bench database next to DATABASE_URL (the role needs CREATEDB): ${(err as Error).message}`,
    );
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      for (let attempt = 0; ; attempt++) {
        try {
          await a.query(`drop database if exists ${name} with (force)`);
          break;
        } catch (err) {
          // An autovacuum worker (a superuser's backend) may still be analysing the new tables: wait it out.
          if (attempt >= 60) {
            console.warn(`could not drop ${name}: ${(err as Error).message}`);
            break;
          }
          await new Promise((r) => setTimeout(r, 500));
        }
      }
      await a.end();
    },
  };
}

export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function findBookingStays(
  database: Database,
  today: string,
): Promise<{ uncontended: BookingStay[]; contended: BookingStay }> {
  const first = ymdToIso(addDays(today, 1));
  const last = ymdToIso(addDays(today, 180));
  // Free, open nights with no arrival restriction on the pay-at-hotel rate; ordered by night, then hotel, so
  // consecutive bookings are at different hotels.
  const rows = await database.query<{ hotel: number; room: number; rate: number; day: string }>(sql`
    select rt.hotel_id as hotel, rt.id as room, rp.id as rate, i.day::text as day
    from room_type rt
      join rate_plan rp on rp.hotel_id = rt.hotel_id and rp.sort_order = ${BOOKING_RATE_INDEX}
      join inventory i on i.room_type_id = rt.id
      left join restriction r on r.rate_plan_id = rp.id and r.day = i.day
    where rt.sort_order = ${BOOKING_ROOM_INDEX} and i.day between ${first}::date and ${last}::date
      and not i.closed and i.allotment - i.sold >= 1
      and (r.rate_plan_id is null or (not r.closed_to_arrival and coalesce(r.min_stay, 1) <= 1))
    order by i.day, rt.hotel_id
    limit 12000`);
  const uncontended = rows.map((r) => ({
    hotel: r.hotel,
    room: r.room,
    rate: r.rate,
    arrival: isoToYmd(r.day),
    departure: addDays(isoToYmd(r.day), 1),
  }));
  const room = (CONTENDED_ROOM.hotel - 1) * ROOM_TYPES + CONTENDED_ROOM.index;
  const rate = (CONTENDED_ROOM.hotel - 1) * RATE_PLANS + BOOKING_RATE_INDEX;
  const [stay] = await database.query<{ day: string }>(sql`
    select a.day::text as day from inventory a
      join inventory b on b.room_type_id = a.room_type_id and b.day = a.day + 1
      left join restriction r on r.rate_plan_id = ${rate} and r.day = a.day
    where a.room_type_id = ${room} and a.day >= ${ymdToIso(addDays(today, 7))}::date
      and not a.closed and not b.closed
      and (r.rate_plan_id is null or (not r.closed_to_arrival and coalesce(r.min_stay, 1) <= 2))
    order by a.day limit 1`);
  if (!stay || uncontended.length === 0) throw new Error("the data set has no bookable stays");
  const arrival = isoToYmd(stay.day);
  return {
    uncontended,
    contended: { hotel: CONTENDED_ROOM.hotel, room, rate, arrival, departure: addDays(arrival, 2) },
  };
}

/** Creates, migrates and fills the database of one run. `url` is DATABASE_URL for PostgreSQL. */
export async function prepareDatabase(
  kind: Kind,
  url: string | undefined,
  hotels?: number,
): Promise<Prepared> {
  let database: Database;
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  if (kind === "postgres") {
    if (!url) throw new Error("PostgreSQL needs DATABASE_URL");
    const created = await createPostgresDatabase(url, "alloggio_bench_run");
    database = await openDatabase({ url: created.url });
    env = { DATABASE_URL: created.url };
    drop = created.drop;
  } else {
    const temp = tempDir("alloggio-bench-");
    database = await openDatabase({ dataDir: temp.dir });
    env = { DATA_DIR: temp.dir };
    drop = async () => temp.remove();
  }
  try {
    const t0 = performance.now();
    await migrateDatabase(database);
    const migrateMs = performance.now() - t0;
    const data = await generateDataset(database, new Date(), hotels);
    const stays = await findBookingStays(database, data.today);
    const offerStay = stays.uncontended.pop();
    const offer = offerStay
      ? { stay: offerStay, apiKey: (await createHotelApiKey(database.db, offerStay.hotel, "bench")).key }
      : null;
    await database.close();
    return { kind, env, data, migrateMs, ...stays, offer, drop };
  } catch (err) {
    await database.close().catch(() => {});
    await drop();
    throw err;
  }
}
