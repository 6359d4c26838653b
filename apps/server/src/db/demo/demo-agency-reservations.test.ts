import { createTestApp } from "@alloggio/test-kit/app";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aTradeSession } from "@alloggio/test-kit/trade";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tradeCsrfToken } from "../../features/trade/session";
import { readPdf } from "../../features/voucher-pdf/pdf-test-kit";
import type { App } from "../../http/app";
import type { Database } from "../client";
import { DEMO_TRADE_CHANNEL_ID } from "./demo-files";
import { loadDemoData } from "./load-demo";

// The demo agency's reservations (ADR 0032): the agency area of `agenzia` shows them, and they hold up to its
// actions (a PDF with the commission; the cancellation rules' own totals agree with the stored ones).
// The demo is loaded as the server loads it: today, with the options running from now.
const NOW = new Date();
let database: Database;
let app: App;
let headers: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadDemoData(database, NOW.toISOString().slice(0, 10));
  app = await createTestApp(database, () => NOW);
  const [user] = await database.query<{ id: number }>(
    sql`select id from trade_user where username = 'agenzia'`,
  );
  const session = await aTradeSession(database, {
    userId: Number(user?.id),
    channel: DEMO_TRADE_CHANNEL_ID,
    now: NOW,
  });
  headers = { cookie: `alloggio_trade=${session.token}`, "x-csrf-token": tradeCsrfToken(session.token) };
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("the demo agency's reservations", () => {
  it("lists a confirmed booking, an option and a cancelled one, and prints the agency PDF", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/agency/list-reservations",
      payload: {},
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as {
      code: string;
      status: string;
      commission: number | null;
      guest: string;
    }[];
    expect(rows.map((r) => [r.guest, r.status])).toEqual([
      ["Luca Ferri", "pending_confirmation"],
      ["Marta Bianchi", "confirmed"],
      ["Sofia Greco", "cancelled"],
    ]);
    expect(rows[1]?.commission).toBe(48);
    const pdf = await app.inject({
      method: "GET",
      url: `/api/agency/print/${rows[1]?.code}/agency?language=1`,
      headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect((await readPdf(pdf.rawPayload)).text).toContain("Commission");
  });

  it("cancels the confirmed one and confirms the option under the ordinary rules", async () => {
    const rows = (
      await app.inject({ method: "POST", url: "/api/agency/list-reservations", payload: {}, headers })
    ).json().rows as { code: string; status: string }[];
    const option = rows.find((r) => r.status === "pending_confirmation");
    const confirmed = rows.find((r) => r.status === "confirmed");
    const cancel = await app.inject({
      method: "DELETE",
      url: `/api/agency/reservations/${confirmed?.code}`,
      headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const confirm = await app.inject({
      method: "POST",
      url: `/api/agency/confirm-reservation/${option?.code}`,
      payload: { paymentMethod: "pay_at_hotel" },
      headers,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().reservation.status).toBe("confirmed");
  });
});
