import { describe, expect, it } from "vitest";
import {
  type AgeGroup,
  addAdult,
  addChild,
  addRoom,
  agesOfGroups,
  checkOccupancy,
  chosenRooms,
  DEFAULT_AGE_GROUP,
  firstMissingAge,
  type GuestRoom,
  mapChildAge,
  mapRoomsToGuests,
  mergeRooms,
  type RoomLimits,
  type RoomOccupancy,
  removeAdult,
  removeChild,
  removeRoom,
  roomMisfit,
  SPEC_ROOM_LIMITS,
  setChildAge,
} from "./occupancy";

const groups: AgeGroup[] = [
  { id: 3, min: 6, max: 12 },
  { id: 1, min: 0, max: 2 },
  { id: 2, min: 3, max: 5 },
];
const gappedGroups: AgeGroup[] = [
  { id: 7, min: 0, max: 2 },
  { id: 8, min: 6, max: 11 },
];
const overlappingGroups: AgeGroup[] = [
  { id: 10, min: 0, max: 10 },
  { id: 11, min: 4, max: 10 },
  { id: 12, min: 0, max: 17 },
];

const child = (
  groupId: number | null,
  groupMin: number | null,
  groupMax: number | null,
  realAge: number,
) => ({
  kind: "child" as const,
  child: { groupId, groupMin, groupMax, realAge },
});

describe("mapChildAge", () => {
  it.each([
    ["no groups, age 0", 0, [], "hotel", child(0, 0, 17, 0)],
    ["no groups, age 17", 17, [], "hotel", child(0, 0, 17, 17)],
    ["no groups, age 18, hotel", 18, [], "hotel", { kind: "adult" }],
    ["no groups, age 18, portal", 18, [], "portal", child(null, null, null, 18)],
    ["unsorted groups, age 0", 0, groups, "hotel", child(1, 0, 2, 0)],
    ["unsorted groups, age 2", 2, groups, "hotel", child(1, 0, 2, 2)],
    ["unsorted groups, age 3", 3, groups, "hotel", child(2, 3, 5, 3)],
    ["unsorted groups, age 12", 12, groups, "portal", child(3, 6, 12, 12)],
    ["above all groups, hotel", 13, groups, "hotel", { kind: "adult" }],
    ["above all groups, portal", 13, groups, "portal", child(null, null, null, 13)],
    // SPEC §5: the first group whose max is at least the age, so a child in a gap is not an adult.
    ["in a gap, hotel", 4, gappedGroups, "hotel", child(8, 6, 11, 4)],
    ["in a gap, portal", 4, gappedGroups, "portal", child(8, 6, 11, 4)],
    ["at the gap's start", 3, gappedGroups, "hotel", child(8, 6, 11, 3)],
    ["after the gap", 6, gappedGroups, "hotel", child(8, 6, 11, 6)],
    ["above the gap's groups, hotel", 12, gappedGroups, "hotel", { kind: "adult" }],
    ["younger than every group", 0, [{ id: 9, min: 3, max: 10 }], "hotel", child(9, 3, 10, 0)],
    ["ties on max sorted by min", 5, overlappingGroups, "hotel", child(10, 0, 10, 5)],
    ["wider group later", 11, overlappingGroups, "hotel", child(12, 0, 17, 11)],
  ] as const)("%s", (_, age, ageGroups, mode, expected) => {
    expect(mapChildAge(age, ageGroups, mode)).toEqual(expected);
  });

  it("does not reorder the caller's groups", () => {
    const copy = groups.map((group) => ({ ...group }));
    mapChildAge(4, groups, "hotel");
    expect(groups).toEqual(copy);
  });

  it("defaults to group 0 covering 0 to 17", () => {
    expect(DEFAULT_AGE_GROUP).toEqual({ id: 0, min: 0, max: 17 });
  });
});

describe("agesOfGroups", () => {
  it.each<[string, AgeGroup[], AgeGroup[]]>([
    ["no groups", [], [{ id: 0, min: 0, max: 17 }]],
    [
      "contiguous, unsorted",
      groups,
      [
        { id: 1, min: 0, max: 2 },
        { id: 2, min: 3, max: 5 },
        { id: 3, min: 6, max: 12 },
      ],
    ],
    [
      "a gap falls in the next group",
      gappedGroups,
      [
        { id: 7, min: 0, max: 2 },
        { id: 8, min: 3, max: 11 },
      ],
    ],
    ["younger than the first group", [{ id: 9, min: 3, max: 10 }], [{ id: 9, min: 0, max: 10 }]],
    [
      "a group no age reaches is left out",
      overlappingGroups,
      [
        { id: 10, min: 0, max: 10 },
        { id: 12, min: 11, max: 17 },
      ],
    ],
  ])("%s", (_, input, expected) => {
    expect(agesOfGroups(input)).toEqual(expected);
    // Every age of a range maps to its group.
    for (const range of expected)
      for (let age = range.min; age <= range.max; age++) {
        const mapped = mapChildAge(age, input, "hotel");
        expect(mapped.kind === "child" ? mapped.child.groupId : null).toBe(range.id);
      }
  });
});

