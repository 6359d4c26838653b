import { createTestApp } from "@alloggio/test-kit/app";
import { anIdempotencyKey } from "@alloggio/test-kit/booking";
import { aHotel, aRatePlan, aRoomType, buildProperty, seedProperty } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { startTestSmtpServer, type TestSmtpServer } from "@alloggio/test-kit/mail";
import { aStaffSession } from "@alloggio/test-kit/staff";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { createSmtpTransport } from "../mail/transport";
import { createHotelApiKey } from "../offers/api-key";
import { deliverDueMail } from "../voucher-pdf";
import { CHAT_REPLY_MAIL_AFTER_MINUTES, mailChatReplies } from ".";
import { CHAT_POSTS_PER_ADDRESS_PER_MINUTE, CHAT_POSTS_PER_CONVERSATION_PER_MINUTE } from "./service";

let clock = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;
let smtp: TestSmtpServer;
let key: string;

const room = aRoomType({ maxAdults: 2 });
const rate = aRatePlan();
const chatHotel = buildProperty({
  hotel: aHotel({ name: "Hotel Chiacchiera", showChat: true }),
  roomTypes: [room],
  ratePlans: [rate],
});
const quietHotel = buildProperty({ hotel: aHotel({ name: "Hotel Silenzio", showChat: false }) });
const otherChatHotel = buildProperty({ hotel: aHotel({ name: "Hotel Altro", showChat: true }) });

let addresses = 0;
const anAddress = () => `10.8.${Math.floor(++addresses / 250)}.${addresses % 250}`;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, chatHotel);
  await seedProperty(database, quietHotel);
  await seedProperty(database, otherChatHotel);
  app = await createTestApp(database, () => clock);
  smtp = await startTestSmtpServer();
  key = (await createHotelApiKey(database.db, chatHotel.hotel.id, "PMS")).key;
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});

