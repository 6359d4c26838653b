import type { AvailChannelCheckResponse } from "@alloggio/domain/contract/portal/avail-channel-check";
import type { AvailResponse } from "@alloggio/domain/contract/search/avail";
import { createTestApp } from "@alloggio/test-kit/app";
import {
  anInventoryRange,
  aPriceRange,
  aPromoCode,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";

// SPEC §3's search filters `promocode` and `hiddenPromocode`, and the availability answer's `crossProperty`.
const clock = fixedClock("2030-01-05T10:00:00Z");
const GARDA = { id: 1, name: { en: "Lake Garda" } };
const ALPS = { id: 2, name: { en: "Swiss Alps" } };
const destinations = [GARDA, ALPS];

/** A hotel of one room and rate at 100 a night for two, full from 10 to 11 January when `full`. */
function aHotel(
  name: string,
  destination: number,
  full: boolean,
  promoCodes = [] as ReturnType<typeof aPromoCode>[],
) {
  const room = aRoomType();
  const rate = aRatePlan();
  return buildProperty({
    hotel: { name, destinationIds: [destination] },
    destinations,
    roomTypes: [room],
    ratePlans: [rate],
    prices: [aPriceRange(room, rate, { perAdults: { "1": 80, "2": 100 } })],
    inventory: [
      anInventoryRange(room),
      ...(full ? [anInventoryRange(room, { from: "2030-01-10", to: "2030-01-11", allotment: 0 })] : []),
    ],
    promoCodes,
  });
}

const home = aHotel("Home", GARDA.id, true, [
  aPromoCode({ code: "SUMMER10", discountPercent: 10 }),
  aPromoCode({ code: "VIP20", hidden: true, discountPercent: 20 }),
]);
const neighbour = aHotel("Neighbour", GARDA.id, false, [aPromoCode({ code: "LAKE10", discountPercent: 10 })]);
const fullNeighbour = aHotel("Full neighbour", GARDA.id, true);
const farAway = aHotel("Far away", ALPS.id, false);

let database: Database;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  for (const p of [home, neighbour, fullNeighbour, farAway]) await seedProperty(database, p);
  app = await createTestApp(database, clock.now);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function json<T>(url: string): Promise<T> {
  const res = await app.inject({ method: "GET", url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const search = (params: Record<string, string>) =>
  new URLSearchParams({ channel: "1", language: "1", adults: "2", ...params });

const avail = (params: Record<string, string>) =>
  json<AvailResponse>(`/api/avail.do?${search({ hotel: String(home.hotel.id), ...params })}`);

const totals = (r: AvailResponse) =>
  r.availability[0]?.flatMap((room) => room.rates.map((rate) => rate.total));

describe("hiddenPromocode (SPEC §3)", () => {
  const free = { arrival: "20300112", departure: "20300113" };

  it("applies a code the guest did not type, as promoCode does", async () => {
    expect(totals(await avail(free))).toEqual([100]);
    const hidden = await avail({ ...free, hiddenPromocode: "VIP20" });
    expect(totals(hidden)).toEqual([80]);
    expect(hidden.promo).toMatchObject({ code: "VIP20", valid: true, hidden: true });
  });

  it("gives way to a code the guest typed", async () => {
    const both = await avail({ ...free, promoCode: "SUMMER10", hiddenPromocode: "VIP20" });
    expect(totals(both)).toEqual([90]);
    expect(both.promo).toMatchObject({ code: "SUMMER10", valid: true });
  });

  it("applies in the portal list", async () => {
    const list = await json<AvailChannelCheckResponse>(
      `/api/availChannelCheck.do?${search({ ...free, hiddenPromocode: "LAKE10" })}`,
    );
    expect(list.hotels.find((h) => h.id === neighbour.hotel.id)?.minTotal).toBe(90);
  });

  it("is refused past 40 characters, naming the field", async () => {
    const res = await app.inject({
      method: "GET",
      url: `/api/avail.do?${search({ hotel: String(home.hotel.id), hiddenPromocode: "X".repeat(41) })}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("hiddenPromocode");
  });
});

describe("crossProperty", () => {
  it("lists the group's hotels of the same destination free for the stay when this hotel has no room", async () => {
    const stay = { arrival: "20300110", departure: "20300112" };
    const first = await avail(stay);
    expect(first.availability).toEqual([[]]);
    expect(first.crossProperty).toEqual([{ id: neighbour.hotel.id, name: "Neighbour" }]);
    // The same answer again, from the search cache.
    expect((await avail(stay)).crossProperty).toEqual([{ id: neighbour.hotel.id, name: "Neighbour" }]);
  });

  it("is empty when the hotel has a room", async () => {
    expect((await avail({ arrival: "20300112", departure: "20300113" })).crossProperty).toEqual([]);
  });

  it("is empty for a search no other hotel can host either", async () => {
    const r = await avail({ arrival: "20300110", departure: "20300112", adults: "3" });
    expect(r.availability).toEqual([[]]);
    expect(r.crossProperty).toEqual([]);
  });
});
