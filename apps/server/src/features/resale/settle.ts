/**
 * The resale sweeps of the timed job (ADR 0065, 0020), off the booking path and idempotent: sold nights are
 * refunded to their holder, once; listed nights past their deadline expire, and nothing else changes.
 */
import { resaleRefund } from "@alloggio/domain/booking/resale";
import { currencyRules } from "@alloggio/domain/currency/currencies";
import type { Database } from "../../db/client";
import { chargesOf, lockReservationOfHotel, moneyAfter, writeMoney } from "../booking";
import { enqueueReservationMails } from "../mail";
import { refundPayment } from "../manage";
import {
  bumpSearchVersion,
  expireDueOffers,
  findSettleGroups,
  lockUnsettledNights,
  markSettled,
  type SettleGroup,
  writeHistory,
} from "./repository";

type SweepDeps = { database: Database; now: () => Date; baseUrl: string };

/**
 * One group (an offer's nights sold to one buyer room) in one transaction: the holder's reservation locked first,
 * then its unsettled nights `FOR UPDATE SKIP LOCKED` (another process has them: skipped). The refund
 * (`resaleRefund`) lowers the holder's room price; what was paid beyond the new total goes back through the refund
 * path that splits over the captures, and the dues shrink by the rest. `settled_at` marks the nights done.
 */
async function settleGroup(deps: SweepDeps, g: SettleGroup): Promise<boolean> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const r = await lockReservationOfHotel(tx, g.hotel_id, g.reservation_id);
    if (!r) return false;
    const nights = await lockUnsettledNights(tx, g);
    if (nights.length === 0) return false;
    const rules = currencyRules(r.currency);
    const sold = nights.map((n) => ({ holderMinor: n.holder, buyerMinor: n.recovered ?? 0 }));
    const fee = Number(nights[0]!.fee);
    const roomId = nights[0]!.room_id;
    const { refundMinor } = resaleRefund(sold, fee, rules, 0);
    // The holder's room now costs what the resale did not give back; totals and dues follow (as a cancellation's).
    const charges = chargesOf(r);
    const money = moneyAfter(
      r,
      {
        ...charges,
        rooms: charges.rooms.map((room) =>
          room.id === roomId ? { ...room, roomMinor: Math.max(0, room.roomMinor - refundMinor) } : room,
        ),
      },
      now,
    );
    const overpaid = Math.max(0, r.paidMinor - money.totals.totalMinor);
    const result = resaleRefund(sold, fee, rules, overpaid);
    await markSettled(tx, { offerId: g.offer_id, roomId, refundMinor, days: nights.map((n) => n.day), now });
    await writeMoney(tx, r.id, money);
    if (result.toCardMinor > 0) await refundPayment.record(tx, r.id, result.toCardMinor, now);
    const base = { actor: "system", fromStatus: r.status, toStatus: r.status, reservationId: r.id };
    await writeHistory(tx, [
      {
        ...base,
        action: "resale_night_sold",
        details: {
          offer: g.offer_id,
          room: roomId,
          nights: nights.map((n) => n.day),
          buyer: nights[0]!.buyer_code,
        },
      },
      {
        ...base,
        action: "resale_settled",
        details: {
          offer: g.offer_id,
          recoveredMinor: result.recoveredMinor,
          feeMinor: result.feeMinor,
          refundMinor: result.refundMinor,
          toCardMinor: result.toCardMinor,
          reducesDueMinor: result.reducesDueMinor,
        },
      },
    ]);
    await enqueueReservationMails(tx, r.id, {
      baseUrl: deps.baseUrl,
      now,
      change: {
        kind: "resale_sold",
        roomId,
        nights: nights.map((n) => n.day),
        recoveredMinor: result.recoveredMinor,
        feeMinor: result.feeMinor,
        refundMinor: result.refundMinor,
        toCardMinor: result.toCardMinor,
      },
    });
    return true;
  });
}

/** Refunds every sold, unsettled resale night's holder, in groups of `limit`; answers how many groups. */
export async function settleResales(deps: SweepDeps, limit: number): Promise<number> {
  let settled = 0;
  for (;;) {
    const groups = await findSettleGroups(deps.database.db, limit);
    let done = 0;
    for (const g of groups) if (await settleGroup(deps, g)) done++;
    settled += done;
    // Groups another process holds are left to it; stop when a batch made no progress.
    if (groups.length < limit || done === 0) return settled;
  }
}

/**
 * Closes listed nights past their deadline (`expired`): unsold, nothing changes for the holder. An offer with no
 * listed night left closes `settled` when a night sold, else `expired`. Answers how many offers closed.
 */
export async function expireResales(deps: SweepDeps, limit: number): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const offers = await expireDueOffers(tx, deps.now(), limit);
    for (const o of offers) {
      await writeHistory(tx, {
        reservationId: o.reservation_id,
        actor: "system",
        action: "resale_expired",
        details: { offer: o.id, closed: o.status },
      });
      // Unsold: the holder hears that nothing changes (a partly resold room heard of its refund already).
      if (o.status === "expired")
        await enqueueReservationMails(tx, o.reservation_id, {
          baseUrl: deps.baseUrl,
          now: deps.now(),
          change: { kind: "resale_expired", roomIds: [o.room_id] },
        });
    }
    for (const hotelId of new Set(offers.map((o) => o.hotel_id))) await bumpSearchVersion(tx, hotelId);
    return offers.length;
  });
}
