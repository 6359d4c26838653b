import { type SQL, sql } from "drizzle-orm";
import type { SqlExecutor } from "./client";

export type Column = readonly [name: string, type: string];
export type Row = Record<string, unknown>;

export const json = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;
export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(",")}}`}::int[]`;

export function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * `insert into table (…) select … from jsonb_to_recordset($rows) … on conflict (key) do update`: one statement
 * for any number of rows. Column names and types come from the caller's code, never from the input.
 */
export async function upsertRows(
  tx: SqlExecutor,
  table: string,
  key: readonly string[],
  columns: readonly Column[],
  rows: readonly Row[],
  touch?: string,
): Promise<number> {
  if (rows.length === 0) return 0;
  const names = columns.map(([name]) => `"${name}"`).join(", ");
  const definitions = columns.map(([name, type]) => `"${name}" ${type}`).join(", ");
  const updates = columns
    .filter(([name]) => !key.includes(name))
    .map(([name]) => `"${name}" = excluded."${name}"`);
  if (touch) updates.push(`"${touch}" = now()`);
  const onConflict = updates.length > 0 ? `do update set ${updates.join(", ")}` : "do nothing";
  const result = await tx.execute(sql`
    insert into ${sql.raw(`"${table}"`)} (${sql.raw(names)})
    select ${sql.raw(names)} from jsonb_to_recordset(${json(rows)}) as x(${sql.raw(definitions)})
    on conflict (${sql.raw(key.map((k) => `"${k}"`).join(", "))}) ${sql.raw(onConflict)}`);
  return affectedRows(result);
}

/**
 * Deletes the hotel's rows of a table whose id is not among `ids`. `onlyImported`: only rows without a public id
 * (reservation links made in the back office are not a property file's to delete, ADR 0027).
 */
export async function deleteMissing(
  tx: SqlExecutor,
  table: string,
  hotelId: number,
  ids: readonly number[],
  onlyImported = false,
) {
  const imported = onlyImported ? sql` and public_id is null` : sql``;
  await tx.execute(
    sql`delete from ${sql.raw(`"${table}"`)} where hotel_id = ${hotelId} and id <> all(${intArray(ids)})${imported}`,
  );
}

/** `any('{1,2,3}'::int[])`: a list of ids as one literal (integers only, so nothing can be injected). */
export function anyId(ids: readonly number[]): SQL {
  return sql`any(${sql.raw(`'{${ids.map((id) => Math.trunc(Number(id))).join(",")}}'`)}::int[])`;
}
