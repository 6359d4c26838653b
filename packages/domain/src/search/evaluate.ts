// Turns one loaded search context into rooms and rates. Pure: no I/O, no clock; `today` is given.
import { canAllocate, planCrossBooking } from "../availability/allocation";
import { checkRestrictions, countFree, type DayRestriction } from "../availability/restrictions";
import { schedulePrepayments } from "../booking/payment-schedule";
import { tradeCommissionPercent } from "../booking/trade-booking";
import type { RoomRequest } from "../contract/common";
import type { AvailableRoom, CrossOption, Rate, RestrictionNotice } from "../contract/search/avail";
import { pickText } from "../i18n/languages";
import { type CurrencyRules, fromMinor, toMinor } from "../money/money";
import { type Child, mapChildAge } from "../occupancy/occupancy";
import { findOverride, type PriceOverride } from "../pricing/overrides";
import { type NightBase, priceStay } from "../pricing/price-stay";
import { checkPromo, type Promo } from "../pricing/promo";
import { toSelectedStay } from "../pricing/selection";
import { type CatalogueService, priceStayForGuest, totalSelection } from "../pricing/stay-charges";
import { addDays, isoToYmd, nightsBetween } from "../stay-dates/stay-dates";
import type { RatePlanRow, RoomTypeRow, SearchContext, ServiceRow } from "./context";
import { flightsOf } from "./flights";

export type EvaluateOptions = {
  languageId: number;
  /** Hotel-local today, YYYYMMDD. */
  today: string;
  promo: Promo | null;
  overrides: PriceOverride[];
  roomIds?: number[] | undefined;
  rateIds?: number[] | undefined;
  mtId: number;
  chosenRates: (number | null)[];
  isTrade: boolean;
  customerPercent: number;
  /** The trade account's own commission percent, 0 included (null: each rate's own; ADR 0062). */
  customerCommission: number | null;
  cross: boolean;
  connected: boolean;
  /**
   * "portal" keeps a child whose age matches no group of the hotel as a child with no group (SPEC §5, portal
   * lists); it is then priced as one more adult. The hotel's own search ("hotel", the default) makes it an adult.
   */
  ageMode?: "hotel" | "portal";
  /** Origin airport (IATA) of a flight-included package: rates then carry the flights of the stay. */
  airport?: string | undefined;
  /**
   * Per slot, a cross-booking the guest chose (the booking prices exactly it): its segments' room types, in stay
   * order, at the slot's chosen rate. Such a slot answers only that option, as `cross`, even when one room type
   * would now do for the whole stay.
   */
  crossPlans?: (readonly { roomId: number; arrival: string; departure: string }[] | null)[];
  /**
   * Only each room's cheapest rate is built (`rates` holds just it): what a portal list's "from" price needs, without
   * the descriptions, nightly prices and payment steps of rates that cannot be it. Which rates are bookable, and
   * every total, follow the same rules as a full evaluation.
   */
  cheapestOnly?: boolean;
};

type Guests = { adults: number; children: Child[]; pricedAdults: number };

/** The hotel's services as the mandatory-extras rule reads them. */
/** The commission a trade customer earns on a rate plan row (the domain's rule, `tradeCommissionPercent`). */
export function commissionOf(
  plan: Pick<RatePlanRow, "commission_percent" | "is_net">,
  accountPercent: number | null,
): number | null {
  const commissionPercent = plan.commission_percent === null ? null : Number(plan.commission_percent);
  return tradeCommissionPercent({ commissionPercent, isNet: plan.is_net }, accountPercent);
}

export function toCatalogue(services: readonly ServiceRow[]): CatalogueService[] {
  return services.map((s) => ({
    id: s.id,
    categoryId: s.category_id,
    categoryMandatory: s.category_mandatory,
    pricingBasis: s.pricing_basis,
    perNight: s.per_night,
    priceMinor: s.price_minor,
    mandatoryFor: s.mandatory_for,
  }));
}

