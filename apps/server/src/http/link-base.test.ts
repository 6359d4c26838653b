import { MANAGE_PATHS } from "@alloggio/domain/contract/booking/manage";
import { TEST_API_KEY, TEST_OVERRIDE_SECRET } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
import { aRatePlan, aRoomType, buildProperty, seedProperty } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { renderPendingMails } from "../features/voucher-pdf";
import { type App, buildApp } from "./app";
import { createLinkBase } from "./link-base";

const now = new Date("2030-01-05T10:00:00Z");
const PUBLIC_URL = "https://book.hotel.example";
const room = aRoomType();
const rate = aRatePlan();
const hotel = buildProperty({
  hotel: { email: "desk@links.example.test" },
  roomTypes: [room],
  ratePlans: [rate],
  hosts: [{ host: "brand.example.test", channel: 1, pageTitle: "Brand", iconUrl: "/icon.svg" }],
});
let database: Database;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  app = await buildApp({
    database,
    now: () => now,
    apiKeys: [TEST_API_KEY],
    overrideSecret: TEST_OVERRIDE_SECRET,
    logLevel: "silent",
    publicUrl: PUBLIC_URL,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const mailsTo = async (to: string) => {
  await renderPendingMails(database);
  return database.query<{ text: string; html: string }>(
    sql`select text, html from mail_outbox where "to" = ${to} order by id`,
  );
};

const hrefs = (html: string) => [...html.matchAll(/href="(https?:[^"]+)"/g)].map((m) => m[1]!);

async function book(host: string, email: string) {
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { host, "idempotency-key": anIdempotencyKey() },
    payload: aBookingRequest(
      { hotel: hotel.hotel.id, roomId: room.id, rateId: rate.id, arrival: "20300120", departure: "20300122" },
      {
        booker: {
          fullname: "Maria Rossi",
          email,
          emailConfirm: email,
          phone: { dialCode: "+39", number: "3331234567" },
          country: "IT",
        },
      },
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  const [mail] = await mailsTo(email);
  expect(mail).toBeDefined();
  return mail!;
}

describe("links in mails never follow the Host header", () => {
  it("a booking sent with Host: evil.example mails a voucher link on PUBLIC_URL", async () => {
    const mail = await book("evil.example", "evil-host@example.test");
    expect(mail.text).not.toContain("evil.example");
    expect(mail.html).not.toContain("evil.example");
    expect(mail.text).toContain(`${PUBLIC_URL}/hotel/${hotel.hotel.id}/channel/1/language/1/voucher/code/`);
    expect(hrefs(mail.html).length).toBeGreaterThan(0);
    for (const href of hrefs(mail.html)) expect(href.startsWith(`${PUBLIC_URL}/`), href).toBe(true);
  });

  it("a quote asked with Host: evil.example:8443 mails its search link on PUBLIC_URL", async () => {
    const email = "quote-evil@example.test";
    const res = await app.inject({
      method: "POST",
      url: MANAGE_PATHS.quote,
      headers: { host: "evil.example:8443", "idempotency-key": anIdempotencyKey() },
      payload: {
        channel: 1,
        hotel: hotel.hotel.id,
        language: 1,
        arrival: "20300120",
        departure: "20300122",
        rooms: [{ adults: 2, ages: [], roomId: room.id, rateId: rate.id }],
        fullName: "Giulia Bianchi",
        email,
        emailConfirm: email,
        phone: "+39 333 7654321",
        message: "",
        privacy: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail!.text).not.toContain("evil.example");
    expect(mail!.html).not.toContain("evil.example");
    expect(mail!.text).toContain(`${PUBLIC_URL}/hotel/${hotel.hotel.id}/channel/1/language/1/rooms?`);
  });

  it("a booking on a channel's configured host name links to that host, on the public scheme", async () => {
    const mail = await book("brand.example.test:9999", "brand-host@example.test");
    expect(mail.text).toContain(`https://brand.example.test/hotel/${hotel.hotel.id}/`);
    expect(mail.text).not.toContain("9999");
  });
});

describe("createLinkBase", () => {
  it("keeps the public URL's port for a configured host without one, and its path", async () => {
    const linkBase = createLinkBase(database, "http://localhost:3913/booking/");
    expect(await linkBase({ host: "brand.example.test", hostname: "brand.example.test" })).toBe(
      "http://brand.example.test:3913/booking",
    );
    expect(await linkBase({ host: "evil.example", hostname: "evil.example" })).toBe(
      "http://localhost:3913/booking",
    );
    expect(await linkBase({ host: "", hostname: "" })).toBe("http://localhost:3913/booking");
  });
});
