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
import type { Db } from "../../../db/client";
import { AppError, badInput } from "../../../http/errors";
import { signOverrideText } from "../../search";
import type { Staff } from "../access";
import { audit, auditEntity } from "../audit";
import type { BackOfficeDeps } from "../deps";
import {
  catalogueIdsOf,
  channelsSellingRatePlan,
  countInclusionsOfService,
  countLinksWithPromoCode,
  countReservationsOfPackage,
  countReservationsOfService,
  countReservationsWithPromoCode,
  countServicesInCategory,
  countServicesOfCategory,
  deleteExtraRow,
  findHotelCurrencyCode,
  findPackageRow,
  findPromoCodeRow,
  findRatePlanId,
  findRoomTypeCapacity,
  findServiceCategoryRow,
  findServiceRow,
  listPackageRows,
  listPromoCodeRows,
  listServiceCategoryRows,
  listServiceRows,
  nextId,
  promoCodeTaken,
} from "./extras-repository";
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
import { listHotelChannels, listRatePlansOfHotel, listRoomTypesOfHotel } from "./property-repository";

export type ExtraKind = "serviceCategory" | "service" | "promoCode" | "package";

const TABLES = {
  serviceCategory: { name: "service_category", entity: "service_category" },
  service: { name: "service", entity: "service" },
  promoCode: { name: "promo_code", entity: "promo_code" },
  package: { name: "package", entity: "package" },
} as const;

const notFoundItem = () =>
  new AppError("not_found", 404, "No such item in this hotel", [{ field: "itemId", message: "unknown" }]);

const inUse = (field: string, message: string) =>
  new AppError("in_use", 409, `${field}: ${message}`, [{ field, message }]);

async function currencyOf(db: Db, hotelId: number): Promise<{ code: string; digits: number }> {
  const code = await findHotelCurrencyCode(db, hotelId);
  if (code === undefined) throw notFoundItem();
  return { code, digits: describeCurrency(code).decimal_digits };
}

/** One entity of the hotel in the property file's shape, or null (another hotel's id reads as missing). */
async function readOne(db: Db, kind: ExtraKind, hotelId: number, id: number, digits: number) {
  switch (kind) {
    case "serviceCategory": {
      const row = await findServiceCategoryRow(db, hotelId, id);
      if (!row) return null;
      return { ...serviceCategoryFile(row), services: await countServicesOfCategory(db, id) };
    }
    case "service": {
      const row = await findServiceRow(db, hotelId, id);
      return row ? serviceFile(row, digits) : null;
    }
    case "promoCode": {
      const row = await findPromoCodeRow(db, hotelId, id);
      return row ? promoCodeFile(row) : null;
    }
    case "package": {
      const row = await findPackageRow(db, hotelId, id);
      return row ? packageFile(row, digits) : null;
    }
  }
}

export async function listExtras(db: Db, kind: ExtraKind, hotelId: number) {
  const currency = await currencyOf(db, hotelId);
  const items = await (async (): Promise<unknown[]> => {
    switch (kind) {
      case "serviceCategory": {
        const rows = await listServiceCategoryRows(db, hotelId);
        return rows.map((r) => ({ ...serviceCategoryFile(r.row), services: r.services }));
      }
      case "service":
        return (await listServiceRows(db, hotelId)).map((r) => serviceFile(r, currency.digits));
      case "promoCode":
        return (await listPromoCodeRows(db, hotelId)).map(promoCodeFile);
      case "package":
        return (await listPackageRows(db, hotelId)).map((r) => packageFile(r, currency.digits));
    }
  })();
  return { currencyCode: currency.code, items };
}

/** The hotel's ids an entity may refer to, as the property file's cross-checks take them. */
async function refsOf(db: Db, hotelId: number): Promise<CatalogueRefs> {
  const { ratePlanIds, roomTypeIds, serviceIds, categoryIds, channelIds } = await catalogueIdsOf(db, hotelId);
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

async function assertPromoCodeFree(tx: Db, hotelId: number, code: string, id: number) {
  if (await promoCodeTaken(tx, hotelId, code, id))
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

/** Why an entity cannot go: reservations, or other entities, that use it. */
async function assertUnused(tx: Db, kind: ExtraKind, hotelId: number, id: number, item: { code?: string }) {
  switch (kind) {
    case "serviceCategory": {
      const n = await countServicesInCategory(tx, id);
      if (n > 0) throw inUse("services", `the category holds ${n} service(s): move or delete them first`);
      return;
    }
    case "service": {
      const booked = await countReservationsOfService(tx, id);
      if (booked > 0) throw inUse("reservations", `${booked} reservation(s) booked this service`);
      const used = await countInclusionsOfService(tx, hotelId, id);
      if (used > 0)
        throw inUse("includedServiceIds", `${used} rate plan(s) or package(s) include this service`);
      return;
    }
    case "promoCode": {
      const code = item.code ?? "";
      const booked = await countReservationsWithPromoCode(tx, hotelId, code);
      if (booked > 0) throw inUse("reservations", `${booked} reservation(s) used this promo code`);
      const linked = await countLinksWithPromoCode(tx, hotelId, code);
      if (linked > 0) throw inUse("reservationLinks", `${linked} reservation link(s) use this promo code`);
      return;
    }
    case "package": {
      const booked = await countReservationsOfPackage(tx, hotelId, id);
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
    await deleteExtraRow(tx, name, hotelId, id);
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
    listRoomTypesOfHotel(db, hotelId),
    listRatePlansOfHotel(db, hotelId),
    listHotelChannels(db, hotelId),
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
  const room = await findRoomTypeCapacity(db, hotelId, req.roomTypeId);
  if (!room) throw badInput("roomTypeId", "is not one of the hotel's room types");
  const rate = await findRatePlanId(db, hotelId, req.ratePlanId);
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
  const sold = await channelsSellingRatePlan(db, hotelId, rate.id);
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
    await auditEntity(tx, staff, {
      hotelId,
      action: "price_link.create",
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
