import type {
  AdditionalService,
  AvailableRoom,
  AvailResponse,
  CrossOption,
  Rate,
} from "@alloggio/domain/contract/search/avail";
import { currencyRules } from "@alloggio/domain/currency/currencies";
import { subtractAmounts, sumAmounts } from "@alloggio/domain/money/amounts";
import { fromMinor, toMinor } from "@alloggio/domain/money/money";
import type { RoomOccupancy } from "@alloggio/domain/occupancy/occupancy";
import { toSelectedStay } from "@alloggio/domain/pricing/selection";
import { totalSelection } from "@alloggio/domain/pricing/stay-charges";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { SearchState } from "../search/search-state";

export type SlotRoom = { id: number; name: string };
export type SlotRate = {
  id: number;
  /** The rate's name, as the guest reads it (a cross-booking segment's too: `cross` marks it). */
  name: string;
  /** The room for its stay. */
  total: number;
  /** The stay's mandatory extras (a cross-booking's on its first segment); absent in choices saved before them. */
  extras?: AdditionalService[];
  /** City tax of the stay, paid at the hotel. */
  cityTax?: number;
  /** The guest added refund protection (when the rate offers it). */
  refund: boolean;
  refundPrice: number | null;
};
/** A swap to an upgrade: the room it replaced and what it costs more. */
export type SlotSwap = { from: SlotRoom; fromTotal: number; difference: number };

/** SPEC §3 Room slot. */
export type RoomSlot = {
  /** 1-based number of the searched room (extra cross-booking slots carry the number of their room). */
  id: number;
  adults: number;
  ages: number[];
  selectedRoom: SlotRoom | null;
  selectedRate: SlotRate | null;
  cross: boolean;
  /** Cross-booking segment dates; the search's dates otherwise. */
  arrival: string | null;
  departure: string | null;
  swap: SlotSwap | null;
  upgradeDismissed: boolean;
};

export const STORAGE_KEY = "chosenRooms";
/** An upgrade is suggested when it costs at most this much more than the chosen room, same rate. */
export const UPGRADE_MAX_SHARE = 0.2;

export function createSlots(rooms: readonly RoomOccupancy[]): RoomSlot[] {
  return rooms.map((room, i) => ({
    id: i + 1,
    adults: room.adults,
    ages: [...room.ages],
    selectedRoom: null,
    selectedRate: null,
    cross: false,
    arrival: null,
    departure: null,
    swap: null,
    upgradeDismissed: false,
  }));
}

/** The slot with its guests only: no room, no rate, no cross-booking, no swap. */
function emptySlot(slot: RoomSlot): RoomSlot {
  return { ...createSlots([{ adults: slot.adults, ages: slot.ages }])[0]!, id: slot.id };
}

const isFilled = (slot: RoomSlot) => slot.selectedRoom !== null && slot.selectedRate !== null;

/** Index of the first slot with no room or no rate, or -1 when every slot is chosen. */
export function firstOpenSlot(slots: readonly RoomSlot[]): number {
  return slots.findIndex((s) => !isFilled(s));
}

/** What a rate charges for the room: its nights, and the flights of a flight-included package. */
const roomPrice = (rate: Rate) => sumAmounts([rate.total, rate.flightTotal]);

function toRate(rate: Rate, refund = false): SlotRate {
  return {
    id: rate.id,
    name: rate.name,
    total: roomPrice(rate),
    extras: rate.additionalServices,
    cityTax: rate.cityTax,
    refund: refund && rate.refundPrice !== null,
    refundPrice: rate.refundPrice,
  };
}

export type Selection = { room: AvailableRoom; rate: Rate; refund?: boolean };

/**
 * SPEC §4: a selection fills the first unselected slot; with `index`, it replaces that slot's choice (the guest
 * changes a room already chosen). Nothing happens when every slot is chosen and no index is given.
 */
export function selectRoom(slots: readonly RoomSlot[], selection: Selection, index?: number): RoomSlot[] {
  const at = index ?? firstOpenSlot(slots);
  const slot = slots[at];
  if (!slot || slot.cross) return [...slots];
  return slots.map((s, i) =>
    i === at
      ? {
          ...s,
          selectedRoom: { id: selection.room.id, name: selection.room.name },
          selectedRate: toRate(selection.rate, selection.refund),
          swap: null,
          upgradeDismissed: false,
        }
      : s,
  );
}