let recipients = 0;
/** An offer of the chat hotel, unlocked: its code and the access cookie. */
async function anUnlockedOffer() {
  const email = `anna${++recipients}@example.test`;
  const created = await app.inject({
    method: "POST",
    url: "/api/v2/offers/create",
    headers: { authorization: `Bearer ${key}`, "idempotency-key": anIdempotencyKey() },
    payload: {
      hotel: chatHotel.hotel.id,
      channel: 1,
      recipient: { name: "Anna Weber", email, language: 3 },
      arrival: "20300210",
      departure: "20300214",
      options: [{ rooms: [{ roomId: room.id, rateId: rate.id, adults: 2, ages: [], priceMinor: 48000 }] }],
      expiresAt: "2030-01-12T18:00:00+01:00",
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const code = created.json().offerCode as string;
  const unlocked = await app.inject({
    method: "POST",
    url: `/api/v2/offers/${code}/unlock`,
    remoteAddress: anAddress(),
    payload: { email },
  });
  expect(unlocked.statusCode, unlocked.body).toBe(200);
  const cookie = unlocked.cookies.find((c) => c.name === "alloggio_offer")!;
  return { code, email, cookie: `alloggio_offer=${cookie.value}` };
}

const offerChat = (code: string, cookie: string | null, payload?: object, after = 0) =>
  app.inject({
    method: payload ? "POST" : "GET",
    url: payload ? `/api/v2/offers/${code}/chat` : `/api/v2/offers/${code}/chat?after=${after}`,
    remoteAddress: anAddress(),
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

const siteChat = (hotel: number, cookie: string | null, payload?: object, address = anAddress()) =>
  app.inject({
    method: payload ? "POST" : "GET",
    url: `/api/v2/chat/hotels/${hotel}/messages`,
    remoteAddress: address,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

const chatCookie = (res: { cookies: { name: string; value: string }[] }) =>
  `alloggio_chat=${res.cookies.find((c) => c.name === "alloggio_chat")!.value}`;

async function conversationOf(where: ReturnType<typeof sql>) {
  const [row] = await database.query<{ id: number }>(sql`select id from chat_conversation where ${where}`);
  return Number(row!.id);
}

async function staffReply(conversationId: number, body: string, hotel = chatHotel.hotel.id) {
  const staff = await aStaffSession(database, { role: "reception", hotels: [hotel], now: clock });
  const res = await app.inject({
    method: "POST",
    url: `/api/backoffice/hotels/${hotel}/chat/conversations/${conversationId}/messages`,
    headers: staff.headers,
    payload: { body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message.id as number;
}

describe("the offer's chat", () => {
  it("needs the offer's own access cookie: none or another offer's is refused", async () => {
    const mine = await anUnlockedOffer();
    const other = await anUnlockedOffer();
    for (const cookie of [null, other.cookie, "alloggio_offer=forged"]) {
      const read = await offerChat(mine.code, cookie);
      expect(read.statusCode).toBe(401);
      expect(read.json().error.code).toBe("offer_unlock_required");
      const post = await offerChat(mine.code, cookie, { body: "Hello" });
      expect(post.statusCode).toBe(401);
    }
    expect((await offerChat("AAAAAAAAAAAAAAAA", mine.cookie)).statusCode).toBe(404);
    const [row] = await database.query<{ n: number }>(sql`select count(*)::int as n from chat_message`);
    expect(Number(row!.n)).toBe(0);
  });

  it("opens one conversation per offer with the recipient's name; the guest reads the hotel's answer", async () => {
    const offer = await anUnlockedOffer();
    const before = await offerChat(offer.code, offer.cookie);
    expect(before.json()).toEqual({ messages: [], started: false });
    const first = await offerChat(offer.code, offer.cookie, { body: "  Can we bring a dog?  " });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      started: true,
      messages: [{ author: "guest", body: "Can we bring a dog?", staffName: null }],
    });
    const firstId = first.json().messages[0].id as number;
    await offerChat(offer.code, offer.cookie, { body: "A small one.", after: firstId });
    const [conversation] = await database.query<{
      id: number;
      kind: string;
      guest_name: string;
      guest_email: string;
      language_id: number;
    }>(sql`select c.id, c.kind, c.guest_name, c.guest_email, c.language_id from chat_conversation c
        join offer o on o.id = c.offer_id where o.code = ${offer.code}`);
    expect(conversation).toMatchObject({
      kind: "offer",
      guest_name: "Anna Weber",
      guest_email: offer.email,
      language_id: 3,
    });
    const [count] = await database.query<{ n: number }>(
      sql`select count(*)::int as n from chat_conversation c join offer o on o.id = c.offer_id where o.code = ${offer.code}`,
    );
    expect(Number(count!.n)).toBe(1);

    const replyId = await staffReply(Number(conversation!.id), "Of course, dogs are welcome.");
    const polled = await offerChat(offer.code, offer.cookie, undefined, firstId);
    expect(polled.json().messages.map((m: { body: string }) => m.body)).toEqual([
      "A small one.",
      "Of course, dogs are welcome.",
    ]);
    expect(polled.json().messages[1]).toMatchObject({ author: "hotel", staffName: "Staff" });
    const [read] = await database.query<{ read_at: Date | null }>(
      sql`select read_at from chat_message where id = ${replyId}`,
    );
    expect(read!.read_at).not.toBeNull();
  });

  it("stays open for a rejected offer (ADR 0037)", async () => {
    const offer = await anUnlockedOffer();
    const rejected = await app.inject({
      method: "POST",
      url: `/api/v2/offers/${offer.code}/reject`,
      remoteAddress: anAddress(),
      headers: { cookie: offer.cookie },
      payload: { reason: "Too expensive" },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const post = await offerChat(offer.code, offer.cookie, { body: "Would a shorter stay be cheaper?" });
    expect(post.statusCode).toBe(200);
    expect((await offerChat(offer.code, offer.cookie)).json().messages).toHaveLength(1);
  });

  it("validates the message: empty or too long → 400 naming body", async () => {
    const offer = await anUnlockedOffer();
    for (const body of ["", "  \n ", "x".repeat(2001)]) {
      const res = await offerChat(offer.code, offer.cookie, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].field).toBe("body");
    }
  });
});

describe("the site chat", () => {
  it("answers 404 when the hotel's chat is off (or the hotel is unknown)", async () => {
    for (const hotel of [quietHotel.hotel.id, 999999]) {
      expect((await siteChat(hotel, null)).statusCode).toBe(404);
      expect((await siteChat(hotel, null, { body: "Hi", name: "Eve" })).statusCode).toBe(404);
    }
  });

  it("opens a conversation with a name and sets an HttpOnly, SameSite=Strict cookie on the hotel's chat path", async () => {
    const hotel = chatHotel.hotel.id;
    expect((await siteChat(hotel, null)).json()).toEqual({ messages: [], started: false });
    const noName = await siteChat(hotel, null, { body: "Hi" });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.details[0].field).toBe("name");
    const opened = await siteChat(hotel, null, { body: "Hi, <b>any</b> rooms?", name: "Paolo", language: 2 });
    expect(opened.statusCode, opened.body).toBe(200);
    const cookie = opened.cookies.find((c) => c.name === "alloggio_chat")!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: "Strict",
      path: `/api/v2/chat/hotels/${hotel}`,
    });
    expect(cookie.maxAge).toBe(30 * 86_400);
    const [stored] = await database.query<{ guest_token_sha256: string }>(
      sql`select guest_token_sha256 from chat_conversation where guest_name = 'Paolo'`,
    );
    expect(stored!.guest_token_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.guest_token_sha256).not.toBe(cookie.value);
    const read = await siteChat(hotel, `alloggio_chat=${cookie.value}`);
    expect(read.json()).toMatchObject({
      started: true,
      messages: [{ author: "guest", body: "Hi, <b>any</b> rooms?" }],
    });
    // The next message needs no name and joins the same conversation.
    const next = await siteChat(hotel, `alloggio_chat=${cookie.value}`, {
      body: "For two",
      after: read.json().messages[0].id,
    });
    expect(next.json().messages.map((m: { body: string }) => m.body)).toEqual(["For two"]);
    expect(next.cookies.find((c) => c.name === "alloggio_chat")).toBeUndefined();
  });

  it("is reachable only with its own token: another guest's or another hotel's cookie reads nothing", async () => {
    const hotel = chatHotel.hotel.id;
    const a = chatCookie(await siteChat(hotel, null, { body: "Secret A", name: "Alice" }));
    const b = chatCookie(await siteChat(hotel, null, { body: "Secret B", name: "Bob" }));
    expect((await siteChat(hotel, a)).json().messages.map((m: { body: string }) => m.body)).toEqual([
      "Secret A",
    ]);
    expect((await siteChat(hotel, b)).json().messages.map((m: { body: string }) => m.body)).toEqual([
      "Secret B",
    ]);
    // A's token at another hotel with the chat on: no conversation there.
    expect((await siteChat(otherChatHotel.hotel.id, a)).json()).toEqual({ messages: [], started: false });
    expect((await siteChat(hotel, "alloggio_chat=forged")).json()).toEqual({ messages: [], started: false });
  });

  it("rate-limits messages per address and per conversation (429)", async () => {
    const hotel = chatHotel.hotel.id;
    const address = anAddress();
    for (let i = 0; i < CHAT_POSTS_PER_ADDRESS_PER_MINUTE; i++) {
      const res = await siteChat(hotel, null, { body: `Hi ${i}`, name: `Spammer ${i}` }, address);
      expect(res.statusCode, res.body).toBe(200);
    }
    const blocked = await siteChat(hotel, null, { body: "Again", name: "Spammer" }, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("rate_limited");

    const cookie = chatCookie(await siteChat(hotel, null, { body: "Start", name: "Chatty" }));
    for (let i = 1; i < CHAT_POSTS_PER_CONVERSATION_PER_MINUTE; i++)
      expect((await siteChat(hotel, cookie, { body: `More ${i}` })).statusCode).toBe(200);
    // From a fresh address the conversation's own limit still applies.
    expect((await siteChat(hotel, cookie, { body: "Too many" })).statusCode).toBe(429);
    clock = new Date(clock.getTime() + 61_000);
    expect((await siteChat(hotel, cookie, { body: "A minute later" })).statusCode).toBe(200);
  });
});

describe("the unread reply's mail", () => {
  it("mails the guest once when the hotel's message stays unread, and not when it was read", async () => {
    const hotel = chatHotel.hotel.id;
    // A site chat with an e-mail, left unread.
    await siteChat(hotel, null, {
      body: "Late check-in?",
      name: "Ugo",
      email: "ugo@guest.example.test",
      language: 2,
    });
    const unreadId = await conversationOf(sql`guest_name = 'Ugo'`);
    await staffReply(unreadId, "Yes, until midnight.");
    // A site chat whose guest reads the answer.
    const readerCookie = chatCookie(
      await siteChat(hotel, null, { body: "Breakfast?", name: "Rita", email: "rita@guest.example.test" }),
    );
    await staffReply(await conversationOf(sql`guest_name = 'Rita'`), "From 7.");
    await siteChat(hotel, readerCookie);
    // An offer's chat: the recipient is mailed.
    const offer = await anUnlockedOffer();
    await offerChat(offer.code, offer.cookie, { body: "Is parking included?" });
    const offerConversation = await conversationOf(
      sql`offer_id = (select id from offer where code = ${offer.code})`,
    );
    await staffReply(offerConversation, "Ja, der Parkplatz ist inklusive.");

    const deps = { database, baseUrl: "https://book.example.test" };
    const early = new Date(clock.getTime() + (CHAT_REPLY_MAIL_AFTER_MINUTES - 1) * 60_000);
    expect(await mailChatReplies({ ...deps, now: () => early })).toBe(0);
    const later = new Date(clock.getTime() + CHAT_REPLY_MAIL_AFTER_MINUTES * 60_000);
    expect(await mailChatReplies({ ...deps, now: () => later })).toBe(2);
    expect(await mailChatReplies({ ...deps, now: () => later })).toBe(0);

    await deliverDueMail(database, createSmtpTransport(smtp.url), later, 100);
    const ugo = smtp.received.filter((m) => m.envelopeTo.includes("ugo@guest.example.test"));
    expect(ugo).toHaveLength(1);
    expect(ugo[0]!.subject).toBe("Hotel Chiacchiera ha risposto al tuo messaggio");
    expect(ugo[0]!.text).toContain("Yes, until midnight.");
    expect(ugo[0]!.text).toContain(`https://book.example.test/hotel/${hotel}/channel/1/language/2`);
    expect(smtp.received.filter((m) => m.envelopeTo.includes("rita@guest.example.test"))).toHaveLength(0);
    const anna = smtp.received.filter((m) => m.envelopeTo.includes(offer.email));
    const chatMail = anna.find((m) => m.subject === "Hotel Chiacchiera hat auf Ihre Nachricht geantwortet");
    expect(chatMail).toBeDefined();
    expect(chatMail!.text).toContain(`https://book.example.test/offer/${offer.code}`);

    // A new answer left unread is a new wait: one more mail.
    await staffReply(unreadId, "And breakfast from 7.");
    const evenLater = new Date(later.getTime() + (CHAT_REPLY_MAIL_AFTER_MINUTES + 1) * 60_000);
    clock = evenLater;
    expect(await mailChatReplies({ ...deps, now: () => new Date(evenLater.getTime() + 11 * 60_000) })).toBe(
      1,
    );
  });
});

describe("the chat's routes in the API docs", () => {
  it("lists the guest's and the back office's chat routes", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/json" });
    const paths = res.json().paths as Record<string, Record<string, { tags?: string[] }>>;
    expect(paths["/api/v2/offers/{offerCode}/chat"]?.get?.tags).toEqual(["offers", "chat"]);
    expect(paths["/api/v2/offers/{offerCode}/chat"]?.post?.tags).toEqual(["offers", "chat"]);
    expect(paths["/api/v2/chat/hotels/{hotel}/messages"]?.post?.tags).toEqual(["chat"]);
    expect(
      paths["/api/backoffice/hotels/{hotelId}/chat/conversations/{conversationId}/messages"]?.post?.tags,
    ).toEqual(["back office"]);
  });
});
