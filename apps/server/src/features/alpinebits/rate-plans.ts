import { daysInRange, type RestrictionValues, spanDays } from "@alloggio/domain/backoffice/daily-values";
import { decimalToMinor, pricesByAdults } from "@alloggio/domain/backoffice/rate-amounts";
import { agesOfGroups } from "@alloggio/domain/occupancy/occupancy";
import { isoToYmd, todayInZone, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import type { Database } from "../../db/client";
import { AppError } from "../../http/errors";
import { ageGroupsOf, auditSystem, type RateNights, replaceRateNights } from "../backoffice";
import type { AlpineBitsClient } from "./clients";
import { findClientHotelByCode, findRatePlansHotelFacts, setRatePlanChargeType } from "./repository";
import { attr, child, children, type XmlNode } from "./xml";

/** The longest period of one Rate or BookingRule, and the most nights one message may set. */
const MAX_PERIOD_DAYS = 3 * 366;
const MAX_NIGHTS = 100_000;
/** A length of stay is a smallint in the calendar. */
const MAX_LOS = 999;
/** The last day a Full or Remove clears: every stored night from the hotel's today on. */
const LAST_DAY = "9999-12-31";

/** AlpineBits' MealPlanCodes (OpenTravel's MPT list, the values the schema allows) and Alloggio's meal plans. */
const MEAL_PLANS: Record<string, string> = {
  "1": "all_inclusive",
  "3": "breakfast",
  "10": "full_board",
  "12": "half_board",
  "14": "room_only",
};

// OpenTravel's weekday attributes, by JavaScript's getUTCDay (0 = Sunday).
const WEEKDAYS = ["Sun", "Mon", "Tue", "Weds", "Thur", "Fri", "Sat"] as const;

type BaseAmount = { guests: number; amount: string; currency: string | undefined };
type ChildAmount = { minAge: number; maxAge: number | null; amount: string };
type Rate = {
  invTypeCode: string;
  start: string;
  end: string;
  base: BaseAmount[];
  extraAdult: string | null;
  children: ChildAmount[];
};
type Rule = {
  start: string;
  end: string;
  minStay: number | null;
  maxStay: number | null;
  /** Arrival (departure) allowed per weekday, by getUTCDay; null: no weekday restriction. */
  arrival: boolean[] | null;
  departure: boolean[] | null;
  closed: boolean;
};
type RatePlan = {
  code: string;
  notif: "full" | "overlay" | "remove";
  currency: string | undefined;
  mealPlanCode: string | undefined;
  /** A Full's static rate: amounts per person (7) or per room (25). */
  chargeType: 7 | 25 | undefined;
  rules: Rule[];
  rates: Rate[];
};

/** A RatePlans message as understood. */
export type RatePlansRequest = { hotelCode: string; ratePlans: RatePlan[] };

export type RatePlansOutcome = { errors: string[] } | { changed: number };

const ISO = /^\d{4}-\d{2}-\d{2}$/;
function validDay(s: string | undefined): s is string {
  if (!s || !ISO.test(s)) return false;
  try {
    isoToYmd(s);
    return true;
  } catch {
    return false;
  }
}
const truthy = (v: string | undefined) => v === "1" || v === "true";
const positiveInt = (v: string | undefined): number | null =>
  v !== undefined && /^\d{1,4}$/.test(v) && Number(v) > 0 ? Number(v) : null;

/** Start..End of an element: an error text, or the dates. */
function periodOf(node: XmlNode, where: string): { start: string; end: string } | string {
  const start = attr(node, "Start");
  const end = attr(node, "End");
  if (!validDay(start) || !validDay(end)) return `${where}: Start and End must be dates (YYYY-MM-DD)`;
  const span = spanDays(start, end);
  if (span < 1) return `${where}: End ${end} is before Start ${start}`;
  if (span > MAX_PERIOD_DAYS) return `${where}: a period spans at most ${MAX_PERIOD_DAYS} days`;
  return { start, end };
}

/** Which weekdays a DOW element allows (an attribute left out allows its day). */
const weekdaysOf = (node: XmlNode | undefined): boolean[] | null =>
  node ? WEEKDAYS.map((d) => attr(node, d) === undefined || truthy(attr(node, d))) : null;

function overlaps<T extends { start: string; end: string }>(list: T[], what: (t: T) => string): string[] {
  const sorted = [...list].sort((a, b) => a.start.localeCompare(b.start));
  const out: string[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1] as T;
    const cur = sorted[i] as T;
    if (cur.start <= prev.end)
      out.push(`${what(cur)}: the periods ${prev.start}..${prev.end} and ${cur.start}..${cur.end} overlap`);
  }
  return out;
}

