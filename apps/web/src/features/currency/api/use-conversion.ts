import type { CurrencyResponse } from "@alloggio/domain/contract/currency/currency";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../../lib/api-client";
import { type ConversionRate, CURRENCY_CACHE_MAX_AGE_MS } from "../currency-cache";

/** The rate as the money rules want it (`decimal_digits`, `rounding` renamed). */
export function toConversionRate(response: CurrencyResponse): ConversionRate {
  const rules = (info: CurrencyResponse["from"]) => ({
    code: info.code.toUpperCase(),
    decimalDigits: info.decimal_digits,
    rounding: info.rounding,
  });
  return { from: rules(response.from), to: rules(response.to), change: response.change };
}

/** GET /api/v1/exposed/bol/currency/:from/:to: how many `to` one `from` buys, with both currencies' rules. */
export async function fetchConversion(from: string, to: string): Promise<ConversionRate> {
  const response = await getJson<CurrencyResponse>(
    `v1/exposed/bol/currency/${encodeURIComponent(from)}/${encodeURIComponent(to)}`,
  );
  return toConversionRate(response);
}

/** The rate from `from` to `to`; `cached` (from the session, with its time) spares the call for 2 days. */
export function useConversion(
  from: string,
  to: string | null,
  cached?: { rate: ConversionRate; savedAt: number } | null,
) {
  const usable = cached && to && cached.rate.from.code === from && cached.rate.to.code === to ? cached : null;
  return useQuery({
    queryKey: ["conversion", from, to],
    queryFn: () => fetchConversion(from, to ?? from),
    enabled: to !== null && to !== from,
    staleTime: CURRENCY_CACHE_MAX_AGE_MS,
    initialData: usable?.rate,
    initialDataUpdatedAt: usable?.savedAt,
  });
}
