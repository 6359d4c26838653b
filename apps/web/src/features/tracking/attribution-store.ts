import { type Attribution, readAttribution } from "@alloggio/domain/tracking/attribution";

/**
 * The guest's attribution (metasearch click ids, campaign; ADR 0041), captured on every landing and sent
 * with the booking. Without marketing consent it lives in memory only (no device storage); with it, in session
 * storage too, so it survives the payment boundary's reload.
 */
export const ATTRIBUTION_KEY = "alloggio.attribution";

let current: Attribution = {};

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function stored(): Attribution {
  try {
    const value = JSON.parse(session()?.getItem(ATTRIBUTION_KEY) ?? "null") as Attribution | null;
    if (!value || typeof value !== "object") return {};
    const out: Attribution = {};
    for (const key of ["trivago", "tripadvisor", "campaign"] as const)
      if (typeof value[key] === "string") out[key] = value[key].slice(0, 200);
    return out;
  } catch {
    return {};
  }
}

/** Merges the landing URL's references into the store; `marketing`: the guest's consent to keep them. */
export function captureAttribution(search: string, marketing: boolean): void {
  const storage = session();
  current = { ...(marketing ? stored() : {}), ...current, ...readAttribution(new URLSearchParams(search)) };
  if (!storage) return;
  if (marketing && Object.keys(current).length > 0) storage.setItem(ATTRIBUTION_KEY, JSON.stringify(current));
  else if (!marketing) storage.removeItem(ATTRIBUTION_KEY);
}

/** The references to send with the booking (guestdata.do `tracking`); undefined when there are none. */
export function currentAttribution(): Attribution | undefined {
  return Object.keys(current).length > 0 ? { ...current } : undefined;
}

export function resetAttributionForTests(): void {
  current = {};
}
