import { daysInRange, spanDays } from "@alloggio/domain/backoffice/daily-values";
import { isoToYmd, todayInZone, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import type { Database } from "../../db/client";
import { auditSystem, setAllotments, storedNightsFrom } from "../backoffice";
import type { AlpineBitsClient } from "./clients";
import { findClientHotelByCode, findRoomTypeCodes } from "./repository";
import { attr, child, children, type XmlNode } from "./xml";

/** The longest period of one Inventory element, and the most nights one message may set. */
const MAX_PERIOD_DAYS = 3 * 366;
const MAX_NIGHTS = 100_000;
/** The most rooms of one count (the allotment is a smallint). */
const MAX_COUNT = 9999;

type Period = { start: string; end: string; invTypeCode: string; count: number };
type Season = { start: string; end: string };

/** A FreeRooms message as understood: the hotel, whether it is a complete set, its category periods and closings. */
export type FreeRoomsRequest = {
  hotelCode: string;
  completeSet: boolean;
  periods: Period[];
  closingSeasons: Season[];
};

/** What the response says: errors (nothing was written) or success with warnings. */
export type FreeRoomsOutcome =
  | { errors: string[] }
  | { warnings: { recordId: string; text: string }[]; changed: number };

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (s: string | undefined): s is string => {
  if (!s || !ISO.test(s)) return false;
  try {
    isoToYmd(s);
    return true;
  } catch {
    return false;
  }
};

/**
 * Reads an OTA_HotelInvCountNotifRQ the way chapter 4.1 of HotelData 2024-10 puts it: room categories only
 * (`InvTypeCode`, no `InvCode`), bookable counts only (`CountType` 2; an absent count is 0), periods of one
 * category never overlapping; closing seasons (`AllInvCode`, no category, no counts) only in a complete set, never
 * overlapping each other or a period with rooms free. Any message outside that is refused whole with the reason.
 */
export function readFreeRooms(root: XmlNode): FreeRoomsRequest | { errors: string[] } {
  const inventories = child(root, "Inventories");
  const hotelCode = attr(inventories, "HotelCode");
  if (!inventories || !hotelCode) return { errors: ["Inventories with a HotelCode is required"] };
  const uniqueId = child(root, "UniqueID");
  const completeSet = uniqueId !== undefined && attr(uniqueId, "Instance") === "CompleteSet";
  if (uniqueId && !completeSet) return { errors: ['UniqueID: only Instance="CompleteSet" is known'] };
  const errors: string[] = [];
  const periods: Period[] = [];
  const seasons: Season[] = [];
  const list = children(inventories, "Inventory");
  list.forEach((inv, i) => {
    const where = `Inventory ${i + 1}`;
    const sac = child(inv, "StatusApplicationControl");
    if (!sac) {
      // An empty Inventory is how a complete set says "nothing is free" (a reset); alone, and only there.
      if (!(completeSet && list.length === 1 && child(inv, "InvCounts") === undefined))
        errors.push(
          `${where}: StatusApplicationControl is required (an empty Inventory only resets a CompleteSet)`,
        );
      return;
    }
    const start = attr(sac, "Start");
    const end = attr(sac, "End");
    const invTypeCode = attr(sac, "InvTypeCode");
    const dates = () => {
      if (!validDay(start) || !validDay(end)) return `${where}: Start and End must be dates (YYYY-MM-DD)`;
      const span = spanDays(start, end);
      if (span < 1) return `${where}: End ${end} is before Start ${start}`;
      if (span > MAX_PERIOD_DAYS) return `${where}: a period spans at most ${MAX_PERIOD_DAYS} days`;
      return null;
    };
    if (attr(sac, "AllInvCode") === "true" || attr(sac, "AllInvCode") === "1") {
      const problem = !completeSet
        ? `${where}: a closing season (AllInvCode) is only sent in a CompleteSet`
        : invTypeCode !== undefined || attr(sac, "InvCode") !== undefined
          ? `${where}: a closing season (AllInvCode) names no InvTypeCode or InvCode`
          : child(inv, "InvCounts") !== undefined
            ? `${where}: a closing season (AllInvCode) has no InvCounts`
            : dates();
      if (problem) errors.push(problem);
      else seasons.push({ start: start as string, end: end as string });
      return;
    }
    if (attr(sac, "InvCode") !== undefined) {
      errors.push(
        `${where}: distinct rooms (InvCode) are not supported by this server, only room categories`,
      );
      return;
    }
    if (!invTypeCode) {
      errors.push(`${where}: InvTypeCode is required`);
      return;
    }
    const problem = dates();
    if (problem || !start || !end) {
      errors.push(problem ?? `${where}: Start and End are required`);
      return;
    }
    let count = 0;
    for (const c of children(child(inv, "InvCounts"), "InvCount")) {
      const type = attr(c, "CountType");
      const value = Number(attr(c, "Count"));
      if (type !== "2") {
        errors.push(
          `${where}: CountType ${type} (out of order, out of market) is not supported by this server`,
        );
        return;
      }
      if (!Number.isInteger(value) || value < 0 || value > MAX_COUNT) {
        errors.push(`${where}: Count must be a whole number from 0 to ${MAX_COUNT}`);
        return;
      }
      count = value;
    }
    periods.push({ start, end, invTypeCode, count });
  });
  const byCode = new Map<string, Period[]>();
  for (const p of periods) byCode.set(p.invTypeCode, [...(byCode.get(p.invTypeCode) ?? []), p]);
  for (const [code, ps] of byCode) {
    const sorted = [...ps].sort((a, b) => a.start.localeCompare(b.start));
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1] as Period;
      const cur = sorted[i] as Period;
      if (cur.start <= prev.end)
        errors.push(
          `InvTypeCode ${code}: the periods ${prev.start}..${prev.end} and ${cur.start}..${cur.end} overlap`,
        );
    }
  }
  const sortedSeasons = [...seasons].sort((a, b) => a.start.localeCompare(b.start));
  for (let i = 1; i < sortedSeasons.length; i++) {
    const prev = sortedSeasons[i - 1] as Season;
    const cur = sortedSeasons[i] as Season;
    if (cur.start <= prev.end)
      errors.push(`the closing seasons ${prev.start}..${prev.end} and ${cur.start}..${cur.end} overlap`);
  }
  for (const p of periods)
    for (const c of seasons)
      if (p.count > 0 && p.start <= c.end && c.start <= p.end)
        errors.push(
          `InvTypeCode ${p.invTypeCode}: ${p.start}..${p.end} has rooms free in the closing season ${c.start}..${c.end}`,
        );
  const nights = periods.reduce((n, p) => n + spanDays(p.start, p.end), 0);
  if (nights > MAX_NIGHTS) errors.push(`a message sets at most ${MAX_NIGHTS} nights`);
  return errors.length > 0 ? { errors } : { hotelCode, completeSet, periods, closingSeasons: seasons };
}

