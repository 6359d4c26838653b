import { type BankTransferSettings, readBankTransferSettings } from "@alloggio/domain/booking/bank-transfer";
import {
  planPrepayments,
  type RoomCharge,
  splitDues,
  totalReservation,
} from "@alloggio/domain/booking/reservation-money";
import { checkMandatoryCategories, priceService } from "@alloggio/domain/booking/services";
import { accountCommissionOf, commissionMinor } from "@alloggio/domain/booking/trade-booking";
import type { GuestDataRequest } from "@alloggio/domain/contract/booking/guestdata";
import { toMinor } from "@alloggio/domain/money/money";
import { findMandatoryExtras } from "@alloggio/domain/pricing/stay-charges";
import {
  commissionOf,
  evaluateStay,
  SearchIndex,
  toCatalogue,
  toGuests,
} from "@alloggio/domain/search/evaluate";
import {
  firstArrivalInZone,
  listNights,
  nightsBetween,
  todayInZone,
  type Ymd,
  ymdToIso,
} from "@alloggio/domain/stay-dates/stay-dates";
import type { Database } from "../../db/client";
import type { BookedFlights, PrepaymentStep } from "../../db/schema";
import { AppError, badInput, notFound } from "../../http/errors";
import { redirectMethodsOf } from "../payments";
import type { SearchCache } from "../search";
import { loadSearchContextKept, readOverrides, type SearchContext } from "../search";
import { type HotelFacts, loadHotelFacts } from "./pricing-repository";

export type PricedRoom = {
  slot: number;
  roomTypeId: number;
  ratePlanId: number;
  /** The room's own stay: the booking's, or its segment's in a cross-booking. */
  arrival: Ymd;
  departure: Ymd;
  adults: number;
  ages: number[];
  nightly: number[];
  /** The nights plus the flights of a flight-included package. */
  totalMinor: number;
  refundProtectionMinor: number;
  prepayment: PrepaymentStep[];
  paymentKind: string;
  flights: BookedFlights | null;
  flightMinor: number;
  /** A trade booking's commission on a commissionable rate (ADR 0031): percent, null on a net or guest rate. */
  commissionPercent: number | null;
  /** That commission on the room's nights, minor units. */
  commissionMinor: number;
};

export type PricedService = {
  serviceId: number;
  slot: number | null;
  quantity: number;
  day: string | null;
  timeSlot: string | null;
  priceMinor: number;
  transfer: GuestDataRequest["services"][number]["transfer"] | null;
};

export type PricedBooking = {
  ctx: SearchContext;
  today: string;
  currency: string;
  digits: number;
  rooms: PricedRoom[];
  /** The services asked for, in the request's order, then the mandatory ones the request left out. */
  services: PricedService[];
  roomsTotalMinor: number;
  servicesTotalMinor: number;
  refundProtectionMinor: number;
  cityTaxMinor: number;
  totalMinor: number;
  dueNow: number;
  dueLater: { date: string; amount: number }[];
  schedule: { date: string; amount: number }[];
  hotelEmail: string;
  timeZone: string;
  /** The gateway's redirect methods the hotel enables (`settings.paymentMethods`). */
  enabledMethods: string[];
  /** Where a bank transfer goes, when the hotel takes them. */
  bankTransfer: BankTransferSettings | null;
  /** The hotel's rates that hold a booking as an option: rate plan id → hours (options.ts). */
  optionHours?: Map<number, number>;
};

/** A night a reservation already holds: counted as free when that reservation is re-priced (a date swap). */
export type HeldNight = { roomTypeId: number; day: string };

/** The loaded inventory with the nights in `held` given back (free + 1 each), for a change of dates. */
function withHeldNightsFree(ctx: SearchContext, arrival: string, held: readonly HeldNight[]): SearchContext {
  if (held.length === 0) return ctx;
  const extra = new Map<string, number>();
  for (const night of held) {
    const key = `${night.roomTypeId}:${nightsBetween(arrival, night.day)}`;
    extra.set(key, (extra.get(key) ?? 0) + 1);
  }
  return {
    ...ctx,
    inventory: ctx.inventory.map(([type, off, free, closed]) => [
      type,
      off,
      free + (extra.get(`${type}:${off}`) ?? 0),
      closed,
    ]),
  };
}