function readRule(node: XmlNode, where: string, errors: string[]): Rule | null {
  if (attr(node, "Code") !== undefined || attr(node, "CodeContext") !== undefined) {
    errors.push(
      `${where}: booking rules of a room type (Code, CodeContext) are not supported, only the rate plan's`,
    );
    return null;
  }
  const period = periodOf(node, where);
  if (typeof period === "string") {
    errors.push(period);
    return null;
  }
  let minStay: number | null = null;
  let maxStay: number | null = null;
  for (const los of children(child(node, "LengthsOfStay"), "LengthOfStay")) {
    const type = attr(los, "MinMaxMessageType");
    const time = attr(los, "Time");
    const value = time !== undefined && /^\d+$/.test(time) ? Number(time) : Number.NaN;
    if (type === "SetForwardMinStay" || type === "SetForwardMaxStay") {
      errors.push(
        `${where}: ${type} (a stay through the day) is not supported, only SetMinLOS and SetMaxLOS (on arrival)`,
      );
      return null;
    }
    if (!Number.isInteger(value) || value < 1 || value > MAX_LOS) {
      errors.push(`${where}: a length of stay is a whole number of days from 1 to ${MAX_LOS}`);
      return null;
    }
    if (type === "SetMinLOS") minStay = value;
    else maxStay = value;
  }
  if (minStay !== null && maxStay !== null && minStay > maxStay) {
    errors.push(`${where}: SetMinLOS ${minStay} is above SetMaxLOS ${maxStay}`);
    return null;
  }
  const dow = child(node, "DOW_Restrictions");
  const status = child(node, "RestrictionStatus");
  return {
    ...period,
    minStay,
    maxStay,
    arrival: weekdaysOf(child(dow, "ArrivalDaysOfWeek")),
    departure: weekdaysOf(child(dow, "DepartureDaysOfWeek")),
    closed: attr(status, "Status") === "Close",
  };
}

const RATE_REFUSED = ["RateTimeUnit", "UnitMultiplier", "Duration", "MinGuestApplicable", ...WEEKDAYS];

function readRate(node: XmlNode, where: string, errors: string[]): Rate | null {
  const invTypeCode = attr(node, "InvTypeCode");
  if (!invTypeCode) {
    errors.push(
      `${where}: InvTypeCode is required (only the first Rate of a Full rate plan is the static rate)`,
    );
    return null;
  }
  const refused = RATE_REFUSED.find((a) => attr(node, a) !== undefined);
  if (refused || child(node, "MealsIncluded")) {
    errors.push(`${where}: ${refused ?? "MealsIncluded"} belongs to the static rate only`);
    return null;
  }
  const period = periodOf(node, where);
  if (typeof period === "string") {
    errors.push(period);
    return null;
  }
  const base: BaseAmount[] = [];
  for (const b of children(child(node, "BaseByGuestAmts"), "BaseByGuestAmt")) {
    const guests = positiveInt(attr(b, "NumberOfGuests"));
    const amount = attr(b, "AmountAfterTax");
    if (guests === null || attr(b, "AgeQualifyingCode") !== "10" || amount === undefined) {
      errors.push(
        `${where}: each BaseByGuestAmt has NumberOfGuests, AgeQualifyingCode 10 and AmountAfterTax`,
      );
      return null;
    }
    if (attr(b, "Type") !== undefined) {
      errors.push(`${where}: Type belongs to the static rate only`);
      return null;
    }
    if (base.some((x) => x.guests === guests)) {
      errors.push(`${where}: two BaseByGuestAmt for ${guests} guests`);
      return null;
    }
    base.push({ guests, amount, currency: attr(b, "CurrencyCode") });
  }
  let extraAdult: string | null = null;
  const kids: ChildAmount[] = [];
  for (const a of children(child(node, "AdditionalGuestAmounts"), "AdditionalGuestAmount")) {
    const code = attr(a, "AgeQualifyingCode");
    const amount = attr(a, "Amount");
    if (amount === undefined) {
      errors.push(`${where}: each AdditionalGuestAmount has an Amount`);
      return null;
    }
    if (code === "10") {
      if (extraAdult !== null) {
        errors.push(`${where}: one AdditionalGuestAmount for adults at most`);
        return null;
      }
      extraAdult = amount;
      continue;
    }
    const minAge = attr(a, "MinAge");
    const maxAge = attr(a, "MaxAge");
    if (code !== "8" || (minAge === undefined && maxAge === undefined)) {
      errors.push(
        `${where}: an AdditionalGuestAmount is for adults (10) or children (8, with MinAge or MaxAge)`,
      );
      return null;
    }
    const min = minAge === undefined ? 0 : positiveInt(minAge);
    const max = maxAge === undefined ? null : positiveInt(maxAge);
    if (min === null || (maxAge !== undefined && max === null) || (max !== null && min >= max)) {
      errors.push(`${where}: a child's MinAge must be below its MaxAge`);
      return null;
    }
    kids.push({ minAge: min, maxAge: max, amount });
  }
  const ranges = [...kids].sort((x, y) => x.minAge - y.minAge);
  for (let i = 1; i < ranges.length; i++) {
    const prev = ranges[i - 1] as ChildAmount;
    if (prev.maxAge === null || (ranges[i] as ChildAmount).minAge < prev.maxAge) {
      errors.push(`${where}: the children's age ranges overlap`);
      return null;
    }
  }
  return { invTypeCode, ...period, base, extraAdult, children: kids };
}

