// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { parseSearch } from "../search/search-state";
import { aCrossOption, anAvailResponse, aRate, aRoom } from "./test-fixtures";
import {
  canContinue,
  clearSlots,
  createSlots,
  dismissUpgrade,
  findUpgrade,
  firstOpenSlot,
  type RoomSlot,
  reconcile,
  restoreSlots,
  STORAGE_KEY,
  saveSlots,
  searchScope,
  selectCross,
  selectionTotals,
  selectRoom,
  setRefund,
  slotsTotal,
  swapUpgrade,
  undoSwap,
  unselectSlot,
  useRoomSlots,
} from "./use-room-slots";

const double = aRoom({ id: 10, name: "Double", rates: [aRate({ id: 1, total: 200, refundPrice: 20 })] });
const superior = aRoom({
  id: 11,
  name: "Superior",
  rates: [aRate({ id: 1, total: 230 }), aRate({ id: 2, total: 260 })],
});
const suite = aRoom({ id: 12, name: "Suite", rates: [aRate({ id: 1, total: 300 })] });
const rooms = [double, superior, suite];
const two = [
  { adults: 2, ages: [] },
  { adults: 1, ages: [5] },
];

/** Slots with a room id / rate id per slot (null: empty). */
function slotsWith(...chosen: (readonly number[] | null)[]): RoomSlot[] {
  let slots = createSlots(chosen.map(() => ({ adults: 2, ages: [] })));
  chosen.forEach((c, i) => {
    if (!c) return;
    const room = rooms.find((r) => r.id === c[0])!;
    slots = selectRoom(slots, { room, rate: room.rates.find((r) => r.id === c[1])! }, i);
  });
  return slots;
}
const picked = (slots: RoomSlot[]) =>
  slots.map((s) => (s.selectedRoom ? [s.selectedRoom.id, s.selectedRate?.id] : null));

describe("createSlots", () => {
  it("makes one slot per searched room, with no room and no rate", () => {
    expect(createSlots(two)).toEqual([
      expect.objectContaining({
        id: 1,
        adults: 2,
        ages: [],
        selectedRoom: null,
        selectedRate: null,
        cross: false,
      }),
      expect.objectContaining({
        id: 2,
        adults: 1,
        ages: [5],
        selectedRoom: null,
        selectedRate: null,
        cross: false,
      }),
    ]);
  });
});

describe("selectRoom fills the first unselected slot", () => {
  it.each([
    { name: "empty slots: the first", before: [null, null, null], expected: [[10, 1], null, null] },
    { name: "first chosen: the second", before: [[11, 2], null, null], expected: [[11, 2], [10, 1], null] },
    {
      name: "a hole: the hole, not the end",
      before: [[11, 2], null, [12, 1]],
      expected: [
        [11, 2],
        [10, 1],
        [12, 1],
      ],
    },
    {
      name: "all chosen: nothing changes",
      before: [
        [11, 2],
        [12, 1],
      ],
      expected: [
        [11, 2],
        [12, 1],
      ],
    },
  ] as const)("$name", ({ before, expected }) => {
    const slots = slotsWith(...before);
    expect(picked(selectRoom(slots, { room: double, rate: double.rates[0]! }))).toEqual(expected);
  });

  it("with an index, replaces that slot's choice (the guest changes it)", () => {
    const slots = slotsWith([11, 2], [12, 1]);
    expect(picked(selectRoom(slots, { room: double, rate: double.rates[0]! }, 0))).toEqual([
      [10, 1],
      [12, 1],
    ]);
  });

  it("keeps the price and the refund protection only when the rate offers it", () => {
    const [withRefund] = selectRoom(createSlots([{ adults: 2, ages: [] }]), {
      room: double,
      rate: double.rates[0]!,
      refund: true,
    });
    expect(withRefund?.selectedRate).toEqual({
      id: 1,
      name: "Room only – flexible",
      total: 200,
      extras: [],
      cityTax: 0,
      refund: true,
      refundPrice: 20,
    });
    const [without] = selectRoom(createSlots([{ adults: 2, ages: [] }]), {
      room: suite,
      rate: suite.rates[0]!,
      refund: true,
    });
    expect(without?.selectedRate?.refund).toBe(false);
  });

  it("refund protection can be turned on and off afterwards", () => {
    const slots = slotsWith([10, 1]);
    expect(setRefund(slots, 0, true)[0]?.selectedRate?.refund).toBe(true);
    expect(slotsTotal(setRefund(slots, 0, true))).toBe(220);
    expect(setRefund(setRefund(slots, 0, true), 0, false)[0]?.selectedRate?.refund).toBe(false);
  });

  it("adds the rooms in the currency's own units, to the last of a dinar's three decimals", () => {
    const dinars = aRoom({ id: 20, rates: [aRate({ id: 1, total: 100.125, refundPrice: 10.001 })] });
    const slots = selectRoom(createSlots([{ adults: 2, ages: [] }]), {
      room: dinars,
      rate: dinars.rates[0]!,
      refund: true,
    });
    expect(slotsTotal(slots)).toBe(110.126);
  });
});