/** The least expensive room and rate of each room slot by the total its rate card shows, or null when none. */
export function cheapestRatePerSlot(evaluation: Evaluation): ({ roomId: number; rate: Rate } | null)[] {
  return evaluation.slots.map((slot) => {
    let best: { roomId: number; rate: Rate } | null = null;
    for (const room of slot.rooms)
      for (const rate of room.rates)
        if (!best || rate.stayTotal < best.rate.stayTotal) best = { roomId: room.id, rate };
    return best;
  });
}

/**
 * The cheapest rate of each room slot, taken together as the guest would book them (each mandatory category
 * once): the "from" of a portal hotel or of a nearby date, in minor units.
 */
export function cheapestSelection(
  evaluation: Evaluation,
  digits: number,
): { totalMinor: number; cityTaxMinor: number } {
  return totalSelection(
    cheapestRatePerSlot(evaluation).flatMap((best) =>
      // The room with its flights, if the stay has any: what the booking charges for the room.
      best ? [toSelectedStay(best.rate, digits, toMinor(best.rate.flightTotal, digits))] : [],
    ),
  );
}

function setAt<K, V>(map: Map<K, (V | undefined)[]>, key: K, offset: number, value: V): void {
  const list = map.get(key);
  if (list) list[offset] = value;
  else {
    const created: (V | undefined)[] = [];
    created[offset] = value;
    map.set(key, created);
  }
}

/**
 * Night-indexed lookups built once per loaded context, reused for every stay evaluated on it. Prices are found by
 * the room type's, rate plan's and age group's place in the context's lists, a number (not a string built per row
 * and per lookup: the portal builds an index per hotel, a hundred to a list; ADR 0053).
 */
export class SearchIndex {
  readonly from: string;
  readonly rules: CurrencyRules;
  private readonly inventory = new Map<number, ({ free: number; closed: boolean } | undefined)[]>();
  /** A room type's, rate plan's and age group's place in the context's list, by id. */
  private readonly typeAt: Map<number, number>;
  private readonly rateAt: Map<number, number>;
  private readonly groupAt: Map<number, number>;
  /** Highest adult count of a price row + 1: the stride of the adult prices' key. */
  private readonly adultSpan: number;
  /** By `priceKey`, then night offset. */
  private readonly prices: ((number | undefined)[] | undefined)[] = [];
  private readonly childLists: ((number | undefined)[] | undefined)[] = [];
  private readonly restrictions = new Map<number, (DayRestriction | undefined)[]>();

  constructor(
    readonly ctx: SearchContext,
    fromIso: string,
  ) {
    this.from = isoToYmd(fromIso);
    const c = ctx.currency;
    this.rules = {
      code: c?.code ?? "EUR",
      decimalDigits: c?.decimal_digits ?? 2,
      rounding: Number(c?.rounding ?? 0),
    };
    for (const [type, off, free, closed] of ctx.inventory) setAt(this.inventory, type, off, { free, closed });
    this.typeAt = new Map(ctx.room_types.map((t, i) => [t.id, i]));
    this.rateAt = new Map(ctx.rate_plans.map((r, i) => [r.id, i]));
    this.groupAt = new Map(ctx.age_groups.map((g, i) => [g.id, i]));
    const p = ctx.prices;
    let span = 1;
    for (let i = 3; i < p.length; i += 5) span = Math.max(span, (p[i] as number) + 1);
    this.adultSpan = span;
    fill(this.prices, p, (type, rate, adults) => this.priceKey(type, rate, adults, span));
    const groups = ctx.age_groups.length;
    fill(this.childLists, ctx.child_prices, (type, rate, group) =>
      this.priceKey(type, rate, this.groupAt.get(group), groups),
    );
    for (const [rate, off, cta, ctd, minStay, maxStay] of ctx.restrictions)
      setAt(this.restrictions, rate, off, { closedToArrival: cta, closedToDeparture: ctd, minStay, maxStay });
  }

