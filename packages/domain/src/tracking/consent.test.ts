import { describe, expect, it } from "vitest";
import { allows, CONSENT_VERSION, consentKey, consentModeSignals, readConsent } from "./consent";

const stored = (value: object) =>
  JSON.stringify({ decidedAt: "2026-01-01T00:00:00.000Z", version: CONSENT_VERSION, ...value });

describe("consent", () => {
  it("keys the choice per channel", () => expect(consentKey(4)).toBe("alloggio.consent.4"));

  it("reads a stored choice and rejects anything else", () => {
    expect(readConsent(stored({ analytics: true, marketing: false }))).toEqual({
      analytics: true,
      marketing: false,
      decidedAt: "2026-01-01T00:00:00.000Z",
      version: CONSENT_VERSION,
    });
    expect(readConsent(null)).toBeNull();
    expect(readConsent("{not json")).toBeNull();
    expect(readConsent("null")).toBeNull();
    expect(readConsent(stored({ analytics: "yes", marketing: false }))).toBeNull();
    expect(
      readConsent(stored({ analytics: true, marketing: true, version: CONSENT_VERSION + 1 })),
    ).toBeNull();
    expect(
      readConsent(JSON.stringify({ analytics: true, marketing: true, version: CONSENT_VERSION })),
    ).toBeNull();
  });

  it("allows necessary always and the rest only when chosen", () => {
    expect(allows(null, "necessary")).toBe(true);
    expect(allows(null, "analytics")).toBe(false);
    expect(allows({ analytics: true, marketing: false }, "analytics")).toBe(true);
    expect(allows({ analytics: true, marketing: false }, "marketing")).toBe(false);
  });

  it("maps a choice to Consent Mode v2 signals", () => {
    expect(consentModeSignals(null)).toMatchObject({
      analytics_storage: "denied",
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      security_storage: "granted",
    });
    expect(consentModeSignals({ analytics: true, marketing: false })).toMatchObject({
      analytics_storage: "granted",
      ad_storage: "denied",
    });
    expect(consentModeSignals({ analytics: false, marketing: true })).toMatchObject({
      analytics_storage: "denied",
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
    });
  });
});