describe("clear and unselect", () => {
  it("clear resets every slot and drops cross-booking slots", () => {
    const crossed = selectCross(slotsWith([10, 1], null), aCrossOption({ slot: 1 }));
    expect(crossed).toHaveLength(3);
    const cleared = clearSlots(two);
    expect(cleared).toEqual(createSlots(two));
    expect(cleared.every((s) => !s.selectedRoom && !s.selectedRate && !s.cross)).toBe(true);
  });

  it("unselecting a slot empties it and makes it the first open one", () => {
    const slots = unselectSlot(slotsWith([10, 1], [12, 1]), 1);
    expect(picked(slots)).toEqual([[10, 1], null]);
    expect(firstOpenSlot(slots)).toBe(1);
  });
});

describe("upgrade", () => {
  it.each([
    {
      name: "same rate, +15%: offered",
      chosen: [10, 1],
      list: rooms,
      expected: { room: 11, difference: 30 },
    },
    { name: "only +50% dearer: none", chosen: [10, 1], list: [double, suite], expected: null },
    { name: "no other room has the rate: none", chosen: [11, 2], list: rooms, expected: null },
    { name: "the dearest room: none", chosen: [12, 1], list: rooms, expected: null },
  ] as const)("$name", ({ chosen, list, expected }) => {
    const [slot] = slotsWith(chosen);
    const upgrade = findUpgrade(slot!, list);
    expect(upgrade ? { room: upgrade.room.id, difference: upgrade.difference } : null).toEqual(expected);
  });

  it("a swap replaces room and rate, records the difference, and can be undone", () => {
    const slots = slotsWith([10, 1]);
    const upgrade = findUpgrade(slots[0]!, rooms)!;
    const swapped = swapUpgrade(slots, 0, upgrade);
    expect(swapped[0]).toMatchObject({
      selectedRoom: { id: 11, name: "Superior" },
      selectedRate: { id: 1, total: 230 },
      swap: { from: { id: 10, name: "Double" }, fromTotal: 200, difference: 30 },
    });
    expect(slotsTotal(swapped)).toBe(230);
    const undone = undoSwap(swapped, 0, rooms);
    expect(undone[0]).toMatchObject({ selectedRoom: { id: 10 }, selectedRate: { total: 200 }, swap: null });
  });

  it("the offer stays after a swap until dismissed", () => {
    const cheap = aRoom({ id: 20, name: "Small", rates: [aRate({ id: 1, total: 100 })] });
    const mid = aRoom({ id: 21, name: "Mid", rates: [aRate({ id: 1, total: 110 })] });
    const top = aRoom({ id: 22, name: "Top", rates: [aRate({ id: 1, total: 125 })] });
    const list = [cheap, mid, top];
    let slots = selectRoom(createSlots([{ adults: 2, ages: [] }]), { room: cheap, rate: cheap.rates[0]! });
    slots = swapUpgrade(slots, 0, findUpgrade(slots[0]!, list)!);
    // Still offered after the swap: the next room up (within 20% of the new choice).
    expect(findUpgrade(slots[0]!, list)?.room.id).toBe(22);
    slots = dismissUpgrade(slots, 0);
    expect(findUpgrade(slots[0]!, list)).toBeNull();
    expect(slots[0]?.swap?.difference).toBe(10);
  });
});

