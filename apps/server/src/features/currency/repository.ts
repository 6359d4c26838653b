import { CURRENCY_CODES, describeCurrency } from "@alloggio/domain/currency/currencies";
import { sql } from "drizzle-orm";
import type { Database, SqlExecutor } from "../../db/client";

// The executor type lives in the db layer; the face keeps offering it to the features that take it from here.

/** Upserts every row of the currency table from `CURRENCY_CODES` in one statement; returns the rows written. */
export async function upsertCurrencies(executor: SqlExecutor): Promise<number> {
  const rows = CURRENCY_CODES.map((code) => describeCurrency(code));
  const result = (await executor.execute(sql`
    insert into currency (code, name, name_plural, symbol, symbol_native, decimal_digits, rounding)
    select code, name, name_plural, symbol, symbol_native, decimal_digits, rounding
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
      code text, name text, name_plural text, symbol text, symbol_native text, decimal_digits smallint,
      rounding numeric)
    on conflict (code) do update set
      name = excluded.name, name_plural = excluded.name_plural, symbol = excluded.symbol,
      symbol_native = excluded.symbol_native, decimal_digits = excluded.decimal_digits,
      rounding = excluded.rounding`)) as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}

export type CurrencyRateRow = {
  code: string;
  name: string;
  name_plural: string;
  symbol: string;
  symbol_native: string;
  decimal_digits: number;
  rounding: string;
  per_eur: string | null;
};

/** The two currencies with their rate against EUR (EUR's own is 1; null where no rate is known). */
export async function findCurrenciesWithRates(
  database: Database,
  from: string,
  to: string,
): Promise<CurrencyRateRow[]> {
  return database.query<CurrencyRateRow>(sql`
    select c.code, c.name, c.name_plural, c.symbol, c.symbol_native, c.decimal_digits, c.rounding,
      case when c.code = 'EUR' then 1 else r.per_eur end as per_eur
    from currency c left join exchange_rate r on r.code = c.code
    where c.code in (${from}, ${to})`);
}

/** Makes sure the currency reference table holds every currency the product knows. Idempotent. */
export async function ensureCurrencies(database: Database): Promise<number> {
  return upsertCurrencies(database.db);
}
