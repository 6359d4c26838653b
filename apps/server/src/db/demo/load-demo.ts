import { sql } from "drizzle-orm";
import { importProperty } from "../../features/admin/import-property";
import type { Database } from "../client";
import { buildDemoFiles } from "./demo-files";

/** Whether the database holds no hotel yet: a fresh one that the demo group may fill. */
export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const rows = await database.query<{ found: boolean }>(sql`select exists (select 1 from hotel) as found`);
  return !rows[0]?.found;
}

/**
 * Imports the demo group (hotels 1 to 4, 400 days from `today`, hotel-local `YYYY-MM-DD` or `YYYYMMDD`) through
 * the same path as `npm run import`. Throws if a demo file is refused: that is a bug in the demo generator.
 */
export async function loadDemoData(database: Database, today: string): Promise<void> {
  for (const file of buildDemoFiles(today)) {
    const result = await importProperty(database, file);
    if (!result.ok) {
      const lines = result.issues.map((issue) => `  ${issue.path}: ${issue.message}`);
      throw new Error(`demo hotel ${file.hotel.id} was refused:\n${lines.join("\n")}`);
    }
  }
}
