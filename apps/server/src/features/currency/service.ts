import type { CurrencyResponse } from "@alloggio/domain/contract/currency/currency";
import type { Database } from "../../db/client";
import { notFound } from "../../http/errors";
import { findCurrenciesWithRates, type CurrencyRateRow as Row } from "./repository";

/** The conversion rate between two currencies (`change`: units of `to` per unit of `from`), through EUR. */
export async function getConversion(
  database: Database,
  q: { from: string; to: string },
): Promise<CurrencyResponse> {
  const rows = await findCurrenciesWithRates(database, q.from, q.to);
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
