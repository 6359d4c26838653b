import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_API_KEY } from "../../../../../../packages/test-kit/src/app";
import {
  aCustomPrivacy,
  aDirectChannel,
  aHotel,
  aTradeChannel,
  buildProperty,
  seedProperty,
} from "../../../../../../packages/test-kit/src/builders";
import { createTestDatabase } from "../../../../../../packages/test-kit/src/database";
import { aStaffSession, type StaffSession } from "../../../../../../packages/test-kit/src/staff";
import type { Database } from "../../../db/client";
import { auditLog, channel, customPrivacy, reservation } from "../../../db/schema";
import type { App } from "../../app";

let database: Database;
let app: App;
const clock = new Date("2030-01-05T10:00:00Z");
let hotelA: number;
let hotelB: number;
let owner: StaffSession;
let groupManager: StaffSession;
let managerOfA: StaffSession;
let reception: StaffSession;
let userOfB: StaffSession;

// Channels 1 (direct) and 2 (trade) carry both hotels; channel 3 only hotel A, channel 4 only hotel B.
const ONLY_A = 3;
const ONLY_B = 4;
const channelsOf = (extra: number) => [
  aDirectChannel(),
  aTradeChannel(),
  aDirectChannel({ id: extra, name: `Web ${extra}`, tradeAssociated: undefined }),
];
const privacyA = aCustomPrivacy({ mandatory: true });
const privacyA3 = aCustomPrivacy({ channel: ONLY_A });
const privacyB = aCustomPrivacy();
const fileA = buildProperty({
  hotel: aHotel({ name: "Alpha", channelIds: [1, 2, ONLY_A] }),
  channels: channelsOf(ONLY_A),
  customPrivacy: [privacyA, privacyA3],
});
const fileB = buildProperty({
  hotel: aHotel({ name: "Beta", channelIds: [1, 2, ONLY_B] }),
  channels: channelsOf(ONLY_B),
  customPrivacy: [privacyB],
});

const base = (hotel: number) => `/api/backoffice/hotels/${hotel}/catalogue`;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  hotelA = (await seedProperty(database, fileA)).hotelId;
  hotelB = (await seedProperty(database, fileB)).hotelId;
  owner = await aStaffSession(database, { role: "owner", now: clock });
  groupManager = await aStaffSession(database, { role: "manager", now: clock });
  managerOfA = await aStaffSession(database, { role: "manager", hotels: [hotelA], now: clock });
  reception = await aStaffSession(database, { role: "reception", now: clock });
  userOfB = await aStaffSession(database, { role: "owner", hotels: [hotelB], now: clock });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: object, payload?: unknown) =>
  app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });

