/**
 * The price of a change (ADR 0010): a room at its new dates with its services, by the booking's own pricing
 * (`priceBooking`, the room's current nights counted as free), or the services added, priced as
 * `serviceAvail.do` and the booking price them. Reads only; the caller writes.
 */

import type { HotelClock } from "@alloggio/domain/booking/cancellation";
import {
  checkModification,
  type ModificationRefusal,
  type PriceChange,
  planDateSwap,
  type ReservationToModify,
  type SwapDatesRefusal,
} from "@alloggio/domain/booking/modification";
import { checkServiceChoice, priceService } from "@alloggio/domain/booking/services";
import type { GuestDataRequest } from "@alloggio/domain/contract/booking/guestdata";
import type { ReservationChange } from "@alloggio/domain/contract/booking/manage";
import {
  addDays,
  isoToYmd,
  listNights,
  nightsBetween,
  type Ymd,
  ymdToIso,
} from "@alloggio/domain/stay-dates/stay-dates";
import type { Database } from "../../db/client";
import type { BookedFlights } from "../../db/schema";
import { AppError, badInput } from "../../http/errors";
import type { StoredReservation } from "../booking";
import { type HeldNight, priceBooking } from "../booking";
import { roomTermsOf } from "./cancel";
import { refused } from "./holder";
import type { AddedService, CatalogueEntry, ModifyFacts } from "./modify-repository";

type Room = StoredReservation["rooms"][number];
type Service = StoredReservation["services"][number];

/** A change priced: its lines for the preview and everything the confirmation writes. */
export type PricedChange = {
  lines: (PriceChange & { arrival: Ymd | null; departure: Ymd | null })[];
  /** Rooms that move (date swap), with their new dates (ISO) and prices. */
  moves: {
    id: number;
    roomTypeId: number;
    adults: number;
    arrival: string;
    departure: string;
    nightlyMinor: number[];
    /** Nights and flights: a fly & stay room takes the flights of its new dates. */
    totalMinor: number;
    wasTotalMinor: number;
    flights: BookedFlights | null;
    flightMinor: number;
  }[];
  /** Booked services re-priced with a move (their day moved with the room). */
  repriced: { id: number; priceMinor: number; wasMinor: number; day: string | null }[];
  /** Services added. */
  added: AddedService[];
};

/** Why a date swap cannot be made: the refusal of the change, or dates the rate does not allow. */
export class SwapRefused extends Error {
  constructor(
    readonly reason: ModificationRefusal | SwapDatesRefusal,
    readonly roomId: number | undefined,
  ) {
    super(reason);
  }
}

/** No room for the new dates (counting the room's own nights as free). */
export class SwapNotAvailable extends Error {}

const SWAP_DATE_REFUSALS: ReadonlySet<string> = new Set<SwapDatesRefusal>([
  "same_dates",
  "in_the_past",
  "departure_not_after_arrival",
  "below_min_stay",
  "above_max_stay",
]);

export function isSwapDatesRefusal(reason: string): reason is SwapDatesRefusal {
  return SWAP_DATE_REFUSALS.has(reason);
}

const REFUSAL_ANSWERS: Record<ModificationRefusal, [code: string, message: string]> = {
  reservation_cancelled: ["already_cancelled", "The reservation is cancelled"],
  room_cancelled: ["already_cancelled", "The room is cancelled"],
  room_not_found: ["already_cancelled", "The room is not part of this reservation"],
  payment_pending: ["payment_pending", "A payment or authorisation is waiting: pay or authorise first"],
  resellable: ["resellable", "A resellable rate cannot be changed"],
  stay_started: ["stay_started", "The stay has begun: the hotel can change it"],
  after_deadline: ["after_deadline", "Dates can be changed only while cancellation is free"],
  non_refundable: ["non_refundable", "A non-refundable rate keeps its dates"],
};

