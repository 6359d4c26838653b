import { AvailChannelCheckQuerySchema } from "@alloggio/domain/contract/portal/avail-channel-check";
import {
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { SearchCache } from "../search/answer-cache";
import type { PortalContext } from "./repository";
import { searchPortal } from "./service";

// A hotel's catalogue (the hotel, its room types, rates, services…) is kept between portal lists under its search
// version (ADR 0053): a list of other dates does not read it again, and a change to it shows in the next list, even
// one committed between the list's two statements (the portal statement compares versions in its own snapshot).
const clock = fixedClock("2030-01-05T10:00:00Z");

function aHotel(name: string, cityTax: number) {
  const room = aRoomType();
  const rate = aRatePlan();
  return buildProperty({
    hotel: { name, cityTax },
    roomTypes: [room],
    ratePlans: [rate],
    prices: [aPriceRange(room, rate)],
    inventory: [anInventoryRange(room)],
  });
}
const hotels = [aHotel("Alpha", 2), aHotel("Beta", 3), aHotel("Gamma", 4)];
const changing = hotels[1]!.hotel.id;

const dialect = new PgDialect();
let database: Database;
let cache: SearchCache;
/** The portal statements' hotels, as read, in order. */
const portalRows: PortalContext["hotels"][] = [];
/** Run once before the next portal statement (after the list's first statement read the versions). */
let beforePortalStatement: (() => Promise<void>) | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  for (const h of hotels) await seedProperty(database, h);
  cache = new SearchCache(database);
});

afterAll(async () => {
  await cache?.close();
  await database?.close();
});

/** The database as the portal sees it, noting each portal statement's rows. */
function watched(): Database {
  return {
    ...database,
    query: async <T>(statement: SQL): Promise<T[]> => {
      const text = dialect.sqlToQuery(statement).sql;
      const portal = text.includes("with hs as materialized");
      if (portal && beforePortalStatement) {
        const run = beforePortalStatement;
        beforePortalStatement = null;
        await run();
      }
      const rows = await database.query<T>(statement);
      if (portal) portalRows.push((rows[0] as unknown as PortalContext).hotels);
      return rows;
    },
  };
}

function list(arrival: string, departure: string, searchCache: SearchCache | null = cache) {
  const q = AvailChannelCheckQuerySchema.parse({ channel: 1, language: 1, arrival, departure, adults: "2" });
  return searchPortal({ database: watched(), now: clock.now, searchCache }, q);
}

/** Which hotels the last portal statement read the catalogue of. */
function cataloguesRead(): number[] {
  return (portalRows.at(-1) ?? []).filter((h) => h.catalogue !== null).map((h) => h.id);
}

describe("portal catalogues kept between lists", () => {
  it("reads each catalogue once, then only the stay's rows; a list of other dates prices the same", async () => {
    const first = await list("20300110", "20300112");
    expect(cataloguesRead()).toEqual(hotels.map((h) => h.hotel.id));
    const second = await list("20300115", "20300117");
    expect(cataloguesRead()).toEqual([]);
    expect(second.hotels.map((h) => [h.minTotal, h.cityTax])).toEqual(
      first.hotels.map((h) => [h.minTotal, h.cityTax]),
    );
    expect(second).toEqual(await list("20300115", "20300117", null));
  });

  it("a catalogue change committed before the list shows in it (that hotel's catalogue is read again)", async () => {
    await database.query(sql`update hotel set city_tax_minor = 700 where id = ${changing}`);
    const before = database.statements.count;
    const after = await list("20300120", "20300121");
    // The versions, then one portal statement, which sends the changed hotel's catalogue with its rows.
    expect(database.statements.count - before).toBe(2);
    expect(cataloguesRead()).toEqual([changing]);
    // Two adults, one night, 7.00 each.
    expect(after.hotels.find((h) => h.id === changing)?.cityTax).toBe(14);
    expect(after).toEqual(await list("20300120", "20300121", null));
  });

  it("a change committed between the list's statements comes with the rows it goes with, never the kept catalogue", async () => {
    await list("20300122", "20300123");
    expect(cataloguesRead()).toEqual([]);
    beforePortalStatement = () =>
      database.query(sql`update hotel set city_tax_minor = 900 where id = ${changing}`).then(() => {});
    const before = database.statements.count;
    const during = await list("20300124", "20300125");
    // The versions, the change, then one portal statement: nothing is read again.
    expect(database.statements.count - before).toBe(3);
    // The versions were read before the change: the portal statement saw the new version and sent the catalogue.
    expect(cataloguesRead()).toEqual([changing]);
    expect(during.hotels.find((h) => h.id === changing)?.cityTax).toBe(18);
    expect(during).toEqual(await list("20300124", "20300125", null));
  });
});
