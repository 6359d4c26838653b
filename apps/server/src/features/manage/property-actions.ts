import { randomBytes } from "node:crypto";
import { readBankTransferSettings } from "@alloggio/domain/booking/bank-transfer";
import { bankTransferDeadline } from "@alloggio/domain/booking/payment-schedule";
import { isoToYmd, todayInZone, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import type { Database, Tx } from "../../db/client";
import { AppError } from "../../http/errors";
import { setStatus } from "../booking";
import { enqueueReservationMails } from "../mail";
import {
  bankTransferBalance,
  insertBankTransfer,
  type LockedForAction,
  lockReservationForAction,
  openDues,
  setPaymentDeadline,
  setPaymentMethod,
  settleDueByTransfer,
  writeHistory,
} from "./repository";

/**
 * What the property does to a reservation (SPEC §4), for the back office of the next issue: confirm an option,
 * record a bank transfer that arrived. Each is one transaction over the locked reservation: a conditional state
 * change, its history (actor `property`, `by` in the details) and the mails (outbox), or a typed refusal.
 */
export type PropertyActionDeps = { database: Database; now: () => Date; baseUrl: string };

/**
 * Work the caller adds to an action's own transaction (the back office's audit entry), run after the change and
 * before the commit; it sees the reservation's status before the change and the action's outcome.
 */
export type InsideAction<T> = (tx: Tx, before: { status: string }, outcome: T) => Promise<void>;

export type PropertyActionErrorCode =
  | "reservation_not_found"
  | "reservation_cancelled"
  | "not_an_option"
  | "option_expired"
  | "not_a_bank_transfer"
  | "option_not_confirmed"
  | "invalid_amount"
  | "invalid_received_at";

/** A refusal of a property action: 404 for an unknown reservation, 422 for bad input, else 409 (wrong state). */
export class PropertyActionError extends AppError {
  constructor(
    override readonly code: PropertyActionErrorCode,
    message: string,
  ) {
    super(code, code === "reservation_not_found" ? 404 : code.startsWith("invalid_") ? 422 : 409, message, [
      { field: code.startsWith("invalid_") ? code.slice("invalid_".length) : "reservation", message: code },
    ]);
    this.name = "PropertyActionError";
  }
}

async function lock(tx: Tx, reservationId: number): Promise<LockedForAction> {
  const row = await lockReservationForAction(tx, reservationId);
  if (!row) throw new PropertyActionError("reservation_not_found", "No such reservation");
  if (row.status === "cancelled")
    throw new PropertyActionError("reservation_cancelled", "The reservation is cancelled");
  return row;
}

/**
 * Confirms an option (pending confirmation → confirmed) before it runs out. A bank-transfer option's payment
 * deadline starts again from the confirmation day (SPEC §9: "within a set number of days after booking or
 * confirmation"). The guest and the hotel get the confirmation mail.
 */
export async function confirmOption(
  deps: PropertyActionDeps,
  reservationId: number,
  by: string,
  inside?: InsideAction<{ status: "confirmed"; paymentDeadline: string | null }>,
  /** The agency area (ADR 0032): the agency confirms, with the payment method it chose. */
  as: { actor: "property" | "agency"; paymentMethod?: "pay_at_hotel" | "bank_transfer" } = {
    actor: "property",
  },
): Promise<{ status: "confirmed"; paymentDeadline: string | null }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const r = await lock(tx, reservationId);
    if (r.status !== "pending_confirmation" || r.option_expires_at === null)
      throw new PropertyActionError(
        "not_an_option",
        "The reservation is not an option waiting for confirmation",
      );
    if (new Date(r.option_expires_at).getTime() <= now.getTime())
      throw new PropertyActionError("option_expired", "The option has expired");
    if (as.paymentMethod && as.paymentMethod !== r.payment_method) {
      await setPaymentMethod(tx, r.id, as.paymentMethod);
      r.payment_method = as.paymentMethod;
    }
    const details = as.paymentMethod ? { by, paymentMethod: as.paymentMethod } : { by };
    await setStatus(tx, r.id, ["pending_confirmation"], "confirmed", "option_confirmed", details, as.actor);
    let paymentDeadline: string | null = null;
    const transfer = readBankTransferSettings(r.bank_transfer);
    if (r.payment_method === "bank_transfer" && transfer) {
      paymentDeadline = ymdToIso(
        bankTransferDeadline(todayInZone(now, r.time_zone), isoToYmd(r.arrival), transfer.dueDays),
      );
      await setPaymentDeadline(tx, r.id, paymentDeadline);
    }
    // The hotel already has the option's "new reservation": this one says the option is confirmed (ADR 0062).
    await enqueueReservationMails(tx, r.id, {
      baseUrl: deps.baseUrl,
      now,
      change: { kind: "option_confirmed" },
    });
    const outcome = { status: "confirmed" as const, paymentDeadline };
    if (inside) await inside(tx, { status: r.status }, outcome);
    return outcome;
  });
}

