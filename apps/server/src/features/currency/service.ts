import type { CurrencyResponse } from "@alloggio/domain/contract/currency/currency";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { notFound } from "../../http/errors";

type Row = {
  code: string;
  name: string;
  name_plural: string;
  symbol: string;
  symbol_native: string;
  decimal_digits: number;
  rounding: string;
  per_eur: string | null;
};

/** The conversion rate between two currencies (`change`: units of `to` per unit of `from`), through EUR. */
export async function getConversion(
  database: Database,
  q: { from: string; to: string },
): Promise<CurrencyResponse> {
  const rows = await database.query<Row>(sql`
    select c.code, c.name, c.name_plural, c.symbol, c.symbol_native, c.decimal_digits, c.rounding,
      case when c.code = 'EUR' then 1 else r.per_eur end as per_eur
    from currency c left join exchange_rate r on r.code = c.code
    where c.code in (${q.from}, ${q.to})`);
  const find = (code: string, field: "from" | "to") => {
    const row = rows.find((r) => r.code === code);
    if (!row) throw notFound(field, `unknown currency ${code}`);
    if (row.per_eur === null) throw notFound(field, `no exchange rate for ${code}`);
    return row;
  };
  const from = find(q.from, "from");
  const to = find(q.to, "to");
  const info = ({ per_eur: _p, rounding, ...rest }: Row) => ({ ...rest, rounding: Number(rounding) });
  return {
    from: info(from),
    to: info(to),
    change: Number((Number(to.per_eur) / Number(from.per_eur)).toFixed(8)),
  };
}
