import type { PackageAirportsResponse } from "@alloggio/domain/contract/packages/airports";
import type { PackageResponse } from "@alloggio/domain/contract/packages/package";
import { pickText } from "@alloggio/domain/i18n/languages";
import { fromMinor } from "@alloggio/domain/money/money";
import { flightsOf } from "@alloggio/domain/search/flights";
import { addDays, isoToYmd } from "@alloggio/domain/stay-dates/stay-dates";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { LocalizedText, PackageAirport } from "../../db/schema";
import { notFound } from "../../http/errors";
import { aStaySearch, findCheapestStay, freeRoomsOf, type SearchDeps } from "../search";

type AirportRow = PackageAirport;

type PackageRow = {
  id: number;
  code: string;
  kind: "package" | "offer";
  name: LocalizedText;
  description: LocalizedText;
  image: string | null;
  valid_from: string;
  valid_to: string;
  min_nights: number;
  max_nights: number | null;
  min_adults: number;
  max_adults: number | null;
  rate_plan_ids: number[];
  room_type_ids: number[];
  included: { id: number; name: LocalizedText }[];
  airports: AirportRow[];
  /** The galleries of the package's rooms, in the rooms' order. */
  galleries: string[][];
  /** Closed nights inside the validity (every room of the package closed), ISO dates in order. */
  closed_days: string[];
  /** Bookable nights from today in the validity for `adults`: [roomType, ratePlan, ISO day, amountMinor]. */
  nights: [number, number, string, number][];
};

export type PackageDeps = SearchDeps;

/** The adults the "price from" is quoted for: two, within the package's limits. */
function quotedAdults(p: { min_adults: number; max_adults: number | null }): number {
  return Math.min(Math.max(2, p.min_adults), p.max_adults ?? Number.POSITIVE_INFINITY);
}

function toAirports(airports: AirportRow[], digits: number): PackageAirportsResponse["airports"] {
  return airports.map((a) => ({
    code: a.code,
    name: a.name,
    flights: flightsOf(a).map((f) => ({
      code: f.code,
      direction: f.direction,
      date: f.date.replaceAll("-", ""),
      time: f.time.slice(0, 5),
      arrivalTime: f.arrivalTime?.slice(0, 5) ?? null,
      price: fromMinor(f.priceMinor, digits),
    })),
  }));
}

/**
 * What the cheapest trip out and back costs one passenger, minor units, over the package's airports (0 when
 * the flights are in the rate's price), or null when it has no flights.
 */
function cheapestTripMinor(airports: AirportRow[]): number | null {
  const trips = airports.flatMap((a) => {
    const flights = flightsOf(a);
    const cheapest = (direction: "outbound" | "return") =>
      Math.min(...flights.filter((f) => f.direction === direction).map((f) => f.priceMinor));
    const trip = cheapest("outbound") + cheapest("return");
    return Number.isFinite(trip) ? [trip] : [];
  });
  return trips.length > 0 ? Math.min(...trips) : null;
}

/** Consecutive ISO days as YYYYMMDD ranges, both ends included. */
function toSeasons(days: string[]): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  for (const iso of days) {
    const day = isoToYmd(iso);
    const last = out.at(-1);
    if (last && addDays(last.to, 1) === day) last.to = day;
    else out.push({ from: day, to: day });
  }
  return out;
}

/** The cheapest run of `nights` consecutive bookable nights on one room and rate: its total and arrival. */
function cheapestRun(rows: PackageRow["nights"], nights: number): { minor: number; arrival: string } | null {
  const byPair = new Map<string, Map<string, number>>();
  for (const [room, rate, iso, amount] of rows) {
    const key = `${room}:${rate}`;
    const days = byPair.get(key) ?? new Map<string, number>();
    byPair.set(key, days);
    days.set(isoToYmd(iso), amount);
  }
  let best: { minor: number; arrival: string } | null = null;
  for (const days of byPair.values())
    for (const start of days.keys()) {
      let total = 0;
      let ok = true;
      for (let n = 0; n < nights && ok; n++) {
        const amount = days.get(addDays(start, n));
        if (amount === undefined) ok = false;
        else total += amount;
      }
      if (ok && (!best || total < best.minor || (total === best.minor && start < best.arrival)))
        best = { minor: total, arrival: start };
    }
  return best;
}

/**
 * `package.do`: the packages and special offers of a hotel on a channel, or one of them, with what the landing page
 * shows: validity, min/max nights and adults, closed seasons, a "price from" and a gallery. One statement.
 */
