import { describe, expect, it } from "vitest";
import {
  OFFER_EVENTS,
  OFFER_STATES,
  type OfferEvent,
  type OfferState,
  offerStateAt,
  offerTransition,
  publicOfferState,
} from "./offer-state";

const expiresAt = new Date("2030-01-10T12:00:00Z");
const before = new Date("2030-01-10T11:59:59.999Z");
const at = new Date("2030-01-10T12:00:00Z");
const after = new Date("2030-01-11T08:00:00Z");
const offer = (state: OfferState) => ({ state, expiresAt });

describe("offer state machine (SPEC §4 Offer)", () => {
  const allowed: [OfferState, OfferEvent, OfferState][] = [
    ["locked", "unlock", "unlocked"],
    ["locked", "withdraw", "unavailable"],
    ["unlocked", "unlock", "unlocked"],
    ["unlocked", "confirm", "confirmed"],
    ["unlocked", "reject", "rejected"],
    ["unlocked", "withdraw", "unavailable"],
    ["confirmed", "payment_failed", "unlocked"],
  ];
  it.each(allowed)("%s + %s → %s before the expiry", (from, event, to) => {
    expect(offerTransition(offer(from), event, before)).toEqual({ ok: true, state: to });
  });

  it("refuses confirm and reject while locked: the e-mail must unlock it first", () => {
    expect(offerTransition(offer("locked"), "confirm", before)).toEqual({ ok: false, reason: "locked" });
    expect(offerTransition(offer("locked"), "reject", before)).toEqual({ ok: false, reason: "locked" });
  });

  it.each(["rejected", "unavailable"] as const)("%s is final: every event is refused", (state) => {
    for (const event of OFFER_EVENTS)
      expect(offerTransition(offer(state), event, before)).toEqual({ ok: false, reason: "closed" });
  });

  it("confirmed is final but for a failed payment, which opens the offer again (ADR 0035)", () => {
    for (const event of OFFER_EVENTS.filter((e) => e !== "payment_failed"))
      expect(offerTransition(offer("confirmed"), event, before)).toEqual({ ok: false, reason: "closed" });
    expect(offerTransition(offer("confirmed"), "payment_failed", after)).toEqual({
      ok: true,
      state: "unlocked",
    });
    // Opened again past its expiry, it reads as expired.
    expect(offerStateAt({ state: "unlocked", expiresAt }, after)).toBe("expired");
  });

  it("expired is final", () => {
    for (const event of OFFER_EVENTS)
      expect(offerTransition(offer("expired"), event, before)).toEqual({ ok: false, reason: "expired" });
  });

  it("every pair of state and event is decided (no gap in the table)", () => {
    for (const state of OFFER_STATES)
      for (const event of OFFER_EVENTS)
        expect(offerTransition(offer(state), event, before)).toHaveProperty("ok");
  });
});

describe("expiry at its time, given a clock", () => {
  it("expire is refused before the expiry instant and allowed at it and after it", () => {
    for (const state of ["locked", "unlocked"] as const) {
      expect(offerTransition(offer(state), "expire", before)).toEqual({ ok: false, reason: "not_due" });
      expect(offerTransition(offer(state), "expire", at)).toEqual({ ok: true, state: "expired" });
      expect(offerTransition(offer(state), "expire", after)).toEqual({ ok: true, state: "expired" });
    }
  });

  it("a finished offer does not expire", () => {
    expect(offerTransition(offer("confirmed"), "expire", after)).toEqual({ ok: false, reason: "closed" });
    expect(offerTransition(offer("rejected"), "expire", after)).toEqual({ ok: false, reason: "closed" });
  });

  it("from the expiry instant on, an open offer is expired even before the job writes it", () => {
    expect(offerStateAt(offer("unlocked"), before)).toBe("unlocked");
    expect(offerStateAt(offer("unlocked"), at)).toBe("expired");
    expect(offerStateAt(offer("locked"), after)).toBe("expired");
    expect(offerStateAt(offer("confirmed"), after)).toBe("confirmed");
    for (const event of ["unlock", "confirm", "reject", "withdraw"] as const)
      expect(offerTransition(offer("unlocked"), event, at)).toEqual({ ok: false, reason: "expired" });
  });

  it("the public state hides whether the recipient has opened it", () => {
    expect(publicOfferState(offer("locked"), before)).toBe("locked");
    expect(publicOfferState(offer("unlocked"), before)).toBe("locked");
    expect(publicOfferState(offer("unlocked"), at)).toBe("expired");
    expect(publicOfferState(offer("unavailable"), before)).toBe("unavailable");
  });
});