describe("cross-booking", () => {
  it("adds the other segments as extra slots, each named by its rate plan (never CROSSBOOKING), with its dates", () => {
    const slots = selectCross(slotsWith([10, 1], null), aCrossOption({ slot: 1 }));
    expect(slots.map((s) => [s.id, s.cross, s.selectedRoom?.id, s.selectedRate?.name, s.arrival])).toEqual([
      [1, false, 10, "Room only – flexible", null],
      [2, true, 10, "Room only – flexible", "20300110"],
      [2, true, 11, "Room only – flexible", "20300111"],
    ]);
    expect(slotsTotal(slots)).toBe(500);
    expect(canContinue(slots)).toEqual({ ok: true });
  });

  it("unselecting a cross slot removes its extra slots", () => {
    const slots = selectCross(slotsWith(null), aCrossOption({ slot: 0 }));
    expect(unselectSlot(slots, 0)).toEqual(createSlots([{ adults: 2, ages: [] }]));
  });
});

describe("selectionTotals", () => {
  const fee = (price: number, code: "all_adults" | "category", categoryId = 5, id = 90) => ({
    id,
    name: code === "category" ? "Basic cover" : "Resort fee",
    price,
    quantity: 2,
    categoryId,
    mandatory: true,
    choosed: true,
    source: { code },
  });
  const withExtras = aRoom({
    id: 20,
    rates: [
      aRate({
        id: 1,
        total: 200,
        extraCost: 16,
        cityTax: 10,
        refundPrice: 20,
        additionalServices: [fee(12, "all_adults"), fee(4, "category", 7, 91)],
      }),
    ],
  });

  it("adds each room's mandatory extras, a mandatory category once, and keeps the city tax beside it", () => {
    let slots = createSlots([
      { adults: 2, ages: [] },
      { adults: 2, ages: [] },
    ]);
    slots = selectRoom(slots, { room: withExtras, rate: withExtras.rates[0]!, refund: true });
    slots = selectRoom(slots, { room: withExtras, rate: withExtras.rates[0]! });
    // Rooms 400, refund protection 20, resort fee 2 × 12, the insurance category once 4.
    expect(selectionTotals(slots, "EUR")).toEqual({ total: 448, cityTax: 20 });
    // The services step starts from the rooms alone: its own list carries the extras.
    expect(slotsTotal(slots)).toBe(420);
  });

  it("a split stay carries its extras once, on its first segment", () => {
    const option = aCrossOption({
      slot: 0,
      extraCost: 12,
      cityTax: 15,
      stayTotal: 312,
      additionalServices: [fee(12, "all_adults")],
    });
    expect(selectionTotals(selectCross(slotsWith(null), option), "EUR")).toEqual({ total: 312, cityTax: 15 });
  });

  it("reads choices saved before the extras existed as room prices", () => {
    const [old] = createSlots([{ adults: 2, ages: [] }]);
    const saved = {
      ...old!,
      selectedRoom: { id: 1, name: "Double" },
      selectedRate: { id: 1, name: "Flex", total: 99, refund: false, refundPrice: null },
    };
    expect(selectionTotals([saved], "JPY")).toEqual({ total: 99, cityTax: 0 });
  });
});

describe("canContinue", () => {
  it.each([
    { name: "nothing chosen", chosen: [null, null], expected: { ok: false, reason: "missing", slot: 1 } },
    { name: "one of two", chosen: [[10, 1], null], expected: { ok: false, reason: "missing", slot: 2 } },
    {
      name: "every slot",
      chosen: [
        [10, 1],
        [12, 1],
      ],
      expected: { ok: true },
    },
  ] as const)("$name", ({ chosen, expected }) => {
    expect(canContinue(slotsWith(...chosen))).toEqual(expected);
  });

  it("a room without a rate is not enough", () => {
    const [slot] = slotsWith([10, 1]);
    expect(canContinue([{ ...slot!, selectedRate: null }])).toEqual({
      ok: false,
      reason: "missing",
      slot: 1,
    });
  });
});

