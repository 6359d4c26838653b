import type { Consent } from "@alloggio/domain/tracking/consent";
import type { TrackingSettings } from "@alloggio/domain/tracking/settings";

/**
 * What the loader decided for this document, for the events the pages push (ADR 0041): the channel's
 * settings, the consent in effect (null on a host the consent banner does not serve, or after "reload without
 * scripts") and whether the document is staying (no boundary reload pending).
 */
export type TrackingState = {
  channelId: number;
  languageId: number;
  settings: TrackingSettings;
  consent: Pick<Consent, "analytics" | "marketing"> | null;
  /** The loader added the Google queue (a Google tag is configured and consented). */
  google: boolean;
  /** The loader added the Meta pixel. */
  meta: boolean;
  /** False when a boundary reload is under way: nothing should be reported from this document. */
  settled: boolean;
};

let state: TrackingState | null = null;
const listeners = new Set<() => void>();

export function setTrackingState(next: TrackingState | null): void {
  state = next;
  for (const listener of listeners) listener();
}

export const trackingState = (): TrackingState | null => state;

export function subscribeTracking(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
