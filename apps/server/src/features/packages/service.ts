import type { PackageAirportsResponse } from "@alloggio/domain/contract/packages/airports";
import type { PackageResponse } from "@alloggio/domain/contract/packages/package";
import { pickText } from "@alloggio/domain/i18n/languages";
import { fromMinor } from "@alloggio/domain/money/money";
import { flightsOf } from "@alloggio/domain/search/flights";
import { addDays, isoToYmd } from "@alloggio/domain/stay-dates/stay-dates";
import type { Database } from "../../db/client";
import { notFound } from "../../http/errors";
import { aStaySearch, findCheapestStay, type SearchDeps } from "../search";
import { type AirportRow, findPackageAirports, findPackagesOfHotel, type PackageRow } from "./repository";

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
  const rows = await findPackagesOfHotel(deps.database, deps.now(), q);
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
  const rows = await findPackageAirports(database, pcId);
  const row = rows[0];
  if (!row) throw notFound("pcId", "unknown package");
  return { airports: toAirports(row.airports, row.digits) };
}
