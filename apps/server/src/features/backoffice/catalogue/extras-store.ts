import type {
  ExtrasChoices,
  PackageInput,
  PriceLink,
  PriceLinkRequest,
  PromoCodeInput,
  ServiceCategoryInput,
  ServiceInput,
} from "@alloggio/domain/contract/backoffice/extras";
import {
  type CatalogueRefs,
  checkPackage,
  checkPromoCode,
  checkService,
  checkServiceMoney,
  formatIssuePath,
} from "@alloggio/domain/contract/property/property-file";
import { describeCurrency } from "@alloggio/domain/currency/currencies";
import { pickText } from "@alloggio/domain/i18n/languages";
import { fromMinor, toMinor } from "@alloggio/domain/money/money";
import { formatOverride } from "@alloggio/domain/pricing/overrides";
import { nightsBetween } from "@alloggio/domain/stay-dates/stay-dates";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  channel,
  hotel,
  hotelChannel,
  packageOffer,
  promoCode,
  ratePlan,
  ratePlanChannel,
  roomType,
  service,
  serviceCategory,
} from "../../../db/schema";
import { AppError, badInput } from "../../../http/errors";
import { signOverrideText } from "../../search";
import type { Staff } from "../access";
import { audit } from "../audit";
import type { BackOfficeDeps } from "../deps";
import {
  packageFile,
  packageRow,
  promoCodeFile,
  promoCodeRow,
  serviceCategoryFile,
  serviceCategoryRow,
  serviceFile,
  serviceRow,
  writePackages,
  writePromoCodes,
  writeServiceCategories,
  writeServices,
} from "./extras-service";

export type ExtraKind = "serviceCategory" | "service" | "promoCode" | "package";

const TABLES = {
  serviceCategory: { table: serviceCategory, name: "service_category", entity: "service_category" },
  service: { table: service, name: "service", entity: "service" },
  promoCode: { table: promoCode, name: "promo_code", entity: "promo_code" },
  package: { table: packageOffer, name: "package", entity: "package" },
} as const;

const notFoundItem = () =>
  new AppError("not_found", 404, "No such item in this hotel", [{ field: "itemId", message: "unknown" }]);

const inUse = (field: string, message: string) =>
  new AppError("in_use", 409, `${field}: ${message}`, [{ field, message }]);

async function currencyOf(db: Db, hotelId: number): Promise<{ code: string; digits: number }> {
  const [row] = await db.select({ code: hotel.currencyCode }).from(hotel).where(eq(hotel.id, hotelId));
  if (!row) throw notFoundItem();
  return { code: row.code, digits: describeCurrency(row.code).decimal_digits };
}

/** One entity of the hotel in the property file's shape, or null (another hotel's id reads as missing). */
async function readOne(db: Db, kind: ExtraKind, hotelId: number, id: number, digits: number) {
  switch (kind) {
    case "serviceCategory": {
      const [row] = await db
        .select()
        .from(serviceCategory)
        .where(and(eq(serviceCategory.id, id), eq(serviceCategory.hotelId, hotelId)));
      if (!row) return null;
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(service)
        .where(eq(service.categoryId, id));
      return { ...serviceCategoryFile(row), services: count?.n ?? 0 };
    }
    case "service": {
      const [row] = await db
        .select()
        .from(service)
        .where(and(eq(service.id, id), eq(service.hotelId, hotelId)));
      return row ? serviceFile(row, digits) : null;
    }
    case "promoCode": {
      const [row] = await db
        .select()
        .from(promoCode)
        .where(and(eq(promoCode.id, id), eq(promoCode.hotelId, hotelId)));
      return row ? promoCodeFile(row) : null;
    }
    case "package": {
      const [row] = await db
        .select()
        .from(packageOffer)
        .where(and(eq(packageOffer.id, id), eq(packageOffer.hotelId, hotelId)));
      return row ? packageFile(row, digits) : null;
    }
  }
}

