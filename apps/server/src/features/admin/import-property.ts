import {
  type ImportIssue,
  type PropertyFile,
  parsePropertyFile,
} from "@alloggio/domain/contract/property/property-file";
import { describeCurrency } from "@alloggio/domain/currency/currencies";
import { toMinor } from "@alloggio/domain/money/money";
import type { Database, SqlExecutor } from "../../db/client";
import {
  hotelRow,
  packageRow,
  promoCodeRow,
  serviceCategoryRow,
  serviceRow,
  upsertHotel,
  upsertRatePlans,
  upsertRoomTypes,
  writePackages,
  writePromoCodes,
  writeServiceCategories,
  writeServices,
} from "../backoffice";
import { upsertCurrencies } from "../currency";
import {
  deleteHotelRowsNotIn,
  findIdConflicts,
  findOversoldNights,
  type HotelOwnedIds,
  replaceDailyRows,
  replaceEntities,
  replaceHotelLinks,
  replaceInventory,
  restoreReferenceTriggers,
  skipReferenceTriggers,
  upsertChannelHosts,
  upsertChannels,
  upsertDestinations,
  upsertExchangeRates,
  upsertGroup,
  upsertTradeCustomers,
} from "./repository";

export type ImportResult =
  | { ok: true; hotelId: number; rows: Record<string, number> }
  | { ok: false; issues: ImportIssue[] };

/** Ends the transaction with issues found while writing; everything written so far is rolled back. */
class ImportRejected extends Error {
  constructor(readonly issues: ImportIssue[]) {
    super("property file rejected");
  }
}

type Prepared = ReturnType<typeof prepareRows>;

/** Turns the validated file into table rows: snake_case columns, money in minor units, defaults applied. */
function prepareRows(file: PropertyFile) {
  const hotel = file.hotel;
  const digits = describeCurrency(hotel.currencyCode).decimal_digits;
  const minor = (amount: number) => toMinor(amount, digits);
  const optionalMinor = (amount: number | undefined) => (amount === undefined ? null : minor(amount));
  const period = (p: { from: string; to: string; weekdays?: number[] | undefined }, i: number) => ({
    i,
    from: p.from,
    to: p.to,
    weekdays: p.weekdays ?? null,
  });
  const hotelId = hotel.id;

  return {
    hotelId,
    group: file.group,
    channels: file.channels.map((c) => ({
      id: c.id,
      group_id: file.group.id,
      name: c.name,
      kind: c.kind,
      trade_associated_id: c.tradeAssociated ?? null,
      colors: c.colors,
      custom_scripts: c.customScripts ?? {},
      tracking: c.tracking ?? {},
      installments: c.installments ?? { has_holipay: false },
      trade_conf_hour: c.tradeConfHour ?? 18,
      settings: c.settings ?? {},
    })),
    hosts: (file.hosts ?? []).map((h) => ({
      host: h.host,
      channel_id: h.channel,
      hotel_id: h.hotel ?? null,
      page_title: h.pageTitle,
      icon_url: h.iconUrl,
    })),
    destinations: (file.destinations ?? []).map((d) => ({ id: d.id, group_id: file.group.id, name: d.name })),
    exchangeRates: Object.entries(file.exchangeRates ?? {}).map(([code, perEur]) => ({
      code,
      per_eur: perEur,
    })),
    hotel: hotelRow(file.group.id, hotel, digits),
    hotelChannels: hotel.channelIds.map((channelId) => ({ hotel_id: hotelId, channel_id: channelId })),
    hotelDestinations: (hotel.destinationIds ?? []).map((id) => ({ hotel_id: hotelId, destination_id: id })),
    ageGroups: (file.ageGroups ?? []).map((g) => ({
      id: g.id,
      hotel_id: hotelId,
      min_age: g.min,
      max_age: g.max,
    })),
    digits,
    roomTypes: file.roomTypes,
    ratePlans: file.ratePlans,
    prices: (file.prices ?? []).flatMap((p, i) =>
      Object.entries(p.perAdults).map(([adults, amount]) => ({
        ...period(p, i),
        room_type_id: p.roomType,
        rate_plan_id: p.ratePlan,
        adults: Number(adults),
        amount_minor: minor(amount),
      })),
    ),
    childPrices: (file.childPrices ?? []).map((p, i) => ({
      ...period(p, i),
      room_type_id: p.roomType,
      rate_plan_id: p.ratePlan,
      age_group_id: p.ageGroup,
      amount_minor: minor(p.amount),
    })),
    inventory: (file.inventory ?? []).map((p, i) => ({
      ...period(p, i),
      room_type_id: p.roomType,
      allotment: p.allotment,
      closed: p.closed ?? false,
    })),
    restrictions: (file.restrictions ?? []).map((p, i) => ({
      ...period(p, i),
      rate_plan_id: p.ratePlan,
      closed_to_arrival: p.closedToArrival ?? false,
      closed_to_departure: p.closedToDeparture ?? false,
      min_stay: p.minStay ?? null,
      max_stay: p.maxStay ?? null,
    })),
    promoCodes: (file.promoCodes ?? []).map((p) => promoCodeRow(hotelId, p)),
    serviceCategories: (file.serviceCategories ?? []).map((c) => serviceCategoryRow(hotelId, c)),
    services: (file.services ?? []).map((s) => serviceRow(hotelId, digits, s)),
    packages: (file.packages ?? []).map((p) => packageRow(hotelId, digits, p)),
    reservationLinks: (file.reservationLinks ?? []).map((l) => ({
      id: l.id,
      hotel_id: hotelId,
      channel_id: l.channel,
      title: l.title ?? {},
      message: l.message ?? {},
      arrival: l.arrival,
      departure: l.departure,
      rooms: l.rooms,
      room_type_ids: l.roomTypeIds ?? [],
      rate_plan_ids: l.ratePlanIds ?? [],
      promo_code: l.promoCode ?? null,
      total_minor: optionalMinor(l.total),
      expires_at: l.expiresAt ?? null,
    })),
    customPrivacy: (file.customPrivacy ?? []).map((p) => ({
      id: p.id,
      hotel_id: hotelId,
      channel_id: p.channel ?? null,
      title: p.title,
      text: p.text,
      mandatory: p.mandatory ?? false,
    })),
    tradeCustomers: (file.tradeCustomers ?? []).map((c) => ({
      id: c.id,
      channel_id: c.channel,
      name: c.name,
      agency_type: c.agencyType,
      active: c.active ?? true,
      extra_discount_percent: c.extraDiscountPercent ?? 0,
    })),
  };
}