/** The HTTP answer to a refused change: 409 with the reason as its code; dates not selectable 422 (SPEC §8). */
export function refusalError(reason: ModificationRefusal | SwapDatesRefusal): AppError {
  if (isSwapDatesRefusal(reason))
    return new AppError("swap_dates_not_selectable", 422, "Room swap dates not selectable", [
      { field: "change.arrival", message: reason },
    ]);
  const [code, message] = REFUSAL_ANSWERS[reason];
  return refused(code, message, reason === "room_not_found" ? "change.room" : "reservation");
}

export function swapNotAvailableError(): AppError {
  return new AppError("swap_not_available", 409, "Room swap: no availability for these dates", [
    { field: "change.arrival", message: "not available" },
  ]);
}

export function hotelClock(r: StoredReservation, now: Date): HotelClock {
  return { timeZone: r.hotel.timeZone, now, arrivalDayCutoff: r.hotel.checkInUntil };
}

/** The reservation as the modification rules read it. */
export function toModifyInput(r: StoredReservation, facts: ModifyFacts): ReservationToModify {
  return {
    status: r.status,
    rooms: r.rooms.map((room) => {
      const rate = facts.rates.find((x) => x.id === room.ratePlanId);
      return {
        ...roomTermsOf(room),
        status: room.status === "C" || room.status === "W" ? room.status : "A",
        departure: isoToYmd(room.departure),
        minStay: rate?.minStay ?? 1,
        maxStay: rate?.maxStay ?? null,
      };
    }),
  };
}

export type DatesChange = Extract<ReservationChange, { kind: "dates" }>;
export type ServicesChange = Extract<ReservationChange, { kind: "services" }>;

/** The rooms a date swap moves (those whose dates differ), or why it cannot be made (throws `SwapRefused`). */
export function planMoves(
  r: StoredReservation,
  facts: ModifyFacts,
  change: DatesChange,
  clock: HotelClock,
): { room: Room; arrival: Ymd; departure: Ymd }[] {
  const plan = planDateSwap(
    toModifyInput(r, facts),
    { arrival: change.arrival, departure: change.departure, roomId: change.room },
    clock,
  );
  if (!plan.allowed) throw new SwapRefused(plan.reason, plan.roomId);
  return plan.rooms.flatMap((planned) => {
    const room = r.rooms.find((x) => x.id === planned.id)!;
    const moves =
      isoToYmd(room.arrival) !== planned.arrival || isoToYmd(room.departure) !== planned.departure;
    return moves ? [{ room, arrival: planned.arrival, departure: planned.departure }] : [];
  });
}

/** A dated service keeps its place in the stay: moved by the arrival's shift, kept within the new nights. */
function shiftDay(day: string | null, from: Ymd, arrival: Ymd, departure: Ymd): Ymd | undefined {
  if (!day) return undefined;
  const shifted = addDays(isoToYmd(day), nightsBetween(from, arrival));
  const last = addDays(departure, -1);
  // Ymd strings sort as dates.
  return [arrival, shifted, last].sort()[1]!;
}

/** What `priceBooking` reads of a request. */
type StayRequest = Pick<
  GuestDataRequest,
  | "hotel"
  | "channel"
  | "language"
  | "arrival"
  | "departure"
  | "rooms"
  | "services"
  | "promoCode"
  | "customer"
  | "rlId"
  | "package"
  | "airport"
>;

/**
 * Prices the moves of a date swap with the booking's own pricing: every moving room at its new dates with its
 * services (and, when every active room moves, the whole booking's services), the rooms' current nights counted as
 * free. Throws `SwapNotAvailable` when the rooms cannot be had for the new dates.
 */
