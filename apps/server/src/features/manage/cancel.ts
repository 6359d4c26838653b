import {
  assessCancellation,
  type CancellationAssessment,
  type CancelledBy,
  type ReservationToCancel,
} from "@alloggio/domain/booking/cancellation";
import { totalReservation } from "@alloggio/domain/booking/reservation-money";
import type { CancellationQuote, CancelRequest } from "@alloggio/domain/contract/booking/manage";
import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { fromMinor } from "@alloggio/domain/money/money";
import { isoToYmd } from "@alloggio/domain/stay-dates/stay-dates";
import type { Tx } from "../../db/client";
import { notFound } from "../../http/errors";
import {
  chargesOf,
  lockReservationOfHotel,
  moneyAfter,
  releaseInventory,
  type StoredReservation,
  setStatus,
  toVoucherReservation,
  writeMoney,
} from "../booking";
import { enqueueReservationMails } from "../mail";
import { lockHolderReservation, type ManageDeps, readHolderReservation, refused } from "./holder";
import { refundPayment } from "./refunds";
import { setRoomPenalty, writeHistory } from "./repository";

const REFUSALS: Record<string, [code: string, message: string]> = {
  reservation_cancelled: ["already_cancelled", "The reservation is already cancelled"],
  already_cancelled: ["already_cancelled", "The room is already cancelled"],
  resellable: ["resellable", "A resellable rate cannot be cancelled"],
  stay_started: ["stay_started", "The stay has begun: the hotel can cancel it"],
};

/** A booked room's arrival, cancellation policy and price, as the cancellation and modification rules read them. */
export const roomTermsOf = (room: StoredReservation["rooms"][number]) => ({
  id: room.id,
  arrival: isoToYmd(room.arrival),
  policy: {
    refundable: room.refundable,
    freeCancellationDays: room.freeCancellationDays,
    resellable: room.resellable,
  },
  nightlyMinor: room.nightlyMinor,
  totalMinor: room.totalMinor,
});

/**
 * The reservation as the cancellation rules read it (amounts in minor units): its total as its rows make it
 * (booking/reservation-money.ts), what goes with each room (its services and refund protection) and what goes
 * only with the last one (the whole booking's services).
 */
export function toCancellationInput(r: StoredReservation): ReservationToCancel {
  const servicesOf = (roomId: number | null) =>
    r.services.filter((s) => s.roomId === roomId).reduce((sum, s) => sum + s.priceMinor, 0);
  const charges = chargesOf(r);
  return {
    status: r.status,
    totalMinor: totalReservation(charges.rooms, charges.services, r.hotel.cityTaxMinor).totalMinor,
    paidMinor: Math.max(0, r.paidMinor),
    sharedExtrasMinor: servicesOf(null),
    rooms: r.rooms.map((room) => ({
      ...roomTermsOf(room),
      status: room.status as "A" | "C" | "W",
      extrasMinor: room.status === "C" ? 0 : servicesOf(room.id) + room.refundProtectionMinor,
    })),
  };
}

function assess(
  deps: { now: () => Date },
  r: StoredReservation,
  roomId: number | undefined,
  options: { by?: CancelledBy; waivePenalty?: boolean | undefined } = {},
) {
  const assessment = assessCancellation(
    toCancellationInput(r),
    { timeZone: r.hotel.timeZone, now: deps.now(), arrivalDayCutoff: r.hotel.checkInUntil },
    roomId,
    { by: options.by ?? "guest", waivePenalty: options.waivePenalty === true },
  );
  if (!assessment.allowed) {
    if (assessment.reason === "room_not_found")
      throw notFound("room", `Room ${roomId} is not part of this reservation`);
    const [code, message] = REFUSALS[assessment.reason] ?? ["already_cancelled", assessment.reason];
    throw refused(code, message, roomId === undefined ? "reservation" : "room");
  }
  return assessment;
}

