import { createHash } from "node:crypto";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_OFFER } from "@alloggio/domain/offers/attachment-type";
import { createTestApp } from "@alloggio/test-kit/app";
import { anIdempotencyKey } from "@alloggio/test-kit/booking";
import { aRatePlan, aRoomType, buildProperty, seedProperty } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aStaffSession, type StaffSession } from "@alloggio/test-kit/staff";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { auditLog, offer } from "../../db/schema";
import type { App } from "../../http/app";
import { createHotelApiKey } from "./api-key";

// Offer attachments (ADR 0039): the back office's upload, list, download and delete, and the recipient's
// download with the unlock's cookie.

let clock = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const room = aRoomType({ maxAdults: 2 });
const rate = aRatePlan();
const propertyA = buildProperty({ hotel: { name: "Hotel Allegati" }, roomTypes: [room], ratePlans: [rate] });
const roomB = aRoomType({ maxAdults: 2 });
const rateB = aRatePlan();
const propertyB = buildProperty({ hotel: { name: "Hotel Beta" }, roomTypes: [roomB], ratePlans: [rateB] });
const hotelA = propertyA.hotel.id;
const hotelB = propertyB.hotel.id;
const keys: Record<number, string> = {};

let owner: StaffSession;
let reception: StaffSession;
let ownerOfB: StaffSession;

const PDF = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
  Buffer.from("IHDR-a-tiny-png"),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), Buffer.from("JFIF\0 jpeg")]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x20, 0, 0, 0]), Buffer.from("WEBPVP8 webp")]);
const HTML = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(64, 0x90)]);

const errorLines: string[] = [];
let addresses = 0;
const anAddress = () => `10.7.${Math.floor(++addresses / 250)}.${addresses % 250}`;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, propertyA);
  await seedProperty(database, propertyB);
  app = await createTestApp(database, () => clock, { errorLines });
  keys[hotelA] = (await createHotelApiKey(database.db, hotelA, "CRM")).key;
  keys[hotelB] = (await createHotelApiKey(database.db, hotelB, "CRM")).key;
  owner = await aStaffSession(database, { role: "owner", hotels: [hotelA], now: clock });
  reception = await aStaffSession(database, { role: "reception", hotels: [hotelA], now: clock });
  ownerOfB = await aStaffSession(database, { role: "owner", hotels: [hotelB], now: clock });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