/** Empties one slot (and drops the extra slots of its cross-booking), so the guest can choose again. */
export function unselectSlot(slots: readonly RoomSlot[], index: number): RoomSlot[] {
  const slot = slots[index];
  if (!slot) return [...slots];
  return slots
    .filter((s, i) => i === index || !(slot.cross && s.cross && s.id === slot.id))
    .map((s) => (s === slot ? emptySlot(slot) : s));
}

/** Turns refund protection on or off for a slot's chosen rate (only when the rate offers it). */
export function setRefund(slots: readonly RoomSlot[], index: number, refund: boolean): RoomSlot[] {
  return slots.map((s, i) =>
    i === index && s.selectedRate
      ? { ...s, selectedRate: { ...s.selectedRate, refund: refund && s.selectedRate.refundPrice !== null } }
      : s,
  );
}

/** SPEC §4: clearing resets the slots to the searched rooms, with no room, no rate and no cross-booking slots. */
export function clearSlots(rooms: readonly RoomOccupancy[]): RoomSlot[] {
  return createSlots(rooms);
}

export type Upgrade = { room: AvailableRoom; rate: Rate; difference: number };

/**
 * The upgrade for a chosen slot: the cheapest other room of the slot's results, in the same rate, that costs more
 * but at most 20% more than the chosen one. Null when there is none, or the guest dismissed the offer.
 */
export function findUpgrade(slot: RoomSlot, rooms: readonly AvailableRoom[]): Upgrade | null {
  if (!slot.selectedRoom || !slot.selectedRate || slot.cross || slot.upgradeDismissed) return null;
  const { id: roomId } = slot.selectedRoom;
  const { id: rateId, total } = slot.selectedRate;
  let best: Upgrade | null = null;
  for (const room of rooms) {
    if (room.id === roomId || room.id === slot.swap?.from.id) continue;
    const rate = room.rates.find((r) => r.id === rateId);
    if (!rate || roomPrice(rate) <= total || roomPrice(rate) > total * (1 + UPGRADE_MAX_SHARE)) continue;
    const difference = subtractAmounts(roomPrice(rate), total);
    if (!best || difference < best.difference) best = { room, rate, difference };
  }
  return best;
}

/** SPEC §4: swapping to an upgrade replaces room and rate and records the difference; the offer stays until dismissed. */
export function swapUpgrade(slots: readonly RoomSlot[], index: number, upgrade: Upgrade): RoomSlot[] {
  return slots.map((s, i) => {
    if (i !== index || !s.selectedRoom || !s.selectedRate) return s;
    const fromTotal = s.swap ? s.swap.fromTotal : s.selectedRate.total;
    const from = s.swap ? s.swap.from : s.selectedRoom;
    return {
      ...s,
      selectedRoom: { id: upgrade.room.id, name: upgrade.room.name },
      selectedRate: toRate(upgrade.rate, s.selectedRate.refund),
      swap: { from, fromTotal, difference: subtractAmounts(roomPrice(upgrade.rate), fromTotal) },
    };
  });
}

/** Takes back a swap: the slot returns to the room it had before the upgrade, at the same rate. */
export function undoSwap(
  slots: readonly RoomSlot[],
  index: number,
  rooms: readonly AvailableRoom[],
): RoomSlot[] {
  return slots.map((s, i) => {
    if (i !== index || !s.swap || !s.selectedRate) return s;
    const rateId = s.selectedRate.id;
    const room = rooms.find((r) => r.id === s.swap?.from.id);
    const rate = room?.rates.find((r) => r.id === rateId);
    if (!room || !rate) return s;
    return {
      ...s,
      selectedRoom: { id: room.id, name: room.name },
      selectedRate: toRate(rate, s.selectedRate.refund),
      swap: null,
    };
  });
}

/** Hides the upgrade offer of a slot. */
export function dismissUpgrade(slots: readonly RoomSlot[], index: number): RoomSlot[] {
  return slots.map((s, i) => (i === index ? { ...s, upgradeDismissed: true } : s));
}

/**
 * SPEC §4: a cross-booking option fills its slot with the first segment and adds the other segments as extra slots
 * right after it, each with the segment's dates and its rate plan's own name (the search's `CROSSBOOKING` is the
 * option's marker, not a name a guest reads).
 */