/**
 * Records a bank transfer the hotel received on a confirmed bank-transfer booking. The transfer is kept as a
 * `payment_transaction` (kind `bank_transfer`, status `received`); the money received by transfer so far, less
 * what transfers already settled, pays the payments due in date order, each only in full (a part payment waits
 * for the rest). A paid deadline share keeps the booking from being cancelled as overdue. The guest and the
 * hotel get the "payment received" mail.
 */
export async function recordBankTransfer(
  deps: PropertyActionDeps,
  reservationId: number,
  amountMinor: number,
  receivedAt: Date,
  by: string,
  inside?: InsideAction<{ settledDueIds: number[]; creditMinor: number; stillDueMinor: number }>,
): Promise<{ settledDueIds: number[]; creditMinor: number; stillDueMinor: number }> {
  if (!Number.isInteger(amountMinor) || amountMinor <= 0)
    throw new PropertyActionError(
      "invalid_amount",
      "The amount must be a positive whole number of minor units",
    );
  if (Number.isNaN(receivedAt.getTime()) || receivedAt.getTime() > deps.now().getTime())
    throw new PropertyActionError("invalid_received_at", "The transfer cannot be received in the future");
  return deps.database.db.transaction(async (tx) => {
    const r = await lock(tx, reservationId);
    if (r.payment_method !== "bank_transfer")
      throw new PropertyActionError("not_a_bank_transfer", "The reservation is not paid by bank transfer");
    if (r.status === "pending_confirmation")
      throw new PropertyActionError(
        "option_not_confirmed",
        "Confirm the option before recording its payment",
      );
    if (r.status !== "confirmed")
      throw new PropertyActionError("reservation_cancelled", "The reservation is not confirmed");
    const receivedId = await insertBankTransfer(tx, {
      reservationId: r.id,
      gateway: "bank_transfer",
      gatewayRef: `transfer_${randomBytes(10).toString("hex")}`,
      kind: "bank_transfer",
      amountMinor,
      status: "received",
      createdAt: receivedAt,
    });
    const balance = await bankTransferBalance(tx, r.id);
    let credit = balance.received - balance.settled;
    const dues = await openDues(tx, r.id);
    const settled: number[] = [];
    for (const due of dues) {
      if (due.amount_minor > credit) break;
      await settleDueByTransfer(tx, due.id, receivedAt, receivedId);
      credit -= due.amount_minor;
      settled.push(due.id);
    }
    const stillDueMinor = dues.filter((d) => !settled.includes(d.id)).reduce((a, d) => a + d.amount_minor, 0);
    await writeHistory(tx, {
      reservationId: r.id,
      actor: "property",
      action: "bank_transfer_received",
      fromStatus: r.status,
      toStatus: r.status,
      details: { by, amountMinor, receivedAt: receivedAt.toISOString(), settled, creditMinor: credit },
    });
    await enqueueReservationMails(tx, r.id, {
      baseUrl: deps.baseUrl,
      now: deps.now(),
      change: { kind: "payment_received", amountMinor },
    });
    const outcome = { settledDueIds: settled, creditMinor: credit, stillDueMinor };
    if (inside) await inside(tx, { status: r.status }, outcome);
    return outcome;
  });
}
