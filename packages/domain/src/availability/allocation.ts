/**
 * Whether every room slot can have a room at once: slot i may take any room type in `candidates[i]`, and room
 * type t has `free.get(t)` rooms. Solved as a bipartite matching with capacities (augmenting paths), which is
 * exact; slots are few (at most 10), so this is instant.
 */
export function canAllocate(
  candidates: readonly (readonly number[])[],
  free: ReadonlyMap<number, number>,
): boolean {
  const assigned = new Map<number, number[]>(); // room type → slots holding it
  const slotOf: (number | null)[] = candidates.map(() => null);

  const tryAssign = (slot: number, seen: Set<number>): boolean => {
    for (const type of candidates[slot] ?? []) {
      if (seen.has(type)) continue;
      seen.add(type);
      const holders = assigned.get(type) ?? [];
      if (holders.length < (free.get(type) ?? 0)) {
        holders.push(slot);
        assigned.set(type, holders);
        slotOf[slot] = type;
        return true;
      }
      for (let h = 0; h < holders.length; h++) {
        const other = holders[h]!;
        if (tryAssign(other, seen)) {
          holders[h] = slot;
          slotOf[slot] = type;
          return true;
        }
      }
    }
    return false;
  };

  for (let slot = 0; slot < candidates.length; slot++) {
    if (!tryAssign(slot, new Set())) return false;
  }
  return true;
}

export type CrossSegment = { type: number; from: number; to: number };

/**
 * Splits a stay across room types when no single type is free every night (cross-booking). `freeTypes[n]`
 * lists the types usable on night n, in order of preference. Greedy furthest reach: from each night take the
 * type that stays free the longest, which gives the fewest changes of room. Null when some night has no type.
 * Segments are half-open night ranges [from, to).
 */
export function planCrossBooking(freeTypes: readonly (readonly number[])[]): CrossSegment[] | null {
  const segments: CrossSegment[] = [];
  let night = 0;
  while (night < freeTypes.length) {
    let bestType: number | null = null;
    let bestReach = night;
    for (const type of freeTypes[night] ?? []) {
      let reach = night;
      while (reach < freeTypes.length && freeTypes[reach]!.includes(type)) reach++;
      if (reach > bestReach) {
        bestReach = reach;
        bestType = type;
      }
    }
    if (bestType === null) return null;
    segments.push({ type: bestType, from: night, to: bestReach });
    night = bestReach;
  }
  return segments;
}
