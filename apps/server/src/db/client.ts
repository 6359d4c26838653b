import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), "migrations");

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Transaction handle: what `db.transaction` gives its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Anything that runs a statement: the database or a transaction. */
export type SqlExecutor = { execute(query: SQL): Promise<unknown> };

/** Counts the SQL statements sent, so tests and the benchmark can prove a search costs a constant number. */
export class StatementCounter {
  count = 0;
  logQuery(text?: string): void {
    this.count += 1;
    if (process.env.DEBUG_STATEMENTS) console.log("SQL>", String(text).slice(0, 90).replace(/\s+/g, " "));
  }
}

export type Database = {
  db: Db;
  kind: "postgres" | "pglite";
  /** The connection string, on PostgreSQL: other processes may open the same database. */
  url?: string;
  statements: StatementCounter;
  /** Raw rows of one statement; the statement is counted. */
  query<T>(statement: SQL): Promise<T[]>;
  /**
   * The same, for a hot statement run again and again with other values (the search): on PostgreSQL a named
   * prepared statement, planned once per connection; on PGlite as `query`.
   */
  queryPrepared<T>(statement: SQL): Promise<T[]>;
  /**
   * LISTEN on a channel: `onMessage` gets each NOTIFY payload of a committed transaction, from this process or any
   * other on the same database, and `null` when notifications may have been missed (the connection was lost and
   * is being made again). Returns the function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string | null) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/**
 * PGlite's buffer cache lives in its WebAssembly memory, which only grows: initdb's default (128 MB) ends up wholly
 * resident once a big catalogue has been searched, the largest single part of a PGlite server's peak memory. 64 MB
 * holds a group's hot prices; a page beyond it is read again from the OS's file cache (ADR 0049).
 */
export const PGLITE_SHARED_BUFFERS = "64MB";
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/** A dedicated connection that LISTENs, made again (after 1 s) when it is lost. */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string | null) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (m) => {
      if (m.channel === channel) onMessage(m.payload ?? "");
    });
    c.on("error", () => {
      if (stopped || client !== c) return;
      client = null;
      onMessage(null);
      c.end().catch(() => {});
      retry = setTimeout(reconnect, 1000);
    });
    await c.connect();
    await c.query(`listen "${channel.replaceAll('"', "")}"`);
    client = c;
  };
  const reconnect = () => {
    if (stopped) return;
    connect().catch(() => {
      retry = setTimeout(reconnect, 1000);
    });
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/** The name of a prepared statement follows its text: statements that differ in shape are prepared apart. */
const preparedNames = new Map<string, string>();
function statementName(text: string): string {
  let name = preparedNames.get(text);
  if (!name) {
    name = `q_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    // A bound on what a process remembers: the texts are the few shapes of hot statements.
    if (preparedNames.size > 1000) preparedNames.clear();
    preparedNames.set(text, name);
  }
  return name;
}

type Options = { url?: string; dataDir?: string; pglite?: PGlite; max?: number };

/** PostgreSQL when a URL is given, otherwise PGlite in dataDir (in memory when dataDir is omitted). */
export async function openDatabase(options: Options): Promise<Database> {
  const statements = new StatementCounter();
  if (options.url) {
    // Dates stay strings: stay dates are calendar days, never instants.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      // Every statement here is short (ADR 0050): JIT compilation cost more than it saved, e.g. 138 of a portal
      // list's 258 ms. A connection string's own `options` still wins.
      options: "-c jit=off",
      types: {
        getTypeParser: (oid, format) =>
          oid === 1082 ? (v: string) => v : pg.types.getTypeParser(oid, format as "text"),
      },
    });
    pool.on("error", () => {
      // An idle client lost its connection (database restart); the pool replaces it on the next query.
    });
    const db = drizzlePg(pool, { schema, logger: statements }) as unknown as Db;
    const dialect = new PgDialect();
    return {
      db,
      kind: "postgres",
      url: options.url,
      statements,
      query: async <T>(statement: SQL) => ((await db.execute(statement)) as unknown as { rows: T[] }).rows,
      queryPrepared: async <T>(statement: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(statement);
        statements.logQuery(text);
        return (
          await pool.query<T & pg.QueryResultRow>({
            name: statementName(text),
            text,
            values: params as unknown[],
          })
        ).rows;
      },
      listen: (channel, onMessage) => listenPostgres(options.url as string, channel, onMessage),
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  if (!client) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(options.dataDir, { startParams: PGLITE_START_PARAMS });
  }
  await client.waitReady;
  const owned = client;
  const db = drizzlePglite(owned, { schema, logger: statements }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    statements,
    query: async <T>(statement: SQL) => ((await db.execute(statement)) as unknown as { rows: T[] }).rows,
    queryPrepared: async <T>(statement: SQL) =>
      ((await db.execute(statement)) as unknown as { rows: T[] }).rows,
    listen: (channel, onMessage) => owned.listen(channel, (payload) => onMessage(payload)),
    close: () => owned.close(),
  };
}

/**
 * The key of the PostgreSQL advisory lock that migrations run under: processes starting together against one
 * database migrate one after the other, so the schema is migrated once and the others find nothing to do.
 */
export const MIGRATION_LOCK_KEY = 0x616c6c6f; // "allo"

/** PGlite is one connection in one process: the migrations of one PGlite instance run one after the other. */
const pgliteMigrations = new WeakMap<PGlite, Promise<void>>();

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "postgres") {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    // The lock, the migrator's reads and its transaction all on one session.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      try {
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
    return;
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const previous = pgliteMigrations.get(client) ?? Promise.resolve();
  const run = previous
    .catch(() => {})
    // One session: the chain keeps its migrations apart; an advisory lock would add nothing.
    .then(() => migratePglite(drizzlePglite(client), { migrationsFolder }).then(() => undefined));
  pgliteMigrations.set(client, run);
  await run;
}
