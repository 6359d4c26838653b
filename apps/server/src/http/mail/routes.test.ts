import { TEST_API_KEY, TEST_OVERRIDE_SECRET } from "@alloggio/test-kit/app";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { enqueueMail } from "../../features/mail/outbox";
import { type App, buildApp } from "../app";

let database: Database;
let devApp: App;
let productionApp: App;
let firstId: number;
let secondId: number;
const clock = fixedClock("2030-01-05T10:00:00Z");

const appWith = async (devMailbox: boolean) => {
  const app = await buildApp({
    database,
    now: clock.now,
    apiKeys: [TEST_API_KEY],
    overrideSecret: TEST_OVERRIDE_SECRET,
    logLevel: "silent",
    devMailbox,
  });
  await app.ready();
  return app;
};

beforeAll(async () => {
  database = await createTestDatabase();
  firstId = await enqueueMail(database.db, {
    to: "first@example.test",
    subject: "Older <mail>",
    html: '<!doctype html><html lang="en"><body><h1 style="color:red">First</h1></body></html>',
    text: "First",
    attachments: [
      { filename: "reservation-ABC.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" },
      {
        filename: "Hotel-ABC.pdf",
        contentType: "application/pdf",
        content: Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0xe2, 0xe3, 0xcf, 0xd3]).toString("base64"),
        encoding: "base64",
      },
    ],
    now: clock.now(),
  });
  secondId = await enqueueMail(database.db, {
    to: "second@example.test",
    subject: "Newer",
    html: "<p>Second</p>",
    text: "Second",
    attachments: [],
    now: new Date(clock.now().getTime() + 60_000),
  });
  devApp = await appWith(true);
  productionApp = await appWith(false);
});

afterAll(async () => {
  await devApp?.close();
  await productionApp?.close();
  await database?.close();
});

describe("/dev/mailbox", () => {
  it("lists the outbox newest first, in an accessible page", async () => {
    const res = await devApp.inject({ method: "GET", url: "/dev/mailbox" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    const html = res.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Mailbox – Alloggio</title>");
    for (const header of ["To", "Subject", "Status", "Attempts", "Created"])
      expect(html).toContain(
        `<th scope="col" style="text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid #d4d4d8">${header}</th>`,
      );
    expect(html.indexOf("second@example.test")).toBeLessThan(html.indexOf("first@example.test"));
    expect(html).toContain(`<a href="/dev/mailbox/${firstId}">Older &lt;mail&gt;</a>`);
    expect(html).toContain(`href="/dev/mailbox/${firstId}/attachments/0"`);
    expect(html).toContain(">pending<");
  });

  it("lists a mail the job has not written yet as such, with no link without a name", async () => {
    const [recipe] = await database.db
      .insert(mailOutbox)
      .values({ render: { kind: "confirmation" } as never, createdAt: clock.now() })
      .returning({ id: mailOutbox.id });
    try {
      const html = (await devApp.inject({ method: "GET", url: "/dev/mailbox" })).body;
      expect(html).toContain("Being written by the mail job");
      expect(html).not.toContain(`href="/dev/mailbox/${recipe!.id}"`);
      expect(html).not.toMatch(/<a [^>]*><\/a>/);
    } finally {
      await database.db.delete(mailOutbox).where(eq(mailOutbox.id, recipe!.id));
    }
  });

  it("shows one mail's HTML under a CSP that allows inline styles only", async () => {
    const res = await devApp.inject({ method: "GET", url: `/dev/mailbox/${firstId}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1 style="color:red">First</h1>');
    expect(res.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    );
    expect((await devApp.inject({ method: "GET", url: `/dev/mailbox/${secondId}` })).body).toContain(
      "Second",
    );
  });

  it("downloads the calendar file", async () => {
    const res = await devApp.inject({ method: "GET", url: `/dev/mailbox/${firstId}/attachments/0` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/calendar");
    expect(res.headers["content-disposition"]).toContain('attachment; filename="reservation-ABC.ics"');
    expect(res.body).toBe("BEGIN:VCALENDAR");
  });

  it("downloads a binary attachment (the voucher PDF) as the bytes it was, not its base64", async () => {
    const res = await devApp.inject({ method: "GET", url: `/dev/mailbox/${firstId}/attachments/1` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain('attachment; filename="Hotel-ABC.pdf"');
    expect([...res.rawPayload]).toEqual([0x25, 0x50, 0x44, 0x46, 0x2d, 0xe2, 0xe3, 0xcf, 0xd3]);
  });

  it("answers 404 for a mail or attachment that does not exist", async () => {
    expect((await devApp.inject({ method: "GET", url: "/dev/mailbox/999999" })).statusCode).toBe(404);
    expect(
      (await devApp.inject({ method: "GET", url: `/dev/mailbox/${secondId}/attachments/0` })).statusCode,
    ).toBe(404);
  });

  it("does not exist in production", async () => {
    for (const url of ["/dev/mailbox", `/dev/mailbox/${firstId}`, `/dev/mailbox/${firstId}/attachments/0`]) {
      const res = await productionApp.inject({ method: "GET", url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("first@example.test");
      expect(res.body).not.toContain("BEGIN:VCALENDAR");
    }
  });
});
