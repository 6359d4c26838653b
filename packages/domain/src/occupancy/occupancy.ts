export const MIN_ADULTS = 1;
export const MAX_ADULTS = 20;
export const DEFAULT_ADULTS = 2;
export const MAX_CHILDREN = 15;
export const MIN_CHILD_AGE = 0;
export const MAX_CHILD_AGE = 17;
export const MIN_ROOMS = 1;

export type AgeGroup = { id: number; min: number; max: number };

export const DEFAULT_AGE_GROUP: AgeGroup = { id: 0, min: MIN_CHILD_AGE, max: MAX_CHILD_AGE };

/** SPEC §3 Child: the group is null when a portal keeps a child that no group fits. */
export type Child = {
  groupId: number | null;
  groupMin: number | null;
  groupMax: number | null;
  realAge: number;
};

/** "portal": a child no group fits is kept without a group; "hotel": it counts as an adult. */
export type AgeMappingMode = "hotel" | "portal";

export type ChildAgeMapping = { kind: "child"; child: Child } | { kind: "adult" };

export type RoomOccupancy = { adults: number; ages: number[] };

export type RoomGuests = { adults: number; children: Child[] };

export type OccupancyCheck =
  | { ok: true }
  | { ok: false; field: "adults" | "childs" | "ages"; reason: string };

function compareAgeGroups(a: AgeGroup, b: AgeGroup): number {
  return a.max - b.max || a.min - b.min;
}

export function mapChildAge(age: number, groups: readonly AgeGroup[], mode: AgeMappingMode): ChildAgeMapping {
  const candidates = groups.length === 0 ? [DEFAULT_AGE_GROUP] : [...groups].sort(compareAgeGroups);
  const group = candidates.find((candidate) => candidate.max >= age && candidate.min <= age);
  if (group) {
    return {
      kind: "child",
      child: { groupId: group.id, groupMin: group.min, groupMax: group.max, realAge: age },
    };
  }
  if (mode === "portal") {
    return { kind: "child", child: { groupId: null, groupMin: null, groupMax: null, realAge: age } };
  }
  return { kind: "adult" };
}

export function mapRoomsToGuests(
  rooms: readonly RoomOccupancy[],
  groups: readonly AgeGroup[],
  mode: AgeMappingMode,
): RoomGuests[] {
  return rooms.map((room) => {
    const children: Child[] = [];
    let adults = room.adults;
    for (const age of room.ages) {
      const mapping = mapChildAge(age, groups, mode);
      if (mapping.kind === "child") children.push(mapping.child);
      else adults += 1;
    }
    return { adults, children };
  });
}

function isChildAge(age: number): boolean {
  return Number.isInteger(age) && age >= MIN_CHILD_AGE && age <= MAX_CHILD_AGE;
}

/** Replaces one room; an index outside the list leaves the list unchanged. */
function updateRoom(
  rooms: RoomOccupancy[],
  index: number,
  update: (room: RoomOccupancy) => RoomOccupancy | null,
): RoomOccupancy[] {
  const room = rooms[index];
  if (!Number.isInteger(index) || !room) return rooms;
  const updated = update(room);
  if (!updated) return rooms;
  return rooms.map((current, i) => (i === index ? updated : current));
}

export function addAdult(rooms: RoomOccupancy[], index: number): RoomOccupancy[] {
  return updateRoom(rooms, index, (room) =>
    room.adults >= MAX_ADULTS ? null : { ...room, adults: room.adults + 1 },
  );
}

export function removeAdult(rooms: RoomOccupancy[], index: number): RoomOccupancy[] {
  return updateRoom(rooms, index, (room) =>
    room.adults <= MIN_ADULTS ? null : { ...room, adults: room.adults - 1 },
  );
}

/** An age outside 0–17 is ignored like a bound. */
export function addChild(rooms: RoomOccupancy[], index: number, age: number): RoomOccupancy[] {
  if (!isChildAge(age)) return rooms;
  return updateRoom(rooms, index, (room) =>
    room.ages.length >= MAX_CHILDREN ? null : { ...room, ages: [...room.ages, age] },
  );
}

export function removeChild(rooms: RoomOccupancy[], index: number, childIndex: number): RoomOccupancy[] {
  return updateRoom(rooms, index, (room) =>
    Number.isInteger(childIndex) && childIndex >= 0 && childIndex < room.ages.length
      ? { ...room, ages: room.ages.filter((_, i) => i !== childIndex) }
      : null,
  );
}

export function setChildAge(
  rooms: RoomOccupancy[],
  index: number,
  childIndex: number,
  age: number,
): RoomOccupancy[] {
  if (!isChildAge(age)) return rooms;
  return updateRoom(rooms, index, (room) =>
    Number.isInteger(childIndex) && childIndex >= 0 && childIndex < room.ages.length
      ? { ...room, ages: room.ages.map((current, i) => (i === childIndex ? age : current)) }
      : null,
  );
}

export function addRoom(rooms: RoomOccupancy[]): RoomOccupancy[] {
  return [...rooms, { adults: DEFAULT_ADULTS, ages: [] }];
}

export function removeRoom(rooms: RoomOccupancy[], index: number): RoomOccupancy[] {
  if (rooms.length <= MIN_ROOMS || !Number.isInteger(index) || index < 0 || index >= rooms.length)
    return rooms;
  return rooms.filter((_, i) => i !== index);
}

/** SPEC §4: one room with the total adults (capped at MAX_ADULTS) and all children. */
export function mergeRooms(rooms: RoomOccupancy[]): RoomOccupancy[] {
  if (rooms.length === 0) return rooms;
  const adults = rooms.reduce((sum, room) => sum + room.adults, 0);
  return [{ adults: Math.min(adults, MAX_ADULTS), ages: rooms.flatMap((room) => room.ages) }];
}

export function checkOccupancy(room: RoomOccupancy): OccupancyCheck {
  if (!Number.isInteger(room.adults) || room.adults < MIN_ADULTS || room.adults > MAX_ADULTS) {
    return { ok: false, field: "adults", reason: `adults must be between ${MIN_ADULTS} and ${MAX_ADULTS}` };
  }
  if (room.ages.length > MAX_CHILDREN) {
    return { ok: false, field: "childs", reason: `at most ${MAX_CHILDREN} children per room` };
  }
  if (!room.ages.every(isChildAge)) {
    return {
      ok: false,
      field: "ages",
      reason: `child ages must be whole numbers between ${MIN_CHILD_AGE} and ${MAX_CHILD_AGE}`,
    };
  }
  return { ok: true };
}
