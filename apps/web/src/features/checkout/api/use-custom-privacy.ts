import type { CustomPrivacyResponse } from "@alloggio/domain/contract/channels/custom-privacy";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../../lib/api-client";

/** `customPrivacy.do`: the hotel's and channel's own privacy policies, some of them mandatory. */
export function fetchCustomPrivacy(ids: {
  hotel: number;
  channel: number;
  language: number;
}): Promise<CustomPrivacyResponse> {
  return getJson<CustomPrivacyResponse>("customPrivacy.do", {
    hotel: ids.hotel,
    channel: ids.channel,
    language: ids.language,
  });
}

export function useCustomPrivacy(ids: { hotel: number; channel: number; language: number }) {
  return useQuery({
    queryKey: ["custom-privacy", ids.hotel, ids.channel, ids.language],
    queryFn: () => fetchCustomPrivacy(ids),
    staleTime: 10 * 60_000,
  });
}
