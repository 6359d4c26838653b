import {
  allotmentCoversSold,
  applyInventoryOperation,
  applyPriceOperation,
  applyRestrictionOperation,
  daysInRange,
  effectiveStay,
  type InventoryValues,
  MAX_BULK_DAYS,
  NO_RESTRICTION,
  type RestrictionValues,
  sameRestriction,
  spanDays,
  stayRangeValid,
} from "@alloggio/domain/backoffice/daily-values";
import type {
  BulkResult,
  BulkUpdateSchema,
  Calendar,
  CalendarQuery,
  CellEdit,
  CellEditResult,
} from "@alloggio/domain/contract/backoffice/rates";
import { addDays, isoToYmd, todayInZone, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import type { LocalizedText } from "../../../db/schema";
import { AppError, badInput, notFound } from "../../../http/errors";
import type { Staff } from "../access";
import { audit } from "../audit";
import type { BackOfficeDeps } from "../deps";
import {
  type ChildPriceRow,
  deleteChildPrices,
  deletePrices,
  deleteRestrictions,
  findAgeGroupsOfHotel,
  findCalendarRow,
  findChildPrices,
  findInventoryNights,
  findPricedRoomTypesOfRatePlans,
  findPrices,
  findRatePlansOfHotel,
  findRestrictionNights,
  findRoomTypesOfHotel,
  lockInventoryNight,
  lockPrice,
  lockRestrictionNight,
  type RatePlanRef,
  type RatesExecutor,
  type RestrictionRow,
  type RoomTypeRef,
  upsertChildPrices,
  upsertInventory,
  upsertPrices,
  upsertRestrictions,
} from "./repository";

// The rates and availability calendar (ADR 0028). It reads and writes exactly the tables the guest search
// reads (inventory, price, restriction), which keeps no cache: a change shows in the next search.

type Tx = RatesExecutor;

/**
 * The window `from` + `days` of a hotel in ONE statement: per room type its inventory nights, per rate plan its
 * restriction nights, per rate plan × room type that has prices (or whose room type or rate plan has none yet) its
 * price per occupancy, each as one array entry per day (a generate_series of the days, left-joined).
 */
export async function readCalendar(db: Db, hotelId: number, q: CalendarQuery, now: Date): Promise<Calendar> {
  const row = await findCalendarRow(db, hotelId, q.from, q.days);
  if (!row) throw notFound("hotelId", "No such hotel");
  const start = isoToYmd(q.from);
  const days = Array.from({ length: q.days }, (_, i) => ymdToIso(addDays(start, i)));
  const roomTypes = row.room_types.map((r) => {
    const allotment = r.allotment.map((a) => a ?? null);
    const sold = r.sold.map((s) => s ?? 0);
    return {
      id: r.id,
      code: r.code,
      name: r.name,
      maxOccupancy: r.max_occupancy,
      allotment,
      sold,
      free: allotment.map((a, i) => Math.max(0, (a ?? 0) - (sold[i] ?? 0))),
      closed: r.closed.map((c) => c ?? false),
    };
  });
  const byRoomType = new Map(roomTypes.map((r) => [r.id, r]));
  return {
    hotelId,
    currency: { code: row.currency_code, decimalDigits: row.decimal_digits },
    from: q.from,
    days,
    today: ymdToIso(todayInZone(now, row.time_zone)),
    roomTypes,
    ratePlans: row.rate_plans.map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      minStay: p.min_stay,
      maxStay: p.max_stay,
      dayMinStay: p.day_min.map((v) => v ?? null),
      dayMaxStay: p.day_max.map((v) => v ?? null),
      closedToArrival: p.cta.map((v) => v ?? false),
      closedToDeparture: p.ctd.map((v) => v ?? false),
    })),
    rates: row.rates.map((r) => {
      const room = byRoomType.get(r.room_type_id);
      const prices = r.prices.map((p) => ({ adults: p.adults, amounts: p.amounts.map((a) => a ?? null) }));
      return {
        roomTypeId: r.room_type_id,
        ratePlanId: r.rate_plan_id,
        prices,
        closed: days.map(
          (_, i) =>
            !room ||
            room.closed[i] === true ||
            room.allotment[i] === null ||
            prices.every((p) => p.amounts[i] === null),
        ),
      };
    }),
  };
}

