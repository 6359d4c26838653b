/**
 * The resale sweeps of the timed job (ADR 0065, 0020), off the booking path and idempotent: sold nights are
 * refunded to their holder, once; listed nights past their deadline expire, and nothing else changes.
 */
import { resaleRefund } from "@alloggio/domain/booking/resale";
import { currencyRules } from "@alloggio/domain/currency/currencies";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { reservationHistory } from "../../db/schema";
import { chargesOf, moneyAfter, writeMoney } from "../booking/reservation-money";
import { lockReservationOfHotel } from "../booking/retrieve-repository";
import { enqueueReservationMails } from "../mail/reservation-mails";
import { refundPayment } from "../manage/refunds";
import { bumpSearchVersion } from "./repository";

type SweepDeps = { database: Database; now: () => Date; baseUrl: string };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type Group = { offer_id: number; buyer_room_id: number | null; reservation_id: number; hotel_id: number };

/**
 * One group (an offer's nights sold to one buyer room) in one transaction: the holder's reservation locked first,
 * then its unsettled nights `FOR UPDATE SKIP LOCKED` (another process has them: skipped). The refund
 * (`resaleRefund`) lowers the holder's room price; what was paid beyond the new total goes back through the refund
 * path that splits over the captures, and the dues shrink by the rest. `settled_at` marks the nights done.
 */
async function settleGroup(deps: SweepDeps, g: Group): Promise<boolean> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const r = await lockReservationOfHotel(tx, g.hotel_id, g.reservation_id);
    if (!r) return false;
    const nights = rowsOf<{
      day: string;
      holder: number;
      recovered: number;
      room_id: number;
      fee: string;
      buyer_code: string | null;
    }>(
      await tx.execute(sql`
        select n.day::text as day, n.holder_minor as holder, n.recovered_minor as recovered,
          o.reservation_room_id as room_id, o.fee_percent::text as fee,
          (select b.code from reservation_room br join reservation b on b.id = br.reservation_id
            where br.id = n.buyer_room_id) as buyer_code
        from resale_night n join resale_offer o on o.id = n.offer_id
        where n.offer_id = ${g.offer_id} and n.buyer_room_id is not distinct from ${g.buyer_room_id}
          and n.status = 'sold' and n.settled_at is null
        order by n.day for update of n skip locked`),
    );
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
    await tx.execute(
      sql`update reservation_room set total_minor = greatest(0, total_minor - ${refundMinor}) where id = ${roomId}`,
    );
    await writeMoney(tx, r.id, money);
    if (result.toCardMinor > 0) await refundPayment.record(tx, r.id, result.toCardMinor, now);
    await tx.execute(sql`update resale_night set settled_at = ${now.toISOString()}::timestamptz
      where offer_id = ${g.offer_id} and day = any(${`{${nights.map((n) => n.day).join(",")}}`}::date[])`);
    // Every night sold: the offer is settled now rather than at its deadline.
    await tx.execute(sql`update resale_offer o set status = 'settled', closed_at = ${now.toISOString()}::timestamptz
      where o.id = ${g.offer_id} and o.status = 'listed'
        and not exists (select 1 from resale_night n where n.offer_id = o.id and n.status = 'listed')`);
    const base = { actor: "system", fromStatus: r.status, toStatus: r.status, reservationId: r.id };
    await tx.insert(reservationHistory).values([
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
    const groups = await deps.database.query<Group>(sql`
      select distinct n.offer_id, n.buyer_room_id, o.reservation_id, o.hotel_id
      from resale_night n join resale_offer o on o.id = n.offer_id
        join reservation_room br on br.id = n.buyer_room_id join reservation b on b.id = br.reservation_id
      -- Sold for good only once the buyer's booking is confirmed: an option or an unpaid booking may lapse.
      where n.status = 'sold' and n.settled_at is null and b.status = 'confirmed'
      order by n.offer_id, n.buyer_room_id limit ${limit}`);
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
  const now = deps.now().toISOString();
  return deps.database.db.transaction(async (tx) => {
    const offers = rowsOf<{
      id: number;
      reservation_id: number;
      hotel_id: number;
      status: string;
      room_id: number;
    }>(
      await tx.execute(sql`
        with due as (select id from resale_offer where status = 'listed' and deadline_at < ${now}::timestamptz
            order by deadline_at, id limit ${limit} for update skip locked),
          n as (update resale_night set status = 'expired' where offer_id in (select id from due) and status = 'listed')
        update resale_offer o set closed_at = ${now}::timestamptz,
          status = case when exists (select 1 from resale_night x where x.offer_id = o.id and x.status = 'sold')
            then 'settled' else 'expired' end
        where o.id in (select id from due)
        returning o.id, o.reservation_id, o.hotel_id, o.status, o.reservation_room_id as room_id`),
    );
    for (const o of offers) {
      await tx.insert(reservationHistory).values({
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
