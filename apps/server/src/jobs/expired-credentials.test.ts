import { aTradeCustomer, buildProperty, seedProperty, TRADE_CHANNEL_ID } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aStaffSession } from "@alloggio/test-kit/staff";
import { aTradeUser } from "@alloggio/test-kit/trade";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { staffSession, tradePasswordToken, tradeSession } from "../db/schema";
import { createTradeSession } from "../features/trade/session";
import { sweepExpiredCredentials } from "./expired-credentials";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("expired credentials sweep", () => {
  it("deletes expired sessions and reset links, and keeps the live ones", async () => {
    const old = new Date("2029-01-01T10:00:00Z");
    const now = new Date("2030-01-01T10:00:00Z");
    const agency = aTradeCustomer();
    await seedProperty(database, buildProperty({ tradeCustomers: [agency] }));
    const gone = await aStaffSession(database, { role: "owner", now: old });
    const live = await aStaffSession(database, { role: "owner", now });
    const agent = await aTradeUser(database, { customerId: agency.id });
    await createTradeSession(database.db, agent.id, TRADE_CHANNEL_ID, old);
    await database.db.insert(tradePasswordToken).values({
      tradeUserId: agent.id,
      channelId: TRADE_CHANNEL_ID,
      tokenHash: "a".repeat(64),
      expiresAt: old,
    });

    const counts = await sweepExpiredCredentials(database, now);
    expect(counts.staff_session).toBeGreaterThanOrEqual(1);
    const left = await database.db.select({ userId: staffSession.userId }).from(staffSession);
    expect(left.map((r) => r.userId)).toContain(live.userId);
    expect(left.map((r) => r.userId)).not.toContain(gone.userId);
    const [trade] = await database.db.select({ n: count() }).from(tradeSession);
    expect(trade?.n).toBe(0);
    const [tokens] = await database.db
      .select({ n: count() })
      .from(tradePasswordToken)
      .where(eq(tradePasswordToken.tokenHash, "a".repeat(64)));
    expect(tokens?.n).toBe(0);
    // A second sweep finds nothing more.
    expect(Object.values(await sweepExpiredCredentials(database, now)).every((n) => n === 0)).toBe(true);
  });
});
