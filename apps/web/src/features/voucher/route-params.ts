import { useMemo } from "react";
import { useParams } from "wouter";

/** A path segment as the guest sees it: `maria%40example.test` → `maria@example.test` (left as is if malformed). */
function decode(segment: string | undefined): string {
  if (!segment) return "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The reservation code and booker e-mail of `…/3ds/code/:code/email/:email` and `…/voucher/code/:code/email/:email`. */
export function useReservationParams(): { code: string; email: string } {
  const params = useParams<{ code: string; email: string }>();
  return useMemo(
    () => ({ code: decode(params.code), email: decode(params.email) }),
    [params.code, params.email],
  );
}
