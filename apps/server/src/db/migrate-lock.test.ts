import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createEmptyTestDatabase, testDatabaseKind } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { migrateDatabase, migrationsFolder } from "./client";

const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
  entries: unknown[];
};

describe(`migrations under an advisory lock (${testDatabaseKind()})`, () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("two processes starting together on one empty database both succeed and migrate it once", async () => {
    const empty = await createEmptyTestDatabase();
    close = empty.close;
    const [a, b] = [await empty.open(), await empty.open()];

    const results = await Promise.allSettled([migrateDatabase(a), migrateDatabase(b)]);
    expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(["ok", "ok"]);

    const applied = await a.query<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied[0]?.n).toBe(journal.entries.length);
    // The schema is there (one table of each migration's era).
    const tables = await a.query<{ n: number }>(
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables[0]?.n).toBeGreaterThan(5);
    // And a third start finds nothing to do.
    await migrateDatabase(b);
    const again = await b.query<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(again[0]?.n).toBe(journal.entries.length);
  });
});