const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id);

/**
 * Ids are global in the database: a file must not take over another hotel's room types, rates, … nor another
 * group's channels and destinations; and a room type with rooms sold must not disappear.
 */
async function findConflicts(tx: SqlExecutor, p: Prepared): Promise<ImportIssue[]> {
  const hotelOwned: [string, string, readonly { id: number }[]][] = [
    ["ageGroups", "age_group", p.ageGroups],
    ["roomTypes", "room_type", p.roomTypes],
    ["ratePlans", "rate_plan", p.ratePlans],
    ["promoCodes", "promo_code", p.promoCodes],
    ["serviceCategories", "service_category", p.serviceCategories],
    ["services", "service", p.services],
    ["packages", "package", p.packages],
    ["reservationLinks", "reservation_link", p.reservationLinks],
    ["customPrivacy", "custom_privacy", p.customPrivacy],
  ];
  const found = await findIdConflicts(tx, {
    hotelId: p.hotelId,
    groupId: p.group.id,
    hotelOwned: hotelOwned.map(([key, table, rows]): HotelOwnedIds => [key, table, ids(rows)]),
    channelIds: ids(p.channels),
    destinationIds: ids(p.destinations),
    roomTypeIds: ids(p.roomTypes),
  });
  const collections: Record<string, readonly { id: number }[]> = Object.fromEntries([
    ...hotelOwned.map(([key, , rows]) => [key, rows] as const),
    ["channels", p.channels],
    ["destinations", p.destinations],
  ]);
  return found.map((row) => {
    if (row.collection === "soldRoomTypes")
      return {
        path: "roomTypes",
        message: `room type ${row.id} has rooms sold, so it must stay in the file`,
      };
    const index = collections[row.collection]?.findIndex((r) => r.id === row.id) ?? -1;
    return {
      path: `${row.collection}[${index}].id`,
      message: `id ${row.id} already belongs to ${row.owner_kind} ${row.owner}`,
    };
  });
}

/** Inventory nights whose new allotment would be below the rooms already sold. */
async function findOversold(tx: SqlExecutor, p: Prepared): Promise<ImportIssue[]> {
  if (p.inventory.length === 0) return [];
  const found = await findOversoldNights(tx, p.inventory);
  return found.map((row) => ({
    path: `inventory[${row.i}].allotment`,
    message: `${row.allotment} is below the ${row.sold} room(s) of room type ${row.room_type_id} already sold (first on ${row.first_day})`,
  }));
}

