import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase } from "@alloggio/server/db";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { TEMPLATE_DB, withDatabaseName } from "./database";

/** Builds the migrated template once per test run: a PGlite dump file, and a PostgreSQL template database. */
export default async function setup(): Promise<() => Promise<void>> {
  const path = join(tmpdir(), `alloggio-template-${process.pid}.tar`);
  const pglite = await openDatabase({});
  await migrateDatabase(pglite);
  const client = (pglite.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  process.env.ALLOGGIO_PGLITE_TEMPLATE = path;

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await dropTemplate(admin);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const template = await openDatabase({ url: withDatabaseName(adminUrl, TEMPLATE_DB) });
    await migrateDatabase(template);
    await template.close();
  }
  return async () => {};
}

/**
 * Drops the last run's template. `with (force)` ends its sessions, but not an autovacuum worker that happens to be
 * in it (a role without superuser may not signal it: 42501), nor a session that starts meanwhile (55006): those go
 * away within a moment, so the drop is tried again, up to 10 times half a second apart.
 */
async function dropTemplate(admin: pg.Client): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 10 || (code !== "42501" && code !== "55006")) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
