/**
 * Resale of a resellable rate from the voucher (SPEC §1, §4, §9; ADR 0065): the holder puts rooms up for resale
 * until the deadline, or withdraws an offer none of whose nights sold.
 */
import { canListForResale, resaleDeadline } from "@alloggio/domain/booking/resale";
import type { ResaleListRequest, ResaleResponse } from "@alloggio/domain/contract/booking/resale";
import { isoToYmd, listNights, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import type { Tx } from "../../db/client";
import { notFound } from "../../http/errors";
import type { StoredReservation } from "../booking";
import { toResaleOffer } from "../booking";
import { enqueueReservationMails } from "../mail";
import { lockHolderReservation, type ManageDeps, refused } from "../manage";
import {
  bumpSearchVersion,
  hasListedOffer,
  insertOffer,
  offersOfReservation,
  resaleFeeOf,
  withdrawOffer,
  writeHistory,
} from "./repository";

export async function resaleOffersOf(db: Pick<Tx, "execute">, r: Pick<StoredReservation, "id" | "currency">) {
  return (await offersOfReservation(db, r.id)).map((o) => toResaleOffer(o, r.currency));
}

/** Puts the rooms up for resale, in one transaction with the reservation locked. */
export async function listForResale(
  deps: ManageDeps,
  code: string,
  req: ResaleListRequest,
  baseUrl: string,
): Promise<ResaleResponse> {
  return deps.database.db.transaction(async (tx) => {
    const r = await lockHolderReservation(deps, tx, { code, mail: req.mail });
    if (r.status !== "confirmed")
      throw refused("reservation_cancelled", "Only a confirmed reservation can be put up for resale");
    const now = deps.now();
    const listed: number[] = [];
    let feePercent = 0;
    for (const roomId of new Set(req.rooms)) {
      const room = r.rooms.find((x) => x.id === roomId);
      if (!room) throw notFound("rooms", `Room ${roomId} is not part of this reservation`);
      if (room.status !== "A") throw refused("already_cancelled", "The room is cancelled", "rooms");
      if (!room.resellable) throw refused("not_resellable", "The room's rate cannot be resold", "rooms");
      const arrival = isoToYmd(room.arrival);
      if (!canListForResale(arrival, r.hotel.timeZone, now))
        throw refused("resale_closed", "Resale closed at 23:59 the day before arrival", "rooms");
      if (await hasListedOffer(tx, roomId))
        throw refused("resale_listed", "The room is already up for resale", "rooms");
      const deadline = resaleDeadline(arrival, r.hotel.timeZone);
      const nights = listNights(arrival, isoToYmd(room.departure)).map((day, n) => ({
        day: ymdToIso(day),
        holderMinor: room.nightlyMinor[n] ?? 0,
      }));
      const fee = await resaleFeeOf(tx, room.ratePlanId);
      const offerId = await insertOffer(tx, {
        reservationId: r.id,
        roomId,
        hotelId: r.hotel.id,
        roomTypeId: room.roomTypeId,
        arrival: room.arrival,
        departure: room.departure,
        deadline,
        feePercent: fee,
        now,
        nights,
      });
      await writeHistory(tx, {
        reservationId: r.id,
        actor: "guest",
        action: "resale_listed",
        fromStatus: r.status,
        toStatus: r.status,
        details: { room: roomId, offer: offerId, deadline: deadline.toISOString() },
      });
      listed.push(roomId);
      feePercent = Number(fee);
    }
    await bumpSearchVersion(tx, r.hotel.id);
    await enqueueReservationMails(tx, r.id, {
      baseUrl,
      now,
      change: { kind: "resale_listed", roomIds: listed, feePercent },
    });
    return { offers: await resaleOffersOf(tx, r) };
  });
}

/**
 * Takes an offer back while none of its nights sold: by the holder (`actor: guest`) or the hotel's staff.
 * `r` is locked in the caller's transaction.
 */
export async function withdrawLockedOffer(
  tx: Tx,
  r: StoredReservation,
  offerId: number,
  now: Date,
  actor: { actor: "guest" | "property"; by?: string },
): Promise<ResaleResponse> {
  const offers = await offersOfReservation(tx, r.id);
  if (!offers.some((o) => o.id === offerId)) throw notFound("offerId", "No such resale offer");
  if (!(await withdrawOffer(tx, offerId, now)))
    throw refused(
      "resale_not_listed",
      "The offer is no longer listed, or its nights began to sell",
      "offerId",
    );
  await writeHistory(tx, {
    reservationId: r.id,
    actor: actor.actor,
    action: "resale_withdrawn",
    fromStatus: r.status,
    toStatus: r.status,
    details: { offer: offerId, ...(actor.by ? { by: actor.by } : {}) },
  });
  await bumpSearchVersion(tx, r.hotel.id);
  return { offers: await resaleOffersOf(tx, r) };
}

export async function withdrawFromResale(
  deps: ManageDeps,
  code: string,
  offerId: number,
  mail: string,
): Promise<ResaleResponse> {
  return deps.database.db.transaction(async (tx) => {
    const r = await lockHolderReservation(deps, tx, { code, mail });
    return withdrawLockedOffer(tx, r, offerId, deps.now(), { actor: "guest" });
  });
}
