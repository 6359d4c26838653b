/**
 * Changing a booking from the voucher (SPEC §4 "Modified", room swap; ADR 0010): `verifyDispo` and `recalc` read
 * only; `modify` confirms the previewed change in ONE transaction (the reservation locked, the rules checked
 * again, the changed parts re-priced, the old nights given back and the new ones taken with the conditional
 * update, totals, payments due, history and mails), then refunds through the gateway outside it.
 */
import { type ModificationPreview, previewModification } from "@alloggio/domain/booking/modification";
import { totalReservation } from "@alloggio/domain/booking/reservation-money";
import type {
  ModifyRequest,
  ModifyResponse,
  RecalcRequest,
  RecalcResponse,
  ReservationChange,
  VerifyDispoRequest,
  VerifyDispoResponse,
} from "@alloggio/domain/contract/booking/manage";
import { fromMinor, toMinor } from "@alloggio/domain/money/money";
import { isoToYmd, nightsBetween } from "@alloggio/domain/stay-dates/stay-dates";
import type { Database, Tx } from "../../db/client";
import { AppError } from "../../http/errors";
import type { StoredReservation } from "../booking";
import {
  chargesOf,
  type MoneyAfter,
  moneyAfter,
  type ReservationCharges,
  SoldOut,
  setStatus,
  takeInventory,
  toVoucherReservation,
  writeMoney,
} from "../booking";
import { enqueueReservationMails } from "../mail";
import { lockHolderReservation, type ManageDeps, readHolderReservation } from "./holder";
import {
  type DatesChange,
  hotelClock,
  type PricedChange,
  planMoves,
  priceAddedServices,
  priceMoves,
  refusalError,
  SwapNotAvailable,
  SwapRefused,
  swapNotAvailableError,
} from "./modify-pricing";
import {
  findChangeByKey,
  giveBackNights,
  insertHistory,
  insertServices,
  inTransaction,
  loadModifyFacts,
  moveRoom,
  repriceService,
} from "./modify-repository";
import { refundPayment } from "./refunds";

/** A change priced and previewed on the reservation as it stands, with the money it leaves. */
type Quote = { priced: PricedChange; preview: ModificationPreview; money: MoneyAfter };

/** The reservation's rooms and services as the change leaves them: moved rooms, repriced and added services. */
function chargesAfter(r: StoredReservation, priced: PricedChange): ReservationCharges {
  const charges = chargesOf(r);
  return {
    rooms: charges.rooms.map((room) => {
      const move = priced.moves.find((m) => m.id === room.id);
      if (!move) return room;
      const arrival = isoToYmd(move.arrival);
      return {
        ...room,
        roomMinor: move.totalMinor,
        arrival,
        nights: nightsBetween(arrival, isoToYmd(move.departure)),
      };
    }),
    services: [
      ...r.services.map((s) => ({
        roomId: s.roomId,
        priceMinor: priced.repriced.find((x) => x.id === s.id)?.priceMinor ?? s.priceMinor,
      })),
      ...priced.added.map((s) => ({ roomId: s.roomId, priceMinor: s.priceMinor })),
    ],
  };
}

/** Prices a change on `database` (the change's own transaction when confirming) and previews its money. */
async function quoteChange(
  deps: ManageDeps,
  database: Database,
  r: StoredReservation,
  change: ReservationChange,
): Promise<Quote> {
  const facts = await loadModifyFacts(database, r.id);
  const clock = hotelClock(r, deps.now());
  try {
    const priced =
      change.kind === "dates"
        ? await priceMoves(database, deps, r, facts, planMoves(r, facts, change, clock))
        : priceAddedServices(r, facts, change, clock);
    const before = chargesOf(r);
    const money = moneyAfter(r, chargesAfter(r, priced), deps.now());
    const preview = previewModification({
      status: r.status,
      wasMinor: totalReservation(before.rooms, before.services, r.hotel.cityTaxMinor).totalMinor,
      becomesMinor: money.totals.totalMinor,
      paidMinor: Math.max(0, r.paidMinor),
      changes: priced.lines,
      dues: money.dues,
    });
    return { priced, preview, money };
  } catch (err) {
    if (err instanceof SwapRefused) throw refusalError(err.reason);
    if (err instanceof SwapNotAvailable) throw swapNotAvailableError();
    throw err;
  }
}