  /** The place of a (room type, rate plan, n of `span`) price list, or -1 when a part is not in the context. */
  private priceKey(type: number, rate: number, n: number | undefined, span: number): number {
    const t = this.typeAt.get(type);
    const r = this.rateAt.get(rate);
    if (t === undefined || r === undefined || n === undefined || n < 0 || n >= span) return -1;
    return (t * this.rateAt.size + r) * span + n;
  }

  offsetOf(ymd: string): number {
    return nightsBetween(this.from, ymd);
  }

  night(type: number, off: number) {
    return this.inventory.get(type)?.[off];
  }

  /** The adults' price of a room type and rate plan, by night offset (a hole: no price that night). */
  adultPrices(type: number, rate: number, adults: number): readonly (number | undefined)[] | undefined {
    return this.prices[this.priceKey(type, rate, adults, this.adultSpan)];
  }

  adultPrice(type: number, rate: number, adults: number, off: number): number | null {
    return this.adultPrices(type, rate, adults)?.[off] ?? null;
  }

  /** A child's price in an age group, by night offset, as `adultPrices`. */
  childPrices(type: number, rate: number, group: number): readonly (number | undefined)[] | undefined {
    return this.childLists[this.priceKey(type, rate, this.groupAt.get(group), this.groupAt.size)];
  }

  childPrice(type: number, rate: number, group: number, off: number): number | null {
    return this.childPrices(type, rate, group)?.[off] ?? null;
  }

  restriction(rate: number, off: number): DayRestriction | undefined {
    return this.restrictions.get(rate)?.[off];
  }
}

/** Files flat price rows (`SearchContext.prices`' five numbers a row) under `keyOf`'s place, by night offset. */
function fill(
  lists: ((number | undefined)[] | undefined)[],
  rows: readonly number[],
  keyOf: (type: number, rate: number, fourth: number) => number,
): void {
  for (let i = 0; i + 4 < rows.length; i += 5) {
    const key = keyOf(rows[i] as number, rows[i + 1] as number, rows[i + 3] as number);
    if (key < 0) continue;
    let list = lists[key];
    if (!list) {
      list = [];
      lists[key] = list;
    }
    list[rows[i + 2] as number] = rows[i + 4];
  }
}

export function toGuests(
  room: RoomRequest,
  groups: SearchContext["age_groups"],
  mode: "hotel" | "portal" = "hotel",
): Guests {
  let adults = room.adults;
  const children: Child[] = [];
  for (const age of room.ages) {
    const mapped = mapChildAge(age, groups, mode);
    if (mapped.kind === "adult") adults++;
    else children.push(mapped.child);
  }
  // Without age groups children have no price of their own: the room is priced for everyone in it (ADR 0003).
  // A portal child with no group (ADR 0011) is priced as one more adult.
  const ungrouped = children.filter((c) => c.groupId === null).length;
  const pricedAdults = groups.length === 0 ? adults + children.length : adults + ungrouped;
  return { adults, children, pricedAdults };
}

function fitsRoom(room: RoomTypeRow, g: Guests): boolean {
  const total = g.adults + g.children.length;
  return (
    g.adults <= room.max_adults &&
    g.children.length <= room.max_children + (room.max_adults - g.adults) &&
    total >= room.min_occupancy &&
    total <= room.max_occupancy
  );
}

export type SlotResult = {
  rooms: AvailableRoom[];
  /** Room types usable for the whole stay with their free count, for the multi-room check. */
  freeTypes: Map<number, number>;
  notices: RestrictionNotice[];
  cross: CrossOption | null;
};

export type Evaluation = {
  slots: SlotResult[];
  /** Every slot has a room, and all of them can be had at once. */
  available: boolean;
};

type FlightLeg = {
  id: number;
  code: string;
  /** The airport it leaves from, and the one it lands at. */
  airport: string;
  to: string;
  date: string;
  time: string;
  arrivalTime: string | null;
  /** Per passenger, minor units (0: in the rate's price). */
  priceMinor: number;
};

