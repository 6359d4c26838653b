/**
 * Transfer details (SPEC §3 "Transfer detail", §2 "Transfer details editing", §8 "Transfer update error"; ADR 0010):
 * time, place code, transport number (flight, train or boat) and a note. The field rules are shared by the
 * booking payload and `bol/transfer-update`; the guest may edit them until 23:59 hotel-local the day before the
 * transfer (the service's day, or the room's arrival when the service has none), so the hotel has a day to
 * arrange the driver.
 */
import { addDays, startOfDayInZone, type Ymd } from "../stay-dates/stay-dates";
import type { FieldError } from "./guest-form";
import type { ReservationStatus } from "./reservation-state";

/** `HH:MM`, 00:00–23:59. */
export const TRANSFER_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const TRANSFER_MAX_LENGTH = { placeCode: 20, transportNumber: 20, note: 500 } as const;

export type TransferDetails = {
  time?: string | undefined;
  placeCode?: string | undefined;
  transportNumber?: string | undefined;
  note?: string | undefined;
};

/**
 * The field errors of transfer details (codes of the guest form: `invalid_date` for a time that is not HH:MM, as
 * the booking payload has it, `out_of_range` for text too long), fields prefixed with `prefix`.
 */
export function validateTransferDetails(details: TransferDetails, prefix = ""): FieldError[] {
  const errors: FieldError[] = [];
  const time = details.time?.trim();
  if (time && !TRANSFER_TIME_PATTERN.test(time))
    errors.push({ field: `${prefix}time`, code: "invalid_date" });
  for (const field of ["placeCode", "transportNumber", "note"] as const) {
    if ((details[field]?.trim().length ?? 0) > TRANSFER_MAX_LENGTH[field])
      errors.push({ field: `${prefix}${field}`, code: "out_of_range" });
  }
  return errors;
}

/** The first instant the details can no longer be edited: 00:00 hotel-local of the transfer's day. */
export function transferEditDeadline(transferDay: Ymd, timeZone: string): Date {
  return startOfDayInZone(transferDay, timeZone);
}

export type TransferEditCheck =
  | { allowed: true; editBefore: Date }
  | {
      allowed: false;
      reason: "reservation_cancelled" | "room_cancelled" | "not_a_transfer" | "too_late";
      editBefore: Date | null;
    };

/** Whether the guest may edit a transfer service's details now. */
export function checkTransferEdit(
  service: {
    /** The service is a transfer (`service.transfer` flag). */
    isTransfer: boolean;
    /** The service's own day, if it has one. */
    day: Ymd | null;
    /** The arrival of its room, or of the reservation for a service of the whole booking. */
    arrival: Ymd;
    /** Its room's status, or null for a service of the whole booking. */
    roomStatus: "A" | "C" | "W" | null;
  },
  reservationStatus: ReservationStatus,
  clock: { timeZone: string; now: Date },
): TransferEditCheck {
  if (!service.isTransfer) return { allowed: false, reason: "not_a_transfer", editBefore: null };
  const editBefore = transferEditDeadline(service.day ?? service.arrival, clock.timeZone);
  if (reservationStatus === "cancelled")
    return { allowed: false, reason: "reservation_cancelled", editBefore };
  if (service.roomStatus === "C") return { allowed: false, reason: "room_cancelled", editBefore };
  if (clock.now.getTime() >= editBefore.getTime()) return { allowed: false, reason: "too_late", editBefore };
  return { allowed: true, editBefore };
}

/** The last hotel-local day the details can be edited (to print "until …"). */
export function lastTransferEditDay(transferDay: Ymd): Ymd {
  return addDays(transferDay, -1);
}