describe("mapRoomsToGuests", () => {
  it.each([
    [
      "children that fit stay children",
      [{ adults: 2, ages: [1, 4] }],
      groups,
      "hotel",
      [
        {
          adults: 2,
          children: [
            { groupId: 1, groupMin: 0, groupMax: 2, realAge: 1 },
            { groupId: 2, groupMin: 3, groupMax: 5, realAge: 4 },
          ],
        },
      ],
    ],
    [
      "children that fit no group become adults in hotel mode",
      [
        { adults: 2, ages: [13, 1, 16] },
        { adults: 1, ages: [] },
      ],
      groups,
      "hotel",
      [
        { adults: 4, children: [{ groupId: 1, groupMin: 0, groupMax: 2, realAge: 1 }] },
        { adults: 1, children: [] },
      ],
    ],
    [
      "children that fit no group are kept in portal mode",
      [{ adults: 1, ages: [13] }],
      groups,
      "portal",
      [{ adults: 1, children: [{ groupId: null, groupMin: null, groupMax: null, realAge: 13 }] }],
    ],
    [
      "no groups uses the default group",
      [{ adults: 2, ages: [17] }],
      [],
      "hotel",
      [{ adults: 2, children: [{ groupId: 0, groupMin: 0, groupMax: 17, realAge: 17 }] }],
    ],
    ["no rooms", [], groups, "hotel", []],
  ] as const)("%s", (_, rooms, ageGroups, mode, expected) => {
    expect(
      mapRoomsToGuests(
        rooms.map((room) => ({ ...room, ages: [...room.ages] })),
        ageGroups,
        mode,
      ),
    ).toEqual(expected);
  });
});

const room = (adults: number, ages: number[] = []): RoomOccupancy => ({ adults, ages });
/** A hotel whose largest room takes 4 adults, or 5 guests in all. */
const largest: RoomLimits = { maxAdults: 4, maxGuests: 5 };
const fifteen = Array.from({ length: 15 }, () => 5);
const fourteen = Array.from({ length: 14 }, () => 5);

type Operation = (rooms: GuestRoom[]) => GuestRoom[];

describe("guests and rooms manager", () => {
  it.each<[string, GuestRoom[], Operation, GuestRoom[]]>([
    ["addAdult", [room(2)], (r) => addAdult(r, 0), [room(3)]],
    ["addAdult to the second room", [room(2), room(1)], (r) => addAdult(r, 1), [room(2), room(2)]],
    ["addAdult at 19", [room(19)], (r) => addAdult(r, 0), [room(20)]],
    ["removeAdult", [room(2, [3])], (r) => removeAdult(r, 0), [room(1, [3])]],
    ["addChild", [room(2)], (r) => addChild(r, 0, 4), [room(2, [4])]],
    ["addChild aged 0", [room(2, [3])], (r) => addChild(r, 0, 0), [room(2, [3, 0])]],
    ["addChild aged 17", [room(2)], (r) => addChild(r, 0, 17), [room(2, [17])]],
    ["addChild with 14 children", [room(2, fourteen)], (r) => addChild(r, 0, 5), [room(2, fifteen)]],
    ["addChild with no age yet", [room(2, [4])], (r) => addChild(r, 0), [{ adults: 2, ages: [4, null] }]],
    [
      "setChildAge of a child with no age",
      [{ adults: 2, ages: [null] }],
      (r) => setChildAge(r, 0, 0, 0),
      [room(2, [0])],
    ],
    ["removeChild", [room(2, [1, 2, 3])], (r) => removeChild(r, 0, 1), [room(2, [1, 3])]],
    ["setChildAge", [room(2, [1, 2, 3])], (r) => setChildAge(r, 0, 2, 9), [room(2, [1, 2, 9])]],
    ["addRoom", [room(1, [3])], addRoom, [room(1, [3]), room(2)]],
    ["addRoom to none", [], addRoom, [room(2)]],
    ["removeRoom", [room(1), room(3), room(4)], (r) => removeRoom(r, 1), [room(1), room(4)]],
    ["mergeRooms", [room(2, [3]), room(1, [5, 7])], mergeRooms, [room(3, [3, 5, 7])]],
    ["mergeRooms caps adults", [room(15), room(10, [1])], mergeRooms, [room(20, [1])]],
    ["mergeRooms of one room", [room(2, [3])], mergeRooms, [room(2, [3])]],
  ])("%s", (_, rooms, operation, expected) => {
    const before = structuredClone(rooms);
    expect(operation(rooms)).toEqual(expected);
    expect(rooms).toEqual(before);
  });

  it.each<[string, GuestRoom[], Operation]>([
    ["addAdult at 20", [room(20)], (r) => addAdult(r, 0)],
    ["addAdult to a missing room", [room(2)], (r) => addAdult(r, 1)],
    ["addAdult to a negative index", [room(2)], (r) => addAdult(r, -1)],
    ["removeAdult at 1", [room(1)], (r) => removeAdult(r, 0)],
    ["removeAdult from a missing room", [room(2)], (r) => removeAdult(r, 3)],
    ["addChild with 15 children", [room(2, fifteen)], (r) => addChild(r, 0, 5)],
    ["addChild aged 18", [room(2)], (r) => addChild(r, 0, 18)],
    ["addChild aged -1", [room(2)], (r) => addChild(r, 0, -1)],
    ["addChild aged 2.5", [room(2)], (r) => addChild(r, 0, 2.5)],
    ["addChild to a missing room", [room(2)], (r) => addChild(r, 1, 4)],
    ["removeChild when none", [room(2)], (r) => removeChild(r, 0, 0)],
    ["removeChild missing index", [room(2, [4])], (r) => removeChild(r, 0, 1)],
    ["removeChild from a missing room", [room(2, [4])], (r) => removeChild(r, 1, 0)],
    ["setChildAge to 18", [room(2, [4])], (r) => setChildAge(r, 0, 0, 18)],
    ["setChildAge missing child", [room(2, [4])], (r) => setChildAge(r, 0, 1, 5)],
    ["removeRoom of the last room", [room(2)], (r) => removeRoom(r, 0)],
    ["removeRoom missing index", [room(2), room(1)], (r) => removeRoom(r, 2)],
    ["mergeRooms of none", [], mergeRooms],
  ])("%s is ignored", (_, rooms, operation) => {
    expect(operation(rooms)).toBe(rooms);
  });
});