const lastAudit = async (action: string) => {
  const [row] = await database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

/** What the guest checkout reads: the hotel's policies on a channel. */
const checkoutPolicies = async (hotel: number, channelId: number) => {
  const res = await call("GET", `/api/customPrivacy.do?channel=${channelId}&hotel=${hotel}&language=1`, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().policies as { id: number; title: string; text: string; mandatory: boolean }[];
};

const newText = {
  title: { en: "Pets", it: "Animali" },
  text: { en: "I will keep my dog on a leash.", it: "Terrò il cane al guinzaglio." },
  mandatory: true,
};
const colors = { primary: "#0b5394", secondary: "#f1c232" };

describe("privacy texts: roles, session, CSRF and hotel scope", () => {
  const list = (hotel: number) => `${base(hotel)}/privacy`;

  it("lets owners and managers list them, and refuses reception (403), no session (401) and another hotel (404)", async () => {
    const res = await call("GET", list(hotelA), owner.cookieOnly);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((p: { id: number }) => p.id)).toEqual([privacyA.id, privacyA3.id]);
    expect(res.json().items[1]).toMatchObject({ channel: ONLY_A, mandatory: false });
    expect((await call("GET", list(hotelA), managerOfA.cookieOnly)).statusCode).toBe(200);
    const refused = await call("GET", list(hotelA), reception.cookieOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("staff_forbidden");
    expect((await call("GET", list(hotelA), {})).statusCode).toBe(401);
    expect((await call("GET", list(hotelA), userOfB.cookieOnly)).statusCode).toBe(404);
  });

  it("refuses a change by reception (403), without CSRF token (403), without session (401), of another hotel (404)", async () => {
    expect((await call("POST", list(hotelA), reception.headers, newText)).statusCode).toBe(403);
    const noCsrf = await call("POST", list(hotelA), managerOfA.cookieOnly, newText);
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe("csrf_failed");
    expect((await call("POST", list(hotelA), {}, newText)).statusCode).toBe(401);
    expect((await call("POST", list(hotelA), userOfB.headers, newText)).statusCode).toBe(404);
    const item = `${list(hotelA)}/${privacyA.id}`;
    expect((await call("PUT", item, reception.headers, newText)).statusCode).toBe(403);
    expect((await call("PUT", item, managerOfA.cookieOnly, newText)).statusCode).toBe(403);
    expect((await call("DELETE", item, reception.headers)).statusCode).toBe(403);
    expect((await call("DELETE", item, managerOfA.cookieOnly)).statusCode).toBe(403);
    expect((await call("DELETE", item, {})).statusCode).toBe(401);
    expect((await call("PUT", item, userOfB.headers, newText)).statusCode).toBe(404);
    expect((await call("DELETE", item, userOfB.headers)).statusCode).toBe(404);
    const [still] = await database.db.select().from(customPrivacy).where(eq(customPrivacy.id, privacyA.id));
    expect(still?.title).toEqual(privacyA.title);
  });

  it("answers 404 for hotel A's text addressed under hotel B's path (IDOR), even for the owner of both", async () => {
    const url = `${list(hotelB)}/${privacyA.id}`;
    for (const who of [userOfB, owner]) {
      const put = await call("PUT", url, who.headers, newText);
      expect(put.statusCode).toBe(404);
      expect(put.json().error.details).toEqual([{ field: "itemId", message: "unknown" }]);
      expect((await call("DELETE", url, who.headers)).statusCode).toBe(404);
    }
    const ofB = await call("GET", list(hotelB), userOfB.cookieOnly);
    expect(ofB.json().items.map((p: { id: number }) => p.id)).toEqual([privacyB.id]);
    expect((await checkoutPolicies(hotelA, 1)).map((p) => p.id)).toContain(privacyA.id);
  });
});

describe("privacy texts: create, change, delete", () => {
  it("creates a text with a fresh id and its audit entry; the checkout shows it as a required consent", async () => {
    const created = await call("POST", `${base(hotelA)}/privacy`, managerOfA.headers, {
      ...newText,
      title: { ...newText.title, de: "  " },
    });
    expect(created.statusCode, created.body).toBe(201);
    const text = created.json();
    // Ids are global: the next after every hotel's (B's text was imported last).
    expect(text.id).toBeGreaterThan(Math.max(privacyA.id, privacyA3.id, privacyB.id));
    // A language left blank is left out (the guest reads English there).
    expect(text).toEqual({ id: text.id, ...newText });
    const entry = await lastAudit("custom_privacy.create");
    expect(entry).toMatchObject({ hotelId: hotelA, entity: "custom_privacy", entityId: String(text.id) });
    expect(entry?.before).toBeNull();
    expect(entry?.after).toEqual(text);

    const onDirect = await checkoutPolicies(hotelA, 1);
    expect(onDirect.find((p) => p.id === text.id)).toEqual({
      id: text.id,
      title: "Pets",
      text: "I will keep my dog on a leash.",
      mandatory: true,
    });
    // Another hotel's checkout does not show it.
    expect((await checkoutPolicies(hotelB, 1)).map((p) => p.id)).not.toContain(text.id);
  });

  it("gives two texts created at once two ids", async () => {
    const [one, two] = await Promise.all([
      call("POST", `${base(hotelA)}/privacy`, owner.headers, newText),
      call("POST", `${base(hotelB)}/privacy`, owner.headers, newText),
    ]);
    expect(one?.statusCode).toBe(201);
    expect(two?.statusCode).toBe(201);
    expect(one?.json().id).not.toBe(two?.json().id);
  });

  it("limits a text to one of the hotel's channels, and changes it with before → after in the audit", async () => {
    const created = await call("POST", `${base(hotelA)}/privacy`, owner.headers, {
      ...newText,
      mandatory: false,
    });
    const id = created.json().id as number;
    const changed = await call("PUT", `${base(hotelA)}/privacy/${id}`, owner.headers, {
      ...newText,
      channel: ONLY_A,
      title: { en: "Pets (web)" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      id,
      channel: ONLY_A,
      title: { en: "Pets (web)" },
      mandatory: true,
    });
    const entry = await lastAudit("custom_privacy.update");
    expect(entry).toMatchObject({ hotelId: hotelA, entityId: String(id) });
    expect(entry?.before).toMatchObject({ title: newText.title, mandatory: false });
    expect(entry?.before).not.toHaveProperty("channel");
    expect(entry?.after).toMatchObject({ channel: ONLY_A, title: { en: "Pets (web)" }, mandatory: true });

    expect((await checkoutPolicies(hotelA, ONLY_A)).map((p) => p.id)).toContain(id);
    expect((await checkoutPolicies(hotelA, 1)).map((p) => p.id)).not.toContain(id);
  });

  it("deletes a text: gone from the checkout, audited, and a reservation keeps what its guest accepted", async () => {
    const created = await call("POST", `${base(hotelA)}/privacy`, owner.headers, newText);
    const id = created.json().id as number;
    const accepted = { marketing: false, report: false, profile: false, custom: [{ id, accepted: true }] };
    const [booked] = await database.db
      .insert(reservation)
      .values({
        code: "TESTPRIVACY00001",
        hotelId: hotelA,
        channelId: 1,
        languageId: 1,
        status: "confirmed",
        arrival: "2030-01-10",
        departure: "2030-01-12",
        booker: { firstName: "Ada", lastName: "Guest", email: "ada@example.com" } as never,
        email: "ada@example.com",
        privacy: accepted,
        currencyCode: "EUR",
        roomsTotalMinor: 10000,
        totalMinor: 10000,
        paymentMethod: "pay_at_hotel" as never,
      })
      .returning({ id: reservation.id });

    const gone = await call("DELETE", `${base(hotelA)}/privacy/${id}`, managerOfA.headers);
    expect(gone.statusCode).toBe(204);
    expect((await checkoutPolicies(hotelA, 1)).map((p) => p.id)).not.toContain(id);
    const entry = await lastAudit("custom_privacy.delete");
    expect(entry).toMatchObject({ hotelId: hotelA, entityId: String(id), after: null });
    expect(entry?.before).toMatchObject({ id, title: newText.title, mandatory: true });
    const [kept] = await database.db
      .select({ privacy: reservation.privacy })
      .from(reservation)
      .where(eq(reservation.id, booked!.id));
    expect(kept?.privacy).toEqual(accepted);
    expect((await call("DELETE", `${base(hotelA)}/privacy/${id}`, managerOfA.headers)).statusCode).toBe(404);
  });

  it("refuses bad input with a 400 naming the field", async () => {
    const post = (body: unknown) => call("POST", `${base(hotelA)}/privacy`, owner.headers, body);
    const fieldsOf = async (body: unknown) => {
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe("invalid_input");
      return (res.json().error.details as { field: string }[]).map((d) => d.field);
    };
    expect(await fieldsOf({ ...newText, title: { it: "Solo italiano" } })).toContain("title");
    expect(await fieldsOf({ ...newText, text: { en: "  " } })).toContain("text");
    expect(await fieldsOf({ ...newText, title: { en: "x".repeat(201) } })).toContain("title.en");
    expect(await fieldsOf({ ...newText, text: { en: "ok", it: "x".repeat(5001) } })).toContain("text.it");
    expect(await fieldsOf({ ...newText, title: { en: "Pets", xx: "?" } })).toContain("title.xx");
    expect(await fieldsOf({ ...newText, mandatory: "yes" })).toContain("mandatory");
    expect(await fieldsOf({ ...newText, colour: "red" })).toContain("colour");
    // Hotel B's own channel is not one of hotel A's.
    const foreign = await post({ ...newText, channel: ONLY_B });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details).toEqual([
      { field: "channel", message: "is not one of the hotel's channels" },
    ]);
    // At the limits it is accepted.
    const longest = await post({
      ...newText,
      title: { en: "t".repeat(200) },
      text: { en: "x".repeat(5000) },
    });
    expect(longest.statusCode).toBe(201);
  });
});

describe("channel branding", () => {
  const branding = (hotel: number) => `${base(hotel)}/branding`;
  const one = (hotel: number, channelId: number) => `${branding(hotel)}/${channelId}`;

  it("lists the hotel's channels with their colours; editable only for users of every hotel", async () => {
    const res = await call("GET", branding(hotelA), owner.cookieOnly);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      editable: true,
      channels: [
        {
          id: 1,
          name: "Direct",
          kind: "direct",
          colors: { primary: "#1d4ed8", secondary: "#f59e0b" },
          hotels: 2,
        },
        {
          id: 2,
          name: "Trade",
          kind: "trade",
          colors: { primary: "#0f766e", secondary: "#64748b" },
          hotels: 2,
        },
        {
          id: ONLY_A,
          name: `Web ${ONLY_A}`,
          kind: "direct",
          colors: { primary: "#1d4ed8", secondary: "#f59e0b" },
          hotels: 1,
        },
      ],
    });
    expect((await call("GET", branding(hotelA), groupManager.cookieOnly)).json().editable).toBe(true);
    const scoped = await call("GET", branding(hotelA), managerOfA.cookieOnly);
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json()).toMatchObject({ editable: false, readOnlyReason: "hotel_scoped" });
    expect((await call("GET", branding(hotelA), reception.cookieOnly)).statusCode).toBe(403);
    expect((await call("GET", branding(hotelA), {})).statusCode).toBe(401);
    expect((await call("GET", branding(hotelA), userOfB.cookieOnly)).statusCode).toBe(404);
  });

  it("changes a channel's colours for a user of every hotel, audited before → after; the guest pages read them", async () => {
    const res = await call("PUT", one(hotelA, ONLY_A), groupManager.headers, {
      primary: "#7A1F5C",
      secondary: "#FFD166",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ONLY_A, colors: { primary: "#7a1f5c", secondary: "#ffd166" } });
    const entry = await lastAudit("channel.update_colors");
    expect(entry).toMatchObject({ hotelId: hotelA, entity: "channel", entityId: String(ONLY_A) });
    expect(entry?.before).toEqual({
      name: `Web ${ONLY_A}`,
      colors: { primary: "#1d4ed8", secondary: "#f59e0b" },
    });
    expect(entry?.after).toEqual({
      name: `Web ${ONLY_A}`,
      colors: { primary: "#7a1f5c", secondary: "#ffd166" },
    });

    const guest = await app.inject({
      method: "GET",
      url: `/api/hotellist.do?channel=${ONLY_A}`,
      headers: { "x-api-key": TEST_API_KEY },
    });
    expect(guest.json().channel.colors).toEqual({ primary: "#7a1f5c", secondary: "#ffd166" });
  });

  it("keeps the channel's style when a change leaves it out", async () => {
    await database.db
      .update(channel)
      .set({ colors: { primary: "#1d4ed8", secondary: "#f59e0b", style: "light" } })
      .where(eq(channel.id, 1));
    const res = await call("PUT", one(hotelB, 1), owner.headers, colors);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().colors).toEqual({ ...colors, style: "light" });
    const [row] = await database.db.select({ colors: channel.colors }).from(channel).where(eq(channel.id, 1));
    expect(row?.colors).toEqual({ ...colors, style: "light" });
  });

  it("refuses a hotel-scoped user (403 staff_forbidden), reception (403), no CSRF (403), no session (401)", async () => {
    const scoped = await call("PUT", one(hotelA, 1), managerOfA.headers, colors);
    expect(scoped.statusCode).toBe(403);
    expect(scoped.json().error.code).toBe("staff_forbidden");
    // A hotel-scoped owner too: the channel is shared with hotels they do not work for.
    const ownerOfB = await call("PUT", one(hotelB, ONLY_B), userOfB.headers, colors);
    expect(ownerOfB.statusCode).toBe(403);
    expect(ownerOfB.json().error.code).toBe("staff_forbidden");
    expect((await call("PUT", one(hotelA, 1), reception.headers, colors)).statusCode).toBe(403);
    const noCsrf = await call("PUT", one(hotelA, 1), owner.cookieOnly, colors);
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe("csrf_failed");
    expect((await call("PUT", one(hotelA, 1), {}, colors)).statusCode).toBe(401);
  });

  it("answers 404 for a channel that is not the hotel's (IDOR) and for a hotel not the user's", async () => {
    // Hotel B's own channel under hotel A's path, even for the owner of every hotel.
    const foreign = await call("PUT", one(hotelA, ONLY_B), owner.headers, colors);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.details).toEqual([{ field: "channelId", message: "unknown" }]);
    expect((await call("PUT", one(hotelB, ONLY_A), userOfB.headers, colors)).statusCode).toBe(404);
    expect((await call("PUT", one(hotelA, 1), userOfB.headers, colors)).statusCode).toBe(404);
    expect((await call("PUT", one(hotelA, 999), owner.headers, colors)).statusCode).toBe(404);
    const [row] = await database.db
      .select({ colors: channel.colors })
      .from(channel)
      .where(eq(channel.id, ONLY_B));
    expect(row?.colors).toEqual({ primary: "#1d4ed8", secondary: "#f59e0b" });
  });

  it("refuses a primary colour below 4.5:1 contrast with white text, and anything not #rrggbb (400 naming it)", async () => {
    const put = (body: unknown) => call("PUT", one(hotelA, 1), owner.headers, body);
    const pale = await put({ primary: "#777777", secondary: "#000000" });
    expect(pale.statusCode).toBe(400);
    expect(pale.json().error.details).toEqual([
      {
        field: "primary",
        message:
          "has a contrast of 4.4:1 with white text; WCAG AA needs at least 4.5:1 (choose a darker colour)",
      },
    ]);
    expect((await put({ primary: "#767676", secondary: "#ffffff" })).statusCode).toBe(200);
    const fields = async (body: unknown) =>
      ((await put(body)).json().error.details as { field: string }[]).map((d) => d.field);
    expect(await fields({ primary: "blue", secondary: "#ffffff" })).toEqual(["primary"]);
    expect(await fields({ primary: "#0b5394", secondary: "#fff" })).toEqual(["secondary"]);
    expect(await fields({ primary: "#0b5394" })).toEqual(["secondary"]);
    expect(await fields({ ...colors, logo: "x" })).toEqual(["logo"]);
  });
});

describe("the API docs", () => {
  it("list every privacy and branding route under the back office's tag", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const base = "/api/backoffice/hotels/{hotelId}/catalogue";
    for (const [path, method] of [
      [`${base}/privacy`, "get"],
      [`${base}/privacy`, "post"],
      [`${base}/privacy/{itemId}`, "put"],
      [`${base}/privacy/{itemId}`, "delete"],
      [`${base}/branding`, "get"],
      [`${base}/branding/{channelId}`, "put"],
    ] as const)
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(["back office"]);
  });
});
