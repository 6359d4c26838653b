import { ROUTES, type RouteName } from "@alloggio/domain/contract/web-routes";
import { type QueryValue, toQuery } from "../lib/api-client";

// The routes live in the domain package: the server answers 404 for a path that none of the pages matches.
export { ROUTES, type RouteName };

export type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name | keyof ParamsOf<`/${Rest}`>]: string | number }
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/** The path of a named route, with its parameters and an optional query. */
export function href<N extends RouteName>(
  name: N,
  params: ParamsOf<(typeof ROUTES)[N]>,
  query: Record<string, QueryValue> = {},
): string {
  const path = ROUTES[name].replace(/:([A-Za-z]+)/g, (_m, key: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[key])),
  );
  return `${path}${toQuery(query)}`;
}
