import { splitPaymentSchedule } from "@alloggio/domain/booking/payment-schedule";
import { checkMandatoryCategories, priceService } from "@alloggio/domain/booking/services";
import type { GuestDataRequest } from "@alloggio/domain/contract/booking/guestdata";
import { toMinor } from "@alloggio/domain/money/money";
import {
  firstArrivalInZone,
  listNights,
  nightsBetween,
  todayInZone,
  ymdToIso,
} from "@alloggio/domain/stay-dates/stay-dates";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { PrepaymentStep } from "../../db/schema";
import { AppError, badInput, notFound } from "../../http/errors";
import { evaluateStay, SearchIndex } from "../search/evaluate";
import { readOverrides } from "../search/overrides";
import { loadSearchContext, type SearchContext } from "../search/repository";
import { type BankTransferSettings, readBankTransferSettings } from "./bank-transfer";

export type PricedRoom = {
  slot: number;
  roomTypeId: number;
  ratePlanId: number;
  adults: number;
  ages: number[];
  nightly: number[];
  totalMinor: number;
  refundProtectionMinor: number;
  prepayment: PrepaymentStep[];
  paymentKind: string;
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
};

type CatalogueRow = {
  id: number;
  category_id: number;
  category_mandatory: boolean;
  pricing_basis: "per_person" | "per_unit" | "per_stay";
  per_night: boolean;
  price_minor: number;
  mandatory_for: "none" | "all_adults" | "all_children";
  needs_date: boolean;
  time_slots: string[];
  is_transfer: boolean;
  max_quantity: number;
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

/**
 * Prices a booking request exactly as a search would (same statement, same evaluation), with its services,
 * refund protection, city tax and prepayment schedule. Throws `sold_out` when a chosen room and rate cannot be
 * had for the stay, and `prices_changed` when the guest saw another total. `options.heldNights` (YYYYMMDD days)
 * are counted as free: the nights a reservation being changed holds already.
 */
export async function priceBooking(
  database: Database,
  req: GuestDataRequest,
  deps: { now: () => Date; overrideSecret: string },
  options: { heldNights?: readonly HeldNight[] } = {},
): Promise<PricedBooking> {
  const priced = req.rooms.flatMap((r) => [r.adults, r.adults + r.ages.length]);
  const ctx = await loadSearchContext(database, {
    hotelId: req.hotel,
    channelId: req.channel,
    promoCode: req.promoCode,
    customerId: req.customer,
    reservationLinkId: req.rlId,
    packageId: undefined,
    from: ymdToIso(req.arrival),
    to: ymdToIso(req.departure),
    minAdults: Math.min(...priced),
    maxAdults: Math.max(...priced),
  });
  if (!ctx.hotel || !ctx.channel) throw notFound("hotel", "hotel non valido: unknown hotel or channel");
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
  const evaluation = evaluateStay(
    index,
    req.arrival,
    req.departure,
    req.rooms.map((r) => ({ adults: r.adults, ages: r.ages })),
    {
      languageId: req.language,
      today,
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
      chosenRates: req.rooms.map((r) => r.rateId),
      isTrade,
      customerPercent: isTrade ? Number(ctx.customer?.extra_discount_percent ?? 0) : 0,
      cross: false,
      connected: false,
    },
  );
  const digits = index.rules.decimalDigits;
  const minor = (major: number) => toMinor(major, digits);
  const nights = nightsBetween(req.arrival, req.departure);

  const rooms: PricedRoom[] = req.rooms.map((r, slot) => {
    const room = evaluation.slots[slot]?.rooms.find((x) => x.id === r.roomId);
    const rate = room?.rates.find((x) => x.id === r.rateId);
    if (!room || !rate)
      throw new AppError("sold_out", 409, "The selected dates are no longer available", [
        { field: `rooms.${slot}.roomId`, message: "not available for these dates" },
      ]);
    const plan = ctx.rate_plans.find((p) => p.id === r.rateId)!;
    if (r.refundProtection && plan.refund_protection_minor === null)
      throw badInput(`rooms.${slot}.refundProtection`, "this rate has no refund protection");
    return {
      slot,
      roomTypeId: r.roomId,
      ratePlanId: r.rateId,
      adults: r.adults,
      ages: r.ages,
      nightly: rate.nightly.map((n) => minor(n.price)),
      totalMinor: minor(rate.total),
      refundProtectionMinor: r.refundProtection ? (plan.refund_protection_minor ?? 0) : 0,
      prepayment: plan.prepayment,
      paymentKind: plan.payment,
    };
  });
  // The rooms must be free together, not just each on its own.
  const want = new Map<number, number>();
  for (const r of rooms) want.set(r.roomTypeId, (want.get(r.roomTypeId) ?? 0) + 1);
  for (const [type, n] of want) {
    const free = Math.min(...evaluation.slots.map((s) => s.freeTypes.get(type) ?? Number.POSITIVE_INFINITY));
    if (n > free)
      throw new AppError("sold_out", 409, "The selected dates are no longer available", [
        { field: "rooms", message: `only ${free} left of room ${type}` },
      ]);
  }

  const catalogue = await database.query<CatalogueRow>(sql`
    select s.id, s.category_id, k.mandatory as category_mandatory, s.pricing_basis, s.per_night, s.price_minor,
      s.mandatory_for, s.needs_date, s.time_slots, s.is_transfer, s.max_quantity
    from service s join service_category k on k.id = s.category_id where s.hotel_id = ${req.hotel}`);
  const byId = new Map(catalogue.map((s) => [s.id, s]));
  const stayNights = new Set(listNights(req.arrival, req.departure));
  const services: PricedService[] = req.services.map((choice, i) => {
    const s = byId.get(choice.serviceId);
    if (!s) throw badInput(`services.${i}.serviceId`, "unknown service");
    if (choice.slot != null && !rooms[choice.slot]) throw badInput(`services.${i}.slot`, "no such room");
    if (choice.quantity > s.max_quantity)
      throw badInput(`services.${i}.quantity`, `at most ${s.max_quantity}`);
    if (s.needs_date && (!choice.date || !stayNights.has(choice.date)))
      throw badInput(`services.${i}.date`, "choose a day of the stay");
    if (choice.timeSlot && !s.time_slots.includes(choice.timeSlot))
      throw badInput(`services.${i}.timeSlot`, "not a time slot of this service");
    const target = choice.slot != null ? [rooms[choice.slot]!] : rooms;
    const adults = target.reduce((a, r) => a + r.adults, 0);
    const children = target.reduce((a, r) => a + r.ages.length, 0);
    // Free when the rate of every room it is for includes it, as serviceAvail.do shows it.
    const included = target.every((r) =>
      ctx.rate_plans.find((p) => p.id === r.ratePlanId)?.included_service_ids.includes(s.id),
    );
    return {
      serviceId: s.id,
      slot: choice.slot ?? null,
      quantity: choice.quantity,
      day: choice.date ?? null,
      timeSlot: choice.timeSlot ?? null,
      priceMinor: priceService(
        {
          pricingBasis: s.pricing_basis,
          perNight: s.per_night,
          priceMinor: included ? 0 : s.price_minor,
          mandatoryFor: s.mandatory_for,
        },
        { quantity: choice.quantity, adults, children, nights },
      ),
      transfer: s.is_transfer ? (choice.transfer ?? null) : null,
    };
  });
  const categories = [
    ...new Map(
      catalogue.map((s) => [s.category_id, { id: s.category_id, mandatory: s.category_mandatory }]),
    ).values(),
  ];
  const missing = checkMandatoryCategories(
    categories,
    services.map((c) => ({ categoryId: byId.get(c.serviceId)!.category_id })),
  );
  if (missing.length > 0)
    throw new AppError(
      "mandatory_service_missing",
      400,
      "A mandatory service category needs at least one service",
      [{ field: "services", message: `category ${missing.join(", ")} needs a service` }],
    );

  const roomsTotalMinor = rooms.reduce((a, r) => a + r.totalMinor, 0);
  const servicesTotalMinor = services.reduce((a, s) => a + s.priceMinor, 0);
  const refundProtectionMinor = rooms.reduce((a, r) => a + r.refundProtectionMinor, 0);
  const totalMinor = roomsTotalMinor + servicesTotalMinor + refundProtectionMinor;
  const hotelRow = await database.query<{
    city_tax_minor: number;
    email: string;
    methods: unknown;
    bank: unknown;
  }>(
    sql`select city_tax_minor, email, settings->'paymentMethods' as methods, settings->'bankTransfer' as bank
        from hotel where id = ${req.hotel}`,
  );
  const methods = hotelRow[0]?.methods;
  const adultsTotal = rooms.reduce((a, r) => a + r.adults, 0);
  const cityTaxMinor = (hotelRow[0]?.city_tax_minor ?? 0) * adultsTotal * nights;

  // Each room follows its rate's prepayment schedule; services and protection are due with the first payment.
  const schedule = new Map<string, number>();
  let dueNow = 0;
  for (const r of rooms) {
    const share = r.totalMinor + r.refundProtectionMinor;
    const split = splitPaymentSchedule(r.prepayment, share, req.arrival, today);
    dueNow += split.dueNow;
    for (const d of split.dueLater) schedule.set(d.date, (schedule.get(d.date) ?? 0) + d.amount);
  }
  if (dueNow > 0 || schedule.size > 0) dueNow += servicesTotalMinor;
  if (req.expectedTotal !== undefined && minor(req.expectedTotal) !== totalMinor)
    throw new AppError("prices_changed", 409, "Prices have changed: please search again", [
      { field: "expectedTotal", message: "the price is no longer the one shown" },
    ]);
  const dueLater = [...schedule]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, amount]) => ({ date, amount }));
  return {
    ctx,
    today,
    currency: index.rules.code,
    digits,
    rooms,
    services,
    roomsTotalMinor,
    servicesTotalMinor,
    refundProtectionMinor,
    cityTaxMinor,
    totalMinor,
    dueNow,
    dueLater,
    schedule: [...(dueNow > 0 ? [{ date: today, amount: dueNow }] : []), ...dueLater],
    hotelEmail: hotelRow[0]?.email ?? "",
    timeZone: ctx.hotel.time_zone,
    enabledMethods: Array.isArray(methods) ? methods.filter((m): m is string => typeof m === "string") : [],
    bankTransfer: readBankTransferSettings(hotelRow[0]?.bank),
  };
}