/** The hotel's room types among `ids`; 404 naming `field` for any id that is not one of them (another hotel's). */
async function roomTypesOf(
  db: Tx,
  hotelId: number,
  ids: readonly number[],
  field: string,
): Promise<RoomTypeRef[]> {
  if (ids.length === 0) return [];
  const found = await findRoomTypesOfHotel(db, hotelId, ids);
  const missing = ids.find((id) => !found.some((r) => r.id === id));
  if (missing !== undefined) throw notFound(field, `No room type ${missing} in this hotel`);
  return found;
}

async function ratePlansOf(
  db: Tx,
  hotelId: number,
  ids: readonly number[],
  field: string,
): Promise<RatePlanRef[]> {
  if (ids.length === 0) return [];
  const found = await findRatePlansOfHotel(db, hotelId, ids);
  const missing = ids.find((id) => !found.some((r) => r.id === id));
  if (missing !== undefined) throw notFound(field, `No rate plan ${missing} in this hotel`);
  return found;
}

/** 409 below_sold, naming the room type (its name in every language), the day and the rooms sold for the page. */
export const belowSold = (
  room: Pick<RoomTypeRef, "id" | "name">,
  day: string,
  allotment: number,
  sold: number,
) =>
  new AppError(
    "below_sold",
    409,
    `allotment: ${allotment} is below the ${sold} room(s) of room type ${room.id} already sold on ${day}`,
    [
      {
        field: "allotment",
        message: `room type ${room.id} on ${day}: ${sold} sold`,
        params: { roomType: room.name, day, sold, allotment },
      },
    ],
  );

const stayConflict = (ratePlanId: number, day: string) =>
  badInput("minStay", `the minimum stay of rate plan ${ratePlanId} on ${day} would exceed its maximum stay`);

function checkStay(plan: RatePlanRef, day: string, values: RestrictionValues): void {
  const stay = effectiveStay({ minStay: plan.min_stay, maxStay: plan.max_stay }, values);
  if (!stayRangeValid(stay.minStay, stay.maxStay)) throw stayConflict(plan.id, day);
}

const restrictionOf = (r: RestrictionRow | undefined): RestrictionValues | null =>
  r
    ? {
        closedToArrival: r.closed_to_arrival,
        closedToDeparture: r.closed_to_departure,
        minStay: r.min_stay,
        maxStay: r.max_stay,
      }
    : null;

async function writeInventory(tx: Tx, list: { roomTypeId: number; day: string; v: InventoryValues }[]) {
  if (list.length === 0) return;
  await upsertInventory(tx, list);
}

async function writePrices(
  tx: Tx,
  list: { roomTypeId: number; ratePlanId: number; day: string; adults: number; amount: number | null }[],
) {
  const upserts = list.filter((c) => c.amount !== null);
  const deletes = list.filter((c) => c.amount === null);
  if (upserts.length > 0) await upsertPrices(tx, upserts);
  if (deletes.length > 0) await deletePrices(tx, deletes);
}

/** Restriction nights equal to "no restriction" are deleted (the table is sparse), the others upserted. */
async function writeRestrictions(tx: Tx, list: { ratePlanId: number; day: string; v: RestrictionValues }[]) {
  const upserts = list.filter((c) => !sameRestriction(c.v, NO_RESTRICTION));
  const deletes = list.filter((c) => sameRestriction(c.v, NO_RESTRICTION));
  if (upserts.length > 0) await upsertRestrictions(tx, upserts);
  if (deletes.length > 0) await deleteRestrictions(tx, deletes);
}

/** A night whose allotment was asked below the rooms already sold: it got the rooms sold (sold out) instead. */
export type SoldOutNight = { roomTypeId: number; day: string; asked: number; sold: number };

/**
 * Allotments set from outside the calendar (a PMS's AlpineBits FreeRooms push, ADR 0078), in the caller's
 * transaction, through the calendar's own rules and writes: the nights are locked, each computed with
 * `applyInventoryOperation` (a new night opens, `closed` is kept) and written with the calendar's inventory write,
 * so the search sees them at once. Where an allotment is below the rooms sold the night gets the rooms sold and
 * is answered in `soldOut`, never refused: a PMS cannot undo a sale, and the whole message must still apply.
 */
