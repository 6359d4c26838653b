import { ROOM_AMENITIES } from "@alloggio/domain/contract/property/amenities";
import { parsePropertyFile } from "@alloggio/domain/contract/property/property-file";
import {
  alpineBitsRequest,
  expectSchemaValid,
  freeRoomsRequest,
  pingRequest,
} from "@alloggio/test-kit/alpinebits";
import { createTestApp } from "@alloggio/test-kit/app";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../client";
import { DEMO_ALPINEBITS, isDemoWithoutAlpineBits } from "./demo-alpinebits";
import { buildDemoFiles, DEMO_DAYS, mulberry32 } from "./demo-files";
import { DEMO_OFFER_CODE, DEMO_OFFER_EMAIL } from "./demo-offers";
import { DEMO_TRADE_PASSWORD, isDemoWithoutTradeUsers, loadDemoTrade } from "./demo-trade";
import { isDatabaseEmpty, loadDemoData } from "./load-demo";

const TODAY = "2026-03-10";

describe("buildDemoFiles", () => {
  const files = buildDemoFiles(TODAY);
  const rates = files.flatMap((f) => f.ratePlans);
  const services = files.flatMap((f) => f.services ?? []);

  it("is deterministic: the same day gives the same files", () => {
    expect(buildDemoFiles(TODAY)).toEqual(files);
    expect(buildDemoFiles("20260310")).toEqual(files);
    expect(buildDemoFiles("2026-03-11")).not.toEqual(files);
    expect([mulberry32(7)(), mulberry32(7)()]).toEqual([mulberry32(7)(), mulberry32(7)()]);
  });

  it("gives files that validate", () => {
    for (const file of files) expect(parsePropertyFile(file)).toEqual({ ok: true, file });
  });

  it("describes a group of at least four hotels in two destinations, one priced in CHF", () => {
    expect(files.map((f) => f.hotel.id)).toEqual([1, 2, 3, 4]);
    expect(new Set(files.map((f) => f.group.name))).toEqual(new Set(["Alloggio Demo Hotels"]));
    expect(new Set(files.flatMap((f) => f.hotel.destinationIds)).size).toBeGreaterThanOrEqual(2);
    expect(files.filter((f) => f.hotel.currencyCode === "CHF").map((f) => f.hotel.country)).toEqual(["CH"]);
    for (const file of files) {
      expect(file.hotel.channelIds).toEqual([1, 2]);
      expect(file.channels.map((c) => [c.id, c.kind, c.tradeAssociated])).toEqual([
        [1, "direct", 2],
        [2, "trade", 1],
      ]);
      expect(file.hosts?.map((h) => h.host)).toEqual(
        expect.arrayContaining(["localhost", "demo.alloggio.test"]),
      );
      expect(file.roomTypes.length).toBeGreaterThanOrEqual(4);
      expect(file.roomTypes.length).toBeLessThanOrEqual(6);
      expect(Object.keys(file.exchangeRates ?? {}).length).toBeGreaterThanOrEqual(20);
      expect(file.tradeCustomers?.map((c) => c.agencyType)).toEqual([1, 2]);
      expect(file.customPrivacy?.length).toBeGreaterThanOrEqual(2);
      expect(file.reservationLinks?.length).toBeGreaterThanOrEqual(1);
    }
  });

  it("translates every text a guest reads into every text bundle, English included", () => {
    // Every `{ en, … }` text of the files: names and descriptions of rooms, rates, services and their categories,
    // packages, promo codes, reservation links, privacy policies, destinations, the hotels' own texts.
    const texts: { path: string; text: Record<string, string> }[] = [];
    const walk = (value: unknown, path: string) => {
      if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) walk(item, `${path}[${i}]`);
      } else if (value && typeof value === "object") {
        if (typeof (value as Record<string, unknown>).en === "string")
          texts.push({ path, text: value as Record<string, string> });
        else for (const [key, item] of Object.entries(value)) walk(item, `${path}.${key}`);
      }
    };
    for (const [i, file] of files.entries()) walk(file, `hotel ${i + 1}`);
    expect(texts.length).toBeGreaterThan(100);
    const untranslated = texts.flatMap(({ path, text }) =>
      ["en", "it", "de", "fr", "es", "pt", "zh", "ja"]
        .filter((lang) => !text[lang]?.trim())
        .map((lang) => `${path} (${lang}): ${text.en}`),
    );
    expect(untranslated).toEqual([]);
  });

  it("names the airports of the transfer in each language", () => {
    const transfer = (hotel: number) => files[hotel - 1]!.services!.find((s) => s.isTransfer && s.price)!;
    expect(transfer(4).name).toMatchObject({
      en: "Private transfer from Geneva airport",
      it: "Transfer privato dall'aeroporto di Ginevra",
      de: "Privattransfer vom Flughafen Genf",
      fr: "Transfert privé depuis l'aéroport de Genève",
    });
  });

  it("covers every rate kind of SPEC §3 and the weekly-stay discount", () => {
    expect(new Set(rates.map((r) => r.mealPlan))).toEqual(
      new Set(["room_only", "breakfast", "half_board", "full_board", "all_inclusive", "unspecified"]),
    );
    expect(new Set(rates.map((r) => r.payment))).toEqual(
      new Set(["pay_at_hotel", "card_guarantee", "prepaid", "pre_authorisation", "bank_transfer"]),
    );
    const freeDays = new Set(rates.filter((r) => r.refundable !== false).map((r) => r.freeCancellationDays));
    for (const days of [0, 1, 3]) expect(freeDays.has(days)).toBe(true);
    expect(rates.some((r) => r.refundable === false && r.resellable)).toBe(true);
    // A rate that holds as an option, paid by transfer.
    expect(rates.some((r) => r.optionHours !== undefined && r.payment === "bank_transfer")).toBe(true);
    expect(rates.some((r) => r.refundProtection !== undefined)).toBe(true);
    expect(rates.some((r) => r.tradeOnly && r.commissionPercent !== undefined)).toBe(true);
    expect(rates.some((r) => r.tradeOnly && r.isNet)).toBe(true);
    expect(rates.some((r) => r.minStay !== undefined && r.maxStay !== undefined)).toBe(true);
    expect(rates.some((r) => r.minAdults !== undefined && r.maxAdults !== undefined)).toBe(true);
    expect(rates.some((r) => r.longStayDiscounts?.some((d) => d.minNights === 7 && d.percent === 25))).toBe(
      true,
    );
  });

  it("has promo codes, services of every kind, packages and a closed season", () => {
    const codes = files.flatMap((f) => f.promoCodes ?? []);
    expect(codes.find((c) => c.code === "SUMMER10")?.hidden).toBeFalsy();
    expect(codes.find((c) => c.code === "VIP20")?.hidden).toBe(true);
    expect(files.every((f) => f.serviceCategories?.some((c) => c.mandatory))).toBe(true);
    expect(new Set(services.map((s) => s.pricingBasis))).toEqual(
      new Set(["per_person", "per_unit", "per_stay"]),
    );
    expect(new Set(services.map((s) => s.mandatoryFor ?? "none"))).toEqual(
      new Set(["none", "all_adults", "all_children"]),
    );
    expect(services.some((s) => s.isTransfer && s.timeSlots?.length)).toBe(true);
    expect(services.some((s) => s.needsDate)).toBe(true);
    expect(services.some((s) => (s.price ?? 0) === 0)).toBe(true);
    const packages = files.flatMap((f) => f.packages ?? []);
    expect(packages.some((p) => p.kind === "offer")).toBe(true);
    expect(packages.some((p) => (p.airports?.[0]?.flights.length ?? 0) > 0)).toBe(true);
    expect(files.some((f) => f.inventory?.some((i) => i.closed))).toBe(true);
    expect(files.some((f) => f.restrictions?.some((r) => r.closedToArrival))).toBe(true);
    expect(files.some((f) => f.restrictions?.some((r) => (r.minStay ?? 1) > 1))).toBe(true);
    const amenities = new Set(files.flatMap((f) => f.roomTypes.flatMap((r) => r.amenities ?? [])));
    expect(amenities.size).toBeGreaterThanOrEqual(ROOM_AMENITIES.length - 3);
  });
});