function toQuote(
  r: StoredReservation,
  a: Extract<CancellationAssessment, { allowed: true }>,
): CancellationQuote {
  const money = (minor: number) => fromMinor(minor, r.decimalDigits);
  return {
    currency: r.currency,
    cancelsReservation: a.cancelsReservation,
    free: a.isFree,
    penalty: money(a.penaltyMinor),
    newTotal: money(a.newTotalMinor),
    refund: money(a.refundMinor),
    stillOwed: money(a.stillOwedMinor),
    rooms: a.rooms.map((room) => ({
      id: room.roomId,
      outcome: room.outcome,
      reason: room.reason,
      penalty: money(room.penaltyMinor),
      freeUntil: room.terms.lastFreeDay,
      freeBefore: room.terms.freeBefore?.toISOString() ?? null,
    })),
  };
}

/**
 * Writes a cancellation: the rooms' nights back on sale, the reservation's totals (what stays booked plus the
 * penalties), what was still due reduced to what is owed, the history, the reservation's status when its last
 * room goes, a refund to make, and the guest's and hotel's mails — all in the caller's transaction.
 */
async function applyCancellation(
  deps: { now: () => Date },
  tx: Tx,
  r: StoredReservation,
  a: Extract<CancellationAssessment, { allowed: true }>,
  baseUrl: string,
  actor: { actor: "guest" | "property" | "agency"; by?: string; name?: string } = { actor: "guest" },
): Promise<number | null> {
  const roomIds = a.rooms.map((room) => room.roomId);
  await releaseInventory(tx, r.id, roomIds);
  // The rooms keep only their penalty; the totals, the city tax and what is due are made again from the rows.
  for (const room of a.rooms) await setRoomPenalty(tx, room.roomId, room.penaltyMinor);
  const charges = chargesOf(r);
  const money = moneyAfter(
    r,
    {
      ...charges,
      rooms: charges.rooms.map((room) => {
        const taken = a.rooms.find((x) => x.roomId === room.id);
        return taken ? { ...room, active: false, penaltyMinor: taken.penaltyMinor } : room;
      }),
    },
    deps.now(),
  );
  if (money.totals.totalMinor !== a.newTotalMinor)
    throw new Error(
      `cancellation total ${a.newTotalMinor} differs from the rows' ${money.totals.totalMinor}`,
    );
  await writeMoney(tx, r.id, money);

  const details = {
    rooms: roomIds,
    penaltyMinor: a.penaltyMinor,
    refundMinor: a.refundMinor,
    was: r.totalMinor,
    becomes: a.newTotalMinor,
    ...(a.waivedMinor > 0 ? { waivedMinor: a.waivedMinor } : {}),
    ...(actor.by ? { by: actor.by } : {}),
  };
  if (a.cancelsReservation) {
    if (!(await setStatus(tx, r.id, [r.status], "cancelled", "cancel", details, actor.actor)))
      throw refused("already_cancelled", "The reservation changed meanwhile: reload it");
  } else
    await writeHistory(tx, {
      reservationId: r.id,
      actor: actor.actor,
      action: "room_cancelled",
      fromStatus: r.status,
      toStatus: r.status,
      details,
    });
  const refundId = a.refundMinor > 0 ? await refundPayment.record(tx, r.id, a.refundMinor, deps.now()) : null;
  // The hotel's mail says who cancelled: the guest, the agency or its own staff.
  const by = actor.actor === "guest" ? {} : { by: { who: actor.actor, name: actor.name ?? actor.by ?? "" } };
  await enqueueReservationMails(tx, r.id, {
    baseUrl,
    now: deps.now(),
    change: a.cancelsReservation
      ? { kind: "cancelled", penaltyMinor: a.penaltyMinor, refundMinor: a.refundMinor, ...by }
      : { kind: "room_cancelled", roomIds, penaltyMinor: a.penaltyMinor, refundMinor: a.refundMinor, ...by },
  });
  return refundId;
}

/**
 * `delete.do`: with `preview` the quote (free, or the penalty, the new total, the refund); otherwise the
 * cancellation of the reservation or one room in one transaction, then the refund through the gateway, and the
 * reservation as it now stands.
 */
