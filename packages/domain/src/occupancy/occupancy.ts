export const MIN_ADULTS = 1;
export const MAX_ADULTS = 20;
export const DEFAULT_ADULTS = 2;
export const MAX_CHILDREN = 15;
export const MIN_CHILD_AGE = 0;
export const MAX_CHILD_AGE = 17;
export const MIN_ROOMS = 1;
/** The most rooms one search may ask for. */
export const MAX_ROOMS = 10;

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

/** A room as the guest edits it: a child's age is null until the guest chooses it. */
export type GuestRoom = { adults: number; ages: (number | null)[] };

/**
 * What the largest room of a hotel (or of a group) takes. `maxGuests` counts adults and children
 * together. The guests picker keeps SPEC §5's bounds and uses these only to say when no room fits.
 */
export type RoomLimits = { maxAdults: number; maxGuests: number };

/** No hotel's limit: SPEC §5 alone. */
export const SPEC_ROOM_LIMITS: RoomLimits = { maxAdults: MAX_ADULTS, maxGuests: MAX_ADULTS + MAX_CHILDREN };

/** Why no room of the hotel takes a room's guests: too many adults, or too many guests in all. */
export type RoomMisfit = { kind: "adults"; max: number } | { kind: "guests"; max: number };

/**
 * Whether the hotel's largest room takes a room's guests, null when it does. A child older than every age group
 * counts as an adult (SPEC §5); a child whose age is not chosen yet counts as a child.
 */
export function roomMisfit(
  room: GuestRoom,
  limits: RoomLimits,
  groups: readonly AgeGroup[] = [],
): RoomMisfit | null {
  const grown = room.ages.filter((age) => age !== null && mapChildAge(age, groups, "hotel").kind === "adult");
  const adults = room.adults + grown.length;
  if (adults > limits.maxAdults) return { kind: "adults", max: limits.maxAdults };
  if (room.adults + room.ages.length > limits.maxGuests) return { kind: "guests", max: limits.maxGuests };
  return null;
}

/** The rooms with every child's age chosen, or null while one is missing. */
export function chosenRooms(rooms: readonly GuestRoom[]): RoomOccupancy[] | null {
  const out: RoomOccupancy[] = [];
  for (const room of rooms) {
    const ages = room.ages.filter((age): age is number => age !== null);
    if (ages.length !== room.ages.length) return null;
    out.push({ adults: room.adults, ages });
  }
  return out;
}

/** The first child whose age is not chosen yet, by room and child position. */
export function firstMissingAge(rooms: readonly GuestRoom[]): { room: number; child: number } | null {
  for (const [room, r] of rooms.entries()) {
    const child = r.ages.indexOf(null);
    if (child >= 0) return { room, child };
  }
  return null;
}

export type RoomGuests = { adults: number; children: Child[] };

export type OccupancyCheck =
  | { ok: true }
  | { ok: false; field: "adults" | "childs" | "ages"; reason: string };

function compareAgeGroups(a: AgeGroup, b: AgeGroup): number {
  return a.max - b.max || a.min - b.min;
}

/**
 * SPEC §5: a child takes the first group (by max age) whose max is at least its age, so a child in a gap between
 * groups, or younger than the first group, takes the next group up; only a child older than every group fits none.
 */
export function mapChildAge(age: number, groups: readonly AgeGroup[], mode: AgeMappingMode): ChildAgeMapping {
  const candidates = groups.length === 0 ? [DEFAULT_AGE_GROUP] : [...groups].sort(compareAgeGroups);
  const group = candidates.find((candidate) => candidate.max >= age);
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

/**
 * The ages each group takes under `mapChildAge`, sorted as it reads them: from the age after the previous group's
 * max (0 for the first) to the group's own max, so a gap falls in the next group up. Groups no age reaches (a
 * max at or below an earlier one's) are left out.
 */
export function agesOfGroups(groups: readonly AgeGroup[]): AgeGroup[] {
  const sorted = groups.length === 0 ? [DEFAULT_AGE_GROUP] : [...groups].sort(compareAgeGroups);
  const out: AgeGroup[] = [];
  let next = MIN_CHILD_AGE;
  for (const group of sorted) {
    if (group.max < next) continue;
    out.push({ id: group.id, min: next, max: group.max });
    next = group.max + 1;
  }
  return out;
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
  rooms: GuestRoom[],
  index: number,
  update: (room: GuestRoom) => GuestRoom | null,
): GuestRoom[] {
  const room = rooms[index];
  if (!Number.isInteger(index) || !room) return rooms;
  const updated = update(room);
  if (!updated) return rooms;
  return rooms.map((current, i) => (i === index ? updated : current));
}

/** SPEC §5's 1–20 whatever the hotel's rooms take: `roomMisfit` says when no room fits. */
export function addAdult(rooms: GuestRoom[], index: number): GuestRoom[] {
  return updateRoom(rooms, index, (room) =>
    room.adults >= MAX_ADULTS ? null : { ...room, adults: room.adults + 1 },
  );
}

export function removeAdult(rooms: GuestRoom[], index: number): GuestRoom[] {
  return updateRoom(rooms, index, (room) =>
    room.adults <= MIN_ADULTS ? null : { ...room, adults: room.adults - 1 },
  );
}

/** An age outside 0–17 is ignored like a bound; null adds a child whose age the guest has still to choose. */
export function addChild(rooms: GuestRoom[], index: number, age: number | null = null): GuestRoom[] {
  if (age !== null && !isChildAge(age)) return rooms;
  return updateRoom(rooms, index, (room) =>
    room.ages.length >= MAX_CHILDREN ? null : { ...room, ages: [...room.ages, age] },
  );
}

export function removeChild(rooms: GuestRoom[], index: number, childIndex: number): GuestRoom[] {
  return updateRoom(rooms, index, (room) =>
    Number.isInteger(childIndex) && childIndex >= 0 && childIndex < room.ages.length
      ? { ...room, ages: room.ages.filter((_, i) => i !== childIndex) }
      : null,
  );
}

export function setChildAge(rooms: GuestRoom[], index: number, childIndex: number, age: number): GuestRoom[] {
  if (!isChildAge(age)) return rooms;
  return updateRoom(rooms, index, (room) =>
    Number.isInteger(childIndex) && childIndex >= 0 && childIndex < room.ages.length
      ? { ...room, ages: room.ages.map((current, i) => (i === childIndex ? age : current)) }
      : null,
  );
}

export function addRoom(rooms: GuestRoom[]): GuestRoom[] {
  return [...rooms, { adults: DEFAULT_ADULTS, ages: [] }];
}

export function removeRoom(rooms: GuestRoom[], index: number): GuestRoom[] {
  if (rooms.length <= MIN_ROOMS || !Number.isInteger(index) || index < 0 || index >= rooms.length)
    return rooms;
  return rooms.filter((_, i) => i !== index);
}

/** SPEC §4: one room with the total adults (capped at MAX_ADULTS) and all children. */
export function mergeRooms(rooms: GuestRoom[]): GuestRoom[] {
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
