import {
  CONSENT_VERSION,
  type Consent,
  consentKey,
  type OptionalCategory,
  readConsent,
} from "@alloggio/domain/tracking/consent";
import { useCallback, useSyncExternalStore } from "react";

/**
 * The guest's consent per channel (ADR 0040), in local storage: remembered across visits, changeable at any
 * time from the footer. One store for the consent manager (which writes it) and the script loader (which reads it).
 */
const listeners = new Set<() => void>();
const cache = new Map<number, { raw: string | null; value: Consent | null }>();
/** Choices made while local storage is blocked: they hold for this page load only. */
const unstored = new Map<number, string>();

function read(channelId: number): Consent | null {
  let raw: string | null = unstored.get(channelId) ?? null;
  try {
    raw ??= window.localStorage.getItem(consentKey(channelId));
  } catch {
    // Blocked storage reads as no choice.
  }
  const hit = cache.get(channelId);
  if (hit && hit.raw === raw) return hit.value;
  const value = readConsent(raw);
  cache.set(channelId, { raw, value });
  return value;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith("alloggio.consent.")) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Stores a choice and tells every reader; the time of the choice is kept with it. */
export function saveConsent(channelId: number, choice: Record<OptionalCategory, boolean>, now = new Date()) {
  const value: Consent = { ...choice, decidedAt: now.toISOString(), version: CONSENT_VERSION };
  try {
    window.localStorage.setItem(consentKey(channelId), JSON.stringify(value));
    unstored.delete(channelId);
  } catch {
    // Blocked storage: the choice holds for this page load only.
    unstored.set(channelId, JSON.stringify(value));
  }
  for (const listener of listeners) listener();
}

/** The channel's consent (null until the guest decides) and how to change it. */
export function useConsent(
  channelId: number,
): [Consent | null, (choice: Record<OptionalCategory, boolean>) => void] {
  const consent = useSyncExternalStore(
    subscribe,
    () => read(channelId),
    () => null,
  );
  const save = useCallback(
    (choice: Record<OptionalCategory, boolean>) => saveConsent(channelId, choice),
    [channelId],
  );
  return [consent, save];
}