/** Consecutive days of one category as runs, for one warning per run. */
function runsOf(days: string[]): [string, string][] {
  const sorted = [...days].sort();
  const runs: [string, string][] = [];
  for (const d of sorted) {
    const last = runs.at(-1);
    if (last && spanDays(last[1], d) === 2) last[1] = d;
    else runs.push([d, d]);
  }
  return runs;
}

/**
 * Applies a FreeRooms message in ONE transaction: each night's bookable count becomes the allotment of the room
 * type mapped to its InvTypeCode (through the calendar's own write, `setAllotments`); a complete set also sets
 * every stored night from today on of the hotel's other mapped room types and days to 0, and its closing seasons
 * set every mapped room type to 0. A HotelCode the client
 * may not touch or an unknown InvTypeCode refuses the whole message. Nights before the hotel's today are skipped.
 * A count below the rooms already sold is applied as sold out and answered with a warning.
 */
export async function applyFreeRooms(
  database: Database,
  client: AlpineBitsClient,
  rq: FreeRoomsRequest,
  now: Date,
): Promise<FreeRoomsOutcome> {
  return database.db.transaction(async (tx) => {
    const hotel = await findClientHotelByCode(tx, client.id, rq.hotelCode);
    if (!hotel) return { errors: [`HotelCode ${rq.hotelCode} is unknown to this client`] };
    const codes = await findRoomTypeCodes(tx, hotel.hotelId);
    const unknown = [...new Set(rq.periods.map((p) => p.invTypeCode))].filter((c) => !codes.has(c));
    if (unknown.length > 0)
      return { errors: unknown.map((c) => `InvTypeCode ${c} is unknown for HotelCode ${rq.hotelCode}`) };
    const today = ymdToIso(todayInZone(now, hotel.timeZone));
    const nights = new Map<
      string,
      { roomTypeId: number; day: string; allotment: number; explicit: boolean }
    >();
    for (const p of rq.periods) {
      const roomTypeId = codes.get(p.invTypeCode) as number;
      for (const day of daysInRange(p.start, p.end)) {
        if (day < today) continue;
        nights.set(`${roomTypeId}:${day}`, { roomTypeId, day, allotment: p.count, explicit: true });
      }
    }
    // A closing season: the hotel is closed, no mapped room type has a room free (a later complete set reopens it).
    for (const season of rq.closingSeasons)
      for (const roomTypeId of codes.values())
        for (const day of daysInRange(season.start, season.end)) {
          if (day < today) continue;
          nights.set(`${roomTypeId}:${day}`, { roomTypeId, day, allotment: 0, explicit: true });
        }
    if (rq.completeSet)
      for (const row of await storedNightsFrom(tx, [...codes.values()], today)) {
        const key = `${row.room_type_id}:${row.day}`;
        if (!nights.has(key))
          nights.set(key, { roomTypeId: row.room_type_id, day: row.day, allotment: 0, explicit: false });
      }
    const list = [...nights.values()];
    const { changed, soldOut } = await setAllotments(tx, list);
    const codeOf = new Map([...codes].map(([code, id]) => [id, code]));
    const warned = soldOut.filter((n) => nights.get(`${n.roomTypeId}:${n.day}`)?.explicit);
    const byCode = new Map<string, typeof warned>();
    for (const n of warned) {
      const code = codeOf.get(n.roomTypeId) ?? String(n.roomTypeId);
      byCode.set(code, [...(byCode.get(code) ?? []), n]);
    }
    const warnings: { recordId: string; text: string }[] = [];
    for (const [code, list] of byCode)
      for (const [from, to] of runsOf(list.map((n) => n.day)))
        warnings.push({
          recordId: code,
          text:
            `InvTypeCode ${code} ${from}..${to}: the count is below the rooms already sold here; ` +
            "applied as sold out (no room free), never as an overbooking",
        });
    if (changed > 0) {
      const days = list.map((n) => n.day).sort();
      await auditSystem(tx, hotel.groupId, `alpinebits:${client.username}`, {
        hotelId: hotel.hotelId,
        action: "rates.alpinebits_free_rooms",
        entity: "calendar",
        entityId: `${days[0]}..${days.at(-1)}`,
        before: { changed, soldOut: soldOut.length },
        after: { completeSet: rq.completeSet, periods: rq.periods.length },
      });
    }
    return { warnings, changed };
  });
}