export async function listExtras(db: Db, kind: ExtraKind, hotelId: number) {
  const currency = await currencyOf(db, hotelId);
  const items = await (async (): Promise<unknown[]> => {
    switch (kind) {
      case "serviceCategory": {
        const rows = await db
          .select({
            row: serviceCategory,
            // Qualified by hand: inside a raw subquery drizzle writes a column as a bare "id", which is s.id here.
            services: sql<number>`(select count(*)::int from service s where s.category_id = "service_category"."id")`,
          })
          .from(serviceCategory)
          .where(eq(serviceCategory.hotelId, hotelId))
          .orderBy(asc(serviceCategory.sortOrder), asc(serviceCategory.id));
        return rows.map((r) => ({ ...serviceCategoryFile(r.row), services: r.services }));
      }
      case "service":
        return (
          await db
            .select()
            .from(service)
            .where(eq(service.hotelId, hotelId))
            .orderBy(asc(service.categoryId), asc(service.id))
        ).map((r) => serviceFile(r, currency.digits));
      case "promoCode":
        return (
          await db.select().from(promoCode).where(eq(promoCode.hotelId, hotelId)).orderBy(asc(promoCode.code))
        ).map(promoCodeFile);
      case "package":
        return (
          await db
            .select()
            .from(packageOffer)
            .where(eq(packageOffer.hotelId, hotelId))
            .orderBy(asc(packageOffer.validFrom), asc(packageOffer.id))
        ).map((r) => packageFile(r, currency.digits));
    }
  })();
  return { currencyCode: currency.code, items };
}

/** The hotel's ids an entity may refer to, as the property file's cross-checks take them. */
async function refsOf(db: Db, hotelId: number): Promise<CatalogueRefs> {
  const ids = async (query: Promise<{ id: number }[]>) => new Set((await query).map((r) => r.id));
  const [ratePlanIds, roomTypeIds, serviceIds, categoryIds, channelIds] = await Promise.all([
    ids(db.select({ id: ratePlan.id }).from(ratePlan).where(eq(ratePlan.hotelId, hotelId))),
    ids(db.select({ id: roomType.id }).from(roomType).where(eq(roomType.hotelId, hotelId))),
    ids(db.select({ id: service.id }).from(service).where(eq(service.hotelId, hotelId))),
    ids(
      db.select({ id: serviceCategory.id }).from(serviceCategory).where(eq(serviceCategory.hotelId, hotelId)),
    ),
    ids(
      db.select({ id: hotelChannel.channelId }).from(hotelChannel).where(eq(hotelChannel.hotelId, hotelId)),
    ),
  ]);
  return { ratePlanIds, roomTypeIds, serviceIds, categoryIds, channelIds, where: "one of the hotel's" };
}

/** The property file's cross-field rules for one entity, as a 400 naming every field. */
async function checkRules(db: Db, kind: ExtraKind, hotelId: number, currencyCode: string, body: unknown) {
  const issues: { field: string; message: string }[] = [];
  const add = (path: (string | number)[], message: string) =>
    issues.push({ field: formatIssuePath(path), message });
  if (kind !== "serviceCategory") {
    const refs = await refsOf(db, hotelId);
    const item = { id: 0, ...(body as object) };
    if (kind === "service") {
      checkService(item as never, refs, add);
      checkServiceMoney(body as ServiceInput, currencyCode, add);
    } else if (kind === "promoCode") checkPromoCode(item as never, refs, add);
    else checkPackage(item as never, refs, add);
  }
  const first = issues[0];
  if (first) throw new AppError("invalid_input", 400, `${first.field}: ${first.message}`, issues);
}

/** Locks the table and gives the next free id (ids are global and given by property files too). */
export async function nextId(tx: Db, table: string): Promise<number> {
  await tx.execute(sql.raw(`lock table "${table}" in share row exclusive mode`));
  const result = (await tx.execute(
    sql.raw(`select coalesce(max(id), 0) + 1 as id from "${table}"`),
  )) as unknown as {
    rows: { id: number | string }[];
  };
  return Number(result.rows[0]?.id ?? 1);
}

async function assertPromoCodeFree(tx: Db, hotelId: number, code: string, id: number) {
  const [taken] = await tx
    .select({ id: promoCode.id })
    .from(promoCode)
    .where(
      and(
        eq(promoCode.hotelId, hotelId),
        sql`upper(${promoCode.code}) = upper(${code})`,
        sql`${promoCode.id} <> ${id}`,
      ),
    );
  if (taken)
    throw new AppError("code_taken", 409, "code: the hotel has this promo code already", [
      { field: "code", message: "the hotel has this promo code already" },
    ]);
}

/**
 * Creates (`id` null) or changes one entity: the property file's rules, then its one write function (the same the
 * import uses), and the audit entry, in one transaction.
 */
