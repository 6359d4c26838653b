import { sql } from "drizzle-orm";
import { createAlpineBitsClient, setAlpineBitsCodes } from "../../features/alpinebits";
import type { Database } from "../client";
import type { DemoSecrets } from "./demo-files";

/** The demo's AlpineBits client: published in the README, for the demo data only. */
export const DEMO_ALPINEBITS = {
  username: "pms-demo",
  password: "Demo-AlpineBits-1",
  name: "Demo PMS",
  hotelId: 1,
  hotelCode: "DEMO1",
  /** Hotel 1's room types (ids 101…) and their InvTypeCodes: the room code, shortened to AlpineBits' 8 characters. */
  roomTypeCodes: [
    { roomTypeId: 101, code: "SGL" },
    { roomTypeId: 102, code: "DBL" },
    { roomTypeId: 103, code: "DBL-LAKE" },
    { roomTypeId: 104, code: "JSUITE" },
    { roomTypeId: 105, code: "FAM" },
    { roomTypeId: 106, code: "SUITETER" },
  ],
} as const;

/** Whether demo hotel 1 exists without its AlpineBits codes (a demo database loaded before AlpineBits). */
export async function isDemoWithoutAlpineBits(database: Database): Promise<boolean> {
  const rows = await database.query<{ missing: boolean }>(
    sql`select exists (select 1 from hotel where id = ${DEMO_ALPINEBITS.hotelId})
      and not exists (select 1 from alpinebits_hotel_code where hotel_id = ${DEMO_ALPINEBITS.hotelId}) as missing`,
  );
  return Boolean(rows[0]?.missing);
}

/**
 * Demo hotel 1's HotelCode, InvTypeCodes and RatePlanCodes, and a PMS client for it whose password is the README's; without the
 * published secrets (production) only the codes: a real client is made with its own password.
 */
export async function loadDemoAlpineBits(
  database: Database,
  { publishedSecrets }: DemoSecrets = { publishedSecrets: true },
): Promise<void> {
  // The rate plans' RatePlanCodes are their own codes, which the demo keeps within AlpineBits' 64 characters.
  const rates = await database.query<{ id: number; code: string }>(
    sql`select id, code from rate_plan where hotel_id = ${DEMO_ALPINEBITS.hotelId} order by id`,
  );
  await setAlpineBitsCodes(database.db, DEMO_ALPINEBITS.hotelId, {
    hotelCode: DEMO_ALPINEBITS.hotelCode,
    roomTypes: [...DEMO_ALPINEBITS.roomTypeCodes],
    ratePlans: rates.map((r) => ({ ratePlanId: r.id, code: r.code })),
  });
  if (publishedSecrets)
    await createAlpineBitsClient(database.db, {
      username: DEMO_ALPINEBITS.username,
      password: DEMO_ALPINEBITS.password,
      name: DEMO_ALPINEBITS.name,
      hotelIds: [DEMO_ALPINEBITS.hotelId],
    });
}