export async function priceMoves(
  database: Database,
  deps: { now: () => Date; overrideSecret: string },
  r: StoredReservation,
  facts: ModifyFacts,
  moves: { room: Room; arrival: Ymd; departure: Ymd }[],
): Promise<PricedChange> {
  const first = moves[0];
  if (!first) throw new Error("priceMoves: nothing moves");
  const { arrival, departure } = first;
  const active = r.rooms.filter((room) => room.status !== "C");
  const isWholeStay = active.every((room) => moves.some((m) => m.room.id === room.id));
  const oldArrival = isoToYmd(r.arrival);
  const chosen: { service: Service; slot: number | null; date: Ymd | undefined }[] = [];
  moves.forEach((move, slot) => {
    for (const service of r.services.filter((s) => s.roomId === move.room.id))
      chosen.push({
        service,
        slot,
        date: shiftDay(service.day, isoToYmd(move.room.arrival), arrival, departure),
      });
  });
  if (isWholeStay)
    for (const service of r.services.filter((s) => s.roomId === null))
      chosen.push({ service, slot: null, date: shiftDay(service.day, oldArrival, arrival, departure) });
  // The booking passed its mandatory categories; a part priced alone must not fail them: one stand-in each.
  const covered = new Set(
    chosen.map((c) => facts.catalogue.find((s) => s.id === c.service.serviceId)?.categoryId),
  );
  const standIns: CatalogueEntry[] = [];
  for (const entry of facts.catalogue)
    if (entry.categoryMandatory && !covered.has(entry.categoryId)) {
      covered.add(entry.categoryId);
      standIns.push(entry);
    }
  const request: StayRequest = {
    hotel: r.hotel.id,
    channel: r.channelId,
    language: r.languageId,
    arrival,
    departure,
    promoCode: r.promoCode ?? undefined,
    customer: facts.customerId ?? undefined,
    rlId: facts.reservationLinkId ?? undefined,
    // A package's rooms move inside the package, and its flights with them (or the change is refused).
    package: facts.packageId ?? undefined,
    airport: facts.airport ?? undefined,
    rooms: moves.map((move, slot) => ({
      slot,
      roomId: move.room.roomTypeId,
      rateId: move.room.ratePlanId,
      adults: move.room.adults,
      ages: move.room.childAges,
      refundProtection: false,
    })),
    services: [
      ...chosen.map((c) => ({
        serviceId: c.service.serviceId,
        slot: c.slot,
        quantity: c.service.quantity,
        date: c.date,
        timeSlot: c.service.timeSlot ?? undefined,
        transfer: c.service.transfer ?? undefined,
      })),
      ...standIns.map((s) => ({
        serviceId: s.id,
        slot: null,
        quantity: 1,
        date: s.needsDate ? arrival : undefined,
        timeSlot: undefined,
        transfer: undefined,
      })),
    ] as GuestDataRequest["services"],
  };
  const heldNights: HeldNight[] = moves.flatMap((move) =>
    listNights(isoToYmd(move.room.arrival), isoToYmd(move.room.departure)).map((day) => ({
      roomTypeId: move.room.roomTypeId,
      day,
    })),
  );
  let priced: Awaited<ReturnType<typeof priceBooking>>;
  try {
    priced = await priceBooking(database, request as GuestDataRequest, deps, { heldNights });
  } catch (err) {
    if (err instanceof AppError && err.code === "sold_out") throw new SwapNotAvailable();
    throw err;
  }
  const repriced = chosen.map((c, i) => ({
    id: c.service.id,
    roomId: c.service.roomId,
    priceMinor: priced.services[i]!.priceMinor,
    wasMinor: c.service.priceMinor,
    day: c.date ? ymdToIso(c.date) : null,
  }));
  const servicesOf = (roomId: number | null) => repriced.filter((s) => s.roomId === roomId);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const lines: PricedChange["lines"] = moves.map((move, slot) => ({
    roomId: move.room.id,
    wasMinor: move.room.totalMinor + sum(servicesOf(move.room.id).map((s) => s.wasMinor)),
    becomesMinor: priced.rooms[slot]!.totalMinor + sum(servicesOf(move.room.id).map((s) => s.priceMinor)),
    arrival,
    departure,
  }));
  const shared = servicesOf(null);
  if (shared.length > 0)
    lines.push({
      roomId: null,
      wasMinor: sum(shared.map((s) => s.wasMinor)),
      becomesMinor: sum(shared.map((s) => s.priceMinor)),
      arrival: null,
      departure: null,
    });
  return {
    lines,
    moves: moves.map((move, slot) => ({
      id: move.room.id,
      roomTypeId: move.room.roomTypeId,
      adults: move.room.adults,
      arrival: ymdToIso(arrival),
      departure: ymdToIso(departure),
      nightlyMinor: priced.rooms[slot]!.nightly,
      totalMinor: priced.rooms[slot]!.totalMinor,
      wasTotalMinor: move.room.totalMinor,
      flights: priced.rooms[slot]!.flights,
      flightMinor: priced.rooms[slot]!.flightMinor,
    })),
    repriced: repriced.map(({ roomId: _roomId, ...s }) => s),
    added: [],
  };
}