/** The static rate of a Full rate plan: per person (Type 7) or per room (Type 25), with its meal plan. */
function readStaticRate(
  node: XmlNode | undefined,
  where: string,
  errors: string[],
): { mealPlanCode: string | undefined; chargeType: 7 | 25 | undefined } {
  if (!node || attr(node, "InvTypeCode") !== undefined || attr(node, "Start") !== undefined) {
    errors.push(
      `${where}: a Full rate plan's Rates start with the static rate (no InvTypeCode, Start or End)`,
    );
    return { mealPlanCode: undefined, chargeType: undefined };
  }
  const amounts = children(child(node, "BaseByGuestAmts"), "BaseByGuestAmt");
  const type = attr(amounts[0], "Type");
  if (amounts.length !== 1 || (type !== "7" && type !== "25"))
    errors.push(
      `${where}: the static rate has one BaseByGuestAmt with its Type, 7 (per person) or 25 (per room)`,
    );
  else if (
    attr(amounts[0], "NumberOfGuests") !== undefined ||
    attr(amounts[0], "AmountAfterTax") !== undefined
  )
    errors.push(`${where}: the static rate's BaseByGuestAmt has only its Type`);
  const unit = attr(node, "RateTimeUnit");
  const multiplier = attr(node, "UnitMultiplier");
  if ((unit !== undefined && unit !== "Day") || (multiplier !== undefined && multiplier !== "1"))
    errors.push(`${where}: the static rate is per night (RateTimeUnit Day, UnitMultiplier 1)`);
  const code = attr(child(node, "MealsIncluded"), "MealPlanCodes");
  if (!code) errors.push(`${where}: the static rate has MealsIncluded with its MealPlanCodes`);
  return { mealPlanCode: code, chargeType: type === "7" ? 7 : type === "25" ? 25 : undefined };
}

function readOffers(node: XmlNode | undefined, where: string, errors: string[]): void {
  const offers = children(node, "Offer");
  offers.forEach((offer, i) => {
    if (i > 0 || child(offer, "Discount") || child(offer, "Guests")) {
      errors.push(`${where}: free nights and family offers are not supported by this server`);
      return;
    }
    const rule = child(child(offer, "OfferRules"), "OfferRule");
    if (
      attr(rule, "MinAdvancedBookingOffset") !== undefined ||
      attr(rule, "MaxAdvancedBookingOffset") !== undefined
    )
      errors.push(`${where}: booking offsets in the OfferRule are not supported by this server`);
    if (child(rule, "LengthsOfStay") || child(rule, "DOW_Restrictions"))
      errors.push(
        `${where}: lengths of stay and weekdays in the OfferRule are not supported: send them as BookingRules`,
      );
  });
}