export function selectCross(slots: readonly RoomSlot[], option: CrossOption): RoomSlot[] {
  const index = slots.findIndex((s) => s.id === option.slot + 1 && !s.cross);
  const slot = slots[index];
  if (!slot || option.segments.length === 0) return [...slots];
  const segmentSlots = option.segments.map<RoomSlot>((segment, i) => ({
    ...slot,
    selectedRoom: { id: segment.roomId, name: segment.name },
    selectedRate: {
      id: option.rate.id,
      name: option.rate.ratePlanName,
      total: segment.total,
      extras: i === 0 ? option.additionalServices : [],
      cityTax: i === 0 ? option.cityTax : 0,
      refund: false,
      refundPrice: null,
    },
    cross: true,
    arrival: segment.arrival,
    departure: segment.departure,
    swap: null,
    upgradeDismissed: true,
  }));
  return [...slots.slice(0, index), ...segmentSlots, ...slots.slice(index + 1)];
}

export type ContinueCheck = { ok: true } | { ok: false; reason: "missing"; slot: number };

/** SPEC §5: the guest may continue only when every slot has a room and a rate. */
export function canContinue(slots: readonly RoomSlot[]): ContinueCheck {
  if (slots.length === 0) return { ok: false, reason: "missing", slot: 1 };
  const open = slots.find((s) => !isFilled(s));
  return open ? { ok: false, reason: "missing", slot: open.id } : { ok: true };
}

/**
 * What the chosen rooms cost before the services step, as the booking will count it (packages/domain
 * stay-charges): rooms, refund protection, each room's mandatory extras (a mandatory category once), and the city
 * tax beside it.
 */
export function selectionTotals(
  slots: readonly RoomSlot[],
  currency: string,
): { total: number; cityTax: number } {
  const digits = currencyRules(currency).decimalDigits;
  const stays = slots.flatMap((s) =>
    s.selectedRate
      ? [
          toSelectedStay(
            {
              total: s.selectedRate.total,
              additionalServices: s.selectedRate.extras ?? [],
              cityTax: s.selectedRate.cityTax ?? 0,
            },
            digits,
            s.selectedRate.refund ? toMinor(s.selectedRate.refundPrice ?? 0, digits) : 0,
          ),
        ]
      : [],
  );
  const totals = totalSelection(stays);
  return { total: fromMinor(totals.totalMinor, digits), cityTax: fromMinor(totals.cityTaxMinor, digits) };
}

/** The price of the chosen rooms alone: rates plus refund protection where chosen (services come on top). */
export function slotsTotal(slots: readonly RoomSlot[]): number {
  return sumAmounts(
    slots.flatMap((s) => [
      s.selectedRate?.total ?? 0,
      s.selectedRate?.refund ? (s.selectedRate.refundPrice ?? 0) : 0,
    ]),
  );
}

/**
 * Brings restored choices up to date with fresh results: a room and rate still offered keeps its choice with the
 * new price and names (in the page's language); one no longer offered empties its slot. Cross-booking slots are kept
 * while their option is offered.
 */
export function reconcile(slots: readonly RoomSlot[], result: AvailResponse): RoomSlot[] {
  let out = [...slots];
  for (let i = 0; i < out.length; i++) {
    const s = out[i]!;
    if (!s.selectedRoom || !s.selectedRate) continue;
    if (s.cross) {
      const offered = result.crossAvailability.some(
        (c) => c.slot === s.id - 1 && c.rate.id === s.selectedRate?.id,
      );
      if (!offered) {
        out = unselectSlot(out, i);
        i = -1;
      }
      continue;
    }
    const room = result.availability[s.id - 1]?.find((r) => r.id === s.selectedRoom?.id);
    const rate = room?.rates.find((r) => r.id === s.selectedRate?.id);
    if (!room || !rate) out[i] = emptySlot(s);
    else if (
      roomPrice(rate) !== s.selectedRate.total ||
      rate.cityTax !== s.selectedRate.cityTax ||
      JSON.stringify(rate.additionalServices) !== JSON.stringify(s.selectedRate.extras) ||
      rate.refundPrice !== s.selectedRate.refundPrice ||
      rate.name !== s.selectedRate.name ||
      room.name !== s.selectedRoom.name
    )
      // New prices, or the names in another language (the guest switched it).
      out[i] = {
        ...s,
        selectedRoom: { id: room.id, name: room.name },
        selectedRate: toRate(rate, s.selectedRate.refund),
      };
  }
  return out;
}

/** What identifies a search for the saved choice: the same hotel and channel, dates, rooms and filters. */
export function searchScope(ids: { hotel: number; channel: number }, search: SearchState): string {
  return JSON.stringify([
    ids.hotel,
    ids.channel,
    search.arrival,
    search.departure,
    search.rooms,
    search.promoCode,
    search.hiddenPromocode ?? "",
    search.room ?? "",
    search.packs ?? "",
    search.hpcc ?? "",
    search.override ?? "",
    search.reservationLinkId ?? "",
    search.airport ?? "",
    search.packageId ?? "",
  ]);
}

