/**
 * Consent to cookies and third-party scripts (ADR 0040): three categories, necessary always on. A choice
 * is remembered per channel in the browser (local storage) and changeable from the footer's "Cookie settings".
 */
export const CONSENT_CATEGORIES = ["necessary", "analytics", "marketing"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
/** The categories a guest chooses; necessary is not a choice. */
export type OptionalCategory = Exclude<ConsentCategory, "necessary">;

/** Bumped when the categories or what they cover change: an older choice is asked again. */
export const CONSENT_VERSION = 1;

export type Consent = {
  analytics: boolean;
  marketing: boolean;
  /** ISO time of the choice. */
  decidedAt: string;
  version: number;
};

/** No choice yet (or an outdated one): nothing optional may load. */
export const NO_CONSENT = { analytics: false, marketing: false } as const;

/** The local-storage key of a channel's consent. */
export const consentKey = (channelId: number) => `alloggio.consent.${channelId}`;

export function allows(consent: Pick<Consent, OptionalCategory> | null, category: ConsentCategory): boolean {
  if (category === "necessary") return true;
  return consent?.[category] === true;
}

/** A stored consent, checked: anything malformed or of another version reads as "not decided". */
export function readConsent(raw: string | null): Consent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Consent> | null;
    if (!value || typeof value !== "object" || value.version !== CONSENT_VERSION) return null;
    if (typeof value.analytics !== "boolean" || typeof value.marketing !== "boolean") return null;
    if (typeof value.decidedAt !== "string") return null;
    return {
      analytics: value.analytics,
      marketing: value.marketing,
      decidedAt: value.decidedAt,
      version: value.version,
    };
  } catch {
    return null;
  }
}

/**
 * Google Consent Mode v2 signals for a choice: analytics storage follows analytics; ad storage, ad user data and ad
 * personalisation follow marketing. Sent as `consent default` (all denied) before a Google tag loads and `consent
 * update` after the guest decides.
 */
export function consentModeSignals(consent: Pick<Consent, OptionalCategory> | null) {
  const state = (on: boolean) => (on ? "granted" : "denied");
  const analytics = allows(consent, "analytics");
  const marketing = allows(consent, "marketing");
  return {
    analytics_storage: state(analytics),
    ad_storage: state(marketing),
    ad_user_data: state(marketing),
    ad_personalization: state(marketing),
    functionality_storage: "granted",
    security_storage: "granted",
  } as const;
}