export async function setAllotments(
  tx: Tx,
  nights: readonly { roomTypeId: number; day: string; allotment: number }[],
): Promise<{ changed: number; soldOut: SoldOutNight[] }> {
  if (nights.length === 0) return { changed: 0, soldOut: [] };
  const roomTypeIds = [...new Set(nights.map((n) => n.roomTypeId))];
  const days = nights.map((n) => n.day).sort();
  const existing = await findInventoryNights(tx, roomTypeIds, days[0] as string, days.at(-1) as string, true);
  const byKey = new Map(existing.map((r) => [`${r.room_type_id}:${r.day}`, r]));
  const changes: { roomTypeId: number; day: string; v: InventoryValues }[] = [];
  const soldOut: SoldOutNight[] = [];
  for (const night of nights) {
    const row = byKey.get(`${night.roomTypeId}:${night.day}`);
    const current = row ? { allotment: row.allotment, sold: row.sold, closed: row.closed } : null;
    let next = applyInventoryOperation(current, { allotment: night.allotment });
    if (!next) continue;
    if (!allotmentCoversSold(next.allotment, next.sold)) {
      soldOut.push({ roomTypeId: night.roomTypeId, day: night.day, asked: night.allotment, sold: next.sold });
      next = applyInventoryOperation(current, { allotment: next.sold }) ?? next;
    }
    if (current && current.allotment === next.allotment && current.closed === next.closed) continue;
    changes.push({ roomTypeId: night.roomTypeId, day: night.day, v: next });
  }
  await writeInventory(tx, changes);
  return { changed: changes.length, soldOut };
}

/** The stored nights of those room types from `from` on (the caller's transaction, locked): a complete set's scope. */
export async function storedNightsFrom(tx: Tx, roomTypeIds: readonly number[], from: string) {
  if (roomTypeIds.length === 0) return [];
  return findInventoryNights(tx, roomTypeIds, from, "9999-12-31", true);
}

/** A room type's days (`from`..`to`, inclusive) whose prices a `replaceRateNights` call replaces. */
export type PriceScope = { roomTypeId: number; from: string; to: string };

export type RateNights = {
  ratePlanId: number;
  /** Room types × days whose adults' and children's prices are replaced: a price not given there is deleted. */
  priceScope: PriceScope[];
  prices: { roomTypeId: number; day: string; adults: number; amount: number }[];
  childPrices: { roomTypeId: number; day: string; ageGroupId: number; amount: number }[];
  /** Days whose restriction night is replaced: a day not given there gets none. */
  restrictionScope: { from: string; to: string }[];
  restrictions: { day: string; v: RestrictionValues }[];
};

/** The hotel's age groups, as the children's prices name them. */
export async function ageGroupsOf(tx: Tx, hotelId: number) {
  return (await findAgeGroupsOfHotel(tx, hotelId)).map((g) => ({ id: g.id, min: g.min_age, max: g.max_age }));
}

type DayRange = { from: string; to: string };

/** Whether a day is in any of the ranges: merged once, then a binary search (a message may send a Rate a night). */
function scopeTest(ranges: readonly DayRange[]): (day: string) => boolean {
  const merged: DayRange[] = [];
  for (const r of [...ranges].sort((a, b) => a.from.localeCompare(b.from))) {
    const last = merged.at(-1);
    if (last && r.from <= last.to) {
      if (r.to > last.to) last.to = r.to;
    } else merged.push({ ...r });
  }
  return (day) => {
    let lo = 0;
    let hi = merged.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = merged[mid] as DayRange;
      if (day < r.from) hi = mid - 1;
      else if (day > r.to) lo = mid + 1;
      else return true;
    }
    return false;
  };
}

/**
 * Rate plans' nights set from outside the calendar (a PMS's AlpineBits RatePlans push, ADR 0080), in the caller's
 * transaction, with the calendar's rules and writes: the rooms and rates must be the hotel's, an adult count within
 * the room's occupancy, every restriction night's stay limits consistent with its rate's (400 naming the field
 * otherwise, and the caller's transaction is rolled back). Within the scopes, the stored prices, children's prices
 * and restriction nights become exactly the given ones; the rest is left alone. Rows of all the rate plans are read
 * locked and written in batches: a statement per kind for the whole list, never one per night or per rate plan.
 */