export async function saveExtra(
  db: Db,
  staff: Staff,
  kind: ExtraKind,
  hotelId: number,
  id: number | null,
  body: unknown,
) {
  const currency = await currencyOf(db, hotelId);
  const before = id === null ? null : await readOne(db, kind, hotelId, id, currency.digits);
  if (id !== null && !before) throw notFoundItem();
  await checkRules(db, kind, hotelId, currency.code, body);
  const { name, entity } = TABLES[kind];
  const itemId = await db.transaction(async (tx) => {
    const itemId = id ?? (await nextId(tx, name));
    switch (kind) {
      case "serviceCategory":
        await writeServiceCategories(tx, [
          serviceCategoryRow(hotelId, { id: itemId, ...(body as ServiceCategoryInput) }),
        ]);
        break;
      case "service":
        await writeServices(tx, [
          serviceRow(hotelId, currency.digits, { id: itemId, ...(body as ServiceInput) }),
        ]);
        break;
      case "promoCode":
        await assertPromoCodeFree(tx, hotelId, (body as PromoCodeInput).code, itemId);
        await writePromoCodes(tx, [promoCodeRow(hotelId, { id: itemId, ...(body as PromoCodeInput) })]);
        break;
      case "package":
        await writePackages(tx, [
          packageRow(hotelId, currency.digits, { id: itemId, ...(body as PackageInput) }),
        ]);
        break;
    }
    const after = await readOne(tx, kind, hotelId, itemId, currency.digits);
    await audit(tx, staff, {
      hotelId,
      action: `${entity}.${id === null ? "create" : "update"}`,
      entity,
      entityId: itemId,
      before,
      after,
    });
    return itemId;
  });
  return readOne(db, kind, hotelId, itemId, currency.digits);
}

type Count = { n: number };
const countOf = async (tx: Db, query: ReturnType<typeof sql>) =>
  Number(((await tx.execute(query)) as unknown as { rows: Count[] }).rows[0]?.n ?? 0);

/** Why an entity cannot go: reservations, or other entities, that use it. */
async function assertUnused(tx: Db, kind: ExtraKind, hotelId: number, id: number, item: { code?: string }) {
  switch (kind) {
    case "serviceCategory": {
      const n = await countOf(tx, sql`select count(*)::int as n from service where category_id = ${id}`);
      if (n > 0) throw inUse("services", `the category holds ${n} service(s): move or delete them first`);
      return;
    }
    case "service": {
      const booked = await countOf(
        tx,
        sql`select count(*)::int as n from reservation_service where service_id = ${id}`,
      );
      if (booked > 0) throw inUse("reservations", `${booked} reservation(s) booked this service`);
      const used = await countOf(
        tx,
        sql`select (select count(*) from rate_plan where hotel_id = ${hotelId} and ${id} = any(included_service_ids))
          + (select count(*) from package where hotel_id = ${hotelId} and ${id} = any(included_service_ids)) as n`,
      );
      if (used > 0)
        throw inUse("includedServiceIds", `${used} rate plan(s) or package(s) include this service`);
      return;
    }
    case "promoCode": {
      const code = item.code ?? "";
      const booked = await countOf(
        tx,
        sql`select count(*)::int as n from reservation where hotel_id = ${hotelId} and upper(promo_code) = upper(${code})`,
      );
      if (booked > 0) throw inUse("reservations", `${booked} reservation(s) used this promo code`);
      const linked = await countOf(
        tx,
        sql`select count(*)::int as n from reservation_link where hotel_id = ${hotelId} and upper(promo_code) = upper(${code})`,
      );
      if (linked > 0) throw inUse("reservationLinks", `${linked} reservation link(s) use this promo code`);
      return;
    }
    case "package": {
      const booked = await countOf(
        tx,
        sql`select count(*)::int as n from reservation where hotel_id = ${hotelId} and package_id = ${id}`,
      );
      if (booked > 0) throw inUse("reservations", `${booked} reservation(s) booked this package`);
      return;
    }
  }
}

export async function deleteExtra(db: Db, staff: Staff, kind: ExtraKind, hotelId: number, id: number) {
  const currency = await currencyOf(db, hotelId);
  const { name, entity } = TABLES[kind];
  await db.transaction(async (tx) => {
    const before = await readOne(tx, kind, hotelId, id, currency.digits);
    if (!before) throw notFoundItem();
    await assertUnused(tx, kind, hotelId, id, before as { code?: string });
    await tx.execute(sql`delete from ${sql.raw(`"${name}"`)} where id = ${id} and hotel_id = ${hotelId}`);
    await audit(tx, staff, {
      hotelId,
      action: `${entity}.delete`,
      entity,
      entityId: id,
      before,
      after: null,
    });
  });
}

