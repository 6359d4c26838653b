/**
 * What the property does with a card it holds (ADR 0074): a pre-authorisation captured (all of it or less, the
 * rest released, as card schemes do) or released, and a card guarantee charged for a no-show or a late
 * cancellation. Pure: amounts are integer minor units.
 */
import { latePenaltyMinor, type RoomToCancel } from "./cancellation";

/** A payment due a capture may settle: the ones the authorisation held, then the ones still scheduled. */
export type HeldDue = { id: number; status: string; amountMinor: number };

/**
 * What a capture does to one payment due: `paidMinor` of it is paid (the row keeps that amount); the rest, if any,
 * becomes a row of its own with `restStatus` (still scheduled, or no longer held: cancelled, left to the hotel).
 */
export type DueCapture = {
  id: number;
  paidMinor: number;
  restMinor: number;
  restStatus: "due" | "cancelled";
};

/**
 * How a capture of `capturedMinor` settles the payments due: the authorised ones first, then the scheduled ones
 * in their order; what the authorisation held and the capture did not take is released (cancelled: the guest pays
 * it at the hotel); a capture beyond every due is `extraMinor`, paid on a row of its own.
 */
export function captureDues(
  dues: readonly HeldDue[],
  capturedMinor: number,
): { rows: DueCapture[]; extraMinor: number } {
  if (!Number.isSafeInteger(capturedMinor) || capturedMinor < 0)
    throw new RangeError(`A capture must be a non-negative integer of minor units: ${capturedMinor}`);
  const ordered = [
    ...dues.filter((d) => d.status === "authorised"),
    ...dues.filter((d) => d.status === "due"),
  ];
  let left = capturedMinor;
  const rows: DueCapture[] = [];
  for (const due of ordered) {
    const paid = Math.min(left, due.amountMinor);
    left -= paid;
    const restStatus = due.status === "authorised" ? "cancelled" : "due";
    // A scheduled due the capture does not reach stays as it is.
    if (paid === 0 && restStatus === "due") continue;
    rows.push({ id: due.id, paidMinor: paid, restMinor: due.amountMinor - paid, restStatus });
  }
  return { rows, extraMinor: left };
}

/** Why the property charges a card guarantee. */
export const GUARANTEE_CHARGE_REASONS = ["no_show", "late_cancellation"] as const;
export type GuaranteeChargeReason = (typeof GUARANTEE_CHARGE_REASONS)[number];

/**
 * What the rate's terms say a guarantee charge is, by reason: a no-show costs what a late cancellation of every
 * room still booked costs (`latePenaltyMinor`); a late cancellation, the penalties its cancellation set, less what
 * was paid. Never more than the reservation's total.
 */
export function guaranteeChargeDefaults(r: {
  totalMinor: number;
  paidMinor: number;
  rooms: readonly (Pick<RoomToCancel, "policy" | "nightlyMinor" | "totalMinor"> & {
    status: string;
    penaltyMinor: number;
  })[];
}): Record<GuaranteeChargeReason, number> {
  const cap = (minor: number) => Math.max(0, Math.min(minor, r.totalMinor));
  const noShow = r.rooms
    .filter((room) => room.status !== "C")
    .reduce((s, room) => s + latePenaltyMinor(room), 0);
  const penalties = r.rooms.reduce((s, room) => s + room.penaltyMinor, 0);
  return { no_show: cap(noShow), late_cancellation: cap(penalties - r.paidMinor) };
}

/** What a card holds, as its newest pre-authorisation or guarantee says: an amount (0: a guarantee) and its state. */
export type CardHold = {
  kind: "pre_authorisation" | "card_guarantee";
  status: "authorised" | "captured" | "released" | "refunded";
  amountMinor: number;
};

const HOLD_STATUSES: readonly string[] = ["authorised", "captured", "released", "refunded"];

/**
 * The card hold among a reservation's payments (oldest first): the newest authorisation, at booking or from the
 * voucher, the gateway went through with; null when there is none. Staff and guest read it alike.
 */
export function cardHoldOf(
  transactions: readonly { kind: string; status: string; amountMinor: number }[],
): CardHold | null {
  const hold = transactions.findLast(
    (t) => (t.kind === "authorise" || t.kind === "authorise_now") && HOLD_STATUSES.includes(t.status),
  );
  if (!hold) return null;
  return {
    kind: hold.amountMinor > 0 ? "pre_authorisation" : "card_guarantee",
    status: hold.status as CardHold["status"],
    amountMinor: hold.amountMinor,
  };
}