export async function replaceRateNights(
  tx: Tx,
  hotelId: number,
  list: readonly RateNights[],
): Promise<{ changed: { price: number; childPrice: number; restriction: number } }> {
  const none = { changed: { price: 0, childPrice: 0, restriction: 0 } };
  if (list.length === 0) return none;
  const planIds = [...new Set(list.map((n) => n.ratePlanId))];
  if (planIds.length !== list.length) throw badInput("ratePlanId", "each rate plan once");
  const plans = new Map((await ratePlansOf(tx, hotelId, planIds, "ratePlanId")).map((p) => [p.id, p]));
  const roomIds = [
    ...new Set(
      list.flatMap((n) => [
        ...n.priceScope.map((s) => s.roomTypeId),
        ...n.prices.map((p) => p.roomTypeId),
        ...n.childPrices.map((p) => p.roomTypeId),
      ]),
    ),
  ];
  const rooms = new Map((await roomTypesOf(tx, hotelId, roomIds, "roomTypeId")).map((r) => [r.id, r]));
  for (const n of list)
    for (const p of n.prices) {
      const room = rooms.get(p.roomTypeId);
      if (room && p.adults > room.max_occupancy)
        throw badInput("adults", `at most ${room.max_occupancy} for room type ${room.id}`);
    }
  if (list.some((n) => n.childPrices.length > 0)) {
    const groups = new Set((await ageGroupsOf(tx, hotelId)).map((g) => g.id));
    for (const n of list)
      for (const c of n.childPrices)
        if (!groups.has(c.ageGroupId))
          throw notFound("ageGroupId", `No age group ${c.ageGroupId} in this hotel`);
  }

  // The scopes, by rate plan and room type.
  const priceScopes = new Map<string, (day: string) => boolean>();
  const restrictionScopes = new Map<number, (day: string) => boolean>();
  for (const n of list) {
    const byRoom = new Map<number, PriceScope[]>();
    for (const s of n.priceScope) {
      const ranges = byRoom.get(s.roomTypeId);
      if (ranges) ranges.push(s);
      else byRoom.set(s.roomTypeId, [s]);
    }
    for (const [roomId, ranges] of byRoom) priceScopes.set(`${n.ratePlanId}:${roomId}`, scopeTest(ranges));
    restrictionScopes.set(n.ratePlanId, scopeTest(n.restrictionScope));
  }
  const inPriceScope = (planId: number, roomId: number, day: string) =>
    priceScopes.get(`${planId}:${roomId}`)?.(day) ?? false;
  for (const n of list) {
    for (const p of [...n.prices, ...n.childPrices])
      if (!inPriceScope(n.ratePlanId, p.roomTypeId, p.day))
        throw badInput("day", `room type ${p.roomTypeId} on ${p.day} is outside the nights being replaced`);
    const inScope = restrictionScopes.get(n.ratePlanId) as (day: string) => boolean;
    for (const r of n.restrictions)
      if (!inScope(r.day)) throw badInput("day", `${r.day} is outside the restriction nights being replaced`);
  }
  const span = (days: string[]) => {
    const sorted = days.sort();
    return sorted.length === 0 ? null : { from: sorted[0] as string, to: sorted.at(-1) as string };
  };

  const priceChanges: Parameters<typeof writePrices>[1] = [];
  const childChanges: {
    roomTypeId: number;
    ratePlanId: number;
    day: string;
    ageGroupId: number;
    amount: number | null;
  }[] = [];
  const priceSpan = span(list.flatMap((n) => n.priceScope.flatMap((s) => [s.from, s.to])));
  const scopedRooms = [...new Set(list.flatMap((n) => n.priceScope.map((s) => s.roomTypeId)))];
  if (priceSpan && scopedRooms.length > 0) {
    const wanted = new Map<string, number>();
    for (const n of list)
      for (const p of n.prices) wanted.set(`${n.ratePlanId}:${p.roomTypeId}:${p.day}:${p.adults}`, p.amount);
    for (const r of await findPrices(tx, scopedRooms, planIds, priceSpan.from, priceSpan.to, true)) {
      if (!inPriceScope(r.rate_plan_id, r.room_type_id, r.day)) continue;
      const key = `${r.rate_plan_id}:${r.room_type_id}:${r.day}:${r.adults}`;
      const next = wanted.get(key) ?? null;
      wanted.delete(key);
      if (next === r.amount_minor) continue;
      priceChanges.push({
        roomTypeId: r.room_type_id,
        ratePlanId: r.rate_plan_id,
        day: r.day,
        adults: r.adults,
        amount: next,
      });
    }
    for (const n of list)
      for (const p of n.prices)
        if (wanted.has(`${n.ratePlanId}:${p.roomTypeId}:${p.day}:${p.adults}`))
          priceChanges.push({ ...p, ratePlanId: n.ratePlanId });
    const wantedChild = new Map<string, number>();
    for (const n of list)
      for (const c of n.childPrices)
        wantedChild.set(`${n.ratePlanId}:${c.roomTypeId}:${c.day}:${c.ageGroupId}`, c.amount);
    const existing: ChildPriceRow[] = await findChildPrices(
      tx,
      scopedRooms,
      planIds,
      priceSpan.from,
      priceSpan.to,
    );
    for (const r of existing) {
      if (!inPriceScope(r.rate_plan_id, r.room_type_id, r.day)) continue;
      const key = `${r.rate_plan_id}:${r.room_type_id}:${r.day}:${r.age_group_id}`;
      const next = wantedChild.get(key) ?? null;
      wantedChild.delete(key);
      if (next === r.amount_minor) continue;
      childChanges.push({
        roomTypeId: r.room_type_id,
        ratePlanId: r.rate_plan_id,
        day: r.day,
        ageGroupId: r.age_group_id,
        amount: next,
      });
    }
    for (const n of list)
      for (const c of n.childPrices)
        if (wantedChild.has(`${n.ratePlanId}:${c.roomTypeId}:${c.day}:${c.ageGroupId}`))
          childChanges.push({ ...c, ratePlanId: n.ratePlanId });
  }

  const restrictionChanges: { ratePlanId: number; day: string; v: RestrictionValues }[] = [];
  const restrictionSpan = span(list.flatMap((n) => n.restrictionScope.flatMap((s) => [s.from, s.to])));
  if (restrictionSpan) {
    const wanted = new Map<string, RestrictionValues>();
    for (const n of list) for (const r of n.restrictions) wanted.set(`${n.ratePlanId}:${r.day}`, r.v);
    const existing = await findRestrictionNights(tx, planIds, restrictionSpan.from, restrictionSpan.to, true);
    const seen = new Set<string>();
    for (const row of existing) {
      if (!restrictionScopes.get(row.rate_plan_id)?.(row.day)) continue;
      const key = `${row.rate_plan_id}:${row.day}`;
      seen.add(key);
      const next = wanted.get(key) ?? NO_RESTRICTION;
      if (sameRestriction(restrictionOf(row), next)) continue;
      checkStay(plans.get(row.rate_plan_id) as RatePlanRef, row.day, next);
      restrictionChanges.push({ ratePlanId: row.rate_plan_id, day: row.day, v: next });
    }
    for (const n of list)
      for (const r of n.restrictions) {
        if (seen.has(`${n.ratePlanId}:${r.day}`) || sameRestriction(null, r.v)) continue;
        checkStay(plans.get(n.ratePlanId) as RatePlanRef, r.day, r.v);
        restrictionChanges.push({ ratePlanId: n.ratePlanId, day: r.day, v: r.v });
      }
  }

  await writePrices(tx, priceChanges);
  await writeChildPrices(tx, childChanges);
  await writeRestrictions(tx, restrictionChanges);
  return {
    changed: {
      price: priceChanges.length,
      childPrice: childChanges.length,
      restriction: restrictionChanges.length,
    },
  };
}

