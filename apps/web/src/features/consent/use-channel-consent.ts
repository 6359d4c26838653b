import type { Consent, OptionalCategory } from "@alloggio/domain/tracking/consent";
import {
  bannerServesHost,
  hasThirdParty,
  readTrackingSettings,
  type TrackingSettings,
} from "@alloggio/domain/tracking/settings";
import { useMemo } from "react";
import { useHotel } from "../hotel/hotel-context";
import { useConsent } from "./consent-store";

export type ChannelConsent = {
  settings: TrackingSettings;
  /** The consent manager applies: the channel has something optional and this host may show the banner. */
  manager: boolean;
  /** The guest's stored choice (null: not decided, or decided under an older version). */
  stored: Consent | null;
  /**
   * The consent that counts on this page: the stored one, or none where the banner may not show (bannerHosts): there
   * nothing optional ever loads.
   */
  consent: Consent | null;
  save: (choice: Record<OptionalCategory, boolean>) => void;
};

/** The hotel page's channel: its tracking settings and the guest's consent (ADR 0040). */
export function useChannelConsent(): ChannelConsent {
  const { channel } = useHotel();
  const settings = useMemo(
    () => readTrackingSettings(channel.tracking, channel.customScripts),
    [channel.tracking, channel.customScripts],
  );
  const [stored, save] = useConsent(channel.id);
  const hostOk = typeof window !== "undefined" && bannerServesHost(settings, window.location.hostname);
  return {
    settings,
    manager: hasThirdParty(settings) && hostOk,
    stored,
    consent: hostOk ? stored : null,
    save,
  };
}