let recipients = 0;
/** A new open offer of the hotel: its id, code and the recipient's e-mail. */
async function anOffer(hotel = hotelA) {
  const email = `guest${++recipients}@example.test`;
  const res = await app.inject({
    method: "POST",
    url: "/api/v2/offers/create",
    headers: { authorization: `Bearer ${keys[hotel]}`, "idempotency-key": anIdempotencyKey() },
    payload: {
      hotel,
      channel: 1,
      recipient: { name: "Anna Weber", email, language: 2 },
      arrival: "20300210",
      departure: "20300212",
      options: [
        {
          rooms: [
            {
              roomId: hotel === hotelA ? room.id : roomB.id,
              rateId: hotel === hotelA ? rate.id : rateB.id,
              adults: 2,
              ages: [],
              priceMinor: 30000,
            },
          ],
        },
      ],
      expiresAt: "2030-01-20T18:00:00Z",
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const code = res.json().offerCode as string;
  const [row] = await database.db.select({ id: offer.id }).from(offer).where(eq(offer.code, code));
  return { id: row!.id, code, email };
}

function multipart(filename: string, type: string, content: Buffer, field = "file") {
  const boundary = "----alloggio-offer-files";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const filesUrl = (hotel: number, offerId: number) =>
  `/api/backoffice/hotels/${hotel}/offers/${offerId}/attachments`;

function upload(
  offerId: number,
  file: { name: string; type: string; content: Buffer; field?: string },
  options: { hotel?: number; headers?: Record<string, string> } = {},
) {
  const body = multipart(file.name, file.type, file.content, file.field);
  return app.inject({
    method: "POST",
    url: filesUrl(options.hotel ?? hotelA, offerId),
    headers: { ...(options.headers ?? owner.headers), ...body.headers },
    payload: body.payload,
  });
}

async function unlockCookie(code: string, email: string) {
  const res = await app.inject({
    method: "POST",
    url: `/api/v2/offers/${code}/unlock`,
    payload: { email },
    remoteAddress: anAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === "alloggio_offer")!;
  expect(cookie.path).toBe(`/api/v2/offers/${code}`);
  return `alloggio_offer=${cookie.value}`;
}

const download = (code: string, attachmentId: number, cookie?: string) =>
  app.inject({
    method: "GET",
    url: `/api/v2/offers/${code}/attachments/${attachmentId}`,
    headers: cookie ? { cookie } : {},
    remoteAddress: anAddress(),
  });

async function auditOf(action: string, entityId: number) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
}

describe("POST …/offers/:offerId/attachments (upload)", () => {
  it("accepts PDF, PNG, JPEG and WebP by their content, keeps a safe name and the sha256, and audits", async () => {
    const target = await anOffer();
    const cases = [
      { name: "Brochure 2030.pdf", type: "application/pdf", content: PDF, want: "application/pdf" },
      { name: "C:\\fakepath\\lake.png", type: "image/png", content: PNG, want: "image/png" },
      // The browser's declared type does not count: the content does.
      { name: "room.jpg", type: "application/octet-stream", content: JPEG, want: "image/jpeg" },
      { name: "terrace.webp", type: "text/plain", content: WEBP, want: "image/webp" },
    ];
    for (const file of cases) {
      const res = await upload(target.id, file, { headers: reception.headers });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        contentType: file.want,
        size: file.content.length,
        sha256: createHash("sha256").update(file.content).digest("hex"),
      });
      const [entry] = await auditOf("offer.attachment_add", body.id);
      expect(entry?.before).toBeNull();
      expect(entry?.after).toMatchObject({ offerId: target.id, contentType: file.want });
      expect(entry?.after).not.toHaveProperty("content");
    }
    const list = await app.inject({
      method: "GET",
      url: filesUrl(hotelA, target.id),
      headers: owner.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      editable: true,
      max: MAX_ATTACHMENTS_PER_OFFER,
      maxBytes: MAX_ATTACHMENT_BYTES,
    });
    expect(list.json().attachments.map((a: { filename: string }) => a.filename)).toEqual([
      "Brochure 2030.pdf",
      "lake.png",
      "room.jpg",
      "terrace.webp",
    ]);
    expect(list.json().attachments[0].uploadedBy).toMatch(/^Staff /);
  });

  it("renames a file whose name lies about its type, and strips control characters", async () => {
    const target = await anOffer();
    const res = await upload(target.id, {
      name: "price\u0007list\u202Efdp.pdf",
      type: "application/pdf",
      content: PNG,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().filename).toBe("pricelistfdp.pdf.png");
  });

  it("refuses an HTML page named .pdf, a renamed program and an empty file, naming `file`", async () => {
    const target = await anOffer();
    for (const file of [
      { name: "offer.pdf", type: "application/pdf", content: HTML },
      { name: "photo.png", type: "image/png", content: EXE },
      { name: "empty.pdf", type: "application/pdf", content: Buffer.alloc(0) },
    ]) {
      const res = await upload(target.id, file);
      expect(res.statusCode, file.name).toBe(415);
      expect(res.json().error).toMatchObject({ code: "attachment_type", details: [{ field: "file" }] });
    }
    const list = await app.inject({
      method: "GET",
      url: filesUrl(hotelA, target.id),
      headers: owner.headers,
    });
    expect(list.json().attachments).toEqual([]);
  });

  it("refuses a file over 10 MB", async () => {
    const target = await anOffer();
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_ATTACHMENT_BYTES + 1 - PDF.length, 0x20)]);
    const res = await upload(target.id, { name: "big.pdf", type: "application/pdf", content: big });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toMatchObject({ code: "attachment_too_large", details: [{ field: "file" }] });
  });

  it("refuses an upload without a file, or under another field", async () => {
    const target = await anOffer();
    const other = await upload(target.id, {
      name: "a.pdf",
      type: "application/pdf",
      content: PDF,
      field: "photo",
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.details[0].field).toBe("file");
    const json = await app.inject({
      method: "POST",
      url: filesUrl(hotelA, target.id),
      headers: owner.headers,
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.details[0].field).toBe("file");
  });

  it(`keeps at most ${MAX_ATTACHMENTS_PER_OFFER} files per offer`, async () => {
    const target = await anOffer();
    for (let i = 0; i < MAX_ATTACHMENTS_PER_OFFER; i++)
      expect(
        (await upload(target.id, { name: `p${i}.pdf`, type: "application/pdf", content: PDF })).statusCode,
      ).toBe(201);
    const res = await upload(target.id, { name: "one-more.pdf", type: "application/pdf", content: PDF });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: "attachment_limit", details: [{ field: "file" }] });
  });

  it("changes files only while the offer is open", async () => {
    const confirmed = await anOffer();
    const kept = await upload(confirmed.id, { name: "a.pdf", type: "application/pdf", content: PDF });
    await database.db.update(offer).set({ state: "rejected" }).where(eq(offer.id, confirmed.id));
    const res = await upload(confirmed.id, { name: "b.pdf", type: "application/pdf", content: PDF });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("offer_closed");
    const removal = await app.inject({
      method: "DELETE",
      url: `${filesUrl(hotelA, confirmed.id)}/${kept.json().id}`,
      headers: owner.headers,
    });
    expect(removal.statusCode).toBe(409);
    const list = await app.inject({
      method: "GET",
      url: filesUrl(hotelA, confirmed.id),
      headers: owner.headers,
    });
    expect(list.json()).toMatchObject({ editable: false, attachments: [{ filename: "a.pdf" }] });

    // Past its expiry an open offer is over too, even before the sweep has run.
    const late = await anOffer();
    const saved = clock;
    clock = new Date("2030-01-21T00:00:00Z");
    try {
      const afterExpiry = await upload(
        late.id,
        { name: "c.pdf", type: "application/pdf", content: PDF },
        {
          headers: (await aStaffSession(database, { role: "owner", hotels: [hotelA], now: clock })).headers,
        },
      );
      expect(afterExpiry.statusCode).toBe(409);
    } finally {
      clock = saved;
    }
  });
});