async function writeChildPrices(
  tx: Tx,
  list: { roomTypeId: number; ratePlanId: number; day: string; ageGroupId: number; amount: number | null }[],
) {
  const upserts = list.flatMap((c) => (c.amount === null ? [] : [{ ...c, amount: c.amount }]));
  const deletes = list.filter((c) => c.amount === null);
  if (upserts.length > 0) await upsertChildPrices(tx, upserts);
  if (deletes.length > 0) await deleteChildPrices(tx, deletes);
}

/** One cell, in one transaction with its audit entry (before → after). */
export async function editCell(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  edit: CellEdit,
): Promise<CellEditResult> {
  return deps.database.db.transaction(async (tx) => {
    let before: unknown;
    let after: unknown;
    let entityId: string;
    if (edit.kind === "inventory") {
      const [room] = await roomTypesOf(tx, hotelId, [edit.roomTypeId], "roomTypeId");
      if (edit.allotment === undefined && edit.closed === undefined)
        throw badInput("allotment", "give an allotment or closed");
      const row = await lockInventoryNight(tx, edit.roomTypeId, edit.day);
      const current = row ? { allotment: row.allotment, sold: row.sold, closed: row.closed } : null;
      const next = applyInventoryOperation(current, { allotment: edit.allotment, closed: edit.closed });
      if (!next) throw badInput("allotment", "this night has no rooms yet: give an allotment");
      if (!allotmentCoversSold(next.allotment, next.sold))
        throw belowSold(room ?? { id: edit.roomTypeId, name: {} }, edit.day, next.allotment, next.sold);
      await writeInventory(tx, [{ roomTypeId: edit.roomTypeId, day: edit.day, v: next }]);
      before = current;
      after = next;
      entityId = `${edit.roomTypeId}:${edit.day}`;
    } else if (edit.kind === "price") {
      const [room] = await roomTypesOf(tx, hotelId, [edit.roomTypeId], "roomTypeId");
      await ratePlansOf(tx, hotelId, [edit.ratePlanId], "ratePlanId");
      if (room && edit.adults > room.max_occupancy)
        throw badInput("adults", `at most ${room.max_occupancy} for this room type`);
      const row = await lockPrice(tx, edit.roomTypeId, edit.ratePlanId, edit.day, edit.adults);
      before = { amountMinor: row?.amount_minor ?? null };
      after = { amountMinor: edit.amountMinor };
      await writePrices(tx, [
        {
          roomTypeId: edit.roomTypeId,
          ratePlanId: edit.ratePlanId,
          day: edit.day,
          adults: edit.adults,
          amount: edit.amountMinor,
        },
      ]);
      entityId = `${edit.ratePlanId}:${edit.roomTypeId}:${edit.day}:${edit.adults}`;
    } else {
      const [plan] = await ratePlansOf(tx, hotelId, [edit.ratePlanId], "ratePlanId");
      const row = await lockRestrictionNight(tx, edit.ratePlanId, edit.day);
      const current = restrictionOf(row);
      const next = applyRestrictionOperation(current, edit);
      if (plan) checkStay(plan, edit.day, next);
      await writeRestrictions(tx, [{ ratePlanId: edit.ratePlanId, day: edit.day, v: next }]);
      before = current ?? NO_RESTRICTION;
      after = next;
      entityId = `${edit.ratePlanId}:${edit.day}`;
    }
    const changed = JSON.stringify(before) !== JSON.stringify(after);
    if (changed)
      await audit(tx, staff, {
        hotelId,
        action: `rates.edit_${edit.kind}`,
        entity: edit.kind,
        entityId,
        before,
        after,
      });
    return { changed, before, after };
  });
}

