import type { AvailChannelCheckResponse } from "@alloggio/domain/contract/portal/avail-channel-check";
import { createTestApp } from "@alloggio/test-kit/app";
import {
  aPriceRange,
  aRatePlan,
  aRoomType,
  aTradeCustomer,
  buildProperty,
  DIRECT_CHANNEL_ID,
  seedProperty,
  TRADE_CHANNEL_ID,
} from "@alloggio/test-kit/builders";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aTradeSession, aTradeUser, enableTradeCustomer } from "@alloggio/test-kit/trade";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";

// The portal of a trade channel lists every hotel of the channel; a logged agency's prices (its trade-only rates and
// hidden extra discount) apply only at the hotels its account is enabled for.
const clock = fixedClock("2030-01-05T10:00:00Z");
const agency = aTradeCustomer({ extraDiscountPercent: 20 });

/** A hotel with a public rate (100 a night for two) and a trade-only rate (also 100, less the agency's 20 %). */
function aTradeHotel(name: string, withAgency: boolean) {
  const room = aRoomType();
  const publicRate = aRatePlan({ channelIds: [DIRECT_CHANNEL_ID, TRADE_CHANNEL_ID] });
  const tradeRate = aRatePlan({ channelIds: [TRADE_CHANNEL_ID], tradeOnly: true });
  return buildProperty({
    hotel: { name },
    roomTypes: [room],
    ratePlans: [publicRate, tradeRate],
    prices: [aPriceRange(room, publicRate), aPriceRange(room, tradeRate)],
    ...(withAgency ? { tradeCustomers: [agency] } : {}),
  });
}
const enabled = aTradeHotel("Enabled Hotel", true);
const other = aTradeHotel("Other Hotel", false);

let database: Database;
let app: App;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  for (const file of [enabled, other]) await seedProperty(database, file);
  await enableTradeCustomer(database, agency.id, [{ hotel: enabled.hotel.id, channel: TRADE_CHANNEL_ID }]);
  const user = await aTradeUser(database, { customerId: agency.id, passwordChangedAt: clock.now() });
  cookie = (await aTradeSession(database, { userId: user.id, channel: TRADE_CHANNEL_ID, now: clock.now() }))
    .headers.cookie;
  app = await createTestApp(database, clock.now);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function portal(headers: Record<string, string>): Promise<AvailChannelCheckResponse> {
  const qs = new URLSearchParams({
    channel: String(TRADE_CHANNEL_ID),
    language: "1",
    arrival: "20300120",
    departure: "20300122",
    adults: "2",
    hotels: `${enabled.hotel.id},${other.hotel.id}`,
  });
  const res = await app.inject({ method: "GET", url: `/api/availChannelCheck.do?${qs}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AvailChannelCheckResponse;
}
const totalOf = (r: AvailChannelCheckResponse, id: number) => r.hotels.find((h) => h.id === id)?.minTotal;

describe("a logged agency on the trade channel's portal", () => {
  it("sees its prices at the hotels it is enabled for, and anybody's prices at the others", async () => {
    const r = await portal({ cookie });
    expect(totalOf(r, enabled.hotel.id)).toBe(160);
    expect(totalOf(r, other.hotel.id)).toBe(200);
  });

  it("sees anybody's prices everywhere without its login", async () => {
    const r = await portal({});
    expect(totalOf(r, enabled.hotel.id)).toBe(200);
    expect(totalOf(r, other.hotel.id)).toBe(200);
  });
});