describe("loadDemoData", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("fills an empty database with the demo group, 400 days from today", async () => {
    expect(await isDatabaseEmpty(database)).toBe(true);
    const started = performance.now();
    await loadDemoData(database, TODAY);
    const ms = Math.round(performance.now() - started);
    console.info(`[demo] loaded in ${ms} ms on ${database.kind}`);
    expect(await isDatabaseEmpty(database)).toBe(false);

    const hotels = await database.query<{ id: number; currency_code: string }>(
      sql`select id, currency_code from hotel order by id`,
    );
    expect(hotels.map((h) => h.id)).toEqual([1, 2, 3, 4]);
    expect(hotels.filter((h) => h.currency_code === "CHF")).toHaveLength(1);
    const [counts] = await database.query<Record<string, number>>(sql`
      select (select count(distinct destination_id)::int from hotel_destination) as destinations,
             (select count(*)::int from price) as prices,
             (select count(*)::int from child_price) as child_prices,
             (select count(*)::int from currency) as currencies,
             (select count(*)::int from trade_customer) as trade_customers`);
    expect(counts!.destinations).toBeGreaterThanOrEqual(2);
    expect(counts!.prices).toBeGreaterThanOrEqual(200_000);
    expect(counts!.prices).toBeLessThanOrEqual(250_000);
    expect(counts!.currencies).toBeGreaterThan(100);
    // The two of the demo files, and the pending sign-up (demo-trade.ts).
    expect(counts!.trade_customers).toBe(3);

    // Every room type has one inventory row per day from today for 400 days.
    const inventory = await database.query<{ days: number; first: string; last: string }>(sql`
      select count(*)::int as days, min(day)::text as first, max(day)::text as last
      from inventory group by room_type_id`);
    expect(inventory.length).toBeGreaterThanOrEqual(16);
    for (const row of inventory) expect(row).toEqual({ days: DEMO_DAYS, first: TODAY, last: "2027-04-13" });
  });

  it("offers a cross-booking at hotel 1, 300 days ahead: one room type the first night, another the next two", async () => {
    const app = await createTestApp(database, fixedClock(`${TODAY}T10:00:00Z`).now);
    try {
      // 300 days after 10 March 2026.
      const res = await app.inject({
        method: "GET",
        url: "/api/avail.do?channel=1&hotel=1&language=1&arrival=20270104&departure=20270107&adults=2&cross=1",
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.availability[0]).toEqual([]);
      const option = body.crossAvailability[0];
      expect(
        option.segments.map((s: { arrival: string; departure: string }) => [s.arrival, s.departure]),
      ).toEqual([
        ["20270104", "20270105"],
        ["20270105", "20270107"],
      ]);
    } finally {
      await app.close();
    }
  });
  it("has a demo offer (README) that its recipient can open, price and confirm into a reservation", async () => {
    const app = await createTestApp(database, fixedClock(`${TODAY}T10:00:00Z`).now);
    try {
      const unlock = await app.inject({
        method: "POST",
        url: `/api/v2/offers/${DEMO_OFFER_CODE}/unlock`,
        payload: { email: DEMO_OFFER_EMAIL },
      });
      expect(unlock.statusCode, unlock.body).toBe(200);
      const cookie = `alloggio_offer=${unlock.cookies.find((c) => c.name === "alloggio_offer")!.value}`;
      for (const position of [1, 2]) {
        const payment = await app.inject({
          method: "GET",
          url: `/api/v2/offers/${DEMO_OFFER_CODE}/options/${position}/payment`,
          headers: { cookie },
        });
        expect(payment.statusCode, payment.body).toBe(200);
        expect(payment.json().roomsTotal).toBe(position === 1 ? 420 : 615);
      }
      const email = "alex.demo@example.test";
      // The hotel's own privacy policies that a booking must accept (the booking page shows them).
      const custom = await database.query<{ id: number }>(
        sql`select id from custom_privacy where hotel_id = 1 and mandatory and (channel_id is null or channel_id = 1)`,
      );
      const confirm = await app.inject({
        method: "POST",
        url: `/api/v2/offers/${DEMO_OFFER_CODE}/confirm`,
        headers: { cookie, "idempotency-key": "demo-offer-confirm-1" },
        payload: {
          option: 2,
          booker: {
            fullname: "Alex Demo",
            email,
            emailConfirm: email,
            phone: { dialCode: "+39", number: "3331234567" },
            country: "IT",
          },
          privacy: {
            marketing: false,
            report: false,
            profile: false,
            custom: custom.map((c) => ({ id: c.id, accepted: true })),
          },
          terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
          payment: { method: "pay_at_hotel" },
        },
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      expect(confirm.json().reservation.status).toBe("confirmed");
    } finally {
      await app.close();
    }
  });

  it("has trade accounts: the agency and the company log in on the trade channel, the pending sign-up does not", async () => {
    const app = await createTestApp(database, fixedClock(`${TODAY}T10:00:00Z`).now);
    try {
      const login = (username: string, remoteAddress: string) =>
        app.inject({
          method: "POST",
          url: "/api/login.do",
          payload: { method: "login", username, password: DEMO_TRADE_PASSWORD, channel: 2, hotel: 1 },
          remoteAddress,
        });
      const agency = await login("agenzia", "10.3.0.1");
      expect(agency.statusCode, agency.body).toBe(200);
      expect(agency.json().user.agency).toMatchObject({ id: 1, type: 1, name: "Viaggi Sereni Srl" });
      const company = await login("acme", "10.3.0.2");
      expect(company.statusCode, company.body).toBe(200);
      expect(company.json().user.agency).toMatchObject({ id: 2, type: 2 });
      // The pending sign-up's right password is told the account waits for the hotel's approval.
      const pending = await login("orizzonti", "10.3.0.3");
      expect(pending.statusCode).toBe(403);
      expect(pending.json().error.code).toBe("trade_awaiting_approval");
      const statuses = await database.query<{ id: number; status: string }>(
        sql`select id, status::text from trade_customer order by id`,
      );
      expect(statuses).toEqual([
        { id: 1, status: "approved" },
        { id: 2, status: "approved" },
        { id: 3, status: "pending" },
      ]);
    } finally {
      await app.close();
    }
  });
  it("has the README's AlpineBits client: it handshakes and pushes FreeRooms for hotel 1's codes", async () => {
    expect(await isDemoWithoutAlpineBits(database)).toBe(false);
    const app = await createTestApp(database, fixedClock(`${TODAY}T10:00:00Z`).now);
    try {
      const as = { username: DEMO_ALPINEBITS.username, password: DEMO_ALPINEBITS.password };
      const echo = JSON.stringify({
        versions: [{ version: "2024-10", actions: [{ action: "action_OTA_Ping" }] }],
      });
      const ping = await app.inject(
        await alpineBitsRequest({ ...as, action: "OTA_Ping:Handshaking", request: pingRequest(echo) }),
      );
      expect(ping.statusCode, ping.body).toBe(200);
      expectSchemaValid(ping.body);
      const push = await app.inject(
        await alpineBitsRequest({
          ...as,
          action: "OTA_HotelInvCountNotif:FreeRooms",
          request: freeRoomsRequest(DEMO_ALPINEBITS.hotelCode, false, [
            { start: "2026-04-01", end: "2026-04-02", invTypeCode: "DBL-LAKE", count: 2 },
          ]),
        }),
      );
      expect(push.statusCode, push.body).toBe(200);
      expect(expectSchemaValid(push.body)).toContain("<Success/>");
      const rows = await database.query<{ allotment: number }>(
        sql`select allotment from inventory where room_type_id = 103 and day between '2026-04-01' and '2026-04-02'`,
      );
      expect(rows.map((r) => r.allotment)).toEqual([2, 2]);
    } finally {
      await app.close();
    }
  });

  it("adds the trade accounts to a demo database loaded before them, once", async () => {
    expect(await isDemoWithoutTradeUsers(database)).toBe(false);
    await database.query(sql`delete from trade_user`);
    expect(await isDemoWithoutTradeUsers(database)).toBe(true);
    await loadDemoTrade(database);
    await loadDemoTrade(database);
    expect(await isDemoWithoutTradeUsers(database)).toBe(false);
    const users = await database.query<{ username: string }>(
      sql`select username from trade_user order by username`,
    );
    expect(users.map((u) => u.username)).toEqual(["acme", "agenzia", "orizzonti"]);
  });
});