type BulkInput = z.output<typeof BulkUpdateSchema>;

const SAMPLE_PER_GROUP = 3;
const SAMPLE_GROUPS = 12;

/**
 * A restriction night (min/max stay, closed to arrival/departure) belongs to the rate plan, so it binds every room
 * type the rate sells: refused (400 `restriction_scope`, naming the other room types) unless all of them are chosen,
 * so that a bulk update never changes a room type that was not selected (ADR 0064).
 */
async function checkRestrictionScope(tx: Tx, plans: RatePlanRef[], rooms: RoomTypeRef[]): Promise<void> {
  if (plans.length === 0) return;
  const chosen = new Set(rooms.map((r) => r.id));
  const sold = await findPricedRoomTypesOfRatePlans(
    tx,
    plans.map((p) => p.id),
  );
  const left = sold.filter((s) => !chosen.has(s.room_type_id));
  const [first] = left;
  if (!first) return;
  const nameOf = (n: LocalizedText) => n.en ?? Object.values(n)[0] ?? "";
  const others = [...new Set(left.map((s) => nameOf(s.room_name)))];
  throw new AppError(
    "restriction_scope",
    400,
    `roomTypeIds: stay rules and arrival/departure closures apply to the whole rate ${nameOf(first.plan_name)}, ` +
      `which also sells ${others.join(", ")}: choose those room types too, or change only prices and rooms`,
    [{ field: "roomTypeIds", message: others.join(", ") }],
  );
}
type BulkCell = BulkResult["sample"][number];

