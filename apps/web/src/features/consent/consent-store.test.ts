// @vitest-environment happy-dom
import { consentKey } from "@alloggio/domain/tracking/consent";
import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveConsent, useConsent } from "./consent-store";

describe("consent store", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it("keeps a choice in local storage, per channel", () => {
    saveConsent(7, { analytics: true, marketing: false }, new Date("2026-11-26T10:00:00Z"));
    expect(JSON.parse(window.localStorage.getItem(consentKey(7))!)).toMatchObject({
      analytics: true,
      marketing: false,
      decidedAt: "2026-11-26T10:00:00.000Z",
    });
    expect(renderHook(() => useConsent(7)).result.current[0]).toMatchObject({ analytics: true });
    expect(renderHook(() => useConsent(8)).result.current[0]).toBeNull();
  });

  it("holds a choice for the page when local storage refuses to write", () => {
    vi.spyOn(window.localStorage, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    saveConsent(9, { analytics: false, marketing: true });
    expect(window.localStorage.getItem(consentKey(9))).toBeNull();
    expect(renderHook(() => useConsent(9)).result.current[0]).toMatchObject({
      analytics: false,
      marketing: true,
    });
  });
});