/**
 * The flights of a flight-included package for a stay from an origin airport: the origin's outbound flight on the
 * arrival day and its return flight on the departure day, with what they cost one passenger. null when no
 * airport was asked for (a stay without flights) or the package has no flights; "none" when the airport has no
 * flight out on the arrival day or back on the departure day.
 */
export function findFlights(
  pkg: SearchContext["package"],
  airport: string | undefined,
  arrival: string,
  departure: string,
): { departure: FlightLeg; return: FlightLeg; totalMinor: number } | "none" | null {
  if (!pkg || !airport || pkg.airports.length === 0) return null;
  const origin = pkg.airports.find((a) => a.code.toUpperCase() === airport.toUpperCase());
  if (!origin) return "none";
  const flights = flightsOf(origin);
  const destination = pkg.destination_airport?.code ?? "";
  const leg = (day: string, direction: "outbound" | "return"): FlightLeg | null => {
    const f = flights.find((x) => x.direction === direction && x.date.replaceAll("-", "") === day);
    if (!f) return null;
    return {
      id: f.id,
      code: f.code,
      airport: direction === "outbound" ? origin.code : destination,
      to: direction === "outbound" ? destination : origin.code,
      date: day,
      time: f.time.slice(0, 5),
      arrivalTime: f.arrivalTime?.slice(0, 5) ?? null,
      priceMinor: f.priceMinor,
    };
  };
  const out = leg(arrival, "outbound");
  const back = leg(departure, "return");
  if (!out || !back) return "none";
  return { departure: out, return: back, totalMinor: out.priceMinor + back.priceMinor };
}

/**
 * A chosen cross-booking as night ranges of the stay, or null when it does not cover the stay night by night
 * (segments in order, each from the previous one's departure) or one of its nights is not free in its room type.
 */
function toCrossSegments(
  chosen: readonly { roomId: number; arrival: string; departure: string }[],
  arrival: string,
  freeByNight: readonly (readonly number[])[],
): { type: number; from: number; to: number }[] | null {
  let night = 0;
  const segments: { type: number; from: number; to: number }[] = [];
  for (const segment of chosen) {
    const from = nightsBetween(arrival, segment.arrival);
    const to = nightsBetween(arrival, segment.departure);
    if (from !== night || to <= from) return null;
    for (let n = from; n < to; n++) if (!freeByNight[n]?.includes(segment.roomId)) return null;
    segments.push({ type: segment.roomId, from, to });
    night = to;
  }
  return night === freeByNight.length ? segments : null;
}