/**
 * `bol/reservation/verifyDispo`: may the room (or the whole stay) move to these dates, and are they free? The
 * rooms' own nights count as free. Reads only; a refusal is an answer, not an error.
 */
export async function verifyDispo(deps: ManageDeps, req: VerifyDispoRequest): Promise<VerifyDispoResponse> {
  const r = await readHolderReservation(deps, { code: req.reservation, mail: req.mail });
  const facts = await loadModifyFacts(deps.database, r.id);
  const change: DatesChange = {
    kind: "dates",
    room: req.room,
    arrival: req.arrival,
    departure: req.departure,
  };
  let moves: ReturnType<typeof planMoves>;
  try {
    moves = planMoves(r, facts, change, hotelClock(r, deps.now()));
  } catch (err) {
    if (!(err instanceof SwapRefused)) throw err;
    return { available: false, reason: "swap_dates_not_selectable", detail: err.reason, rooms: [] };
  }
  const rooms = moves.map((m) => ({
    id: m.room.id,
    arrival: m.arrival,
    departure: m.departure,
    nights: nightsBetween(m.arrival, m.departure),
  }));
  try {
    await priceMoves(deps.database, deps, r, facts, moves);
  } catch (err) {
    if (!(err instanceof SwapNotAvailable)) throw err;
    return { available: false, reason: "swap_not_available", detail: null, rooms };
  }
  return { available: true, reason: null, detail: null, rooms };
}

function toRecalcResponse(r: StoredReservation, quote: Quote): RecalcResponse {
  const money = (minor: number) => fromMinor(minor, r.decimalDigits);
  const p = quote.preview;
  return {
    currency: r.currency,
    alreadyDebited: money(p.alreadyDebitedMinor),
    was: money(p.wasMinor),
    becomes: money(p.becomesMinor),
    difference: money(p.differenceMinor),
    payNow: money(p.payNowMinor),
    payLater: money(p.payLaterMinor),
    payAtHotel: money(p.payAtHotelMinor),
    refund: money(p.refundMinor),
    rooms: p.lines.map((line, i) => ({
      id: line.roomId,
      was: money(line.wasMinor),
      becomes: money(line.becomesMinor),
      difference: money(line.differenceMinor),
      arrival: quote.priced.lines[i]?.arrival ?? null,
      departure: quote.priced.lines[i]?.departure ?? null,
    })),
    nextStatus: p.nextStatus,
  };
}

/** `bol/reservation/:code/recalc`: the preview of a change, "already debited / was / becomes". Reads only. */
export async function recalcChange(
  deps: ManageDeps,
  code: string,
  req: RecalcRequest,
): Promise<RecalcResponse> {
  const r = await readHolderReservation(deps, { code, mail: req.mail });
  return toRecalcResponse(r, await quoteChange(deps, deps.database, r, req.change));
}

/** Writes a priced change in the caller's transaction; the reservation is locked. */
async function applyChange(tx: Tx, r: StoredReservation, quote: Quote): Promise<void> {
  const { priced, money } = quote;
  if (priced.moves.length > 0) {
    // Old nights back first, so a swap that overlaps its own nights finds them free; then the new ones, guarded.
    await giveBackNights(
      tx,
      priced.moves.map((m) => m.id),
    );
    try {
      await takeInventory(
        tx,
        priced.moves.map((m) => ({
          roomTypeId: m.roomTypeId,
          arrival: isoToYmd(m.arrival),
          departure: isoToYmd(m.departure),
        })),
      );
    } catch (err) {
      if (err instanceof SoldOut) throw swapNotAvailableError();
      throw err;
    }
    for (const move of priced.moves) await moveRoom(tx, move);
    for (const service of priced.repriced) await repriceService(tx, service);
  }
  await insertServices(tx, r.id, priced.added);

  const stays = r.rooms
    .filter((room) => room.status !== "C")
    .map((room) => priced.moves.find((m) => m.id === room.id) ?? room);
  // The stay runs from the first active room's arrival to the last one's departure (ISO dates sort as text).
  const arrival = stays.length > 0 ? stays.map((s) => s.arrival).sort()[0]! : r.arrival;
  const departure =
    stays.length > 0
      ? stays
          .map((s) => s.departure)
          .sort()
          .at(-1)!
      : r.departure;
  // Totals, city tax and what is due as the rows now make them: the preview's figures, written.
  await writeMoney(tx, r.id, money, { arrival, departure });
}

