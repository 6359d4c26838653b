import type { PackageAirport, PackageFlight } from "./context";

export type Flight = PackageFlight & { id: number; direction: "outbound" | "return"; priceMinor: number };

/**
 * An origin airport's flights with the property format's defaults filled in: `outbound` when no direction is
 * given, price 0 (in the rate's price) when none is; `id` is the flight's 1-based place in the airport's list.
 */
export function flightsOf(airport: PackageAirport): Flight[] {
  return airport.flights.map((f, i) => ({
    ...f,
    id: i + 1,
    direction: f.direction ?? "outbound",
    priceMinor: f.priceMinor ?? 0,
  }));
}
