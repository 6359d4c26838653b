import { CSRF_HEADER } from "@alloggio/domain/contract/backoffice/access";
import { createTestApp } from "@alloggio/test-kit/app";
import { aHotel, buildProperty, seedProperty } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aStaffSession } from "@alloggio/test-kit/staff";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";

let database: Database;
let app: App;
const clock = new Date("2030-01-10T10:00:00Z");
let hotelA: number;
let hotelB: number;
let addresses = 0;
const anAddress = () => `10.7.${Math.floor(++addresses / 250)}.${addresses % 250}`;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  hotelA = (await seedProperty(database, buildProperty({ hotel: aHotel({ name: "Alpha", showChat: true }) })))
    .hotelId;
  hotelB = (await seedProperty(database, buildProperty({ hotel: aHotel({ name: "Beta", showChat: true }) })))
    .hotelId;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** A guest opens a site chat at `hotel` with one message; answers the guest's cookie header. */
async function aGuestConversation(hotel: number, name: string, body = "Is the spa open in winter?") {
  const res = await app.inject({
    method: "POST",
    url: `/api/v2/chat/hotels/${hotel}/messages`,
    remoteAddress: anAddress(),
    payload: { body, name, email: `${name.toLowerCase()}@guest.example.test`, language: 2, channel: 1 },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === "alloggio_chat")!;
  const [row] = await database.query<{ id: number }>(
    sql`select id from chat_conversation where guest_name = ${name} order by id desc limit 1`,
  );
  return { cookie: `alloggio_chat=${cookie.value}`, id: Number(row!.id) };
}

const base = (hotel: number) => `/api/backoffice/hotels/${hotel}/chat`;

describe("the back office's chat", () => {
  it("lists the hotel's conversations newest first with unread counts, and filters unread and by offer", async () => {
    const owner = await aStaffSession(database, { role: "owner", now: clock });
    const first = await aGuestConversation(hotelA, "Giulia");
    await aGuestConversation(hotelA, "Marco", "Parking?");
    await aGuestConversation(hotelB, "Other");
    const list = await app.inject({
      method: "GET",
      url: `${base(hotelA)}/conversations`,
      headers: owner.cookieOnly,
    });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.items.map((c: { guestName: string }) => c.guestName)).toEqual(["Marco", "Giulia"]);
    expect(body.items[0]).toMatchObject({
      kind: "site",
      guestEmail: "marco@guest.example.test",
      offer: null,
      unread: 1,
      lastMessage: "Parking?",
      lastAuthor: "guest",
    });
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 25, unread: 2 });
    // The page writes times in hotel time, not the browser's.
    expect(body.timeZone).toBe("Europe/Rome");
    const unread = await app.inject({
      method: "GET",
      url: `${base(hotelA)}/unread`,
      headers: owner.cookieOnly,
    });
    expect(unread.json()).toEqual({ unread: 2 });

    // Opening marks the guest's messages read.
    const open = await app.inject({
      method: "GET",
      url: `${base(hotelA)}/conversations/${first.id}`,
      headers: owner.cookieOnly,
    });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().conversation).toMatchObject({ id: first.id, guestName: "Giulia", unread: 0 });
    expect(open.json().timeZone).toBe("Europe/Rome");
    expect(open.json().messages).toMatchObject([
      { author: "guest", body: "Is the spa open in winter?", staffName: null },
    ]);
    const onlyUnread = await app.inject({
      method: "GET",
      url: `${base(hotelA)}/conversations?filter=unread`,
      headers: owner.cookieOnly,
    });
    expect(onlyUnread.json().items.map((c: { guestName: string }) => c.guestName)).toEqual(["Marco"]);
    expect(onlyUnread.json().unread).toBe(1);
    const byOffer = await app.inject({
      method: "GET",
      url: `${base(hotelA)}/conversations?offer=999999`,
      headers: owner.cookieOnly,
    });
    expect(byOffer.json()).toMatchObject({ items: [], total: 0 });
  });

  it("lets every role reply: the reply is audited and the guest reads it", async () => {
    for (const role of ["owner", "manager", "reception"] as const) {
      const staff = await aStaffSession(database, { role, hotels: [hotelA], now: clock });
      const guest = await aGuestConversation(hotelA, `Guest-${role}`);
      const reply = await app.inject({
        method: "POST",
        url: `${base(hotelA)}/conversations/${guest.id}/messages`,
        headers: staff.headers,
        payload: { body: "  Yes, from 9 to 20. <b>Welcome</b>  " },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const message = reply.json().message;
      expect(message).toMatchObject({
        author: "hotel",
        body: "Yes, from 9 to 20. <b>Welcome</b>",
        staffName: "Staff",
      });
      const [entry] = await database.query<{
        action: string;
        before: unknown;
        after: { body: string };
        user_id: number;
      }>(
        sql`select action, before, after, user_id from audit_log where entity = 'chat_conversation'
          and entity_id = ${String(guest.id)}`,
      );
      expect(entry).toMatchObject({
        action: "chat.reply",
        before: null,
        after: { messageId: message.id, body: "Yes, from 9 to 20. <b>Welcome</b>" },
        user_id: staff.userId,
      });
      // Replying reads the guest's messages; the guest sees the answer.
      const open = await app.inject({
        method: "GET",
        url: `${base(hotelA)}/conversations/${guest.id}`,
        headers: staff.cookieOnly,
      });
      expect(open.json().conversation).toMatchObject({ unread: 0, lastAuthor: "hotel" });
      const seen = await app.inject({
        method: "GET",
        url: `/api/v2/chat/hotels/${hotelA}/messages?after=0`,
        headers: { cookie: guest.cookie },
      });
      expect(seen.json().messages.map((m: { author: string }) => m.author)).toEqual(["guest", "hotel"]);
    }
  });

  it("refuses no session (401), a change without CSRF (403) and validates the body (400 body)", async () => {
    const guest = await aGuestConversation(hotelA, "Nobody");
    const url = `${base(hotelA)}/conversations/${guest.id}/messages`;
    expect((await app.inject({ method: "GET", url: `${base(hotelA)}/conversations` })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: `${base(hotelA)}/unread` })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: "GET", url: `${base(hotelA)}/conversations/${guest.id}` })).statusCode,
    ).toBe(401);
    expect((await app.inject({ method: "POST", url, payload: { body: "hi" } })).statusCode).toBe(401);
    const staff = await aStaffSession(database, { role: "reception", now: clock });
    const noCsrf = await app.inject({
      method: "POST",
      url,
      headers: staff.cookieOnly,
      payload: { body: "hi" },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe("csrf_failed");
    const wrongCsrf = await app.inject({
      method: "POST",
      url,
      headers: { ...staff.cookieOnly, [CSRF_HEADER]: "nope" },
      payload: { body: "hi" },
    });
    expect(wrongCsrf.statusCode).toBe(403);
    for (const body of ["", "   ", "x".repeat(2001)]) {
      const bad = await app.inject({ method: "POST", url, headers: staff.headers, payload: { body } });
      expect(bad.statusCode, body).toBe(400);
      expect(bad.json().error.details[0].field).toBe("body");
    }
    const missing = await app.inject({ method: "POST", url, headers: staff.headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details[0].field).toBe("body");
    const longest = await app.inject({
      method: "POST",
      url,
      headers: staff.headers,
      payload: { body: "x".repeat(2000) },
    });
    expect(longest.statusCode).toBe(200);
  });

  it("answers 404 to a user of hotel B for hotel A, and for hotel A's conversation under hotel B (IDOR)", async () => {
    const guest = await aGuestConversation(hotelA, "Secret");
    const staffB = await aStaffSession(database, { role: "owner", hotels: [hotelB], now: clock });
    for (const url of [
      `${base(hotelA)}/conversations`,
      `${base(hotelA)}/unread`,
      `${base(hotelA)}/conversations/${guest.id}`,
      `${base(hotelB)}/conversations/${guest.id}`,
    ]) {
      const res = await app.inject({ method: "GET", url, headers: staffB.cookieOnly });
      expect(res.statusCode, url).toBe(404);
    }
    for (const url of [
      `${base(hotelA)}/conversations/${guest.id}/messages`,
      `${base(hotelB)}/conversations/${guest.id}/messages`,
    ]) {
      const res = await app.inject({ method: "POST", url, headers: staffB.headers, payload: { body: "hi" } });
      expect(res.statusCode, url).toBe(404);
    }
    const [row] = await database.query<{ n: number }>(
      sql`select count(*)::int as n from chat_message where conversation_id = ${guest.id}`,
    );
    expect(Number(row!.n)).toBe(1);
    // B's list does not show A's conversations.
    const listB = await app.inject({
      method: "GET",
      url: `${base(hotelB)}/conversations`,
      headers: staffB.cookieOnly,
    });
    expect(listB.json().items.every((c: { guestName: string }) => c.guestName !== "Secret")).toBe(true);
  });
});
