import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { type Database, openDatabase } from "@alloggio/server/db";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** Which database the current test project runs on (set by vitest.config.ts). */
export function testDatabaseKind(): "pglite" | "postgres" {
  return process.env.ALLOGGIO_TEST_DB === "postgres" ? "postgres" : "pglite";
}

/** The migrated PostgreSQL template; ALLOGGIO_TEST_TEMPLATE names another so two checkouts can test at once. */
export const TEMPLATE_DB = process.env.ALLOGGIO_TEST_TEMPLATE ?? "alloggio_test_template";

function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh, migrated, empty database for one test file: PGlite loaded from the migrated template dump that the
 * global setup wrote, or a PostgreSQL database copied from the migrated template database. Close it with
 * `database.close()`; on PostgreSQL the copy is dropped then.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testDatabaseKind() === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
    const name = `alloggio_t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ url: withDatabaseName(adminUrl, name), max: 20 });
    const close = database.close;
    database.close = async () => {
      await close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      // An autovacuum worker (a superuser's backend) may still be analysing the copy: wait for it, then drop.
      for (let attempt = 0; ; attempt++) {
        try {
          await a.query(`drop database if exists ${name} with (force)`);
          break;
        } catch (err) {
          if (attempt >= 20) {
            console.warn(`could not drop test database ${name}: ${(err as Error).message}`);
            break;
          }
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      await a.end();
    };
    return database;
  }
  const templatePath = process.env.ALLOGGIO_PGLITE_TEMPLATE;
  if (!templatePath)
    throw new Error("ALLOGGIO_PGLITE_TEMPLATE is not set: run tests through vitest.config.ts");
  const blob = new Blob([await readFile(templatePath)]);
  const client = new PGlite({ loadDataDir: blob });
  return openDatabase({ pglite: client });
}

/**
 * An empty, unmigrated database that several handles open, as several server processes would: `open()` gives a
 * new handle (its own pool on PostgreSQL; the same PGlite instance on PGlite, which is one process's database).
 * `close()` closes every handle and drops the database.
 */
export async function createEmptyTestDatabase(): Promise<{
  open(): Promise<Database>;
  close(): Promise<void>;
}> {
  const handles: Database[] = [];
  if (testDatabaseKind() === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
    const name = `alloggio_e_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    return {
      open: async () => {
        const database = await openDatabase({ url: withDatabaseName(adminUrl, name), max: 4 });
        handles.push(database);
        return database;
      },
      close: async () => {
        for (const h of handles) await h.close();
        const a = new pg.Client({ connectionString: adminUrl });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const client = new PGlite();
  return {
    open: async () => {
      const database = await openDatabase({ pglite: client });
      handles.push(database);
      return database;
    },
    close: () => client.close(),
  };
}

export { withDatabaseName };