describe("limits and ages to choose", () => {
  it("the steppers keep SPEC §5's bounds past the hotel's largest room", () => {
    expect(addAdult([room(4)], 0)).toEqual([room(5)]);
    expect(addAdult([room(3, [1, 2])], 0)).toEqual([room(4, [1, 2])]);
    expect(addChild([room(5)], 0)).toEqual([{ adults: 5, ages: [null] }]);
  });

  it.each<[string, GuestRoom, readonly AgeGroup[], ReturnType<typeof roomMisfit> | "spec"]>([
    ["fits", room(4), [], null],
    ["fits with a child", room(4, [3]), [], null],
    ["one adult too many", room(5), [], { kind: "adults", max: 4 }],
    ["too many guests in all", room(3, [1, 2, 3]), [], { kind: "guests", max: 5 }],
    ["a child with no age yet counts", { adults: 4, ages: [null, null] }, [], { kind: "guests", max: 5 }],
    ["a child older than every group is an adult", room(4, [13]), groups, { kind: "adults", max: 4 }],
    ["a child in a gap stays a child", room(4, [4]), gappedGroups, null],
    ["SPEC bounds alone fit anything", room(20, fifteen), [], "spec"],
  ])("roomMisfit: %s", (_, guests, ageGroups, expected) => {
    if (expected === "spec") expect(roomMisfit(guests, SPEC_ROOM_LIMITS, ageGroups)).toBeNull();
    else expect(roomMisfit(guests, largest, ageGroups)).toEqual(expected);
  });

  it("gives the rooms to search only when every child's age is chosen", () => {
    const rooms: GuestRoom[] = [room(2, [4]), { adults: 1, ages: [7, null] }];
    expect(chosenRooms(rooms)).toBeNull();
    expect(firstMissingAge(rooms)).toEqual({ room: 1, child: 1 });
    const done = setChildAge(rooms, 1, 1, 0);
    expect(firstMissingAge(done)).toBeNull();
    expect(chosenRooms(done)).toEqual([room(2, [4]), room(1, [7, 0])]);
  });
});

describe("checkOccupancy", () => {
  it.each<[RoomOccupancy, boolean, string | null]>([
    [room(1), true, null],
    [room(2, [0, 17]), true, null],
    [room(20, fifteen), true, null],
    [room(0), false, "adults"],
    [room(21), false, "adults"],
    [room(1.5), false, "adults"],
    [room(2, [...fifteen, 3]), false, "childs"],
    [room(2, [18]), false, "ages"],
    [room(2, [-1]), false, "ages"],
    [room(2, [3.5]), false, "ages"],
  ])("%j → ok %s (%s)", (input, ok, field) => {
    const result = checkOccupancy(input);
    expect(result.ok).toBe(ok);
    if (!result.ok) {
      expect(result.field).toBe(field);
      expect(result.reason).not.toBe("");
    }
  });
});