/** Checks of a bulk request that need no database: 400 naming the field. */
function checkBulk(input: BulkInput) {
  const span = spanDays(input.from, input.to);
  if (span < 1) throw badInput("to", "must not be before from");
  if (span > MAX_BULK_DAYS) throw badInput("to", `a bulk update spans at most ${MAX_BULK_DAYS} days`);
  const inventoryOp = input.allotment !== undefined || input.closed !== undefined;
  const restrictionOp =
    input.closedToArrival !== undefined ||
    input.closedToDeparture !== undefined ||
    input.minStay !== undefined ||
    input.maxStay !== undefined;
  const priceOp = input.price !== undefined;
  if (!inventoryOp && !restrictionOp && !priceOp)
    throw badInput("operations", "choose at least one change (price, allotment, closed, restrictions)");
  if ((inventoryOp || priceOp) && input.roomTypeIds.length === 0)
    throw badInput("roomTypeIds", "choose at least one room type");
  if ((restrictionOp || priceOp) && input.ratePlanIds.length === 0)
    throw badInput("ratePlanIds", "choose at least one rate plan");
  if (input.price) {
    const { mode, value } = input.price;
    if (mode === "set" && (!Number.isInteger(value) || value < 0))
      throw badInput("price.value", "a price is a whole, non-negative number of minor units");
    if (mode === "amount" && !Number.isInteger(value))
      throw badInput("price.value", "an amount is a whole number of minor units");
    if (mode === "percent" && (value < -100 || value > 1000 || Math.round(value * 100) !== value * 100))
      throw badInput("price.value", "a percent is between -100 and 1000, with at most two decimals");
  }
  if (input.minStay != null && input.maxStay != null && input.minStay > input.maxStay)
    throw badInput("maxStay", "must be at least the minimum stay");
  return { inventoryOp, restrictionOp, priceOp };
}

/**
 * The bulk update: every chosen day of the range (weekday mask) × target, computed with the domain's rules, written
 * in ONE transaction with ONE audit entry (the request as `after`, the counts as `before`). An allotment below the
 * rooms sold refuses the whole update (409 below_sold naming the first room type and day). A relative price change
 * only changes prices that exist; "set" creates missing ones. `preview` computes the same and writes nothing.
 */