function dropped(): never {
  throw new AppError("already_cancelled", 409, "The reservation changed meanwhile: reload it", [
    { field: "reservation", message: "changed" },
  ]);
}

/**
 * `bol/reservation/:code/modify`: confirms the previewed change (`expectedBecomes`, else `prices_changed`) or
 * drops it (history only). Exactly once per Idempotency-Key even if the process dies after the commit: the key
 * is written in the change's history row and looked for under the lock.
 */
export async function modifyReservation(
  deps: ManageDeps,
  code: string,
  req: ModifyRequest,
  idempotencyKey: string,
  baseUrl: string,
): Promise<ModifyResponse> {
  const key = { code, mail: req.mail };
  const result = await deps.database.db.transaction(async (tx) => {
    const r = await lockHolderReservation(deps, tx, key);
    const earlier = await findChangeByKey(tx, r.id, idempotencyKey);
    if (earlier)
      return {
        payNowMinor: Number(earlier.payNow ?? 0),
        refundMinor: Number(earlier.refund ?? 0),
        refundId: typeof earlier.refundId === "number" ? earlier.refundId : null,
      };
    if (req.action === "cancel") {
      await insertHistory(tx, {
        reservationId: r.id,
        action: "modify_dropped",
        fromStatus: r.status,
        toStatus: r.status,
        details: { idempotencyKey, change: req.change ?? null },
      });
      return { payNowMinor: 0, refundMinor: 0, refundId: null };
    }
    const quote = await quoteChange(deps, inTransaction(deps.database, tx), r, req.change);
    const { preview } = quote;
    if (toMinor(req.expectedBecomes, r.decimalDigits) !== preview.becomesMinor)
      throw new AppError("prices_changed", 409, "The price has changed: please look at the change again", [
        { field: "expectedBecomes", message: "the price is no longer the one shown" },
      ]);
    await applyChange(tx, r, quote);
    const refundId =
      preview.refundMinor > 0 ? await refundPayment.record(tx, r.id, preview.refundMinor, deps.now()) : null;
    const details = {
      idempotencyKey,
      event: preview.payNowMinor > 0 ? "modify_payment_due" : "modify",
      change: req.change,
      was: preview.wasMinor,
      becomes: preview.becomesMinor,
      difference: preview.differenceMinor,
      alreadyDebited: preview.alreadyDebitedMinor,
      payNow: preview.payNowMinor,
      payLater: preview.payLaterMinor,
      refund: preview.refundMinor,
      refundId,
      rooms: quote.priced.lines,
      fromStatus: r.status,
    };
    if (preview.nextStatus !== r.status) {
      if (!(await setStatus(tx, r.id, [r.status], preview.nextStatus, "modify", details, "guest"))) dropped();
    } else
      await insertHistory(tx, {
        reservationId: r.id,
        action: "modify",
        fromStatus: r.status,
        toStatus: r.status,
        details,
      });
    await enqueueReservationMails(tx, r.id, {
      baseUrl,
      now: deps.now(),
      change: {
        kind: "modified",
        rooms: quote.priced.moves.map((m) => ({
          id: m.id,
          was: r.rooms.find((room) => room.id === m.id) ?? m,
          becomes: m,
        })),
        servicesAdded: quote.priced.added,
        wasMinor: preview.wasMinor,
        becomesMinor: preview.becomesMinor,
        payNowMinor: preview.payNowMinor,
        refundMinor: preview.refundMinor,
      },
    });
    return { payNowMinor: preview.payNowMinor, refundMinor: preview.refundMinor, refundId };
  });
  if (result.refundId !== null) await refundPayment.send(deps, result.refundId);
  const after = await readHolderReservation(deps, key);
  return {
    reservation: toVoucherReservation(after, req.language ?? after.languageId),
    payNow: fromMinor(result.payNowMinor, after.decimalDigits),
    refund: fromMinor(result.refundMinor, after.decimalDigits),
  };
}
