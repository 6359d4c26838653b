import type { PackageAirportsResponse } from "@alloggio/domain/contract/packages/airports";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../../lib/api-client";

/** `club-package/:pcId/airports`: origin airports of a flight-included package, with their flights. */
export function fetchPackageAirports(pcId: number): Promise<PackageAirportsResponse> {
  return getJson<PackageAirportsResponse>(`club-package/${encodeURIComponent(pcId)}/airports`);
}

export function usePackageAirports(pcId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["packageAirports", pcId],
    queryFn: () => fetchPackageAirports(pcId),
    staleTime: 10 * 60_000,
    enabled: options.enabled ?? true,
  });
}