export async function choicesOf(db: Db, hotelId: number): Promise<ExtrasChoices> {
  const currency = await currencyOf(db, hotelId);
  const [rooms, rates, channels] = await Promise.all([
    db
      .select()
      .from(roomType)
      .where(eq(roomType.hotelId, hotelId))
      .orderBy(asc(roomType.sortOrder), asc(roomType.id)),
    db
      .select()
      .from(ratePlan)
      .where(eq(ratePlan.hotelId, hotelId))
      .orderBy(asc(ratePlan.sortOrder), asc(ratePlan.id)),
    db
      .select({ id: channel.id, name: channel.name, kind: channel.kind })
      .from(hotelChannel)
      .innerJoin(channel, eq(channel.id, hotelChannel.channelId))
      .where(eq(hotelChannel.hotelId, hotelId))
      .orderBy(asc(channel.id)),
  ]);
  return {
    currencyCode: currency.code,
    roomTypes: rooms.map((r) => ({
      id: r.id,
      code: r.code,
      name: pickText(r.name, 1),
      sleeps: r.maxOccupancy,
    })),
    ratePlans: rates.map((r) => ({ id: r.id, code: r.code, name: pickText(r.name, 1) })),
    channels,
  };
}

const compactYmd = (ymd: string) => ymd.replaceAll("-", "");

/**
 * Signs a total for one room type, rate and stay with the server's override secret (the secret never leaves the
 * server) and builds the guest's rooms page link that carries it; the link is audited (who, what price).
 */
export async function createPriceLink(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  req: PriceLinkRequest,
  base: string,
): Promise<PriceLink> {
  const db = deps.database.db;
  const [room] = await db
    .select({ id: roomType.id, sleeps: roomType.maxOccupancy, maxAdults: roomType.maxAdults })
    .from(roomType)
    .where(and(eq(roomType.id, req.roomTypeId), eq(roomType.hotelId, hotelId)));
  if (!room) throw badInput("roomTypeId", "is not one of the hotel's room types");
  const [rate] = await db
    .select({ id: ratePlan.id })
    .from(ratePlan)
    .where(and(eq(ratePlan.id, req.ratePlanId), eq(ratePlan.hotelId, hotelId)));
  if (!rate) throw badInput("ratePlanId", "is not one of the hotel's rate plans");
  const arrival = compactYmd(req.arrival);
  const departure = compactYmd(req.departure);
  const nights = nightsBetween(arrival, departure);
  if (nights < 1) throw badInput("departure", "must be after arrival");
  if (nights > 60) throw badInput("departure", "a stay is at most 60 nights");
  const ages = req.ages ?? [];
  if (req.adults > room.maxAdults)
    throw badInput("adults", `the room type takes at most ${room.maxAdults} adults`);
  if (req.adults + ages.length > room.sleeps)
    throw badInput("ages", `the room type sleeps at most ${room.sleeps}`);
  const sold = await db
    .select({ id: ratePlanChannel.channelId, kind: channel.kind })
    .from(ratePlanChannel)
    .innerJoin(channel, eq(channel.id, ratePlanChannel.channelId))
    .innerJoin(
      hotelChannel,
      and(eq(hotelChannel.channelId, ratePlanChannel.channelId), eq(hotelChannel.hotelId, hotelId)),
    )
    .where(eq(ratePlanChannel.ratePlanId, rate.id))
    .orderBy(asc(channel.id));
  const channelId = req.channelId ?? (sold.find((c) => c.kind === "direct") ?? sold[0])?.id ?? undefined;
  if (channelId === undefined || !sold.some((c) => c.id === channelId))
    throw badInput("channelId", "the rate plan is not sold on this channel of the hotel");
  const currency = await currencyOf(db, hotelId);
  const total = fromMinor(toMinor(req.total, currency.digits), currency.digits);
  const signed = formatOverride({
    roomId: room.id,
    rateId: rate.id,
    arrival,
    departure,
    total,
  });
  const hpcc = `${signed}~${signOverrideText(deps.overrideSecret, signed)}`;
  const languageId = req.languageId ?? 1;
  const query: Record<string, string> = {
    channel: String(channelId),
    hotel: String(hotelId),
    language: String(languageId),
    arrival,
    departure,
    adults: String(req.adults),
    ...(ages.length > 0 ? { childs: String(ages.length), ages: ages.join(",") } : {}),
    hpcc,
  };
  const pageQuery = Object.entries(query)
    .filter(([key]) => !["channel", "hotel", "language"].includes(key))
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join("&");
  const url = `${base.replace(/\/+$/, "")}/hotel/${hotelId}/channel/${channelId}/language/${languageId}/rooms?${pageQuery}`;
  await db.transaction(async (tx) => {
    await audit(tx, staff, {
      hotelId,
      action: "price_link.create",
      entity: "price_link",
      entityId: null,
      before: null,
      after: {
        roomTypeId: room.id,
        ratePlanId: rate.id,
        channelId,
        arrival: req.arrival,
        departure: req.departure,
        adults: req.adults,
        ages,
        total,
        currencyCode: currency.code,
      },
    });
  });
  return { url, hpcc, query };
}