/**
 * Reads an OTA_HotelRatePlanNotifRQ the way chapter 4.5 of HotelData 2024-10 puts it, within what this server
 * implements (ADR 0080): rate plans Full (formerly New), Overlay or Remove; the rate plan's own booking rules
 * (SetMinLOS/SetMaxLOS, arrival and departure weekdays, Master Open/Close); a static rate per person or per room with
 * its meal plan; date-depending rates per InvTypeCode with amounts per occupancy, one extra adult's amount and
 * children's amounts by age. Anything else, and periods that overlap, refuse the whole message with the reason.
 */
export function readRatePlans(root: XmlNode): RatePlansRequest | { errors: string[] } {
  if (child(root, "UniqueID"))
    return {
      errors: ["UniqueID (a CompleteSet of rate plans) is not supported: send each rate plan Full or Remove"],
    };
  const plans = child(root, "RatePlans");
  const hotelCode = attr(plans, "HotelCode");
  if (!plans || !hotelCode) return { errors: ["RatePlans with a HotelCode is required"] };
  const errors: string[] = [];
  const out: RatePlan[] = [];
  const fail = (message: string): null => {
    errors.push(message);
    return null;
  };
  children(plans, "RatePlan").forEach((node, i) => {
    const plan = readRatePlan(node, i);
    if (plan) out.push(plan);
  });
  function readRatePlan(node: XmlNode, i: number): RatePlan | null {
    const code = attr(node, "RatePlanCode");
    const where = code ? `RatePlan ${code}` : `RatePlan ${i + 1}`;
    if (!code) return fail(`${where}: RatePlanCode is required`);
    if (out.some((p) => p.code === code)) return fail(`${where}: sent twice in one message`);
    const type = attr(node, "RatePlanNotifType");
    const notif =
      type === "Full" || type === "New"
        ? "full"
        : type === "Overlay"
          ? "overlay"
          : type === "Remove"
            ? "remove"
            : null;
    if (!notif) return fail(`${where}: RatePlanNotifType is Full (or New), Overlay or Remove`);
    if (attr(node, "RatePlanID") !== undefined || attr(node, "RatePlanQualifier") !== undefined)
      return fail(`${where}: joined rate plans (RatePlanID, RatePlanQualifier) are not supported`);
    const parts = ["BookingRules", "Rates", "Supplements", "Offers", "Description"].filter(
      (name) => node[name] !== undefined,
    );
    if (notif === "remove") {
      if (parts.length > 0) return fail(`${where}: a Remove carries no ${parts.join(", ")}`);
      return {
        code,
        notif,
        currency: undefined,
        mealPlanCode: undefined,
        chargeType: undefined,
        rules: [],
        rates: [],
      };
    }
    const currency = attr(node, "CurrencyCode");
    if (!currency) return fail(`${where}: CurrencyCode is required`);
    if (node.Supplements !== undefined) return fail(`${where}: supplements are not supported by this server`);
    if (notif === "overlay" && (node.Offers !== undefined || node.Description !== undefined))
      return fail(`${where}: an Overlay carries no Offers or Description`);
    const before = errors.length;
    if (notif === "full") readOffers(child(node, "Offers"), where, errors);
    const rules = children(child(node, "BookingRules"), "BookingRule").flatMap((r, j) => {
      const rule = readRule(r, `${where} BookingRule ${j + 1}`, errors);
      return rule ? [rule] : [];
    });
    errors.push(...overlaps(rules, () => `${where} booking rules`));
    const rateNodes = children(child(node, "Rates"), "Rate");
    const { mealPlanCode, chargeType } =
      notif === "full"
        ? readStaticRate(rateNodes.shift(), `${where} static rate`, errors)
        : { mealPlanCode: undefined, chargeType: undefined };
    const rates = rateNodes.flatMap((r, j) => {
      const rate = readRate(r, `${where} Rate ${j + (notif === "full" ? 2 : 1)}`, errors);
      return rate ? [rate] : [];
    });
    const byCode = new Map<string, Rate[]>();
    for (const r of rates) byCode.set(r.invTypeCode, [...(byCode.get(r.invTypeCode) ?? []), r]);
    for (const [inv, list] of byCode) errors.push(...overlaps(list, () => `${where} InvTypeCode ${inv}`));
    return errors.length === before
      ? { code, notif, currency, mealPlanCode, chargeType, rules, rates }
      : null;
  }
  const nights = out.reduce(
    (n, p) => n + p.rates.reduce((m, r) => m + spanDays(r.start, r.end), 0) + p.rules.length,
    0,
  );
  if (nights > MAX_NIGHTS) errors.push(`a message sets at most ${MAX_NIGHTS} nights`);
  return errors.length > 0 ? { errors } : { hotelCode, ratePlans: out };
}

