import {
  assessCancellation,
  type CancellationPolicy,
  type HotelClock,
  type ReservationToCancel,
} from "@alloggio/domain/booking/cancellation";
import { countInstallmentsBy, MIN_INSTALLMENTS } from "@alloggio/domain/booking/installments";
import {
  checkModification,
  type ModificationRefusal,
  type ReservationToModify,
} from "@alloggio/domain/booking/modification";
import { checkTransferEdit } from "@alloggio/domain/booking/transfer";
import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { currencyRules } from "@alloggio/domain/currency/currencies";
import { sumAmounts } from "@alloggio/domain/money/amounts";
import { toMinor } from "@alloggio/domain/money/money";
import { addDays, nightsBetween, todayInZone } from "@alloggio/domain/stay-dates/stay-dates";

/**
 * What the voucher offers (SPEC §4, ADR 0010), decided with the domain's own rules on what the voucher knows; the
 * server decides for real and its refusal is shown when the two disagree (a deadline passed with the page open).
 */

type Room = Reservation["rooms"][number];
type Extra = Reservation["extra"][number];

/** Fields the server may give beyond the contract's voucher shape; read when present. */
type RoomExtras = { resellable?: boolean; minStay?: number; maxStay?: number | null };

/** The room's first night and the day after its last (its own dates; the reservation's when it has no nights). */
export function roomDates(room: Room, reservation: Reservation): { arrival: string; departure: string } {
  const first = room.nightly[0]?.date;
  const last = room.nightly.at(-1)?.date;
  return first && last
    ? { arrival: first, departure: addDays(last, 1) }
    : { arrival: reservation.arrival, departure: reservation.departure };
}

export const isResellable = (room: Room) => (room as Room & RoomExtras).resellable === true;

/**
 * The room's cancellation terms as the voucher states them: the booking's policy (the first room's rate speaks for
 * it), free until `freeUntil`, i.e. `arrival − freeUntil` days before arrival.
 */
function policyOf(room: Room, reservation: Reservation, arrival: string): CancellationPolicy {
  const { refundable, freeUntil } = reservation.policy;
  const resellable = isResellable(room);
  if (!refundable || resellable) return { refundable: false, freeCancellationDays: null, resellable };
  const days = freeUntil ? Math.max(0, nightsBetween(freeUntil, arrival)) : 0;
  return { refundable: true, freeCancellationDays: days, resellable: false };
}

const decimalsOf = (currency: string) => {
  try {
    return currencyRules(currency).decimalDigits;
  } catch {
    return 2;
  }
};

function toModify(reservation: Reservation): ReservationToModify & ReservationToCancel {
  const digits = decimalsOf(reservation.currency);
  const minor = (n: number) => Math.max(0, toMinor(n, digits));
  const paid = sumAmounts(reservation.prepayments.filter((p) => p.status === "paid").map((p) => p.amount));
  return {
    status: reservation.status,
    totalMinor: minor(reservation.total),
    paidMinor: minor(paid),
    sharedExtrasMinor: minor(sumAmounts(reservation.extra.map((e) => e.price))),
    rooms: reservation.rooms.map((room) => {
      const { arrival, departure } = roomDates(room, reservation);
      const extras = room as Room & RoomExtras;
      return {
        id: room.id,
        status: room.status,
        arrival,
        departure,
        policy: policyOf(room, reservation, arrival),
        nightlyMinor: room.nightly.map((n) => minor(n.price)),
        totalMinor: minor(room.roomTotal),
        extrasMinor: minor(sumAmounts(room.extra.map((e) => e.price))),
        minStay: extras.minStay ?? 1,
        maxStay: extras.maxStay ?? null,
      };
    }),
  };
}

/** Why nothing (or less) can be changed, in the voucher's words. */
export type ManageNote =
  | "resellable"
  | "payment_pending"
  | "stay_started"
  | "after_deadline"
  | "non_refundable";

export type ManageAbilities = {
  cancelReservation: boolean;
  /** Rooms that may be cancelled on their own (only when another room stays). */
  cancelRooms: ReadonlySet<number>;
  changeDates: boolean;
  changeRoomDates: ReadonlySet<number>;
  /** Rooms services may be added to. */
  addServices: ReadonlySet<number>;
  payNow: boolean;
  /**
   * What Pay now settles: everything due up to today (no `prepayment`), or else the next payment due of a booking
   * that waits for it (a bank transfer not yet received, a payment required), by its id.
   */
  payNowAmount: number;
  payNowPrepayment: number | undefined;
  authoriseNow: boolean;
  /** The monthly charges the guest may choose (2 … n), or none. */
  installmentCounts: number[];
  /** What installments would split: everything still due. */
  leftToPay: number;
  /** Transfer services whose details may still be edited. */
  editTransfers: ReadonlySet<number>;
  notes: ManageNote[];
};