describe("reconcile with fresh results", () => {
  it("keeps offered choices with the new price and empties the others", () => {
    const slots = slotsWith([10, 1], [12, 1]);
    const result = anAvailResponse({
      availability: [[aRoom({ id: 10, rates: [aRate({ id: 1, total: 190 })] })], [double]],
    });
    const next = reconcile(slots, result);
    expect(picked(next)).toEqual([[10, 1], null]);
    expect(next[0]?.selectedRate?.total).toBe(190);
  });

  it("takes the room and rate names of the results (another language)", () => {
    const slots = slotsWith([10, 1]);
    const result = anAvailResponse({
      availability: [
        [aRoom({ id: 10, name: "Doppia", rates: [aRate({ id: 1, name: "Flessibile", total: 200 })] })],
      ],
    });
    const next = reconcile(slots, result);
    expect(next[0]?.selectedRoom).toEqual({ id: 10, name: "Doppia" });
    expect(next[0]?.selectedRate).toMatchObject({ id: 1, name: "Flessibile", total: 200 });
  });
});

describe("session storage", () => {
  beforeEach(() => sessionStorage.clear());

  it("restores only the choice saved for the same hotel and search", () => {
    const slots = slotsWith([10, 1]);
    saveSlots(sessionStorage, "a", slots);
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEY)!)).toMatchObject({ scope: "a" });
    expect(restoreSlots(sessionStorage, "a")).toEqual(slots);
    expect(restoreSlots(sessionStorage, "b")).toBeNull();
    sessionStorage.setItem(STORAGE_KEY, "{not json");
    expect(restoreSlots(sessionStorage, "a")).toBeNull();
  });

  it("the scope changes with the hotel, dates, guests and promo code", () => {
    const search = parseSearch("arrival=20300110&departure=20300112&adults=2", "20300101");
    const base = searchScope({ hotel: 1, channel: 1 }, search);
    expect(searchScope({ hotel: 1, channel: 1 }, { ...search })).toBe(base);
    expect(searchScope({ hotel: 2, channel: 1 }, search)).not.toBe(base);
    expect(searchScope({ hotel: 1, channel: 1 }, { ...search, departure: "20300113" })).not.toBe(base);
    expect(searchScope({ hotel: 1, channel: 1 }, { ...search, rooms: [{ adults: 3, ages: [] }] })).not.toBe(
      base,
    );
    expect(searchScope({ hotel: 1, channel: 1 }, { ...search, promoCode: "X" })).not.toBe(base);
  });

  it("the hook saves a selection and a reload (new hook) restores it", () => {
    const search = parseSearch("arrival=20300110&departure=20300112&adults=2,2", "20300101");
    const ids = { hotel: 1, channel: 1 };
    const result = anAvailResponse({ availability: [rooms, rooms] });
    const first = renderHook(() => useRoomSlots(ids, search, result));
    act(() => first.result.current.select({ room: superior, rate: superior.rates[1]! }));
    expect(first.result.current.active).toBe(1);
    expect(first.result.current.continueCheck).toEqual({ ok: false, reason: "missing", slot: 2 });
    first.unmount();

    const reloaded = renderHook(() => useRoomSlots(ids, search, null));
    expect(picked(reloaded.result.current.slots)).toEqual([[11, 2], null]);
    act(() => reloaded.result.current.select({ room: double, rate: double.rates[0]! }));
    expect(picked(reloaded.result.current.slots)).toEqual([
      [11, 2],
      [10, 1],
    ]);
    expect(reloaded.result.current.continueCheck).toEqual({ ok: true });
    expect(reloaded.result.current.total).toBe(460);

    act(() => reloaded.result.current.clear());
    expect(picked(reloaded.result.current.slots)).toEqual([null, null]);
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it("a new search starts with new slots", () => {
    const ids = { hotel: 1, channel: 1 };
    let search = parseSearch("arrival=20300110&departure=20300112&adults=2", "20300101");
    const hook = renderHook(() => useRoomSlots(ids, search, null));
    act(() => hook.result.current.select({ room: double, rate: double.rates[0]! }));
    search = parseSearch("arrival=20300110&departure=20300112&adults=2,1", "20300101");
    hook.rerender();
    expect(picked(hook.result.current.slots)).toEqual([null, null]);
  });
});