const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * Applies a RatePlans message in ONE transaction through the rates calendar's own write (`replaceRateNights`), so
 * the search sees it at once: a Full replaces the rate plan's prices (of its coded room types) and restriction
 * nights from the hotel's today on, an Overlay only the nights of the Rates and BookingRules it sends, a Remove
 * deletes them. Every code, currency, meal plan, amount and child age range is checked first: any error refuses
 * the whole message and nothing is written. Rate plans and room types without a code are never touched.
 */
export async function applyRatePlans(
  database: Database,
  client: AlpineBitsClient,
  rq: RatePlansRequest,
  now: Date,
): Promise<RatePlansOutcome> {
  try {
    return await database.db.transaction(async (tx) => {
      const hotel = await findClientHotelByCode(tx, client.id, rq.hotelCode);
      if (!hotel) return { errors: [`HotelCode ${rq.hotelCode} is unknown to this client`] };
      const facts = await findRatePlansHotelFacts(tx, hotel.hotelId);
      const groups = agesOfGroups(await ageGroupsOf(tx, hotel.hotelId));
      const today = ymdToIso(todayInZone(now, hotel.timeZone));
      const errors: string[] = [];
      const minor = (text: string, where: string) => {
        const value = decimalToMinor(text, facts.decimalDigits);
        if (value === null)
          errors.push(
            `${where}: ${text} is not an amount in ${facts.currencyCode} (at most ${facts.decimalDigits} decimals)`,
          );
        return value ?? 0;
      };
      const work: RateNights[] = [];
      for (const p of rq.ratePlans) {
        const where = `RatePlan ${p.code}`;
        const plan = facts.ratePlans.get(p.code);
        if (!plan) {
          errors.push(`${where}: RatePlanCode ${p.code} is unknown for HotelCode ${rq.hotelCode}`);
          continue;
        }
        if (p.currency !== undefined && p.currency !== facts.currencyCode)
          errors.push(
            `${where}: CurrencyCode ${p.currency} is not the hotel's currency ${facts.currencyCode}`,
          );
        if (p.mealPlanCode !== undefined && MEAL_PLANS[p.mealPlanCode] !== plan.mealPlan)
          errors.push(
            `${where}: MealPlanCodes ${p.mealPlanCode} is not this rate plan's meal plan (${plan.mealPlan}); change it in the back office first`,
          );
        // An Overlay's amounts are read as its rate plan's last Full said: per person or per room.
        const chargeType = p.chargeType ?? plan.chargeType;
        if (p.notif === "overlay" && chargeType === null)
          errors.push(
            `${where}: send the rate plan Full first (its static rate says whether amounts are per person or per room)`,
          );
        const closedDays = new Set(
          p.rules.filter((r) => r.closed).flatMap((r) => daysInRange(later(r.start, today), r.end)),
        );
        const nights: RateNights = {
          ratePlanId: plan.id,
          priceScope: [],
          prices: [],
          childPrices: [],
          restrictionScope: [],
          restrictions: [],
        };
        const allRooms = [...facts.roomTypes.values()];
        if (p.notif !== "overlay") {
          nights.priceScope = allRooms.map((r) => ({ roomTypeId: r.id, from: today, to: LAST_DAY }));
          nights.restrictionScope = [{ from: today, to: LAST_DAY }];
        }
        for (const rule of p.rules) {
          if (rule.end < today) continue;
          const from = later(rule.start, today);
          if (p.notif === "overlay") {
            nights.restrictionScope.push({ from, to: rule.end });
            // A closed period has no price of this rate plan on any coded room type: the calendar's "closed".
            if (rule.closed)
              for (const r of allRooms) nights.priceScope.push({ roomTypeId: r.id, from, to: rule.end });
          }
          for (const day of daysInRange(from, rule.end)) {
            const wd = weekdayOf(day);
            const v: RestrictionValues = {
              closedToArrival: rule.arrival !== null && rule.arrival[wd] === false,
              closedToDeparture: rule.departure !== null && rule.departure[wd] === false,
              minStay: rule.minStay,
              maxStay: rule.maxStay,
            };
            nights.restrictions.push({ day, v });
          }
        }
        for (const rate of p.rates) {
          const rw = `${where} InvTypeCode ${rate.invTypeCode}`;
          const room = facts.roomTypes.get(rate.invTypeCode);
          if (!room) {
            errors.push(`${rw}: InvTypeCode ${rate.invTypeCode} is unknown for HotelCode ${rq.hotelCode}`);
            continue;
          }
          const perOccupancy = new Map<number, number>();
          for (const b of rate.base) {
            if (b.currency !== undefined && b.currency !== facts.currencyCode)
              errors.push(
                `${rw}: CurrencyCode ${b.currency} is not the hotel's currency ${facts.currencyCode}`,
              );
            if (b.guests > room.maxOccupancy)
              errors.push(`${rw}: ${b.guests} guests, the room takes at most ${room.maxOccupancy}`);
            perOccupancy.set(b.guests, minor(b.amount, rw));
          }
          const extra = rate.extraAdult === null ? null : minor(rate.extraAdult, rw);
          const byAdults = pricesByAdults(perOccupancy, extra, room.maxOccupancy, chargeType === 7);
          if (!byAdults) errors.push(`${rw}: a price is above the largest the calendar takes`);
          const kids: { ageGroupId: number; amount: number }[] = [];
          for (const k of rate.children) {
            const lastAge = k.maxAge === null ? null : k.maxAge - 1;
            const group = groups.find((g) => g.min === k.minAge && (lastAge === null || g.max === lastAge));
            if (!group || (lastAge === null && group !== groups.at(-1))) {
              const known = groups.map((g) => `${g.min}-${g.max + 1}`).join(", ") || "none";
              errors.push(
                `${rw}: children aged ${k.minAge} to ${k.maxAge ?? "adult"} (MaxAge exclusive) are not one of the hotel's age groups (MinAge-MaxAge: ${known})`,
              );
              continue;
            }
            kids.push({ ageGroupId: group.id, amount: minor(k.amount, rw) });
          }
          if (rate.end < today) continue;
          const from = later(rate.start, today);
          if (p.notif === "overlay") nights.priceScope.push({ roomTypeId: room.id, from, to: rate.end });
          for (const day of daysInRange(from, rate.end)) {
            if (closedDays.has(day)) continue;
            for (const [adults, amount] of byAdults ?? [])
              nights.prices.push({ roomTypeId: room.id, day, adults, amount });
            for (const k of kids) nights.childPrices.push({ roomTypeId: room.id, day, ...k });
          }
        }
        work.push(nights);
      }
      if (errors.length > 0) return { errors };
      for (const p of rq.ratePlans) {
        const plan = facts.ratePlans.get(p.code);
        // A Full keeps its charge type for the Overlays after it; after a Remove an Overlay needs a Full again.
        const next = p.notif === "remove" ? null : (p.chargeType ?? plan?.chargeType ?? null);
        if (plan && next !== plan.chargeType) await setRatePlanChargeType(tx, plan.id, next);
      }
      const result = await replaceRateNights(tx, hotel.hotelId, work);
      const changed = result.changed.price + result.changed.childPrice + result.changed.restriction;
      if (changed > 0)
        await auditSystem(tx, hotel.groupId, `alpinebits:${client.username}`, {
          hotelId: hotel.hotelId,
          action: "rates.alpinebits_rate_plans",
          entity: "calendar",
          entityId: rq.ratePlans.map((p) => p.code).join(","),
          before: { changed },
          after: { ratePlans: rq.ratePlans.map((p) => ({ code: p.code, notif: p.notif })) },
        });
      return { changed };
    });
  } catch (error) {
    // A calendar rule refused a night (the transaction is rolled back): the message is answered with the reason.
    if (error instanceof AppError && error.status < 500) return { errors: [error.message] };
    throw error;
  }
}
