// What every command line tool does around its own work: the database it writes to, and its exit code.
import { dirname, isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Env, loadEnv } from "../config/env";
import { type Database, migrateDatabase, openDatabase } from "../db/client";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

/**
 * Runs `work` on DATABASE_URL, or on the embedded database in DATA_DIR (relative to the repository), migrated
 * first and closed after.
 */
export async function withDatabase<T>(work: (database: Database, env: Env) => Promise<T>): Promise<T> {
  const env = loadEnv();
  const dataDir = isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(root, env.DATA_DIR);
  const database = env.DATABASE_URL
    ? await openDatabase({ url: env.DATABASE_URL, max: 1 })
    : await openDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    return await work(database, env);
  } finally {
    await database.close();
  }
}

/** Runs a tool's `main` on its arguments: its answer is the exit code; a crash prints its stack and exits 1. */
export function runCommand(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
    },
  );
}
