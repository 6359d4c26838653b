import type { AvailResponse } from "@alloggio/domain/contract/search/avail";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type AlpineBitsPost,
  pingRequest,
  postAlpineBits,
  type RatePlanSpec,
  ratePlansBenchRequest,
  ratePlansRequest,
} from "../../../../../packages/test-kit/src/alpinebits";
import { createTestApp } from "../../../../../packages/test-kit/src/app";
import {
  aChildPriceRange,
  aHotel,
  anAgeGroup,
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "../../../../../packages/test-kit/src/builders";
import { createTestDatabase } from "../../../../../packages/test-kit/src/database";
import type { Database } from "../../db/client";
import { auditLog } from "../../db/schema";
import { createAlpineBitsClient, setAlpineBitsCodes } from "../../features/alpinebits";
import type { App } from "../app";

let database: Database;
let app: App;
const clock = new Date("2029-12-20T10:00:00Z");

// Hotel "ALPHA": a double (DBL, up to 3 guests) and a single (SGL) coded, a suite without a code; a room-only rate
// (FLEX), a half-board rate (HB) and a rate without a RatePlanCode; children in two age groups, 0-5 and 6-11.
const dbl = aRoomType({ maxOccupancy: 3, maxAdults: 3, maxChildren: 1 });
const sgl = aRoomType({ maxOccupancy: 1, maxAdults: 1, maxChildren: 0 });
const suite = aRoomType();
const flex = aRatePlan({ maxStay: 14 });
const halfBoard = aRatePlan({ mealPlan: "half_board" });
const uncoded = aRatePlan();
const small = anAgeGroup(0, 5);
const big = anAgeGroup(6, 11);
const rooms = [dbl, sgl, suite];
const rates = [flex, halfBoard, uncoded];
let hotelId: number;
const codes = {
  hotelCode: "ALPHA",
  roomTypes: [
    { roomTypeId: dbl.id, code: "DBL" },
    { roomTypeId: sgl.id, code: "SGL" },
  ],
  ratePlans: [
    { ratePlanId: flex.id, code: "FLEX" },
    { ratePlanId: halfBoard.id, code: "HB" },
  ],
};
const USER = "pms-rates";
const PASSWORD = "Pms-Password-123";

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  hotelId = (
    await seedProperty(
      database,
      buildProperty({
        hotel: aHotel({ name: "Alpha" }),
        ageGroups: [small, big],
        roomTypes: rooms,
        ratePlans: rates,
        prices: rooms.flatMap((room) =>
          rates.map((rate) => aPriceRange(room, rate, { adults: room.maxOccupancy })),
        ),
        childPrices: rates.flatMap((rate) => [
          aChildPriceRange(dbl, rate, small),
          aChildPriceRange(dbl, rate, big),
        ]),
        inventory: rooms.map((room) => anInventoryRange(room)),
      }),
    )
  ).hotelId;
  await createAlpineBitsClient(database.db, { username: USER, password: PASSWORD, hotelIds: [hotelId] });
  await setAlpineBitsCodes(database.db, hotelId, codes);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** The seeded rates again: 80/100/120 for 1/2/3 adults, 25 a child, no restriction nights, Jan-Mar 2030. */
beforeEach(async () => {
  const ids = sql.raw(rates.map((r) => r.id).join(","));
  await database.db.execute(sql`delete from price where rate_plan_id in (${ids})`);
  await database.db.execute(sql`delete from child_price where rate_plan_id in (${ids})`);
  await database.db.execute(sql`delete from restriction where rate_plan_id in (${ids})`);
  await database.db.execute(sql`insert into price (rate_plan_id, room_type_id, day, adults, amount_minor)
    select rp.id, rt.id, d::date, a, 6000 + 2000 * a
    from rate_plan rp, room_type rt, generate_series('2030-01-01'::date, '2030-03-31'::date, interval '1 day') d,
      generate_series(1, 3) a
    where rp.id in (${ids}) and rt.hotel_id = ${hotelId} and a <= rt.max_occupancy`);
  await database.db.execute(sql`insert into child_price (rate_plan_id, room_type_id, day, age_group_id, amount_minor)
    select rp.id, ${dbl.id}, d::date, g.id, 2500
    from rate_plan rp, age_group g, generate_series('2030-01-01'::date, '2030-03-31'::date, interval '1 day') d
    where rp.id in (${ids}) and g.hotel_id = ${hotelId}`);
  await database.db.execute(sql`delete from rate_limit where key like 'alpinebits:%'`);
  // No Full received yet.
  await database.db.execute(sql`update alpinebits_rate_plan_code set charge_type = null`);
});

/** Posts as the client; the response's document (when XML) is validated against the official schema. */
const post = (p: AlpineBitsPost) => postAlpineBits(app, { username: USER, password: PASSWORD, ...p });

const push = (plans: RatePlanSpec[], completeSet = false) =>
  post({
    action: "OTA_HotelRatePlanNotif:RatePlans",
    request: ratePlansRequest("ALPHA", plans, completeSet),
  });

/** The stored prices of a room type and rate plan on a day, by adults, in minor units. */
async function pricesOf(
  roomTypeId: number,
  ratePlanId: number,
  day: string,
): Promise<Record<number, number>> {
  const rows = (
    (await database.db.execute(sql`select adults, amount_minor from price
      where room_type_id = ${roomTypeId} and rate_plan_id = ${ratePlanId} and day = ${day}::date order by adults`)) as unknown as {
      rows: { adults: number; amount_minor: number }[];
    }
  ).rows;
  return Object.fromEntries(rows.map((r) => [r.adults, r.amount_minor]));
}

async function childPricesOf(ratePlanId: number, day: string): Promise<Record<number, number>> {
  const rows = (
    (await database.db.execute(sql`select age_group_id, amount_minor from child_price
      where room_type_id = ${dbl.id} and rate_plan_id = ${ratePlanId} and day = ${day}::date`)) as unknown as {
      rows: { age_group_id: number; amount_minor: number }[];
    }
  ).rows;
  return Object.fromEntries(rows.map((r) => [r.age_group_id, r.amount_minor]));
}

async function restrictionOf(ratePlanId: number, day: string) {
  const rows = (
    (await database.db.execute(sql`select closed_to_arrival as cta, closed_to_departure as ctd, min_stay, max_stay
      from restriction where rate_plan_id = ${ratePlanId} and day = ${day}::date`)) as unknown as {
      rows: { cta: boolean; ctd: boolean; min_stay: number | null; max_stay: number | null }[];
    }
  ).rows;
  return rows[0] ?? null;
}

/** Every price, child price and restriction row of the hotel, to prove a refused message wrote nothing. */
async function snapshot(): Promise<string> {
  const ids = sql.raw(rates.map((r) => r.id).join(","));
  const { rows } = (await database.db.execute(sql`select
    (select count(*) || ':' || coalesce(sum(amount_minor * adults), 0) from price where rate_plan_id in (${ids})) as p,
    (select count(*) || ':' || coalesce(sum(amount_minor), 0) from child_price where rate_plan_id in (${ids})) as c,
    (select count(*) from restriction where rate_plan_id in (${ids})) as r`)) as unknown as {
    rows: unknown[];
  };
  return JSON.stringify(rows);
}

async function avail(arrival: string, departure: string, adults: number, ages: number[] = []) {
  const qs = new URLSearchParams({
    channel: "1",
    hotel: String(hotelId),
    language: "1",
    arrival,
    departure,
    adults: String(adults),
    ...(ages.length > 0 ? { childs: String(ages.length), ages: ages.join(",") } : {}),
  });
  const res = await app.inject({ method: "GET", url: `/api/avail.do?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AvailResponse;
}

/** The guest's quote of a room type and rate plan in a search: the total and the price of each night. */
function quoteOf(a: AvailResponse, roomTypeId: number, ratePlanId: number) {
  const room = (a.availability[0] ?? []).find((r) => (r as { id?: number }).id === roomTypeId) as
    | { rates: { id: number; total: number; nightly: { date: string; price: number }[] }[] }
    | undefined;
  const rate = room?.rates.find((r) => r.id === ratePlanId);
  return rate ? { total: rate.total, nightly: rate.nightly.map((n) => n.price) } : null;
}

const JAN = { start: "2030-01-10", end: "2030-01-20" };
const fullFlex: RatePlanSpec = {
  code: "FLEX",
  notif: "Full",
  rules: [{ ...JAN, minLos: 2, maxLos: 7, closedArrival: ["Sun"], closedDeparture: ["Mon"] }],
  rates: [
    {
      invTypeCode: "DBL",
      ...JAN,
      base: [
        { guests: 1, amount: "90" },
        { guests: 2, amount: "130.50", currency: "EUR" },
      ],
      extraAdult: "40",
      children: [
        { maxAge: 6, amount: "0" },
        { minAge: 6, maxAge: 12, amount: "35.25" },
      ],
    },
    { invTypeCode: "SGL", ...JAN, base: [{ guests: 1, amount: "70" }] },
  ],
};

describe("RatePlans (chapter 4.5): handshake", () => {
  it("advertises the action with exactly the capabilities implemented", async () => {
    const echo = JSON.stringify({
      versions: [
        {
          version: "2024-10",
          actions: [
            {
              action: "action_OTA_HotelRatePlanNotif_RatePlans",
              supports: [
                "OTA_HotelRatePlanNotif_accept_ArrivalDOW",
                "OTA_HotelRatePlanNotif_accept_DepartureDOW",
                "OTA_HotelRatePlanNotif_accept_RatePlan_BookingRule",
                "OTA_HotelRatePlanNotif_accept_RatePlan_RoomType_BookingRule",
                "OTA_HotelRatePlanNotif_accept_RatePlan_mixed_BookingRule",
                "OTA_HotelRatePlanNotif_accept_Supplements",
                "OTA_HotelRatePlanNotif_accept_FreeNightsOffers",
                "OTA_HotelRatePlanNotif_accept_FamilyOffers",
                "OTA_HotelRatePlanNotif_accept_overlay",
                "OTA_HotelRatePlanNotif_accept_RatePlanJoin",
                "OTA_HotelRatePlanNotif_accept_OfferRule_BookingOffset",
                "OTA_HotelRatePlanNotif_accept_OfferRule_DOWLOS",
              ],
            },
          ],
        },
      ],
    });
    const res = await post({ action: "OTA_Ping:Handshaking", request: pingRequest(echo) });
    const warning = /ALPINEBITS_HANDSHAKE">([^<]*)</.exec(res.body)?.[1] ?? "";
    expect(JSON.parse(warning.replaceAll("&quot;", '"')).versions[0].actions).toEqual([
      { action: "action_OTA_Ping" },
      {
        action: "action_OTA_HotelRatePlanNotif_RatePlans",
        supports: [
          "OTA_HotelRatePlanNotif_accept_ArrivalDOW",
          "OTA_HotelRatePlanNotif_accept_DepartureDOW",
          "OTA_HotelRatePlanNotif_accept_RatePlan_BookingRule",
          "OTA_HotelRatePlanNotif_accept_overlay",
        ],
      },
    ]);
  });
});

describe("RatePlans (chapter 4.5): Full, Overlay, Remove", () => {
  it("a Full replaces the rate plan's prices and restriction nights from today on; the search quotes them at once", async () => {
    // A search before the push fills the exact search cache with the old prices.
    expect(quoteOf(await avail("20300114", "20300116", 2), dbl.id, flex.id)?.nightly).toEqual([100, 100]);
    const res = await push([fullFlex]);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<Success/>");
    // The room's amount per occupancy; a third adult is the two adults' amount and the extra adult's.
    expect(await pricesOf(dbl.id, flex.id, "2030-01-15")).toEqual({ 1: 9000, 2: 13050, 3: 17050 });
    expect(await pricesOf(sgl.id, flex.id, "2030-01-15")).toEqual({ 1: 7000 });
    // Children by the hotel's age groups: 0-5 (MaxAge 6, exclusive) and 6-11.
    expect(await childPricesOf(flex.id, "2030-01-15")).toEqual({ [small.id]: 0, [big.id]: 3525 });
    // Outside the message nothing is left of the rate plan's old nights.
    expect(await pricesOf(dbl.id, flex.id, "2030-02-15")).toEqual({});
    expect(await childPricesOf(flex.id, "2030-02-15")).toEqual({});
    // 2030-01-13 is a Sunday (no arrival), 2030-01-14 a Monday (no departure).
    expect(await restrictionOf(flex.id, "2030-01-13")).toEqual({
      cta: true,
      ctd: false,
      min_stay: 2,
      max_stay: 7,
    });
    expect(await restrictionOf(flex.id, "2030-01-14")).toEqual({
      cta: false,
      ctd: true,
      min_stay: 2,
      max_stay: 7,
    });
    // Neither the suite (no InvTypeCode) nor the rate without a RatePlanCode is the PMS's.
    expect(await pricesOf(suite.id, flex.id, "2030-02-15")).toEqual({ 1: 8000, 2: 10000, 3: 12000 });
    expect(await pricesOf(dbl.id, uncoded.id, "2030-01-15")).toEqual({ 1: 8000, 2: 10000, 3: 12000 });

    // The quote of a guest is the pushed amount, night by night, children included.
    const two = quoteOf(await avail("20300115", "20300117", 2), dbl.id, flex.id);
    expect(two).toEqual({ total: 261, nightly: [130.5, 130.5] });
    const family = quoteOf(await avail("20300115", "20300117", 2, [8]), dbl.id, flex.id);
    expect(family).toEqual({ total: 331.5, nightly: [165.75, 165.75] });
    const three = quoteOf(await avail("20300115", "20300117", 3), dbl.id, flex.id);
    expect(three?.nightly).toEqual([170.5, 170.5]);
    // The restriction nights bind the search: no arrival on a Sunday, at least 2 nights.
    expect(quoteOf(await avail("20300113", "20300116", 2), dbl.id, flex.id)).toBeNull();
    expect(quoteOf(await avail("20300115", "20300116", 2), dbl.id, flex.id)).toBeNull();
    // No price after the message's range: the rate is not sold there.
    expect(quoteOf(await avail("20300215", "20300217", 2), dbl.id, flex.id)).toBeNull();

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "rates.alpinebits_rate_plans"))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry?.actor).toBe(`alpinebits:${USER}`);
  });

  it("an Overlay after a Full changes only the nights it sends", async () => {
    await push([fullFlex]);
    const res = await push([
      {
        code: "FLEX",
        notif: "Overlay",
        rules: [{ start: "2030-01-12", end: "2030-01-12", minLos: 3 }],
        rates: [
          {
            invTypeCode: "DBL",
            start: "2030-01-15",
            end: "2030-01-16",
            base: [{ guests: 2, amount: "150" }],
          },
        ],
      },
    ]);
    expect(res.body).toContain("<Success/>");
    // The Rate replaces the room's prices of its nights: only 2 adults now, no children's price.
    expect(await pricesOf(dbl.id, flex.id, "2030-01-15")).toEqual({ 2: 15000 });
    expect(await childPricesOf(flex.id, "2030-01-15")).toEqual({});
    expect(await pricesOf(dbl.id, flex.id, "2030-01-17")).toEqual({ 1: 9000, 2: 13050, 3: 17050 });
    expect(await pricesOf(sgl.id, flex.id, "2030-01-15")).toEqual({ 1: 7000 });
    expect(await restrictionOf(flex.id, "2030-01-12")).toEqual({
      cta: false,
      ctd: false,
      min_stay: 3,
      max_stay: null,
    });
    expect(await restrictionOf(flex.id, "2030-01-13")).toEqual({
      cta: true,
      ctd: false,
      min_stay: 2,
      max_stay: 7,
    });
    expect(quoteOf(await avail("20300115", "20300117", 2), dbl.id, flex.id)?.nightly).toEqual([150, 150]);
  });

  it("a Master Close takes the rate off sale on its nights; Remove deletes the rate plan's nights", async () => {
    await push([fullFlex]);
    const closed = await push([
      {
        code: "FLEX",
        notif: "Overlay",
        rules: [{ start: "2030-01-16", end: "2030-01-16", status: "Close" }],
      },
    ]);
    expect(closed.body).toContain("<Success/>");
    expect(await pricesOf(dbl.id, flex.id, "2030-01-16")).toEqual({});
    expect(await pricesOf(sgl.id, flex.id, "2030-01-16")).toEqual({});
    expect(await pricesOf(dbl.id, flex.id, "2030-01-17")).toEqual({ 1: 9000, 2: 13050, 3: 17050 });
    expect(quoteOf(await avail("20300115", "20300117", 2), dbl.id, flex.id)).toBeNull();

    const removed = await push([{ code: "FLEX", notif: "Remove" }]);
    expect(removed.body).toContain("<Success/>");
    expect(await pricesOf(dbl.id, flex.id, "2030-01-17")).toEqual({});
    expect(await restrictionOf(flex.id, "2030-01-13")).toBeNull();
    expect(quoteOf(await avail("20300117", "20300119", 2), dbl.id, flex.id)).toBeNull();
    // The other rate plans and the suite keep theirs.
    expect(await pricesOf(dbl.id, halfBoard.id, "2030-01-17")).toEqual({ 1: 8000, 2: 10000, 3: 12000 });
    expect(await pricesOf(suite.id, flex.id, "2030-01-17")).toEqual({ 1: 8000, 2: 10000, 3: 12000 });
  });

  it("reads amounts per person (Type 7) as the room's for that many adults, in the Overlays after the Full too", async () => {
    const res = await push([
      {
        code: "FLEX",
        notif: "Full",
        chargeType: "7",
        rates: [
          {
            invTypeCode: "DBL",
            ...JAN,
            base: [
              { guests: 1, amount: "106" },
              { guests: 2, amount: "96" },
            ],
            extraAdult: "76.8",
            children: [{ minAge: 6, maxAge: 12, amount: "48" }],
          },
        ],
      },
    ]);
    expect(res.body).toContain("<Success/>");
    expect(await pricesOf(dbl.id, flex.id, "2030-01-15")).toEqual({ 1: 10600, 2: 19200, 3: 26880 });
    expect(await childPricesOf(flex.id, "2030-01-15")).toEqual({ [big.id]: 4800 });
    expect(quoteOf(await avail("20300115", "20300117", 2, [7]), dbl.id, flex.id)?.nightly).toEqual([
      240, 240,
    ]);
    await push([
      {
        code: "FLEX",
        notif: "Overlay",
        rates: [
          {
            invTypeCode: "DBL",
            start: "2030-01-15",
            end: "2030-01-15",
            base: [{ guests: 2, amount: "100" }],
          },
        ],
      },
    ]);
    expect(await pricesOf(dbl.id, flex.id, "2030-01-15")).toEqual({ 2: 20000 });
  });

  it("refuses an Overlay before any Full (per person or per room is unknown), and after a Remove", async () => {
    const overlay: RatePlanSpec = {
      code: "FLEX",
      notif: "Overlay",
      rates: [
        { invTypeCode: "DBL", start: "2030-01-15", end: "2030-01-15", base: [{ guests: 2, amount: "100" }] },
      ],
    };
    const before = await snapshot();
    const first = await push([overlay]);
    expect(first.body).toContain("send the rate plan Full first");
    expect(await snapshot()).toBe(before);
    await push([fullFlex]);
    expect((await push([overlay])).body).toContain("<Success/>");
    // Codes saved again (the back office's screen) keep what the last Full said.
    await setAlpineBitsCodes(database.db, hotelId, codes);
    expect((await push([overlay])).body).toContain("<Success/>");
    await push([{ code: "FLEX", notif: "Remove" }]);
    expect((await push([overlay])).body).toContain("send the rate plan Full first");
  });

  it("takes New as Full, and a meal plan that is the rate plan's", async () => {
    const res = await push([
      {
        code: "HB",
        notif: "New",
        mealPlanCode: "12",
        rates: [{ invTypeCode: "DBL", ...JAN, base: [{ guests: 2, amount: "200" }] }],
      },
    ]);
    expect(res.body).toContain("<Success/>");
    expect(await pricesOf(dbl.id, halfBoard.id, "2030-01-15")).toEqual({ 2: 20000 });
  });
});

describe("RatePlans (chapter 4.5): refused whole, nothing written", () => {
  const refused: [string, RatePlanSpec[], string][] = [
    ["an unknown RatePlanCode", [{ ...fullFlex, code: "NOPE" }], "RatePlanCode NOPE is unknown"],
    [
      "an unknown InvTypeCode",
      [{ ...fullFlex, rates: [...(fullFlex.rates ?? []), { invTypeCode: "XXL", ...JAN, base: [] }] }],
      "InvTypeCode XXL is unknown",
    ],
    ["another currency", [{ ...fullFlex, currency: "CHF" }], "CurrencyCode CHF is not the hotel"],
    [
      "another currency on an amount",
      [
        {
          ...fullFlex,
          rates: [{ invTypeCode: "SGL", ...JAN, base: [{ guests: 1, amount: "70", currency: "USD" }] }],
        },
      ],
      "CurrencyCode USD",
    ],
    [
      "overlapping Rates of one room category",
      [
        {
          ...fullFlex,
          rates: [
            { invTypeCode: "SGL", ...JAN, base: [{ guests: 1, amount: "70" }] },
            {
              invTypeCode: "SGL",
              start: "2030-01-20",
              end: "2030-01-25",
              base: [{ guests: 1, amount: "70" }],
            },
          ],
        },
      ],
      "overlap",
    ],
    [
      "overlapping booking rules",
      [
        {
          ...fullFlex,
          rules: [
            { ...JAN, minLos: 2 },
            { start: "2030-01-15", end: "2030-01-30", minLos: 3 },
          ],
        },
      ],
      "overlap",
    ],
    [
      "more decimals than the currency",
      [{ ...fullFlex, rates: [{ invTypeCode: "SGL", ...JAN, base: [{ guests: 1, amount: "70.005" }] }] }],
      "at most 2 decimals",
    ],
    [
      "more guests than the room takes",
      [{ ...fullFlex, rates: [{ invTypeCode: "SGL", ...JAN, base: [{ guests: 2, amount: "70" }] }] }],
      "at most 1",
    ],
    [
      "a meal plan that is not the rate plan's",
      [{ ...fullFlex, mealPlanCode: "12" }],
      "is not this rate plan",
    ],
    [
      "children's ages that are not an age group of the hotel",
      [
        {
          ...fullFlex,
          rates: [{ invTypeCode: "DBL", ...JAN, base: [], children: [{ maxAge: 4, amount: "10" }] }],
        },
      ],
      "(MinAge-MaxAge: 0-6, 6-12)",
    ],
    [
      "a room type's booking rule",
      [{ ...fullFlex, rules: [{ ...JAN, minLos: 2, roomTypeCode: "DBL" }] }],
      "Code",
    ],
    [
      "a stay through the day",
      [{ ...fullFlex, rules: [{ ...JAN, forwardMinStay: 2 }] }],
      "SetForwardMinStay",
    ],
    [
      "supplements",
      [
        {
          ...fullFlex,
          extra:
            '<Supplements><Supplement InvType="EXTRA" InvCode="CLEAN" Amount="20" Start="2030-01-10" End="2030-01-20"/></Supplements>',
        },
      ],
      "supplements are not supported",
    ],
    // The rate plan's own maximum stay is 14: a night may not ask for more than it allows.
    [
      "a minimum stay above the rate plan's maximum",
      [{ ...fullFlex, rules: [{ ...JAN, minLos: 20 }] }],
      "minStay",
    ],
  ];
  for (const [what, plans, message] of refused)
    it(`refuses ${what}`, async () => {
      const before = await snapshot();
      // A valid rate plan beside the wrong one is not applied either.
      const res = await push([...plans, { code: "HB", notif: "Remove" }]);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<Error Type="13">');
      expect(res.body).toContain(message);
      expect(res.body).not.toContain("<Success/>");
      expect(await snapshot()).toBe(before);
    });

  it("refuses a CompleteSet, which this server does not implement", async () => {
    const before = await snapshot();
    const res = await push([{ code: "FLEX", notif: "Remove" }], true);
    expect(res.body).toContain("CompleteSet");
    expect(await snapshot()).toBe(before);
  });
});

describe("RatePlans: the bench's message", () => {
  it("applies 10 rates × 365 nights in one message (statements in batches)", async () => {
    const request = ratePlansBenchRequest({
      hotelCode: "ALPHA",
      ratePlanCodes: ["FLEX", "HB"],
      invTypeCodes: ["DBL", "SGL"],
      from: "2030-01-01",
      days: 365,
      guests: [1],
      mealPlanCodes: { HB: "12" },
    });
    const res = await post({ action: "OTA_HotelRatePlanNotif:RatePlans", request });
    expect(res.body).toContain("<Success/>");
    expect(await pricesOf(sgl.id, halfBoard.id, "2030-12-31")).toEqual({ 1: expect.any(Number) });
  });
});