function noteOf(reason: ModificationRefusal | string): ManageNote | null {
  switch (reason) {
    case "resellable":
    case "payment_pending":
    case "stay_started":
    case "after_deadline":
    case "non_refundable":
      return reason;
    default:
      return null;
  }
}

/** Everything the voucher may offer now for this reservation, and why some things are not offered. */
export function manageAbilities(
  reservation: Reservation,
  clock: Pick<HotelClock, "timeZone" | "now">,
): ManageAbilities {
  const model = toModify(reservation);
  const today = todayInZone(clock.now, clock.timeZone);
  const active = reservation.rooms.filter((room) => room.status !== "C");
  const isOpen = reservation.status !== "cancelled";
  const notes = new Set<ManageNote>();

  const whole = assessCancellation(model, clock);
  if (!whole.allowed) {
    const note = noteOf(whole.reason);
    if (note && isOpen) notes.add(note);
  }
  const cancelRooms = new Set<number>();
  const changeRoomDates = new Set<number>();
  const addServices = new Set<number>();
  for (const room of active) {
    if (active.length > 1 && assessCancellation(model, clock, room.id).allowed) cancelRooms.add(room.id);
    if (active.length > 1 && checkModification(model, "dates", clock, room.id).allowed)
      changeRoomDates.add(room.id);
    if (checkModification(model, "services", clock, room.id).allowed) addServices.add(room.id);
  }
  const dates = checkModification(model, "dates", clock);
  if (!dates.allowed && isOpen) {
    const note = noteOf(dates.reason);
    if (note) notes.add(note);
  }
  const services = checkModification(model, "services", clock);
  if (!services.allowed && isOpen) {
    const note = noteOf(services.reason);
    if (note) notes.add(note);
  }

  const due = reservation.prepayments.filter((p) => p.status === "due" || p.status === "failed");
  const dueToday = due.filter((p) => p.date <= today);
  const waitsForPayment =
    reservation.status === "payment_required" || reservation.paymentMethod === "bank_transfer";
  const next = [...due].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id)[0];
  const settles = dueToday.length > 0 ? dueToday : waitsForPayment && next ? [next] : [];
  const payNowAmount = sumAmounts(settles.map((p) => p.amount));
  const payNowPrepayment = dueToday.length === 0 && settles.length === 1 ? settles[0]?.id : undefined;
  const leftToPay = sumAmounts(due.map((p) => p.amount));
  const canPay =
    isOpen &&
    reservation.status !== "preauth_required" &&
    (reservation.status === "payment_required" || payNowAmount > 0);

  const counts = countInstallmentsBy(today, reservation.arrival);
  const installmentCounts =
    isOpen && reservation.status !== "preauth_required" && leftToPay > 0 && counts >= MIN_INSTALLMENTS
      ? Array.from({ length: counts - MIN_INSTALLMENTS + 1 }, (_, i) => MIN_INSTALLMENTS + i)
      : [];

  const editTransfers = new Set<number>();
  const transferOf = (extra: Extra, room: Room | null) => {
    if (!extra.transfer) return;
    const check = checkTransferEdit(
      {
        isTransfer: true,
        day: extra.date,
        arrival: room ? roomDates(room, reservation).arrival : reservation.arrival,
        roomStatus: room?.status ?? null,
      },
      reservation.status,
      clock,
    );
    if (check.allowed) editTransfers.add(extra.id);
  };
  for (const room of reservation.rooms) for (const extra of room.extra) transferOf(extra, room);
  for (const extra of reservation.extra) transferOf(extra, null);

  return {
    cancelReservation: whole.allowed,
    cancelRooms,
    changeDates: dates.allowed,
    changeRoomDates,
    addServices,
    payNow: canPay,
    payNowAmount,
    payNowPrepayment,
    authoriseNow: reservation.status === "preauth_required",
    installmentCounts,
    leftToPay,
    editTransfers,
    notes: [...notes],
  };
}
