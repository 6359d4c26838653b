import { BO_ROUTES, type BoRouteName } from "@alloggio/domain/contract/backoffice/routes";
import type { ParamsOf } from "../app/routes";
import { type QueryValue, toQuery } from "../lib/api-client";

export { BO_ROUTES, type BoRouteName };

/** The path of a back-office page, with its parameters and an optional query. */
export function boHref<N extends BoRouteName>(
  name: N,
  params: ParamsOf<(typeof BO_ROUTES)[N]>,
  query: Record<string, QueryValue> = {},
): string {
  const path = BO_ROUTES[name].replace(/:([A-Za-z]+)/g, (_m, key: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[key])),
  );
  return `${path}${toQuery(query)}`;
}