export async function bulkUpdate(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  input: BulkInput,
): Promise<BulkResult> {
  const ops = checkBulk(input);
  const days = daysInRange(input.from, input.to, input.weekdays);
  const daySet = new Set(days);
  return deps.database.db.transaction(async (tx) => {
    const rooms = await roomTypesOf(tx, hotelId, [...new Set(input.roomTypeIds)], "roomTypeIds");
    const plans = await ratePlansOf(tx, hotelId, [...new Set(input.ratePlanIds)], "ratePlanIds");
    if (ops.restrictionOp) await checkRestrictionScope(tx, plans, rooms);
    // The preview's sample: a few cells of each room type × rate (and each rate's restriction nights), so every
    // group the update touches shows its before → after, not only the first one's.
    const sample: BulkCell[] = [];
    const perGroup = new Map<string, number>();
    const groupsOfKind = new Map<string, number>();
    const note = (cell: BulkCell) => {
      const group = `${cell.kind}:${cell.roomTypeId}:${cell.ratePlanId}`;
      const seen = perGroup.get(group) ?? 0;
      const groups = groupsOfKind.get(cell.kind) ?? 0;
      if (seen >= SAMPLE_PER_GROUP || (seen === 0 && groups >= SAMPLE_GROUPS)) return;
      if (seen === 0) groupsOfKind.set(cell.kind, groups + 1);
      perGroup.set(group, seen + 1);
      sample.push(cell);
    };

    // Inventory nights.
    const inventoryChanges: { roomTypeId: number; day: string; v: InventoryValues }[] = [];
    if (ops.inventoryOp && rooms.length > 0 && days.length > 0) {
      const existing = await findInventoryNights(
        tx,
        rooms.map((r) => r.id),
        input.from,
        input.to,
        !input.preview,
      );
      const byKey = new Map(existing.map((r) => [`${r.room_type_id}:${r.day}`, r]));
      for (const room of rooms)
        for (const day of days) {
          const row = byKey.get(`${room.id}:${day}`);
          const current = row ? { allotment: row.allotment, sold: row.sold, closed: row.closed } : null;
          const next = applyInventoryOperation(current, { allotment: input.allotment, closed: input.closed });
          if (!next) continue;
          if (!allotmentCoversSold(next.allotment, next.sold))
            throw belowSold(room, day, next.allotment, next.sold);
          if (current && current.allotment === next.allotment && current.closed === next.closed) continue;
          inventoryChanges.push({ roomTypeId: room.id, day, v: next });
          note({
            kind: "inventory",
            day,
            roomTypeId: room.id,
            ratePlanId: null,
            adults: null,
            before: current,
            after: next,
          });
        }
    }

    // Prices.
    const priceChanges: {
      roomTypeId: number;
      ratePlanId: number;
      day: string;
      adults: number;
      amount: number;
    }[] = [];
    const priceOp = input.price;
    if (priceOp && rooms.length > 0 && plans.length > 0 && days.length > 0) {
      const adultsFilter = input.adults?.length ? new Set(input.adults) : null;
      const existing = await findPrices(
        tx,
        rooms.map((r) => r.id),
        plans.map((p) => p.id),
        input.from,
        input.to,
        !input.preview,
      );
      const consider = (
        roomTypeId: number,
        ratePlanId: number,
        day: string,
        adults: number,
        current: number | null,
      ) => {
        const next = applyPriceOperation(current, priceOp);
        if (next === null || next === current) return;
        priceChanges.push({ roomTypeId, ratePlanId, day, adults, amount: next });
        note({ kind: "price", day, roomTypeId, ratePlanId, adults, before: current, after: next });
      };
      if (priceOp.mode === "set") {
        const byKey = new Map(
          existing.map((r) => [`${r.room_type_id}:${r.rate_plan_id}:${r.day}:${r.adults}`, r]),
        );
        for (const room of rooms)
          for (const plan of plans)
            for (const day of days)
              for (let adults = 1; adults <= room.max_occupancy; adults++) {
                if (adultsFilter && !adultsFilter.has(adults)) continue;
                const current = byKey.get(`${room.id}:${plan.id}:${day}:${adults}`)?.amount_minor ?? null;
                consider(room.id, plan.id, day, adults, current);
              }
      } else {
        const order = new Map(rooms.map((r, i) => [r.id, i]));
        existing.sort(
          (a, b) =>
            (order.get(a.room_type_id) ?? 0) - (order.get(b.room_type_id) ?? 0) ||
            a.rate_plan_id - b.rate_plan_id ||
            a.day.localeCompare(b.day) ||
            a.adults - b.adults,
        );
        for (const r of existing) {
          if (!daySet.has(r.day) || (adultsFilter && !adultsFilter.has(r.adults))) continue;
          consider(r.room_type_id, r.rate_plan_id, r.day, r.adults, r.amount_minor);
        }
      }
    }

    // Restriction nights of the rate plans.
    const restrictionChanges: { ratePlanId: number; day: string; v: RestrictionValues }[] = [];
    if (ops.restrictionOp && plans.length > 0 && days.length > 0) {
      const existing = await findRestrictionNights(
        tx,
        plans.map((p) => p.id),
        input.from,
        input.to,
        !input.preview,
      );
      const byKey = new Map(existing.map((r) => [`${r.rate_plan_id}:${r.day}`, r]));
      for (const plan of plans)
        for (const day of days) {
          const current = restrictionOf(byKey.get(`${plan.id}:${day}`));
          const next = applyRestrictionOperation(current, input);
          if (sameRestriction(current, next)) continue;
          checkStay(plan, day, next);
          restrictionChanges.push({ ratePlanId: plan.id, day, v: next });
          note({
            kind: "restriction",
            day,
            roomTypeId: null,
            ratePlanId: plan.id,
            adults: null,
            before: current,
            after: next,
          });
        }
    }

    const byKind = {
      inventory: inventoryChanges.length,
      price: priceChanges.length,
      restriction: restrictionChanges.length,
    };
    const changed = byKind.inventory + byKind.price + byKind.restriction;
    if (!input.preview && changed > 0) {
      await writeInventory(tx, inventoryChanges);
      await writePrices(tx, priceChanges);
      await writeRestrictions(tx, restrictionChanges);
      const { preview: _preview, ...request } = input;
      await audit(tx, staff, {
        hotelId,
        action: "rates.bulk_update",
        entity: "calendar",
        entityId: `${input.from}..${input.to}`,
        before: { changed, byKind, days: days.length },
        after: request,
      });
    }
    return { preview: input.preview, changed, byKind, sample };
  });
}
