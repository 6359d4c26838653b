import { readFile } from "node:fs/promises";
import { type PropertyFile, parsePropertyFile } from "@alloggio/domain/contract/property/property-file";
import {
  aChildPriceRange,
  aCustomPrivacy,
  anAgeGroup,
  anInventoryRange,
  aPackage,
  aPriceRange,
  aPromoCode,
  aRatePlan,
  aReservationLink,
  aRestrictionRange,
  aRoomType,
  aService,
  aServiceCategory,
  aTradeCustomer,
  buildProperty,
  seedProperty,
  TRADE_CHANNEL_ID,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { importProperty } from "./import-property";

const TABLES = [
  "currency",
  "exchange_rate",
  "hotel_group",
  "channel",
  "channel_host",
  "destination",
  "hotel",
  "hotel_channel",
  "hotel_destination",
  "age_group",
  "room_type",
  "rate_plan",
  "rate_plan_channel",
  "inventory",
  "price",
  "child_price",
  "restriction",
  "promo_code",
  "service_category",
  "service",
  "package",
  "reservation_link",
  "custom_privacy",
  "trade_customer",
] as const;

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function countRows(): Promise<Record<string, number>> {
  const parts = TABLES.map((t) => `(select count(*)::int from "${t}") as "${t}"`).join(", ");
  const [row] = await database.query<Record<string, number>>(sql.raw(`select ${parts}`));
  return row!;
}

async function scalar<T>(statement: ReturnType<typeof sql>): Promise<T> {
  const [row] = await database.query<{ value: T }>(statement);
  return row!.value;
}

/** A property using every collection of the format, 2030-01-01..2030-03-31 (90 days). */
function aFullProperty(): PropertyFile {
  const room = aRoomType({ maxOccupancy: 3, maxAdults: 2, maxChildren: 1 });
  const flexible = aRatePlan();
  const trade = aRatePlan({ tradeOnly: true, commissionPercent: 10, channelIds: [TRADE_CHANNEL_ID] });
  const kids = anAgeGroup(0, 11);
  const teens = anAgeGroup(12, 17);
  const extras = aServiceCategory({ mandatory: true });
  const promo = aPromoCode({ code: "SPRING", hidden: false });
  return buildProperty({
    hosts: [{ host: "hotel.example.test", channel: 1, pageTitle: "Test", iconUrl: "/icon.svg" }],
    exchangeRates: { USD: 1.08, CHF: 0.94 },
    ageGroups: [kids, teens],
    roomTypes: [room],
    ratePlans: [flexible, trade],
    childPrices: [
      aChildPriceRange(room, flexible, kids),
      aChildPriceRange(room, flexible, teens, { amount: 40.5 }),
    ],
    restrictions: [aRestrictionRange(flexible, { from: "2030-02-01", to: "2030-02-07" })],
    promoCodes: [promo],
    serviceCategories: [extras],
    services: [aService(extras, { price: 12.5 }), aService(extras, { pricingBasis: "per_stay", price: 0 })],
    packages: [aPackage([flexible], { kind: "offer" })],
    reservationLinks: [aReservationLink({ promoCode: "spring", total: 300 })],
    customPrivacy: [aCustomPrivacy({ mandatory: true })],
    tradeCustomers: [aTradeCustomer({ agencyType: 2 })],
  });
}

describe("importProperty", () => {
  it("imports a builder property and reports the rows written per table", async () => {
    const file = buildProperty();
    const result = await importProperty(database, file);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.hotelId).toBe(file.hotel.id);
    expect(result.hotelId).toBeGreaterThanOrEqual(1000);
    // One room type sleeping 3 × one rate × 90 days.
    expect(result.rows).toMatchObject({ hotel: 1, roomTypes: 1, ratePlans: 1, prices: 270, inventory: 90 });
    const price = await scalar<number>(
      sql`select amount_minor as value from price where room_type_id = ${file.roomTypes[0]!.id} and adults = 2 and day = '2030-01-15'`,
    );
    expect(price).toBe(10_000);
  });

  it("writes every collection of the format, money in minor units", async () => {
    const file = aFullProperty();
    const result = await importProperty(database, file);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.rows).toMatchObject({
      ageGroups: 2,
      childPrices: 180,
      restrictions: 7,
      promoCodes: 1,
      serviceCategories: 1,
      services: 2,
      packages: 1,
      reservationLinks: 1,
      customPrivacy: 1,
      tradeCustomers: 1,
      hosts: 1,
      exchangeRates: 2,
      ratePlanChannels: 2,
    });
    const hotelId = file.hotel.id;
    expect(
      await scalar<number>(
        sql`select amount_minor as value from child_price where age_group_id = ${file.ageGroups![1]!.id} limit 1`,
      ),
    ).toBe(4050);
    expect(
      await scalar<number>(sql`select price_minor as value from service where id = ${file.services![0]!.id}`),
    ).toBe(1250);
    expect(
      await scalar<number>(
        sql`select total_minor as value from reservation_link where hotel_id = ${hotelId}`,
      ),
    ).toBe(30_000);
    expect(
      await scalar<string>(sql`select per_eur::text as value from exchange_rate where code = 'CHF'`),
    ).toBe("0.94000000");
    // Reference data arrives with the first import.
    expect(await scalar<number>(sql`select rounding::float8 as value from currency where code = 'CHF'`)).toBe(
      0.05,
    );
  });

  it("converts money with the digits of the hotel currency", async () => {
    const room = aRoomType();
    const rate = aRatePlan();
    const yen = buildProperty({
      hotel: { currencyCode: "JPY", timeZone: "Asia/Tokyo", country: "JP" },
      roomTypes: [room],
      ratePlans: [rate],
      prices: [aPriceRange(room, rate, { perAdults: { "1": 12_000, "2": 15_000 } })],
    });
    const result = await importProperty(database, yen);
    expect(result.ok).toBe(true);
    expect(
      await scalar<number>(
        sql`select amount_minor as value from price where room_type_id = ${room.id} and adults = 2 limit 1`,
      ),
    ).toBe(15_000);

    const cents = structuredClone(yen);
    cents.prices![0]!.perAdults["1"] = 120.5;
    expect(await importProperty(database, cents)).toEqual({
      ok: false,
      issues: [{ path: "prices[0].perAdults.1", message: "JPY amounts have at most 0 decimal digits" }],
    });
  });

  it("expands periods per day: weekdays only where given, later entries winning", async () => {
    const room = aRoomType({ maxOccupancy: 2 });
    const rate = aRatePlan();
    const file = buildProperty({
      roomTypes: [room],
      ratePlans: [rate],
      prices: [
        aPriceRange(room, rate, { from: "2030-05-01", to: "2030-05-31", perAdults: { "2": 100 } }),
        // Fridays and Saturdays of May are dearer (2030-05-03 is a Friday).
        aPriceRange(room, rate, {
          from: "2030-05-01",
          to: "2030-05-31",
          perAdults: { "2": 130 },
          weekdays: [5, 6],
        }),
      ],
      inventory: [
        anInventoryRange(room, { from: "2030-05-01", to: "2030-05-31", allotment: 4 }),
        anInventoryRange(room, { from: "2030-05-10", to: "2030-05-12", allotment: 0, closed: true }),
      ],
    });
    const result = await importProperty(database, file);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.rows).toMatchObject({ prices: 31, inventory: 31 });
    const prices = await database.query<{ day: string; amount: number }>(
      sql`select day::text as day, amount_minor as amount from price where room_type_id = ${room.id} and day <= '2030-05-05' order by day`,
    );
    expect(prices.map((p) => p.amount)).toEqual([10_000, 10_000, 13_000, 13_000, 10_000]);
    const closed = await database.query<{ day: string }>(
      sql`select day::text as day from inventory where room_type_id = ${room.id} and closed order by day`,
    );
    expect(closed.map((c) => c.day)).toEqual(["2030-05-10", "2030-05-11", "2030-05-12"]);
  });

  it("updates a property on re-import: replaces its collections and keeps the rooms sold", async () => {
    const keep = aRoomType({ code: "KEEP" });
    const drop = aRoomType({ code: "DROP" });
    const rate = aRatePlan();
    const oldRate = aRatePlan();
    const first = buildProperty({ roomTypes: [keep, drop], ratePlans: [rate, oldRate] });
    await seedProperty(database, first);
    await database.query(
      sql`update inventory set sold = 2 where room_type_id = ${keep.id} and day between '2030-01-10' and '2030-01-12'`,
    );
    // A night outside the new periods with rooms sold stays; one without is removed.
    await database.query(
      sql`update inventory set sold = 1 where room_type_id = ${keep.id} and day = '2030-03-31'`,
    );

    const second = buildProperty({
      hotel: { ...first.hotel, name: "Renamed Hotel" },
      roomTypes: [{ ...keep, maxOccupancy: 2 }],
      ratePlans: [{ ...rate, minStay: 2 }],
      prices: [aPriceRange(keep, rate, { to: "2030-03-30", perAdults: { "1": 70, "2": 95 } })],
      inventory: [anInventoryRange(keep, { to: "2030-03-30", allotment: 3 })],
    });
    const result = await importProperty(database, second);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));

    const hotelId = first.hotel.id;
    expect(await scalar<string>(sql`select name as value from hotel where id = ${hotelId}`)).toBe(
      "Renamed Hotel",
    );
    expect(
      await scalar<number>(sql`select count(*)::int as value from room_type where hotel_id = ${hotelId}`),
    ).toBe(1);
    expect(
      await scalar<number>(sql`select count(*)::int as value from rate_plan where hotel_id = ${hotelId}`),
    ).toBe(1);
    expect(await scalar<number>(sql`select min_stay as value from rate_plan where id = ${rate.id}`)).toBe(2);
    const inventory = await database.query<{ day: string; allotment: number; sold: number }>(
      sql`select day::text as day, allotment, sold from inventory where room_type_id = ${keep.id} and sold > 0 order by day`,
    );
    expect(inventory).toEqual([
      { day: "2030-01-10", allotment: 3, sold: 2 },
      { day: "2030-01-11", allotment: 3, sold: 2 },
      { day: "2030-01-12", allotment: 3, sold: 2 },
      { day: "2030-03-31", allotment: 5, sold: 1 },
    ]);
    expect(
      await scalar<number>(sql`select count(*)::int as value from inventory where room_type_id = ${keep.id}`),
    ).toBe(90);
    expect(
      await scalar<number>(
        sql`select count(*)::int as value from price where rate_plan_id in (${rate.id}, ${oldRate.id})`,
      ),
    ).toBe(89 * 2);
    expect(
      await scalar<number>(
        sql`select amount_minor as value from price where rate_plan_id = ${rate.id} and adults = 2 limit 1`,
      ),
    ).toBe(9500);
  });

  it("refuses a bad file with an issue naming each bad field, and writes nothing", async () => {
    const before = await countRows();
    const file = aFullProperty();
    const bad = structuredClone(file) as unknown;
    const damage: [Path, unknown][] = [
      [["hotel", "timeZone"], "Europe/Atlantis"],
      [["hotel", "currencyCode"], "ZZZ"],
      [
        ["roomTypes", 0, "amenities"],
        ["wifi", "moat"],
      ],
      [["prices", 0, "ratePlan"], 999_999],
      [["prices", 0, "from"], "2030-02-30"],
      [["inventory", 0, "to"], "2029-12-31"],
      [["childPrices", 0, "ageGroup"], 888_888],
      [["services", 0, "category"], 777_777],
      [["reservationLinks", 0, "rooms"], [{ adults: 21, ages: [18] }]],
      [["tradeCustomers", 0, "channel"], 1],
      [["ratePlans", 0, "unknownField"], true],
    ];
    for (const [path, value] of damage) setPath(bad, path, value);

    const result = await importProperty(database, bad);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.path).sort()).toEqual(
      [
        "hotel.timeZone",
        "hotel.currencyCode",
        "roomTypes[0].amenities[1]",
        "prices[0].ratePlan",
        "prices[0].from",
        "inventory[0].to",
        "childPrices[0].ageGroup",
        "services[0].category",
        "reservationLinks[0].rooms[0].adults",
        "reservationLinks[0].rooms[0].ages[0]",
        "tradeCustomers[0].channel",
        "ratePlans[0].unknownField",
      ].sort(),
    );
    for (const issue of result.issues) expect(issue.message).not.toBe("");
    expect(await countRows()).toEqual(before);
  });

  it("keeps hotel texts per language, as the file gives them", async () => {
    const room = aRoomType({
      name: { en: "Lake view double", it: "Doppia vista lago", de: "Doppelzimmer Seeblick", fr: "" },
      description: { en: "With a balcony." },
    });
    const category = aServiceCategory({ name: { en: "Wellness", es: "Bienestar", pt: "Bem-estar" } });
    const file = buildProperty({
      hotel: {
        description: { en: "On the lake.", zh: "湖畔酒店。", ja: "湖畔のホテル。" },
        wellness: [{ en: "Sauna", de: "Sauna", it: "Sauna finlandese" }],
      },
      roomTypes: [room],
      serviceCategories: [category],
      services: [aService(category, { name: { en: "Massage", it: "Massaggio", de: "Massage" } })],
    });
    const result = await importProperty(database, file);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(await scalar(sql`select name as value from room_type where id = ${room.id}`)).toEqual({
      en: "Lake view double",
      it: "Doppia vista lago",
      de: "Doppelzimmer Seeblick",
      fr: "",
    });
    expect(await scalar(sql`select name as value from service_category where id = ${category.id}`)).toEqual({
      en: "Wellness",
      es: "Bienestar",
      pt: "Bem-estar",
    });
    expect(await scalar(sql`select description as value from hotel where id = ${file.hotel.id}`)).toEqual({
      en: "On the lake.",
      zh: "湖畔酒店。",
      ja: "湖畔のホテル。",
    });
    expect(await scalar(sql`select wellness as value from hotel where id = ${file.hotel.id}`)).toEqual([
      { en: "Sauna", de: "Sauna", it: "Sauna finlandese" },
    ]);
  });

  it("refuses a text in a language the format does not know, or without English, naming the field", async () => {
    const file = structuredClone(buildProperty({ roomTypes: [aRoomType()] })) as unknown as PropertyFile;
    file.roomTypes[0]!.name = { en: "Double", ru: "Двухместный", "zh-CN": "双人间" };
    file.ratePlans[0]!.description = { it: "Solo in italiano" };
    const result = await importProperty(database, file);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual(
      expect.arrayContaining([
        {
          path: "roomTypes[0].name.ru",
          message: "is not a text language: use en, it, de, fr, es, zh, pt, ja (Russian reads en)",
        },
        {
          path: "roomTypes[0].name.zh-CN",
          message: "is not a text language: use en, it, de, fr, es, zh, pt, ja (Russian reads en)",
        },
        { path: "ratePlans[0].description", message: "needs an English text (en)" },
      ]),
    );
  });

  it("refuses an allotment below the rooms sold, naming the inventory entry, and writes nothing", async () => {
    const room = aRoomType();
    const rate = aRatePlan();
    const file = buildProperty({ roomTypes: [room], ratePlans: [rate] });
    await seedProperty(database, file);
    await database.query(
      sql`update inventory set sold = 4 where room_type_id = ${room.id} and day = '2030-02-14'`,
    );
    const before = await countRows();

    const lower = buildProperty({
      hotel: { ...file.hotel, name: "Should not be written" },
      roomTypes: [room],
      ratePlans: [rate],
      prices: [aPriceRange(room, rate, { perAdults: { "1": 1, "2": 2 } })],
      inventory: [
        anInventoryRange(room, { to: "2030-01-31" }),
        anInventoryRange(room, { from: "2030-02-01", allotment: 3 }),
      ],
    });
    const result = await importProperty(database, lower);
    expect(result).toEqual({
      ok: false,
      issues: [{ path: "inventory[1].allotment", message: expect.stringContaining("4 room(s)") }],
    });
    expect(await countRows()).toEqual(before);
    expect(await scalar<string>(sql`select name as value from hotel where id = ${file.hotel.id}`)).toBe(
      file.hotel.name,
    );
    expect(
      await scalar<number>(sql`select max(amount_minor) as value from price where room_type_id = ${room.id}`),
    ).toBeGreaterThan(200);
  });

  it("refuses to remove a room type with rooms sold", async () => {
    const sold = aRoomType();
    const file = buildProperty({ roomTypes: [sold, aRoomType()] });
    await seedProperty(database, file);
    await database.query(
      sql`update inventory set sold = 1 where room_type_id = ${sold.id} and day = '2030-01-02'`,
    );
    const result = await importProperty(database, {
      ...file,
      roomTypes: file.roomTypes.slice(1),
      prices: [],
      inventory: [],
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: "roomTypes", message: `room type ${sold.id} has rooms sold, so it must stay in the file` },
      ],
    });
  });

  it("refuses ids that belong to another hotel", async () => {
    const first = buildProperty();
    await seedProperty(database, first);
    const taken = first.roomTypes[0]!;
    const second = buildProperty({ roomTypes: [{ ...taken }] });
    const result = await importProperty(database, second);
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: "roomTypes[0].id", message: `id ${taken.id} already belongs to hotel ${first.hotel.id}` },
      ],
    });
  });

  it("imports the example of docs/property-format.md", async () => {
    const doc = await readFile(new URL("../../../../../docs/property-format.md", import.meta.url), "utf8");
    const example = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].at(-1)?.[1];
    const result = await importProperty(database, JSON.parse(example ?? "null"));
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    // 1 April to 31 October is 214 nights; two rates priced for one and two adults.
    expect(result.rows).toMatchObject({
      hotel: 1,
      prices: 856,
      childPrices: 428,
      inventory: 214,
      restrictions: 62,
    });
    expect(
      await scalar<number>(
        sql`select count(*)::int as value from inventory where room_type_id = 701 and closed`,
      ),
    ).toBe(7);
  });

  it("never throws on a damaged file: it answers with issues", async () => {
    const base = aFullProperty();
    const paths = collectPaths(base);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.oneof(fc.constant(null), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant([])),
        async (path, value) => {
          const damaged = structuredClone(base) as unknown;
          setPath(damaged, path, value);
          // Validation alone; a file that still validates is imported too.
          const parsed = parsePropertyFile(damaged);
          if (!parsed.ok) {
            expect(parsed.issues.length).toBeGreaterThan(0);
            return;
          }
          await importProperty(database, damaged);
        },
      ),
      { numRuns: 150 },
    );
  });
});

type Path = (string | number)[];

/** Every path into a value (the first two items of each list), to damage one at a time. */
function collectPaths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (prefix.length > 0) out.push(prefix);
  if (Array.isArray(value)) {
    value.slice(0, 2).forEach((item, i) => {
      collectPaths(item, [...prefix, i], out);
    });
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) collectPaths(item, [...prefix, key], out);
  }
  return out;
}

function setPath(target: unknown, path: Path, value: unknown): void {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
}
