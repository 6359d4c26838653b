import type { PackageResponse } from "@alloggio/domain/contract/packages/package";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../../lib/api-client";

export type PackageParams = {
  channel: number;
  hotel: number;
  language: number;
  package?: number | undefined;
};

/** `package.do`: the hotel's packages and special offers on the channel, or one of them. */
export function fetchPackages(params: PackageParams): Promise<PackageResponse> {
  return getJson<PackageResponse>("package.do", params);
}

export function usePackages(params: PackageParams) {
  return useQuery({
    queryKey: ["packages", params],
    queryFn: () => fetchPackages(params),
    staleTime: 5 * 60_000,
  });
}