export function evaluateStay(
  index: SearchIndex,
  arrival: string,
  departure: string,
  rooms: RoomRequest[],
  o: EvaluateOptions,
): Evaluation {
  const { ctx } = index;
  const start = index.offsetOf(arrival);
  const nights = nightsBetween(arrival, departure);
  const digits = index.rules.decimalDigits;
  const money = (minor: number) => fromMinor(minor, digits);
  const link = ctx.link;
  const pkg = ctx.package;
  const serviceNames = new Map(ctx.services.map((s) => [s.id, pickText(s.name, o.languageId)]));

  const allowedType = (t: RoomTypeRow) =>
    (!o.roomIds || o.roomIds.includes(t.id)) &&
    (!link || link.room_type_ids.length === 0 || link.room_type_ids.includes(t.id)) &&
    (!pkg || pkg.room_type_ids.length === 0 || pkg.room_type_ids.includes(t.id));
  const allowedRate = (r: RatePlanRow, slot: number) =>
    (!r.trade_only || o.isTrade) &&
    (!o.rateIds || o.rateIds.includes(r.id)) &&
    (o.mtId === 0 || r.mt_id === o.mtId) &&
    (o.chosenRates[slot] == null || o.chosenRates[slot] === r.id) &&
    (!link || link.rate_plan_ids.length === 0 || link.rate_plan_ids.includes(r.id)) &&
    (!pkg || pkg.rate_plan_ids.includes(r.id));

  const noChildren: readonly (number | null)[] = [];
  const nightBases = (type: number, rate: number, g: Guests, types?: number[]): NightBase[] => {
    // Children priced by their group; without age groups they are in the adults' price (toGuests).
    const groups =
      ctx.age_groups.length === 0 ? [] : g.children.flatMap((c) => (c.groupId === null ? [] : [c.groupId]));
    const out: NightBase[] = new Array(nights);
    if (!types) {
      // One room type for the whole stay: each price list is looked up once, then read night by night.
      const adults = index.adultPrices(type, rate, g.pricedAdults);
      const children = groups.map((group) => index.childPrices(type, rate, group));
      for (let n = 0; n < nights; n++) {
        const off = start + n;
        out[n] = {
          adults: adults?.[off] ?? null,
          children: groups.length === 0 ? noChildren : children.map((list) => list?.[off] ?? null),
        };
      }
      return out;
    }
    for (let n = 0; n < nights; n++) {
      const t = types[n]!;
      const off = start + n;
      out[n] = {
        adults: index.adultPrice(t, rate, g.pricedAdults, off),
        children: groups.map((group) => index.childPrice(t, rate, group, off)),
      };
    }
    return out;
  };

  const overrideFor = (type: number, rate: number, slot: number): number | null => {
    const found = findOverride(o.overrides, { roomId: type, rateId: rate, arrival, departure });
    if (found) return toMinor(found.total, digits);
    if (!link || isoToYmd(link.arrival) !== arrival || isoToYmd(link.departure) !== departure) return null;
    // An answered quote fixes each room's price for the room type and rate the hotel chose for it.
    if (link.room_prices) {
      const fixed = link.room_prices[slot];
      return fixed && fixed.roomTypeId === type && fixed.ratePlanId === rate ? fixed.totalMinor : null;
    }
    if (link.total_minor != null && slot === 0) return link.total_minor;
    return null;
  };

  // The legs for one passenger; each slot's guests multiply their price.
  const flight = findFlights(pkg, o.airport, arrival, departure);

  const packageNotice = (g: Guests): RestrictionNotice | null => {
    if (!pkg) return null;
    if (nights < pkg.min_nights) return { kind: "min_stay", value: pkg.min_nights };
    if (pkg.max_nights !== null && nights > pkg.max_nights)
      return { kind: "max_stay", value: pkg.max_nights };
    if (g.adults < pkg.min_adults) return { kind: "min_adults", value: pkg.min_adults };
    if (pkg.max_adults !== null && g.adults > pkg.max_adults)
      return { kind: "max_adults", value: pkg.max_adults };
    if (arrival < isoToYmd(pkg.valid_from) || departure > addDays(isoToYmd(pkg.valid_to), 1))
      return { kind: "closed", value: null };
    if (flight === "none") return { kind: "no_flight", value: null };
    return null;
  };

  const catalogue = toCatalogue(ctx.services);
  const serviceById = new Map(ctx.services.map((s) => [s.id, s]));
  // The same rule the booking charges (packages/domain/src/pricing/stay-charges.ts), so the total shown is the
  // checkout's total when the guest adds nothing.
  const priceForGuest = (roomMinor: number, g: Guests, included: readonly number[], stayNights: number) => {
    const price = priceStayForGuest({
      roomMinor,
      catalogue,
      includedServiceIds: included,
      party: { adults: g.adults, children: g.children.length, nights: stayNights },
      cityTaxPerAdultNightMinor: ctx.hotel?.city_tax_minor ?? 0,
    });
    return {
      price,
      additionalServices: price.extras.map((e) => ({
        id: e.serviceId,
        name: pickText(serviceById.get(e.serviceId)?.name ?? {}, o.languageId),
        price: money(e.priceMinor),
        quantity: e.quantity,
        categoryId: e.categoryId,
        mandatory: true,
        choosed: true,
        source: { code: e.reason },
      })),
    };
  };

  // Each segment of a cross-booking is a room of its own for the booking (ADR 0013): its mandatory extras count its
  // nights, and a mandatory category is asked once.
  const priceCrossExtras = (
    roomMinor: number,
    g: Guests,
    included: readonly number[],
    plan: readonly { from: number; to: number }[],
  ) => {
    const parts = plan.map((segment) => priceForGuest(0, g, included, segment.to - segment.from));
    const merged = new Map<number, Rate["additionalServices"][number]>();
    for (const part of parts)
      for (const extra of part.additionalServices) {
        const seen = merged.get(extra.id);
        if (!seen) merged.set(extra.id, { ...extra });
        else if (extra.source.code !== "category")
          seen.price = money(toMinor(seen.price, digits) + toMinor(extra.price, digits));
      }
    const extrasMinor = [...merged.values()].reduce((sum, e) => sum + toMinor(e.price, digits), 0);
    return {
      price: {
        extrasMinor,
        totalMinor: roomMinor + extrasMinor,
        cityTaxMinor: parts.reduce((sum, part) => sum + part.price.cityTaxMinor, 0),
      },
      additionalServices: [...merged.values()],
    };
  };

  const flights = flight === null || flight === "none" ? null : flight;
  /** What a rate's stay costs the guest (room, mandatory extras, flights), and its parts. */
  const stayPrice = (r: RatePlanRow, g: Guests, nightly: readonly number[]) => {
    const total = nightly.reduce((a, b) => a + b, 0);
    const forGuest = priceForGuest(total, g, r.included_service_ids, nights);
    const flightMinor = flights ? flights.totalMinor * (g.adults + g.children.length) : 0;
    return { total, ...forGuest, flightMinor, stayMinor: forGuest.price.totalMinor + flightMinor };
  };

  const buildRate = (
    r: RatePlanRow,
    g: Guests,
    nightly: number[],
    fullTotal: number,
    override: number | null,
  ): Rate => {
    const { total, price, additionalServices, flightMinor, stayMinor } = stayPrice(r, g, nightly);
    const freeUntil =
      r.refundable && r.free_cancellation_days !== null ? addDays(arrival, -r.free_cancellation_days) : null;
    return {
      id: r.id,
      mtId: r.mt_id,
      name: pickText(r.name, o.languageId),
      total: money(total),
      stayTotal: money(stayMinor),
      cityTax: money(price.cityTaxMinor),
      flightTotal: money(flightMinor),
      best: false,
      policy: r.refundable ? r.free_cancellation_days : null,
      cancellation: { refundable: r.refundable, freeUntil },
      // The rate's steps apply to the stay with its mandatory extras, as the booking charges them.
      prepaids: schedulePrepayments(r.prepayment, stayMinor, arrival, o.today).map((p) => ({
        ...p,
        amount: money(p.amount),
      })),
      description: pickText(r.description, o.languageId),
      freeServices: r.included_service_ids.map((id) => ({ id, name: serviceNames.get(id) ?? "" })),
      refundIncluded: false,
      refundPrice: r.refund_protection_minor === null ? null : money(r.refund_protection_minor),
      insured: false,
      extraCost: money(price.extrasMinor),
      additionalServices,
      selectedFlight: flights
        ? {
            departure: { ...flights.departure, price: money(flights.departure.priceMinor) },
            return: { ...flights.return, price: money(flights.return.priceMinor) },
          }
        : null,
      overridedPrice: override === null ? null : money(override),
      mealPlan: r.meal_plan,
      payment: r.payment,
      nightly: nightly.map((p, n) => ({ date: addDays(arrival, n), price: money(p) })),
      fullPrice: money(fullTotal),
      promo: o.promo && total < fullTotal && override === null ? o.promo.code : null,
      commission: o.isTrade ? commissionOf(r, o.customerCommission) : null,
      net: r.is_net,
      resellable: r.resellable,
      minStay: r.min_stay,
      maxStay: r.max_stay,
    };
  };

  const slots: SlotResult[] = rooms.map((request, slot) => {
    const g = toGuests(request, ctx.age_groups, o.ageMode);
    const notices = new Map<string, RestrictionNotice>();
    const addNotice = (n: RestrictionNotice) => {
      const key = n.kind;
      const prev = notices.get(key);
      // Keep the loosest value so the message names what would work.
      if (
        !prev ||
        (n.value !== null &&
          prev.value !== null &&
          (key.startsWith("min") ? n.value < prev.value : n.value > prev.value))
      )
        notices.set(key, n);
    };
    const pkgNotice = packageNotice(g);
    if (pkgNotice) addNotice(pkgNotice);
    const result: AvailableRoom[] = [];
    const freeTypes = new Map<number, number>();
    const allowedTypes = ctx.room_types.filter(allowedType);
    const types = allowedTypes.filter((t) => fitsRoom(t, g));
    // More guests than any room takes: that is the reason, not a rate's limits.
    const largest = Math.max(0, ...allowedTypes.map((t) => t.max_occupancy));
    const tooManyGuests =
      types.length === 0 &&
      allowedTypes.length > 0 &&
      (g.adults + g.children.length > largest ||
        g.adults > Math.max(...allowedTypes.map((t) => t.max_adults)));
    const rates = ctx.rate_plans.filter((r) => allowedRate(r, slot));
    const promoPercentFor = (r: RatePlanRow) =>
      o.promo && checkPromo(o.promo, { arrival, departure, bookingDay: o.today, ratePlanId: r.id }).valid
        ? o.promo.discountPercent
        : 0;
    const rateOk = new Map<number, boolean>();
    for (const r of rates) {
      const failure = checkRestrictions({
        nights,
        adults: g.adults,
        limits: {
          minStay: r.min_stay,
          maxStay: r.max_stay,
          minAdults: r.min_adults,
          maxAdults: r.max_adults,
        },
        onArrival: index.restriction(r.id, start),
        onDeparture: index.restriction(r.id, start + nights),
      });
      if (failure) addNotice(failure);
      rateOk.set(r.id, !failure && !pkgNotice);
    }

    let closedEverywhere = types.length > 0;
    for (const t of types) {
      const stay = Array.from({ length: nights }, (_, n) => index.night(t.id, start + n));
      if (!stay.some((night) => night?.closed)) closedEverywhere = false;
      const free = countFree(stay);
      if (free <= 0) continue;
      const roomRates: Rate[] = [];
      let overrided = false;
      let lowest: { r: RatePlanRow; nightly: number[]; fullTotal: number; override: number | null } | null =
        null;
      let lowestMinor = Number.POSITIVE_INFINITY;
      for (const r of rates) {
        if (!rateOk.get(r.id)) continue;
        const override = overrideFor(t.id, r.id, slot);
        const priced = priceStay({
          nights: nightBases(t.id, r.id, g),
          longStayDiscounts: r.long_stay_discounts,
          promoPercent: promoPercentFor(r),
          customerPercent: r.trade_only ? o.customerPercent : 0,
          rules: index.rules,
          overrideTotal: override,
        });
        if (!priced.ok) continue;
        if (override !== null) overrided = true;
        if (!o.cheapestOnly) roomRates.push(buildRate(r, g, priced.nightly, priced.fullTotal, override));
        else {
          // The first of equal totals, as the stable sort below keeps the hotel's order among them.
          const stayMinor = stayPrice(r, g, priced.nightly).stayMinor;
          if (stayMinor < lowestMinor) {
            lowestMinor = stayMinor;
            lowest = { r, nightly: priced.nightly, fullTotal: priced.fullTotal, override };
          }
        }
      }
      if (lowest) roomRates.push(buildRate(lowest.r, g, lowest.nightly, lowest.fullTotal, lowest.override));
      if (roomRates.length === 0) continue;
      freeTypes.set(t.id, free);
      // Cheapest first (the hotel's order among equal prices), so the best price is never behind "show all".
      roomRates.sort((a, b) => a.stayTotal - b.stayTotal);
      const cheapest = roomRates[0]!;
      result.push({
        id: t.id,
        name: pickText(t.name, o.languageId),
        description: pickText(t.description, o.languageId),
        gallery: t.gallery,
        count: free,
        amenities: t.amenities,
        maxAdults: t.max_adults,
        maxOccupancy: t.max_occupancy,
        rates: roomRates,
        suggestedRate: cheapest.id,
        overrided,
      });
    }
    // A closed season names itself, rather than whatever rate rule the guest would meet next.
    if (closedEverywhere) {
      notices.clear();
      addNotice({ kind: "closed", value: null });
    }
    if (tooManyGuests) {
      notices.clear();
      addNotice({ kind: "max_guests", value: largest });
    }
    let best: Rate | null = null;
    for (const room of result) {
      const cheapest = room.rates[0]!;
      if (!best || cheapest.stayTotal < best.stayTotal) best = cheapest;
    }
    if (best) best.best = true;

    let cross: CrossOption | null = null;
    const forced = o.crossPlans?.[slot] ?? null;
    if ((o.cross && result.length === 0) || forced) {
      for (const r of rates) {
        if (!rateOk.get(r.id)) continue;
        const perNight = Array.from({ length: nights }, (_, n) =>
          types
            .filter((t) => {
              const night = index.night(t.id, start + n);
              return (
                night &&
                !night.closed &&
                night.free > 0 &&
                index.adultPrice(t.id, r.id, g.pricedAdults, start + n) !== null
              );
            })
            .map((t) => t.id),
        );
        const plan = forced ? toCrossSegments(forced, arrival, perNight) : planCrossBooking(perNight);
        if (!plan || plan.length < 2) continue;
        const typeByNight = plan.flatMap((s) => Array.from({ length: s.to - s.from }, () => s.type));
        const priced = priceStay({
          nights: nightBases(0, r.id, g, typeByNight),
          longStayDiscounts: r.long_stay_discounts,
          promoPercent: promoPercentFor(r),
          customerPercent: r.trade_only ? o.customerPercent : 0,
          rules: index.rules,
          overrideTotal: null,
        });
        if (!priced.ok) continue;
        const { price, additionalServices } = priceCrossExtras(priced.total, g, r.included_service_ids, plan);
        const option: CrossOption = {
          slot,
          rate: { id: r.id, name: "CROSSBOOKING", ratePlanName: pickText(r.name, o.languageId) },
          total: money(priced.total),
          extraCost: money(price.extrasMinor),
          additionalServices,
          stayTotal: money(price.totalMinor),
          cityTax: money(price.cityTaxMinor),
          segments: plan.map((s) => {
            const part = priced.nightly.slice(s.from, s.to);
            const room = types.find((t) => t.id === s.type)!;
            return {
              roomId: s.type,
              name: pickText(room.name, o.languageId),
              arrival: addDays(arrival, s.from),
              departure: addDays(arrival, s.to),
              total: money(part.reduce((a, b) => a + b, 0)),
              nightly: part.map((p, i) => ({ date: addDays(arrival, s.from + i), price: money(p) })),
            };
          }),
        };
        if (
          !cross ||
          option.segments.length < cross.segments.length ||
          (option.segments.length === cross.segments.length && option.stayTotal < cross.stayTotal)
        )
          cross = option;
      }
    }
    const restrictionList = result.length === 0 ? [...notices.values()] : [];
    return { rooms: result, freeTypes, notices: restrictionList, cross };
  });

  if (o.connected && rooms.length > 1) {
    // Connected rooms: the same room type for every slot at once (ADR 0003).
    const common = [...(slots[0]?.freeTypes.keys() ?? [])].filter((t) =>
      slots.every((s) => (s.freeTypes.get(t) ?? 0) >= rooms.length),
    );
    for (const s of slots) s.rooms = s.rooms.filter((r) => common.includes(r.id));
  }

  const available =
    slots.every((s) => s.rooms.length > 0) &&
    canAllocate(
      slots.map((s) => s.rooms.map((r) => r.id)),
      new Map(slots.flatMap((s) => [...s.freeTypes])),
    );
  return { slots, available };
}
