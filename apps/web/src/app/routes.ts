import { type QueryValue, toQuery } from "../lib/api-client";

/** Routes of SPEC §2 by name; pages link with `href(name, params)`, never with hand-built strings. */
export const ROUTES = {
  hotel: "/hotel/:hotel/channel/:channel/language/:language",
  rooms: "/hotel/:hotel/channel/:channel/language/:language/rooms",
  recover: "/hotel/:hotel/channel/:channel/language/:language/recover",
  packageList: "/hotel/:hotel/channel/:channel/language/:language/package/list",
  packages: "/hotel/:hotel/channel/:channel/language/:language/packages",
  packageView: "/hotel/:hotel/channel/:channel/language/:language/package/view/:packid",
  reservationLinkView:
    "/hotel/:hotel/channel/:channel/language/:language/reservationLink/view/:reservationLinkId",
  services: "/hotel/:hotel/channel/:channel/language/:language/services",
  checkout: "/hotel/:hotel/channel/:channel/language/:language/checkout",
  threeDs: "/hotel/:hotel/channel/:channel/language/:language/3ds/code/:code/email/:email",
  voucher: "/hotel/:hotel/channel/:channel/language/:language/voucher/code/:code/email/:email",
  portal: "/channel/:channel/language/:language",
  portalHotelList: "/channel/:channel/language/:language",
  portalRecover: "/channel/:channel/language/:language/recover",
  agencyReservations: "/channel/:channel/language/:language/agency",
  offer: "/offer/:offerCode",
  cro: "/cro/:reservationCode",
} as const;

export type RouteName = keyof typeof ROUTES;
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
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
