import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe("price keys (ADR 0056)", () => {
  it("carry the amount, so the search and the portal read prices from the index alone", async () => {
    const rows = await database.query<{ tablename: string; indexdef: string }>(sql`
      select i.tablename, i.indexdef from pg_indexes i
      join pg_constraint c on c.conname = i.indexname and c.contype = 'p'
      where i.tablename in ('price', 'child_price') order by i.tablename`);
    expect(rows.map((r) => r.tablename)).toEqual(["child_price", "price"]);
    expect(rows[0]?.indexdef).toMatch(
      /\(room_type_id, day, rate_plan_id, age_group_id\) INCLUDE \(amount_minor\)$/,
    );
    expect(rows[1]?.indexdef).toMatch(
      /\(room_type_id, day, rate_plan_id, adults\) INCLUDE \(amount_minor\)$/,
    );
  });
});