/**
 * Checks and prices services to add (ADR 0010: until the end of the arrival day), as the booking prices them: a
 * service for a room counts that room's guests and nights, one for the whole booking every active room's guests
 * and the stay's nights; free when the rate of every room it is for includes it.
 */
export function priceAddedServices(
  r: StoredReservation,
  facts: ModifyFacts,
  change: ServicesChange,
  clock: HotelClock,
): PricedChange {
  const input = toModifyInput(r, facts);
  const targets = [...new Set(change.services.map((s) => s.room ?? null))];
  for (const target of targets) {
    const check = checkModification(input, "services", clock, target ?? undefined);
    if (!check.allowed) throw new SwapRefused(check.reason, check.roomId);
  }
  const active = r.rooms.filter((room) => room.status !== "C");
  const added = change.services.map((choice, i) => {
    const field = `change.services.${i}`;
    const entry = facts.catalogue.find((s) => s.id === choice.serviceId);
    if (!entry) throw badInput(`${field}.serviceId`, "unknown service");
    const rooms = choice.room == null ? active : active.filter((room) => room.id === choice.room);
    const stay =
      choice.room == null
        ? { arrival: isoToYmd(r.arrival), departure: isoToYmd(r.departure) }
        : { arrival: isoToYmd(rooms[0]!.arrival), departure: isoToYmd(rooms[0]!.departure) };
    const issue = checkServiceChoice(
      { needsDate: entry.needsDate, timeSlots: entry.timeSlots, maxQuantity: entry.maxQuantity },
      { quantity: choice.quantity, date: choice.date, timeSlot: choice.timeSlot },
      stay,
    )[0];
    if (issue) throw badInput(`${field}.${issue.field}`, issue.code);
    const included = rooms.every((room) =>
      facts.rates.find((rate) => rate.id === room.ratePlanId)?.includedServiceIds.includes(entry.id),
    );
    const priceMinor = priceService(
      {
        pricingBasis: entry.pricingBasis,
        perNight: entry.perNight,
        priceMinor: included ? 0 : entry.priceMinor,
        mandatoryFor: entry.mandatoryFor,
      },
      {
        quantity: choice.quantity,
        adults: rooms.reduce((a, room) => a + room.adults, 0),
        children: rooms.reduce((a, room) => a + room.childAges.length, 0),
        nights: nightsBetween(stay.arrival, stay.departure),
      },
    );
    return {
      roomId: choice.room ?? null,
      serviceId: entry.id,
      quantity: choice.quantity,
      day: choice.date ? ymdToIso(choice.date) : null,
      timeSlot: choice.timeSlot ?? null,
      priceMinor,
      transfer: entry.isTransfer ? (choice.transfer ?? null) : null,
    };
  });
  const lines = targets.map((target) => {
    const room = target === null ? undefined : r.rooms.find((x) => x.id === target);
    return {
      roomId: target,
      wasMinor: 0,
      becomesMinor: added.filter((s) => s.roomId === target).reduce((a, s) => a + s.priceMinor, 0),
      arrival: room ? isoToYmd(room.arrival) : null,
      departure: room ? isoToYmd(room.departure) : null,
    };
  });
  return { lines, moves: [], repriced: [], added };
}