export async function cancelReservation(
  deps: ManageDeps,
  req: CancelRequest,
  baseUrl: string,
): Promise<CancellationQuote | Reservation> {
  const key = { code: req.reservation, mail: req.mail, channel: req.channel };
  type Outcome = { quote: CancellationQuote } | { refundId: number | null };
  const result: Outcome = await deps.database.db.transaction(async (tx): Promise<Outcome> => {
    const r = await lockHolderReservation(deps, tx, key);
    const a = assess(deps, r, req.room);
    if (req.preview) return { quote: toQuote(r, a) };
    return { refundId: await applyCancellation(deps, tx, r, a, baseUrl) };
  });
  if ("quote" in result) return result.quote;
  if (result.refundId !== null) await refundPayment.send(deps, result.refundId);
  const after = await readHolderReservation(deps, key);
  return toVoucherReservation(after, req.language ?? after.languageId);
}

/** The outcome of a cancellation by the property: what it cost, in minor units. */
export type PropertyCancellation = {
  preview: boolean;
  currency: string;
  decimalDigits: number;
  cancelsReservation: boolean;
  free: boolean;
  penaltyMinor: number;
  newTotalMinor: number;
  refundMinor: number;
  stillOwedMinor: number;
  /** The penalty the property waived (0 unless it did). */
  waivedMinor: number;
};

/**
 * The back office cancels for the guest (the same penalty, refund, totals, history and mails): the reservation is
 * found by its id within the hotel instead of the guest's code and e-mail, and the history names the property and
 * the staff user. The property is not bound by the guest's refusals (a resellable rate, a stay begun) and may
 * waive the penalty (ADR 0061); the agency cancels with the guest's rules (ADR 0032). `inside` runs in the
 * cancellation's transaction (the audit entry). A preview changes nothing.
 */
export async function cancelReservationForGuest(
  deps: Omit<ManageDeps, "codeLimiter">,
  target: {
    hotelId: number;
    reservationId: number;
    roomId?: number | undefined;
    preview: boolean;
    /** The agency area cancels for its customer with the guest's rules (ADR 0032); the property otherwise. */
    actor?: "property" | "agency";
    /** The property gives up the penalty (recorded in the history and the audit). */
    waivePenalty?: boolean | undefined;
    /** Who cancelled as the hotel's mail names them (the agency's name); `by` otherwise. */
    actorName?: string;
  },
  by: string,
  baseUrl: string,
  inside?: (tx: Tx, before: StoredReservation, outcome: PropertyCancellation) => Promise<void>,
): Promise<PropertyCancellation> {
  const result = await deps.database.db.transaction(async (tx) => {
    const r = await lockReservationOfHotel(tx, target.hotelId, target.reservationId);
    if (!r) throw notFound("reservationId", "No such reservation");
    const property = (target.actor ?? "property") === "property";
    const a = assess(deps, r, target.roomId, {
      by: property ? "property" : "guest",
      waivePenalty: property && target.waivePenalty === true,
    });
    const outcome: PropertyCancellation = {
      preview: target.preview,
      currency: r.currency,
      decimalDigits: r.decimalDigits,
      cancelsReservation: a.cancelsReservation,
      free: a.isFree,
      penaltyMinor: a.penaltyMinor,
      newTotalMinor: a.newTotalMinor,
      refundMinor: a.refundMinor,
      stillOwedMinor: a.stillOwedMinor,
      waivedMinor: a.waivedMinor,
    };
    if (target.preview) return { outcome, refundId: null };
    const refundId = await applyCancellation(deps, tx, r, a, baseUrl, {
      actor: target.actor ?? "property",
      by,
      name: target.actorName ?? by,
    });
    if (inside) await inside(tx, r, outcome);
    return { outcome, refundId };
  });
  if (result.refundId !== null) await refundPayment.send(deps, result.refundId);
  return result.outcome;
}