export async function listPackages(
  deps: PackageDeps,
  q: { channel: number; hotel: number; language: number; package?: number | undefined },
): Promise<PackageResponse> {
  const rows = await deps.database.query<{
    hotel: { time_zone: string; currency: string; decimal_digits: number } | null;
    packages: PackageRow[];
  }>(sql`
    with h as (
      select h.id, h.time_zone, h.currency_code, c.decimal_digits,
        (${deps.now().toISOString()}::timestamptz at time zone h.time_zone)::date as today
      from hotel h join hotel_channel hc on hc.hotel_id = h.id and hc.channel_id = ${q.channel}
      join currency c on c.code = h.currency_code
      where h.id = ${q.hotel}
    ),
    p as (
      select p.*, (select today from h) as today,
        case when cardinality(p.room_type_ids) > 0 then p.room_type_ids
             else (select coalesce(array_agg(id), '{}') from room_type where hotel_id = p.hotel_id) end as rooms,
        least(greatest(2, p.min_adults), coalesce(p.max_adults, 2147483647)) as adults
      from package p
      where p.hotel_id = (select id from h) and (cardinality(p.channel_ids) = 0 or ${q.channel} = any(p.channel_ids))
        and (${q.package ?? null}::int is null or p.id = ${q.package ?? null}::int)
    )
    select
      (select json_build_object('time_zone', time_zone, 'currency', currency_code, 'decimal_digits', decimal_digits)
         from h) as hotel,
      (select coalesce(json_agg(json_build_object('id', p.id, 'code', p.code, 'kind', p.kind, 'name', p.name,
         'description', p.description, 'image', p.image, 'valid_from', p.valid_from, 'valid_to', p.valid_to,
         'min_nights', p.min_nights, 'max_nights', p.max_nights, 'min_adults', p.min_adults,
         'max_adults', p.max_adults, 'rate_plan_ids', p.rate_plan_ids, 'room_type_ids', p.room_type_ids,
         'airports', p.airports,
         'included', (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) order by s.id), '[]')
                      from service s where s.id = any(p.included_service_ids)),
         'galleries', (select coalesce(json_agg(t.gallery order by t.sort_order, t.id), '[]')
             from room_type t where t.id = any(p.rooms)),
         'closed_days', (select coalesce(json_agg(d.day order by d.day), '[]') from (
             select i.day from inventory i
             where i.room_type_id = any(p.rooms) and i.day between p.valid_from and p.valid_to
             group by i.day having bool_and(i.closed) and count(*) = cardinality(p.rooms)) d),
         'nights', (select coalesce(json_agg(json_build_array(pr.room_type_id, pr.rate_plan_id, pr.day, pr.amount_minor)), '[]')
             from price pr join inventory i on i.room_type_id = pr.room_type_id and i.day = pr.day
             where pr.room_type_id = any(p.rooms) and pr.rate_plan_id = any(p.rate_plan_ids)
               and pr.adults = p.adults and pr.day between greatest(p.valid_from, p.today) and p.valid_to
               and not i.closed and ${freeRoomsOf("i")} > 0))
         order by p.id), '[]') from p) as packages`);
  const row = rows[0];
  if (!row?.hotel) throw notFound("hotel", "Unknown hotel or channel");
  if (q.package && row.packages.length === 0) throw notFound("package", "unknown package");
  const { currency, decimal_digits: digits } = row.hotel;
  // The cheapest run of nights by the rates' prices, then priced by the search itself (discounts, mandatory
  // extras, city tax), so the "from" is what a search of that stay shows.
  const priceFromOf = async (p: PackageRow) => {
    const adults = quotedAdults(p);
    const run = cheapestRun(p.nights, p.min_nights);
    if (!run) return null;
    const stay = await findCheapestStay(
      deps,
      aStaySearch({
        channel: q.channel,
        hotel: q.hotel,
        language: q.language,
        arrival: run.arrival,
        departure: addDays(run.arrival, p.min_nights),
        rooms: [{ adults, ages: [] }],
        packageId: p.id,
      }),
    );
    const trip = cheapestTripMinor(p.airports);
    return stay
      ? {
          ...stay,
          nights: p.min_nights,
          adults,
          arrival: run.arrival,
          flightsFrom: trip === null ? null : fromMinor(trip, digits),
        }
      : null;
  };
  const pricesFrom = await Promise.all(row.packages.map(priceFromOf));
  return {
    packages: row.packages.map((p, i) => {
      const gallery = [...new Set([...(p.image ? [p.image] : []), ...p.galleries.flat()])];
      return {
        id: p.id,
        code: p.code,
        kind: p.kind,
        name: pickText(p.name, q.language),
        description: pickText(p.description, q.language),
        image: p.image,
        validFrom: isoToYmd(p.valid_from),
        validTo: isoToYmd(p.valid_to),
        minNights: p.min_nights,
        maxNights: p.max_nights,
        minAdults: p.min_adults,
        maxAdults: p.max_adults,
        rateIds: p.rate_plan_ids,
        roomIds: p.room_type_ids,
        includedServices: p.included.map((s) => ({ id: s.id, name: pickText(s.name, q.language) })),
        airports: toAirports(p.airports, digits),
        gallery,
        closedSeasons: toSeasons(p.closed_days),
        priceFrom: pricesFrom[i] ?? null,
        currency,
      };
    }),
  };
}

/** `club-package/:pcId/airports`: the origin airports of a package and their flights (dates YYYYMMDD). */
export async function listPackageAirports(
  database: Database,
  pcId: number,
): Promise<PackageAirportsResponse> {
  const rows = await database.query<{ airports: AirportRow[]; digits: number }>(
    sql`select p.airports, c.decimal_digits as digits from package p join hotel h on h.id = p.hotel_id
        join currency c on c.code = h.currency_code where p.id = ${pcId}`,
  );
  const row = rows[0];
  if (!row) throw notFound("pcId", "unknown package");
  return { airports: toAirports(row.airports, row.digits) };
}