describe("who may change an offer's files", () => {
  it("needs a session (401) and, for a change, the CSRF token (403)", async () => {
    const target = await anOffer();
    const body = multipart("a.pdf", "application/pdf", PDF);
    const anonymous = await app.inject({
      method: "POST",
      url: filesUrl(hotelA, target.id),
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: filesUrl(hotelA, target.id) })).statusCode).toBe(401);
    const noCsrf = await upload(
      target.id,
      { name: "a.pdf", type: "application/pdf", content: PDF },
      {
        headers: owner.cookieOnly,
      },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe("csrf_failed");
    const kept = await upload(target.id, { name: "a.pdf", type: "application/pdf", content: PDF });
    const deleteNoCsrf = await app.inject({
      method: "DELETE",
      url: `${filesUrl(hotelA, target.id)}/${kept.json().id}`,
      headers: owner.cookieOnly,
    });
    expect(deleteNoCsrf.statusCode).toBe(403);
  });

  it("lets every role of the offers area work with files (owner, manager, reception)", async () => {
    const target = await anOffer();
    for (const role of ["owner", "manager", "reception"] as const) {
      const staff = await aStaffSession(database, { role, hotels: [hotelA], now: clock });
      const res = await upload(
        target.id,
        { name: `${role}.pdf`, type: "application/pdf", content: PDF },
        {
          headers: staff.headers,
        },
      );
      expect(res.statusCode, role).toBe(201);
    }
  });

  it("answers 404 to a user of hotel B, by hotel and by offer or attachment id (IDOR)", async () => {
    const target = await anOffer();
    const theirs = await anOffer(hotelB);
    const file = (await upload(target.id, { name: "a.pdf", type: "application/pdf", content: PDF })).json();
    const pdf = { name: "x.pdf", type: "application/pdf", content: PDF };
    // Hotel A in the path: not one of the user's hotels.
    expect((await upload(target.id, pdf, { hotel: hotelA, headers: ownerOfB.headers })).statusCode).toBe(404);
    const urls = [filesUrl(hotelA, target.id), `${filesUrl(hotelA, target.id)}/${file.id}`];
    for (const url of urls)
      expect((await app.inject({ method: "GET", url, headers: ownerOfB.headers })).statusCode, url).toBe(404);
    // Hotel B in the path, hotel A's offer id.
    expect((await upload(target.id, pdf, { hotel: hotelB, headers: ownerOfB.headers })).statusCode).toBe(404);
    for (const url of [filesUrl(hotelB, target.id), `${filesUrl(hotelB, target.id)}/${file.id}`]) {
      const res = await app.inject({ method: "GET", url, headers: ownerOfB.headers });
      expect(res.statusCode, url).toBe(404);
    }
    const deleteAcross = await app.inject({
      method: "DELETE",
      url: `${filesUrl(hotelB, target.id)}/${file.id}`,
      headers: ownerOfB.headers,
    });
    expect(deleteAcross.statusCode).toBe(404);
    // Hotel B's own offer, hotel A's attachment id.
    for (const method of ["GET", "DELETE"] as const) {
      const res = await app.inject({
        method,
        url: `${filesUrl(hotelB, theirs.id)}/${file.id}`,
        headers: ownerOfB.headers,
      });
      expect(res.statusCode, method).toBe(404);
    }
    const still = await app.inject({
      method: "GET",
      url: filesUrl(hotelA, target.id),
      headers: owner.headers,
    });
    expect(still.json().attachments).toHaveLength(1);
  });

  it("answers 404 for an attachment of another offer of the same hotel", async () => {
    const one = await anOffer();
    const two = await anOffer();
    const file = (await upload(one.id, { name: "a.pdf", type: "application/pdf", content: PDF })).json();
    const res = await app.inject({
      method: "GET",
      url: `${filesUrl(hotelA, two.id)}/${file.id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(404);
    const removal = await app.inject({
      method: "DELETE",
      url: `${filesUrl(hotelA, two.id)}/${file.id}`,
      headers: owner.headers,
    });
    expect(removal.statusCode).toBe(404);
  });

  it("validates the ids in the path (400 naming the field)", async () => {
    const res = await app.inject({ method: "GET", url: filesUrl(hotelA, 0), headers: owner.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe("offerId");
  });
});

describe("staff download and delete", () => {
  it("serves the file with safe headers, and deletes it with an audit entry", async () => {
    const target = await anOffer();
    const file = (
      await upload(target.id, { name: "Angebot für Anna.pdf", type: "application/pdf", content: PDF })
    ).json();
    const res = await app.inject({
      method: "GET",
      url: `${filesUrl(hotelA, target.id)}/${file.id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="Angebot f_r Anna.pdf"; filename*=UTF-8''Angebot%20f%C3%BCr%20Anna.pdf`,
    );
    expect(res.headers["x-content-type-options"]).toBe("nosniff");

    const removal = await app.inject({
      method: "DELETE",
      url: `${filesUrl(hotelA, target.id)}/${file.id}`,
      headers: owner.headers,
    });
    expect(removal.statusCode).toBe(204);
    const [entry] = await auditOf("offer.attachment_remove", file.id);
    expect(entry?.before).toMatchObject({
      offerId: target.id,
      filename: "Angebot für Anna.pdf",
      sha256: file.sha256,
    });
    expect(entry?.after).toBeNull();
    const gone = await app.inject({
      method: "GET",
      url: `${filesUrl(hotelA, target.id)}/${file.id}`,
      headers: owner.headers,
    });
    expect(gone.statusCode).toBe(404);
    const [bytes] = await database.query<{ n: number }>(
      sql`select count(*)::int as n from offer_attachment_content where attachment_id = ${file.id}`,
    );
    expect(bytes?.n).toBe(0);
  });
});

describe("GET /api/v2/offers/:offerCode/attachments/:attachmentId (the recipient's download)", () => {
  it("needs this offer's access cookie, and serves the file with safe headers", async () => {
    const target = await anOffer();
    const other = await anOffer();
    const pdf = (
      await upload(target.id, { name: "Offerta.pdf", type: "application/pdf", content: PDF })
    ).json();
    const png = (await upload(target.id, { name: "vista.png", type: "image/png", content: PNG })).json();

    const none = await download(target.code, pdf.id);
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe("offer_unlock_required");
    const otherCookie = await unlockCookie(other.code, other.email);
    expect((await download(target.code, pdf.id, otherCookie)).statusCode).toBe(401);
    expect((await download(target.code, pdf.id, "alloggio_offer=forged")).statusCode).toBe(401);

    const cookie = await unlockCookie(target.code, target.email);
    errorLines.length = 0;
    const res = await download(target.code.toLowerCase(), pdf.id, cookie);
    expect(res.statusCode, res.body).toBe(200);
    // A download that succeeded logs no error.
    await new Promise((done) => setImmediate(done));
    expect(errorLines).toEqual([]);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="Offerta.pdf"; filename*=UTF-8''Offerta.pdf`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-store",
    });
    const image = await download(target.code, png.id, cookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["content-disposition"]).toMatch(/^inline; /);

    // The view lists the files' metadata.
    const view = await app.inject({
      method: "GET",
      url: `/api/v2/offers/${target.code}`,
      headers: { cookie },
      remoteAddress: anAddress(),
    });
    expect(view.json().offer.attachments).toEqual([
      { id: pdf.id, filename: "Offerta.pdf", contentType: "application/pdf", size: PDF.length },
      { id: png.id, filename: "vista.png", contentType: "image/png", size: PNG.length },
    ]);

    // Another offer's attachment with this offer's cookie, an unknown attachment, an unknown code.
    const theirs = (await upload(other.id, { name: "x.pdf", type: "application/pdf", content: PDF })).json();
    expect((await download(target.code, theirs.id, cookie)).statusCode).toBe(404);
    expect((await download(other.code, theirs.id, cookie)).statusCode).toBe(401);
    expect((await download(target.code, 2_000_000, cookie)).statusCode).toBe(404);
    expect((await download("ZZZZZZZZZZZZZZZZ", pdf.id, cookie)).statusCode).toBe(404);
  });
});

describe("the API docs", () => {
  it("list the attachment routes: the back office's and the recipient's", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const base = "/api/backoffice/hotels/{hotelId}/offers/{offerId}/attachments";
    for (const [path, method, tag] of [
      [base, "get", "back office"],
      [base, "post", "back office"],
      [`${base}/{attachmentId}`, "get", "back office"],
      [`${base}/{attachmentId}`, "delete", "back office"],
      ["/api/v2/offers/{offerCode}/attachments/{attachmentId}", "get", "offers"],
    ] as const)
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual([tag]);
  });
});
