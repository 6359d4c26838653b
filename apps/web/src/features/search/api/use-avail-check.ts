import { useQuery } from "@tanstack/react-query";
import { getText } from "../../../lib/api-client";
import type { AvailParams } from "./use-avail";

/** `availCheck.do`: whether every room of a multi-room search can be had at once (text `true` / `false`). */
export async function fetchAvailCheck(params: AvailParams, signal?: AbortSignal): Promise<boolean> {
  const text = await getText("availCheck.do", params, { signal: signal ?? null });
  return text.trim() === "true";
}

export function useAvailCheck(params: AvailParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["availCheck", params],
    queryFn: ({ signal }) => fetchAvailCheck(params, signal),
    enabled: options.enabled ?? true,
  });
}