function soldOut(field: string, message: string): AppError {
  return new AppError("sold_out", 409, "The selected dates are no longer available", [{ field, message }]);
}

/**
 * The searched rooms of a request: a plain room is one slot of the evaluation; the segments of a cross-booked
 * room (`cross.room`) together are one, priced as the search priced its cross option.
 */
function toSearchedRooms(req: GuestDataRequest) {
  const searched: { entries: number[]; cross: boolean }[] = [];
  const crossOf = new Map<number, number>();
  req.rooms.forEach((room, i) => {
    if (!room.cross) {
      searched.push({ entries: [i], cross: false });
      return;
    }
    const at = crossOf.get(room.cross.room);
    if (at === undefined) {
      crossOf.set(room.cross.room, searched.length);
      searched.push({ entries: [i], cross: true });
    } else searched[at]!.entries.push(i);
  });
  for (const s of searched)
    s.entries.sort((a, b) => (req.rooms[a]!.cross!.arrival < req.rooms[b]!.cross!.arrival ? -1 : 1));
  return searched;
}

export type PricingOptions = {
  /** The hotel's facts, when the caller read them already (`loadHotelFacts`, for the same hotel and channel). */
  facts?: HotelFacts | undefined;
  /** Nights a reservation being changed holds already: counted as free. */
  heldNights?: readonly HeldNight[];
  /**
   * Prices the server holds for the services the request names (index-aligned with `req.services`, minor units, the
   * whole line; null: the catalogue's), e.g. a personalised offer's (ADR 0035). Never from the guest's body: the
   * server reads them from its own rows, as the signed `hpcc` holds room prices. Mandatory extras the request does
   * not name, city tax and the payment schedule follow the same rules as any booking.
   */
  heldServicePrices?: readonly (number | null)[];
};

/**
 * The redirect methods the hotel enables (`settings.paymentMethods`) that its gateway can take: on Stripe, once the
 * account's methods are known ("Test the connection"), only those whose Checkout types the account has switched on.
 */
function offeredMethods(enabled: unknown, stripeMethods: string[] | null): string[] {
  const chosen = Array.isArray(enabled) ? enabled.filter((m): m is string => typeof m === "string") : [];
  if (stripeMethods === null) return chosen;
  const takes = redirectMethodsOf(stripeMethods) as string[];
  return chosen.filter((m) => takes.includes(m));
}

/**
 * Prices a booking request exactly as a search would (same statement, same evaluation), with its services, the
 * mandatory extras it left out, refund protection, city tax and the payment schedule of each room's rate
 * (packages/domain: stay-charges, reservation-money). Throws `sold_out` when a chosen room and rate cannot be had
 * for the stay, and `prices_changed` when the guest saw another total. `options.heldNights` (YYYYMMDD days) are
 * counted as free: the nights a reservation being changed holds already.
 */
