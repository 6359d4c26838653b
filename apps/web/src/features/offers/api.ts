import type { PrepaidCheckResponse } from "@alloggio/domain/contract/booking/guestdata";
import type {
  ConfirmOfferRequestSchema,
  ConfirmOfferResponse,
} from "@alloggio/domain/contract/offers/confirm";
import type { CroResponse } from "@alloggio/domain/contract/offers/cro";
import type { Offer, OfferSummary } from "@alloggio/domain/contract/offers/view";
import { offerOpenKey } from "@alloggio/domain/first-paint/first-paint-id";
import { normalizeOfferCode } from "@alloggio/domain/offers/offer-code";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { getJson, postJson, retryUnlessAnswered } from "../../lib/api-client";

/**
 * The offer calls (ADR 0034/0036). The unlock sets an HttpOnly cookie on `/api/v2/offers/<canonical code>`: every
 * call goes to the canonical code's path (the link may be typed in lower case or with dashes) or the browser would
 * not send the cookie.
 */
export const canonicalOfferCode = (typed: string): string | null => normalizeOfferCode(typed);

const base = (code: string) => `v2/offers/${encodeURIComponent(code)}`;

export const offerQueryKey = (code: string) => ["offer", code] as const;

export function fetchOffer(code: string): Promise<OfferSummary> {
  return getJson<OfferSummary>(base(code), {}, { credentials: "same-origin" });
}

export function useOfferSummary(code: string | null) {
  return useQuery({
    queryKey: offerQueryKey(code ?? ""),
    queryFn: () => fetchOffer(code!),
    enabled: code !== null,
    retry: retryUnlessAnswered(1),
    staleTime: 0,
  });
}

/**
 * Opens the offer. The access cookie's end is kept (offerOpenKey) so that the page's first paint, reloaded within
 * it, draws no lock over the open offer the app then shows (ADR 0079).
 */
export async function unlockOffer(code: string, email: string) {
  const answer = await postJson<{ offer: Offer; accessExpiresAt: string }>(
    `${base(code)}/unlock`,
    { email },
    { credentials: "same-origin" },
  );
  try {
    localStorage.setItem(offerOpenKey(code), answer.accessExpiresAt);
  } catch {
    // No storage (a private window's quota): a reload shows the lock until the app takes over.
  }
  return answer;
}

export function rejectOffer(code: string, reason: string) {
  return postJson<{ offer: Offer }>(`${base(code)}/reject`, { reason }, { credentials: "same-origin" });
}

export function useOptionPayment(code: string, position: number) {
  return useQuery({
    queryKey: ["offer-payment", code, position],
    queryFn: () =>
      getJson<PrepaidCheckResponse>(
        `${base(code)}/options/${position}/payment`,
        {},
        { credentials: "same-origin" },
      ),
    retry: retryUnlessAnswered(1),
    staleTime: 0,
    gcTime: 0,
  });
}

export function confirmOffer(
  code: string,
  body: z.input<typeof ConfirmOfferRequestSchema>,
  idempotencyKey: string,
) {
  return postJson<ConfirmOfferResponse>(`${base(code)}/confirm`, body, {
    credentials: "same-origin",
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

export function useCro(code: string) {
  return useQuery({
    queryKey: ["cro", code],
    queryFn: () => getJson<CroResponse>(`v2/cro/${encodeURIComponent(code)}`),
    retry: retryUnlessAnswered(1),
  });
}