async function writeProperty(
  tx: SqlExecutor,
  p: Prepared,
  trustReferences: boolean,
): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  const hotelId = p.hotelId;

  rows.currencies = await upsertCurrencies(tx);
  const conflicts = await findConflicts(tx, p);
  if (conflicts.length > 0) throw new ImportRejected(conflicts);

  rows.group = await upsertGroup(tx, p.group);
  rows.channels = await upsertChannels(tx, p.channels);
  rows.hosts = await upsertChannelHosts(tx, p.hosts);
  rows.destinations = await upsertDestinations(tx, p.destinations);
  rows.exchangeRates = await upsertExchangeRates(tx, p.exchangeRates);
  rows.hotel = await upsertHotel(tx, p.hotel);

  rows.hotelChannels = await replaceHotelLinks(tx, ["hotel_channel", "channel_id"], hotelId, p.hotelChannels);
  rows.hotelDestinations = await replaceHotelLinks(
    tx,
    ["hotel_destination", "destination_id"],
    hotelId,
    p.hotelDestinations,
  );

  rows.ageGroups = await replaceEntities(tx, "age_group", hotelId, p.ageGroups);
  // Room types and rate plans go through the back office's write functions: one write path per entity.
  rows.roomTypes = await upsertRoomTypes(tx, hotelId, p.roomTypes);
  await deleteHotelRowsNotIn(tx, "room_type", hotelId, ids(p.roomTypes));
  const ratePlans = await upsertRatePlans(tx, hotelId, p.ratePlans, p.digits);
  rows.ratePlans = ratePlans.ratePlans;
  await deleteHotelRowsNotIn(tx, "rate_plan", hotelId, ids(p.ratePlans));
  rows.ratePlanChannels = ratePlans.ratePlanChannels;

  rows.serviceCategories = await writeServiceCategories(tx, p.serviceCategories);
  rows.services = await writeServices(tx, p.services);
  await deleteHotelRowsNotIn(tx, "service", hotelId, ids(p.services));
  await deleteHotelRowsNotIn(tx, "service_category", hotelId, ids(p.serviceCategories));

  // Daily rows skip their foreign-key triggers on PGlite (see skipReferenceTriggers).
  if (trustReferences) await skipReferenceTriggers(tx);

  const oversold = await findOversold(tx, p);
  if (oversold.length > 0) throw new ImportRejected(oversold);
  rows.inventory = await replaceInventory(tx, hotelId, p.inventory);
  rows.prices = await replaceDailyRows(tx, "price", hotelId, p.prices);
  rows.childPrices = await replaceDailyRows(tx, "child_price", hotelId, p.childPrices);
  rows.restrictions = await replaceDailyRows(tx, "restriction", hotelId, p.restrictions);

  if (trustReferences) await restoreReferenceTriggers(tx);

  rows.promoCodes = await writePromoCodes(tx, p.promoCodes);
  await deleteHotelRowsNotIn(tx, "promo_code", hotelId, ids(p.promoCodes));
  rows.packages = await writePackages(tx, p.packages);
  await deleteHotelRowsNotIn(tx, "package", hotelId, ids(p.packages));
  rows.reservationLinks = await replaceEntities(tx, "reservation_link", hotelId, p.reservationLinks);
  rows.customPrivacy = await replaceEntities(tx, "custom_privacy", hotelId, p.customPrivacy);
  rows.tradeCustomers = await upsertTradeCustomers(tx, p.tradeCustomers);
  return rows;
}

/** The file field a violated constraint points at, so a data problem reads like a validation issue. */
const CONSTRAINT_PATHS: Record<string, string> = {
  inventory_sold_within_allotment: "inventory",
  room_type_hotel_code: "roomTypes",
  rate_plan_hotel_code: "ratePlans",
  promo_code_hotel_code: "promoCodes",
  age_group_range: "ageGroups",
  room_type_occupancy: "roomTypes",
  rate_plan_stay: "ratePlans",
  price_positive: "prices",
  child_price_positive: "childPrices",
};

type DriverError = {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  detail?: unknown;
  cause?: unknown;
};

/** The PostgreSQL error under drizzle's wrapper, when it is a data problem (SQLSTATE class 22 or 23). */
function findDataError(error: unknown): DriverError | null {
  let current = error as DriverError | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === "string" && /^2[23]/.test(current.code)) return current;
    current = current.cause as DriverError | undefined;
  }
  return null;
}

/**
 * Validates a property file and writes it in one transaction: the group, channels, hosts, destinations and
 * exchange rates are upserted; the hotel is upserted and its collections replaced by the file's. Every table
 * is written with one set-based statement. A bad file, or data the database refuses, gives issues and writes
 * nothing.
 */
export async function importProperty(database: Database, file: unknown): Promise<ImportResult> {
  const parsed = parsePropertyFile(file);
  if (!parsed.ok) return parsed;
  const prepared = prepareRows(parsed.file);
  try {
    const trustReferences = database.kind === "pglite";
    const rows = await database.db.transaction((tx) => writeProperty(tx, prepared, trustReferences));
    return { ok: true, hotelId: prepared.hotelId, rows };
  } catch (error) {
    if (error instanceof ImportRejected) return { ok: false, issues: error.issues };
    const dataError = findDataError(error);
    if (!dataError) throw error;
    const constraint = typeof dataError.constraint === "string" ? dataError.constraint : "";
    const detail = typeof dataError.detail === "string" && dataError.detail ? ` (${dataError.detail})` : "";
    return {
      ok: false,
      issues: [
        {
          path: CONSTRAINT_PATHS[constraint] ?? "",
          message: `the database refused the data: ${String(dataError.message)}${detail}`,
        },
      ],
    };
  }
}
