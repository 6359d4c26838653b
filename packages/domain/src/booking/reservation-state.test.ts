import { describe, expect, it } from "vitest";
import {
  initialStatus,
  isCardMethod,
  PAYMENT_METHODS,
  type PaymentMethod,
  RESERVATION_EVENTS,
  RESERVATION_STATUSES,
  type ReservationEvent,
  type ReservationStatus,
  transition,
} from "./reservation-state";

// Every pair of the table in reservation-state.ts; "✗" is an invalid transition.
const table: Record<ReservationStatus, Record<ReservationEvent, ReservationStatus | "✗">> = {
  pending_confirmation: {
    confirm: "confirmed",
    payment_succeeded: "✗",
    preauth_succeeded: "✗",
    payment_failed: "✗",
    cancel: "cancelled",
    option_expired: "cancelled",
    bank_transfer_overdue: "cancelled",
    modify: "pending_confirmation",
    modify_payment_due: "✗",
  },
  confirmed: {
    confirm: "✗",
    payment_succeeded: "confirmed",
    preauth_succeeded: "✗",
    payment_failed: "payment_required",
    cancel: "cancelled",
    option_expired: "✗",
    bank_transfer_overdue: "cancelled",
    modify: "confirmed",
    modify_payment_due: "payment_required",
  },
  payment_required: {
    confirm: "✗",
    payment_succeeded: "confirmed",
    preauth_succeeded: "✗",
    payment_failed: "payment_required",
    cancel: "cancelled",
    option_expired: "cancelled",
    bank_transfer_overdue: "✗",
    modify: "✗",
    modify_payment_due: "✗",
  },
  preauth_required: {
    confirm: "✗",
    payment_succeeded: "✗",
    preauth_succeeded: "confirmed",
    payment_failed: "preauth_required",
    cancel: "cancelled",
    option_expired: "cancelled",
    bank_transfer_overdue: "✗",
    modify: "✗",
    modify_payment_due: "✗",
  },
  cancelled: {
    confirm: "✗",
    payment_succeeded: "✗",
    preauth_succeeded: "✗",
    payment_failed: "✗",
    cancel: "✗",
    option_expired: "✗",
    bank_transfer_overdue: "✗",
    modify: "✗",
    modify_payment_due: "✗",
  },
};

const pairs = RESERVATION_STATUSES.flatMap((state) =>
  RESERVATION_EVENTS.map((event) => [state, event, table[state][event]] as const),
);

describe("transition", () => {
  it("covers all 45 pairs", () => {
    expect(pairs).toHaveLength(45);
  });

  it.each(pairs)("%s + %s → %s", (state, event, expected) => {
    expect(transition(state, event)).toEqual(
      expected === "✗" ? { ok: false, reason: "invalid_transition" } : { ok: true, state: expected },
    );
  });

  it("matches the reservation_status enum of the database", () => {
    expect(RESERVATION_STATUSES).toEqual([
      "pending_confirmation",
      "confirmed",
      "payment_required",
      "preauth_required",
      "cancelled",
    ]);
  });

  it("reaches cancelled from every state but cancelled, and nothing leaves it", () => {
    for (const state of RESERVATION_STATUSES) {
      expect(transition(state, "cancel").ok).toBe(state !== "cancelled");
    }
  });
});

describe("initialStatus", () => {
  type Row = [PaymentMethod, boolean, number, ReservationStatus];
  const rows: Row[] = [
    ["card_payment", true, 0, "payment_required"],
    ["card_payment", false, 0, "confirmed"],
    ["card_payment", true, 24, "payment_required"],
    ["card_payment", false, 24, "confirmed"],
    ["pre_authorisation", true, 0, "preauth_required"],
    ["pre_authorisation", false, 0, "confirmed"],
    ["pre_authorisation", true, 24, "preauth_required"],
    ["pre_authorisation", false, 24, "confirmed"],
    ["card_guarantee", true, 0, "preauth_required"],
    ["card_guarantee", false, 0, "confirmed"],
    ["card_guarantee", true, 24, "preauth_required"],
    ["card_guarantee", false, 24, "pending_confirmation"],
    ["bank_transfer", false, 0, "confirmed"],
    ["bank_transfer", true, 0, "confirmed"],
    ["bank_transfer", false, 48, "pending_confirmation"],
    ["bank_transfer", true, 48, "pending_confirmation"],
    ["pay_at_hotel", false, 0, "confirmed"],
    ["pay_at_hotel", true, 0, "confirmed"],
    ["pay_at_hotel", false, 1, "pending_confirmation"],
    ["pay_at_hotel", true, 1, "pending_confirmation"],
    ["instant_bank", false, 0, "payment_required"],
    ["instant_bank", true, 0, "payment_required"],
    ["instant_bank", false, 24, "payment_required"],
    ["instant_bank", true, 24, "payment_required"],
    ["wallet", false, 0, "payment_required"],
    ["wallet", true, 0, "payment_required"],
    ["wallet", false, 24, "payment_required"],
    ["wallet", true, 24, "payment_required"],
    ["mobile", false, 0, "payment_required"],
    ["mobile", true, 0, "payment_required"],
    ["mobile", false, 24, "payment_required"],
    ["mobile", true, 24, "payment_required"],
    ["pay_by_link", false, 0, "payment_required"],
    ["pay_by_link", true, 0, "payment_required"],
    ["pay_by_link", false, 24, "payment_required"],
    ["pay_by_link", true, 24, "payment_required"],
  ];

  it("has a row for every method, with and without challenge and option", () => {
    for (const method of PAYMENT_METHODS) {
      for (const challenge of [false, true]) {
        for (const option of [false, true]) {
          expect(
            rows.some(([m, c, h]) => m === method && c === challenge && h > 0 === option),
            `${method} ${challenge} ${option}`,
          ).toBe(true);
        }
      }
    }
  });

  it.each(rows)("%s, challenge %s, option %i h → %s", (method, challengeRequired, optionHours, expected) => {
    expect(initialStatus(method, { challengeRequired, optionHours })).toBe(expected);
  });

  it("a status waiting for the gateway is completed by the gateway's event", () => {
    for (const [method, challengeRequired, optionHours] of rows) {
      const status = initialStatus(method, { challengeRequired, optionHours });
      const event = status === "preauth_required" ? "preauth_succeeded" : "payment_succeeded";
      if (status === "payment_required" || status === "preauth_required")
        expect(transition(status, event)).toEqual({ ok: true, state: "confirmed" });
    }
  });
});

describe("isCardMethod", () => {
  it.each<[PaymentMethod, boolean]>([
    ["card_guarantee", true],
    ["card_payment", true],
    ["pre_authorisation", true],
    ["bank_transfer", false],
    ["pay_at_hotel", false],
    ["instant_bank", false],
    ["wallet", false],
    ["mobile", false],
    ["pay_by_link", false],
  ])("%s → %s", (method, expected) => {
    expect(isCardMethod(method)).toBe(expected);
  });
});