type Saved = { scope: string; slots: readonly RoomSlot[] };

/** The saved choice for this search, if any (session storage key `chosenRooms`, SPEC §9). */
export function restoreSlots(storage: Storage | undefined, scope: string): RoomSlot[] | null {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Saved;
    return saved.scope === scope && Array.isArray(saved.slots) ? [...saved.slots] : null;
  } catch {
    return null;
  }
}

export function saveSlots(storage: Storage | undefined, scope: string, slots: readonly RoomSlot[]): void {
  try {
    if (slots.some((s) => s.selectedRoom || s.upgradeDismissed))
      storage?.setItem(STORAGE_KEY, JSON.stringify({ scope, slots } satisfies Saved));
    else storage?.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or blocked (private mode): the choice simply is not kept across reloads.
  }
}

const sessionStore = () => (typeof window === "undefined" ? undefined : window.sessionStorage);

export type RoomSlotsApi = {
  slots: RoomSlot[];
  /** Index of the slot whose results the guest chooses from now (the first open one, or one being changed). */
  active: number;
  editing: number | null;
  select: (selection: Selection) => void;
  selectCross: (option: CrossOption) => void;
  change: (index: number | null) => void;
  setRefund: (index: number, refund: boolean) => void;
  swap: (index: number, upgrade: Upgrade) => void;
  undoSwap: (index: number) => void;
  dismissUpgrade: (index: number) => void;
  clear: () => void;
  continueCheck: ContinueCheck;
  /** What the chosen rooms cost with their mandatory extras, and the city tax beside it. */
  total: number;
  cityTax: number;
};

/**
 * The room slots of the current search (SPEC §3, §4): one per searched room, saved in session storage per hotel
 * and search and restored on reload. A new search (other dates, guests, merged rooms…) starts new slots.
 */
export function useRoomSlots(
  ids: { hotel: number; channel: number },
  search: SearchState,
  result: AvailResponse | null,
): RoomSlotsApi {
  const currency = result?.currency ?? "EUR";
  const scope = searchScope(ids, search);
  const [state, setState] = useState(() => ({
    scope,
    slots: restoreSlots(sessionStore(), scope) ?? createSlots(search.rooms),
    editing: null as number | null,
    reconciled: null as AvailResponse | null,
  }));
  // A new search: restore what was chosen for it, or start empty.
  let current = state;
  if (state.scope !== scope) {
    current = {
      scope,
      slots: restoreSlots(sessionStore(), scope) ?? createSlots(search.rooms),
      editing: null,
      reconciled: null,
    };
    setState(current);
  }
  // Fresh results: drop choices they no longer offer, update prices.
  if (result && current.reconciled !== result) {
    current = { ...current, slots: reconcile(current.slots, result), reconciled: result };
    setState(current);
  }
  const { slots, editing } = current;

  useEffect(() => {
    saveSlots(sessionStore(), scope, slots);
  }, [scope, slots]);

  const update = useCallback(
    (fn: (slots: RoomSlot[]) => RoomSlot[], editingNext: number | null = null) =>
      setState((s) => ({ ...s, slots: fn(s.slots), editing: editingNext })),
    [],
  );
  const roomsOf = useCallback(
    (index: number) => (result ? (result.availability[(slots[index]?.id ?? 1) - 1] ?? []) : []),
    [result, slots],
  );

  const open = firstOpenSlot(slots);
  const active = editing ?? open;
  return useMemo(
    () => ({
      slots,
      active,
      editing,
      select: (selection) => update((s) => selectRoom(s, selection, editing ?? undefined)),
      selectCross: (option) => update((s) => selectCross(s, option)),
      change: (index) => {
        if (index !== null && slots[index]?.cross) update((s) => unselectSlot(s, index));
        else setState((s) => ({ ...s, editing: index }));
      },
      setRefund: (index, refund) => update((s) => setRefund(s, index, refund), editing),
      swap: (index, upgrade) => update((s) => swapUpgrade(s, index, upgrade), editing),
      undoSwap: (index) => update((s) => undoSwap(s, index, roomsOf(index)), editing),
      dismissUpgrade: (index) => update((s) => dismissUpgrade(s, index), editing),
      clear: () => {
        sessionStore()?.removeItem(STORAGE_KEY);
        update(() => clearSlots(search.rooms));
      },
      continueCheck: canContinue(slots),
      ...selectionTotals(slots, currency),
    }),
    [slots, active, editing, update, roomsOf, search.rooms, currency],
  );
}