export async function priceBooking(
  database: Database,
  req: GuestDataRequest,
  deps: { now: () => Date; overrideSecret: string; searchCache?: SearchCache | null | undefined },
  options: PricingOptions = {},
): Promise<PricedBooking> {
  const priced = req.rooms.flatMap((r) => [r.adults, r.adults + r.ages.length]);
  // The hotel's catalogue as the searches keep it (ADR 0057): a booking after a search, or after another booking
  // of the hotel, reads only the nights' rows.
  const ctx = await loadSearchContextKept(database, deps.searchCache, {
    hotelId: req.hotel,
    channelId: req.channel,
    promoCode: req.promoCode,
    customerId: req.customer,
    reservationLinkId: req.rlId,
    packageId: req.package,
    from: ymdToIso(req.arrival),
    to: ymdToIso(req.departure),
    minAdults: Math.min(...priced),
    maxAdults: Math.max(...priced),
  });
  if (!ctx.hotel || !ctx.channel) throw notFound("hotel", "unknown hotel or channel");
  const now = deps.now();
  const today = todayInZone(now, ctx.hotel.time_zone);
  if (req.arrival < firstArrivalInZone(now, ctx.hotel.time_zone))
    throw badInput("arrival", "cannot be in the past");
  const index = new SearchIndex(
    withHeldNightsFree(ctx, req.arrival, options.heldNights ?? []),
    ymdToIso(req.arrival),
  );
  const isTrade = ctx.channel.kind === "trade" && ctx.customer !== null;
  const overrides = readOverrides(deps.overrideSecret, {
    hpcc: req.hpcc,
    override: req.override,
    roomIds: req.rooms.length === 1 ? [req.rooms[0]!.roomId] : undefined,
    rateIds: req.rooms.length === 1 ? [req.rooms[0]!.rateId] : undefined,
    arrival: req.arrival,
    departure: req.departure,
  });
  const searched = toSearchedRooms(req);
  const lead = (s: (typeof searched)[number]) => req.rooms[s.entries[0]!]!;
  const evaluation = evaluateStay(
    index,
    req.arrival,
    req.departure,
    searched.map((s) => ({ adults: lead(s).adults, ages: lead(s).ages })),
    {
      languageId: req.language,
      today,
      airport: req.airport,
      promo: ctx.promo
        ? {
            code: ctx.promo.code,
            hidden: ctx.promo.hidden,
            discountPercent: Number(ctx.promo.discount_percent),
            stayFrom: ctx.promo.stay_from?.replaceAll("-", "") ?? null,
            stayTo: ctx.promo.stay_to?.replaceAll("-", "") ?? null,
            bookFrom: ctx.promo.book_from?.replaceAll("-", "") ?? null,
            bookTo: ctx.promo.book_to?.replaceAll("-", "") ?? null,
            minNights: ctx.promo.min_nights,
            ratePlanIds: ctx.promo.rate_plan_ids,
          }
        : null,
      overrides,
      roomIds: [...new Set(req.rooms.map((r) => r.roomId))],
      rateIds: undefined,
      mtId: 0,
      chosenRates: searched.map((s) => lead(s).rateId),
      isTrade,
      customerPercent: isTrade ? Number(ctx.customer?.extra_discount_percent ?? 0) : 0,
      customerCommission: isTrade ? accountCommissionOf(ctx.customer?.commission_percent) : null,
      cross: false,
      connected: false,
      crossPlans: searched.map((s) =>
        s.cross
          ? s.entries.map((i) => ({
              roomId: req.rooms[i]!.roomId,
              arrival: req.rooms[i]!.cross!.arrival,
              departure: req.rooms[i]!.cross!.departure,
            }))
          : null,
      ),
    },
  );
  const digits = index.rules.decimalDigits;
  const minor = (major: number) => toMinor(major, digits);
  const planOf = (rateId: number) => ctx.rate_plans.find((p) => p.id === rateId)!;

  const rooms: PricedRoom[] = new Array(req.rooms.length);
  searched.forEach((s, at) => {
    const result = evaluation.slots[at]!;
    for (const i of s.entries) {
      const r = req.rooms[i]!;
      let nightly: number[] | undefined;
      let flights: BookedFlights | null = null;
      let flightMinor = 0;
      let arrival = req.arrival;
      let departure = req.departure;
      if (r.cross) {
        const segment = result.cross?.segments.find((x) => x.arrival === r.cross!.arrival);
        if (!result.cross || result.cross.rate.id !== r.rateId || segment?.roomId !== r.roomId)
          throw soldOut(`rooms.${i}.roomId`, "this cross-booking is no longer available");
        nightly = segment.nightly.map((n) => minor(n.price));
        arrival = segment.arrival;
        departure = segment.departure;
      } else {
        const rate = result.rooms.find((x) => x.id === r.roomId)?.rates.find((x) => x.id === r.rateId);
        if (!rate) throw soldOut(`rooms.${i}.roomId`, "not available for these dates");
        nightly = rate.nightly.map((n) => minor(n.price));
        if (req.airport && !rate.selectedFlight)
          throw badInput("airport", "no flight from this airport on these dates");
        if (rate.selectedFlight) {
          const leg = (f: NonNullable<typeof rate.selectedFlight>["departure"]) => ({
            code: f.code,
            from: f.airport ?? "",
            to: f.to ?? "",
            date: f.date ?? "",
            time: f.time ?? "",
            ...(f.arrivalTime ? { arrivalTime: f.arrivalTime } : {}),
          });
          flights = {
            outbound: leg(rate.selectedFlight.departure),
            return: leg(rate.selectedFlight.return),
            passengers: r.adults + r.ages.length,
          };
          flightMinor = minor(rate.flightTotal ?? 0);
        }
      }
      const plan = planOf(r.rateId);
      // What the search showed the trade user (evaluate.ts): one rule, on a trade booking only.
      const commissionPercent = isTrade
        ? commissionOf(plan, accountCommissionOf(ctx.customer?.commission_percent))
        : null;
      if (r.refundProtection && plan.refund_protection_minor === null)
        throw badInput(`rooms.${i}.refundProtection`, "this rate has no refund protection");
      rooms[i] = {
        slot: r.slot,
        roomTypeId: r.roomId,
        ratePlanId: r.rateId,
        arrival,
        departure,
        adults: r.adults,
        ages: r.ages,
        nightly,
        totalMinor: nightly.reduce((a, b) => a + b, 0) + flightMinor,
        refundProtectionMinor: r.refundProtection ? (plan.refund_protection_minor ?? 0) : 0,
        prepayment: plan.prepayment,
        paymentKind: plan.payment,
        flights,
        flightMinor,
        commissionPercent,
        commissionMinor: commissionMinor(
          nightly.reduce((a, b) => a + b, 0),
          commissionPercent,
        ),
      };
    }
  });
  // The rooms must be free together, night by night, not just each on its own.
  const want = new Map<string, { type: number; off: number; n: number }>();
  for (const r of rooms)
    for (const day of listNights(r.arrival, r.departure)) {
      const off = index.offsetOf(day);
      const key = `${r.roomTypeId}:${off}`;
      const entry = want.get(key) ?? { type: r.roomTypeId, off, n: 0 };
      entry.n += 1;
      want.set(key, entry);
    }
  for (const { type, off, n } of want.values()) {
    const free = index.night(type, off)?.free ?? 0;
    if (n > free) throw soldOut("rooms", `only ${free} left of room ${type}`);
  }

  const hotelRow = options.facts ?? (await loadHotelFacts(database, req.hotel, req.channel));
  const details = hotelRow?.services ?? [];
  const detailOf = new Map(details.map((s) => [s.id, s]));
  const catalogue = toCatalogue(ctx.services);
  const byId = new Map(catalogue.map((s) => [s.id, s]));
  const partyOf = (target: readonly PricedRoom[]) => {
    const guests = target.map((r) => toGuests({ adults: r.adults, ages: r.ages }, ctx.age_groups));
    return {
      adults: guests.reduce((a, g) => a + g.adults, 0),
      children: guests.reduce((a, g) => a + g.children.length, 0),
    };
  };
  // Free when the rate of every room it is for includes it, as serviceAvail.do shows it.
  const isIncluded = (serviceId: number, target: readonly PricedRoom[]) =>
    target.every((r) => planOf(r.ratePlanId).included_service_ids.includes(serviceId));
  const roomOfSlot = (slot: number) => rooms.find((r) => r.slot === slot);

  const services: PricedService[] = req.services.map((choice, i) => {
    const s = byId.get(choice.serviceId);
    const detail = detailOf.get(choice.serviceId);
    if (!s || !detail) throw badInput(`services.${i}.serviceId`, "unknown service");
    const room = choice.slot != null ? roomOfSlot(choice.slot) : undefined;
    if (choice.slot != null && !room) throw badInput(`services.${i}.slot`, "no such room");
    if (choice.quantity > detail.max_quantity)
      throw badInput(`services.${i}.quantity`, `at most ${detail.max_quantity}`);
    const stay = room ?? { arrival: req.arrival, departure: req.departure };
    if (
      detail.needs_date &&
      (!choice.date || !listNights(stay.arrival, stay.departure).includes(choice.date))
    )
      throw badInput(`services.${i}.date`, "choose a day of the stay");
    if (choice.timeSlot && !detail.time_slots.includes(choice.timeSlot))
      throw badInput(`services.${i}.timeSlot`, "not a time slot of this service");
    const target = room ? [room] : rooms;
    const party = partyOf(target);
    return {
      serviceId: s.id,
      slot: choice.slot ?? null,
      quantity: choice.quantity,
      day: choice.date ?? null,
      timeSlot: choice.timeSlot ?? null,
      priceMinor:
        options.heldServicePrices?.[i] ??
        priceService(
          { ...s, priceMinor: isIncluded(s.id, target) ? 0 : s.priceMinor },
          { quantity: choice.quantity, ...party, nights: nightsBetween(stay.arrival, stay.departure) },
        ),
      transfer: detail.is_transfer ? (choice.transfer ?? null) : null,
    };
  });
  // A service mandatory for every adult or child of a room is charged whether the request names it or not.
  for (const room of rooms) {
    const party = partyOf([room]);
    const extras = findMandatoryExtras(
      catalogue,
      { ...party, nights: nightsBetween(room.arrival, room.departure) },
      planOf(room.ratePlanId).included_service_ids,
    );
    for (const extra of extras) {
      if (extra.reason === "category") continue;
      const named = services.some(
        (c) => c.serviceId === extra.serviceId && (c.slot === null || c.slot === room.slot),
      );
      if (!named)
        services.push({
          serviceId: extra.serviceId,
          slot: room.slot,
          quantity: extra.quantity,
          day: null,
          timeSlot: null,
          priceMinor: extra.priceMinor,
          transfer: null,
        });
    }
  }
  const categories = [
    ...new Map(
      catalogue.map((s) => [s.categoryId, { id: s.categoryId, mandatory: s.categoryMandatory }]),
    ).values(),
  ];
  const missing = checkMandatoryCategories(
    categories,
    services.map((c) => ({ categoryId: byId.get(c.serviceId)!.categoryId })),
  );
  if (missing.length > 0)
    throw new AppError(
      "mandatory_service_missing",
      400,
      "A mandatory service category needs at least one service",
      [{ field: "services", message: `category ${missing.join(", ")} needs a service` }],
    );

  const charges: RoomCharge[] = rooms.map((r) => ({
    id: r.slot,
    active: true,
    roomMinor: r.totalMinor,
    penaltyMinor: 0,
    refundProtectionMinor: r.refundProtectionMinor,
    adults: partyOf([r]).adults,
    nights: nightsBetween(r.arrival, r.departure),
    arrival: r.arrival,
    prepayment: r.prepayment,
  }));
  const serviceCharges = services.map((s) => ({ roomId: s.slot, priceMinor: s.priceMinor }));
  const totals = totalReservation(charges, serviceCharges, ctx.hotel.city_tax_minor);
  if (req.expectedTotal !== undefined && minor(req.expectedTotal) !== totals.totalMinor)
    throw new AppError("prices_changed", 409, "Prices have changed: please search again", [
      { field: "expectedTotal", message: "the price is no longer the one shown" },
    ]);
  // Each room follows its own rate's prepayment steps, with its services and protection.
  const dues = splitDues(planPrepayments(charges, serviceCharges, today), today);
  const dueLater = dues.later.map((d) => ({ date: d.date, amount: d.amountMinor }));

  const methods = hotelRow?.methods;
  return {
    ctx,
    today,
    currency: index.rules.code,
    digits,
    rooms,
    services,
    roomsTotalMinor: totals.roomsTotalMinor,
    servicesTotalMinor: totals.servicesTotalMinor,
    refundProtectionMinor: totals.refundProtectionMinor,
    cityTaxMinor: totals.cityTaxMinor,
    totalMinor: totals.totalMinor,
    dueNow: dues.dueNowMinor,
    dueLater,
    schedule: [...(dues.dueNowMinor > 0 ? [{ date: today, amount: dues.dueNowMinor }] : []), ...dueLater],
    hotelEmail: hotelRow?.email ?? "",
    timeZone: ctx.hotel.time_zone,
    enabledMethods: offeredMethods(methods, hotelRow?.stripe_methods ?? null),
    bankTransfer: readBankTransferSettings(hotelRow?.bank),
    optionHours: new Map(
      Object.entries(hotelRow?.option_hours ?? {}).map(([id, h]) => [Number(id), Number(h)]),
    ),
  };
}
