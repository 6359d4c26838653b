/**
 * Where a refund goes (ADR 0012, 0020, 0061): a card refund can only return money to a capture it came from, and
 * never more than that capture still holds. A refund is split over the reservation's captures, newest first (the
 * money paid last is given back first); what no capture holds any more (money paid by bank transfer or at the
 * hotel) is left to the hotel to refund by hand.
 */
export type RefundSource = {
  id: number;
  /** What the capture took from the card, in minor units. */
  capturedMinor: number;
  /** What refunds already sent, pending or given up have taken from it. */
  refundedMinor: number;
};

export type RefundAllocation = {
  /** One card refund per capture used, in the order they are made. */
  parts: { sourceId: number; amountMinor: number }[];
  /** What no capture can take: refunded by the hotel. */
  manualMinor: number;
};

/** Splits `amountMinor` over `sources`, which the caller gives newest first. */
export function allocateRefund(amountMinor: number, sources: readonly RefundSource[]): RefundAllocation {
  let left = Math.max(0, amountMinor);
  const parts: RefundAllocation["parts"] = [];
  for (const source of sources) {
    if (left === 0) break;
    const room = Math.max(0, source.capturedMinor - source.refundedMinor);
    const take = Math.min(room, left);
    if (take > 0) {
      parts.push({ sourceId: source.id, amountMinor: take });
      left -= take;
    }
  }
  return { parts, manualMinor: left };
}
