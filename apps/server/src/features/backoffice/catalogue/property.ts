// The back office's use cases of the hotel's details, its room types, their photos and its rate plans. Every
// change is written through the property import's own functions and audited in the transaction that makes it.

import type {
  BoHotel,
  BoRatePlan,
  BoRoomType,
  GalleryInputSchema,
  HotelInputSchema,
  RatePlanInputSchema,
  RoomTypeInputSchema,
} from "@alloggio/domain/contract/backoffice/property";
import { photoUrl } from "@alloggio/domain/contract/backoffice/property";
import {
  type EntityIssue,
  type EntityRule,
  formatIssuePath,
  HOTEL_PAYMENT_METHODS,
  HotelFileSchema,
  hotelMailLanguageOf,
  hotelRules,
  type RatePlanFile,
  type RoomTypeFile,
  RoomTypeFileSchema,
  roomTypeRules,
} from "@alloggio/domain/contract/property/property-file";
import { describeCurrency } from "@alloggio/domain/currency/currencies";
import { fromMinor } from "@alloggio/domain/money/money";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { AppError, badInput } from "../../../http/errors";
import type { Staff } from "../access";
import { audit, auditEntity, auditSystem } from "../audit";
import type { BackOfficeDeps } from "../deps";
import {
  allocateCatalogueId,
  deleteRatePlanRow,
  deleteRoomTypePhotos,
  deleteRoomTypeRow,
  findHotel,
  findPhoto,
  findRatePlan,
  findRoomType,
  type HotelRecord,
  hotelChannelIds,
  hotelChannelKinds,
  hotelHasReservations,
  hotelServiceIds,
  idsWithCode,
  insertRoomTypePhoto,
  listHotelChannels,
  listHotelServices,
  listRatePlansOfHotel,
  listRoomTypesOfHotel,
  lockRoomType,
  type RatePlanRecord,
  type RoomTypeRecord,
  ratePlanChannelsOf,
  ratePlanIsBooked,
  roomTypeExists,
  roomTypeIsBooked,
} from "./property-repository";
import { hotelRow, upsertHotel, upsertRatePlans, upsertRoomTypes } from "./property-service";

const hhmm = (time: string | null) => (time === null ? undefined : time.slice(0, 5));
const digitsOf = (currencyCode: string) => describeCurrency(currencyCode).decimal_digits;
const nonEmpty = (text: Record<string, string>) =>
  Object.keys(text).length === 0 ? undefined : (text as Record<string, string>);

/** The first issue of a shared rule as the one 400 error shape, naming the field. */
function refuse(issues: readonly (Omit<EntityIssue, "rule"> & { rule?: EntityRule })[]): void {
  if (issues.length === 0) return;
  throw new AppError(
    "invalid_input",
    400,
    `${formatIssuePath(issues[0]?.path ?? [])}: ${issues[0]?.message}`,
    issues.map((i) => ({
      field: i.path.join("."),
      message: i.message,
      // A rule's name, for the page to say it in its language (ErrorDetail params, as the schema's checks).
      ...(i.rule ? { params: { issue: "custom", rule: i.rule } } : {}),
    })),
  );
}

const codeTaken = () =>
  new AppError("code_taken", 409, "code: another item of this hotel has this code", [
    { field: "code", message: "is taken" },
  ]);

/** A unique-key violation (a code taken by a concurrent change) reads as 409 code_taken. */
function isUniqueViolation(error: unknown): boolean {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current.code === "23505") return true;
    current = current.cause as { code?: unknown; cause?: unknown } | undefined;
  }
  return false;
}

async function inTransaction<T>(deps: BackOfficeDeps, fn: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await deps.database.db.transaction((tx) => fn(tx as unknown as Db));
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

// The hotel.

async function loadHotel(db: Db, hotelId: number): Promise<HotelRecord> {
  const row = await findHotel(db, hotelId);
  if (!row) throw new AppError("not_found", 404, "No such hotel", [{ field: "hotelId", message: "unknown" }]);
  return row;
}

function bankTransferOf(settings: Record<string, unknown>): BoHotel["bankTransfer"] {
  const parsed = z
    .object({
      owner: z.string(),
      iban: z.string(),
      bic: z.string().optional(),
      dueDays: z.number().int().optional(),
    })
    .safeParse(settings.bankTransfer);
  return parsed.success ? parsed.data : null;
}

/** The redirect methods the hotel enables, in the gateway's order (an unknown stored value is left out). */
function paymentMethodsOf(settings: Record<string, unknown>): BoHotel["paymentMethods"] {
  const stored = Array.isArray(settings.paymentMethods) ? (settings.paymentMethods as unknown[]) : [];
  return HOTEL_PAYMENT_METHODS.filter((m) => stored.includes(m));
}

function toBoHotel(row: HotelRecord, booked: boolean): BoHotel {
  return {
    id: row.id,
    name: row.name,
    description: nonEmpty(row.description),
    address: row.address,
    city: row.city,
    country: row.country,
    timeZone: row.timeZone,
    currencyCode: row.currencyCode,
    email: row.email,
    phone: row.phone,
    checkInFrom: hhmm(row.checkInFrom) ?? "",
    checkInUntil: hhmm(row.checkInUntil) ?? "",
    checkOutUntil: hhmm(row.checkOutUntil) ?? "",
    breakfastFrom: hhmm(row.breakfastFrom),
    breakfastUntil: hhmm(row.breakfastUntil),
    pets: row.pets,
    petFeeMinor: row.petFeeMinor,
    messaging: row.messaging,
    showChat: row.showChat,
    guestsMandatory: row.guestsMandatory,
    cityTaxMinor: row.cityTaxMinor,
    bankTransfer: bankTransferOf(row.settings),
    wellness: row.wellness,
    activities: row.activities,
    businessServices: row.businessServices,
    paymentMethods: paymentMethodsOf(row.settings),
    mailLanguage: hotelMailLanguageOf(row.settings),
    hasReservations: booked,
  };
}

/** The hotel's details as the back office shows them. */
export async function getProperty(deps: BackOfficeDeps, hotelId: number): Promise<BoHotel> {
  const db = deps.database.db;
  return toBoHotel(await loadHotel(db, hotelId), await hotelHasReservations(db, hotelId));
}

/** The hotel's details as the back office shows them, for a reader outside the back office. */
export async function readProperty(db: Db, hotelId: number): Promise<BoHotel> {
  return toBoHotel(await loadHotel(db, hotelId), await hotelHasReservations(db, hotelId));
}

/** Changes the hotel's details, checked by the property file's schema and rules (the currency only while unbooked). */
export async function updateProperty(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  input: z.infer<typeof HotelInputSchema>,
): Promise<BoHotel> {
  return inTransaction(deps, (tx) => saveHotel(tx, hotelId, input, (entry) => auditEntity(tx, staff, entry)));
}

/**
 * Changes the hotel's details for a change made without a staff user (a PMS through AlpineBits): `change` turns
 * the details as stored into the new ones, then the screen's own checks and write apply, with a `hotel.update`
 * entry by `actor`, in the caller's transaction. A refusal is the screens' AppError, before anything is written.
 */
export async function saveHotelAs(
  tx: Db,
  by: { groupId: number; actor: string },
  hotelId: number,
  change: (current: z.infer<typeof HotelInputSchema>) => z.infer<typeof HotelInputSchema>,
): Promise<BoHotel> {
  const { id: _id, hasReservations: _booked, ...current } = toBoHotel(await loadHotel(tx, hotelId), false);
  return saveHotel(tx, hotelId, change(current), (entry) =>
    auditSystem(tx, by.groupId, by.actor, { ...entry, entity: "hotel" }),
  );
}

async function saveHotel(
  tx: Db,
  hotelId: number,
  input: z.infer<typeof HotelInputSchema>,
  record: (entry: {
    hotelId: number;
    action: string;
    entityId: number;
    before: BoHotel;
    after: BoHotel;
  }) => Promise<void>,
): Promise<BoHotel> {
  const current = await loadHotel(tx, hotelId);
  const booked = await hotelHasReservations(tx, hotelId);
  if (input.currencyCode !== current.currencyCode && booked)
    throw new AppError(
      "currency_locked",
      409,
      "currencyCode: the hotel has reservations, so its currency cannot change",
      [{ field: "currencyCode", message: "the hotel has reservations" }],
    );
  const channelIds = await hotelChannelIds(tx, hotelId);
  const {
    petFeeMinor,
    cityTaxMinor,
    bankTransfer,
    paymentMethods,
    mailLanguage,
    wellness,
    activities,
    businessServices,
    ...details
  } = input;
  const digits = digitsOf(input.currencyCode);
  // The other keys of the settings are kept as they are.
  const settings = { ...current.settings };
  if (bankTransfer === null) delete settings.bankTransfer;
  else if (bankTransfer !== undefined) settings.bankTransfer = bankTransfer;
  if (paymentMethods !== undefined)
    settings.paymentMethods = HOTEL_PAYMENT_METHODS.filter((m) => paymentMethods.includes(m));
  if (mailLanguage !== undefined) settings.mailLanguage = mailLanguage;
  // The whole hotel as the property file describes it, checked by the file's own schema and rules.
  const entity = HotelFileSchema.safeParse({
    ...details,
    id: hotelId,
    wellness: wellness ?? current.wellness,
    activities: activities ?? current.activities,
    businessServices: businessServices ?? current.businessServices,
    paymentGatewayKey: current.paymentGatewayKey,
    settings,
    channelIds: channelIds.length > 0 ? channelIds : [0],
    petFee: fromMinor(petFeeMinor ?? 0, digits),
    cityTax: fromMinor(cityTaxMinor ?? 0, digits),
  });
  if (!entity.success)
    refuse(entity.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message })));
  else refuse(hotelRules(entity.data));
  const before = toBoHotel(current, booked);
  if (entity.success) await upsertHotel(tx, hotelRow(current.groupId, entity.data, digits));
  const after = toBoHotel(await loadHotel(tx, hotelId), booked);
  await record({ hotelId, action: "hotel.update", entityId: hotelId, before, after });
  return after;
}

// Room types.

function toBoRoomType(row: RoomTypeRecord): BoRoomType {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: nonEmpty(row.description),
    amenities: row.amenities as BoRoomType["amenities"],
    minOccupancy: row.minOccupancy,
    maxOccupancy: row.maxOccupancy,
    maxAdults: row.maxAdults,
    maxChildren: row.maxChildren,
    sortOrder: row.sortOrder,
    gallery: row.gallery,
  };
}

const notFoundItem = (field: string) =>
  new AppError("not_found", 404, `No such ${field}`, [{ field, message: "unknown" }]);

/** A room type of this hotel (another hotel's id answers 404 like a missing one). */
async function loadRoomType(db: Db, hotelId: number, roomTypeId: number): Promise<RoomTypeRecord> {
  const row = await findRoomType(db, hotelId, roomTypeId);
  if (!row) throw notFoundItem("roomTypeId");
  return row;
}

async function codeInUse(
  db: Db,
  kind: "room_type" | "rate_plan",
  hotelId: number,
  code: string,
  exceptId: number,
): Promise<boolean> {
  const rows = await idsWithCode(db, kind, hotelId, code);
  return rows.some((r) => r.id !== exceptId);
}

/** Writes a room type through the import's own function, with its audit entry. */
async function saveRoomType(
  tx: Db,
  staff: Staff,
  hotelId: number,
  entity: RoomTypeFile,
  before: BoRoomType | null,
): Promise<BoRoomType> {
  if (await codeInUse(tx, "room_type", hotelId, entity.code, entity.id)) throw codeTaken();
  await upsertRoomTypes(tx, hotelId, [entity]);
  const after = toBoRoomType(await loadRoomType(tx, hotelId, entity.id));
  await audit(tx, staff, {
    hotelId,
    action: before ? "room_type.update" : "room_type.create",
    entity: "room_type",
    entityId: entity.id,
    before,
    after,
  });
  return after;
}

/** The hotel's room types, in sort order. */
export async function listRoomTypes(deps: BackOfficeDeps, hotelId: number): Promise<{ items: BoRoomType[] }> {
  const rows = await listRoomTypesOfHotel(deps.database.db, hotelId);
  return { items: rows.map(toBoRoomType) };
}

export async function getRoomType(
  deps: BackOfficeDeps,
  hotelId: number,
  roomTypeId: number,
): Promise<BoRoomType> {
  return toBoRoomType(await loadRoomType(deps.database.db, hotelId, roomTypeId));
}

/** A new room type under a new id (code unique in the hotel: else 409 code_taken). */
export async function createRoomType(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  input: z.infer<typeof RoomTypeInputSchema>,
): Promise<BoRoomType> {
  return inTransaction(deps, async (tx) => {
    const id = await allocateCatalogueId(tx, "room_type");
    return saveRoomType(tx, staff, hotelId, { ...input, id, gallery: [] }, null);
  });
}

/** Changes a room type (its photos are changed by the photo and gallery use cases). */
export async function updateRoomType(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  roomTypeId: number,
  input: z.infer<typeof RoomTypeInputSchema>,
): Promise<BoRoomType> {
  return inTransaction(deps, async (tx) => {
    const before = toBoRoomType(await loadRoomType(tx, hotelId, roomTypeId));
    return saveRoomType(tx, staff, hotelId, { ...input, id: roomTypeId, gallery: before.gallery }, before);
  });
}

/** Deletes a room type (409 room_type_booked when reservations or sold rooms use it). */
export async function deleteRoomType(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  roomTypeId: number,
): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const before = toBoRoomType(await loadRoomType(tx, hotelId, roomTypeId));
    if (await roomTypeIsBooked(tx, roomTypeId))
      throw new AppError("room_type_booked", 409, "The room type has reservations: it cannot be deleted", [
        { field: "roomTypeId", message: "has reservations" },
      ]);
    await deleteRoomTypeRow(tx, hotelId, roomTypeId);
    await auditEntity(tx, staff, {
      hotelId,
      action: "room_type.delete",
      entityId: roomTypeId,
      before,
      after: null,
    });
  });
}

/** The hotel's room types as the back office shows them, in sort order (for a reader outside the back office). */
export async function readRoomTypesOfHotel(db: Db, hotelId: number): Promise<BoRoomType[]> {
  return (await listRoomTypesOfHotel(db, hotelId)).map(toBoRoomType);
}

/** The hotel's room types as the back office shows them, read in the caller's transaction and locked until it ends. */
export async function lockRoomTypesOfHotel(tx: Db, hotelId: number): Promise<BoRoomType[]> {
  const locked: BoRoomType[] = [];
  for (const { id } of await listRoomTypesOfHotel(tx, hotelId)) {
    const row = await lockRoomType(tx, hotelId, id);
    if (row) locked.push(toBoRoomType(row));
  }
  return locked;
}

/**
 * Rewrites room types of a hotel for a change made without a staff user (a PMS through AlpineBits): each one
 * checked by the property file's schema and rules like the screens, then written by the same `upsertRoomTypes`,
 * with one `room_type.update` entry each, in the caller's transaction. Nothing is written when one is refused: the
 * answer is then each refusal, naming the room type's code and the field.
 */
export async function saveRoomTypesAs(
  tx: Db,
  by: { groupId: number; actor: string },
  hotelId: number,
  changes: readonly { before: BoRoomType; after: RoomTypeFile }[],
): Promise<{ refused: string[] }> {
  const refused: string[] = [];
  for (const { before, after } of changes) {
    const parsed = RoomTypeFileSchema.safeParse(after);
    const issues = parsed.success
      ? roomTypeRules(parsed.data)
      : parsed.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message }));
    for (const issue of issues)
      refused.push(`room type ${before.code}: ${formatIssuePath(issue.path)}: ${issue.message}`);
  }
  if (refused.length > 0 || changes.length === 0) return { refused };
  await upsertRoomTypes(
    tx,
    hotelId,
    changes.map((c) => c.after),
  );
  for (const { before, after } of changes)
    await auditSystem(tx, by.groupId, by.actor, {
      hotelId,
      action: "room_type.update",
      entity: "room_type",
      entityId: after.id,
      before,
      after: toBoRoomType(await loadRoomType(tx, hotelId, after.id)),
    });
  return { refused };
}

/** Reorders a room type's photos, or removes some: the new list of its own photo addresses. */
export async function setRoomTypeGallery(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  roomTypeId: number,
  { gallery }: z.infer<typeof GalleryInputSchema>,
): Promise<BoRoomType> {
  return inTransaction(deps, async (tx) => {
    const current = await loadRoomType(tx, hotelId, roomTypeId);
    gallery.forEach((url, i) => {
      if (!current.gallery.includes(url)) throw badInput(`gallery.${i}`, "is not a photo of this room type");
    });
    if (new Set(gallery).size !== gallery.length) throw badInput("gallery", "must not repeat a photo");
    const before = toBoRoomType(current);
    const entity: RoomTypeFile = { ...before, gallery };
    await upsertRoomTypes(tx, hotelId, [entity]);
    const removed = current.gallery.filter((url) => !gallery.includes(url));
    const removedIds = removed
      .map((url) => /^\/api\/photos\/(\d+)\//.exec(url)?.[1])
      .filter((id): id is string => id !== undefined)
      .map(Number);
    if (removedIds.length > 0) await deleteRoomTypePhotos(tx, roomTypeId, removedIds);
    const after = toBoRoomType(await loadRoomType(tx, hotelId, roomTypeId));
    await auditEntity(tx, staff, {
      hotelId,
      action: "room_type.gallery",
      entityId: roomTypeId,
      before: { gallery: before.gallery },
      after: { gallery: after.gallery },
    });
    return after;
  });
}

// Room type photos.

const noRoomType = () =>
  new AppError("not_found", 404, "No such roomTypeId", [{ field: "roomTypeId", message: "unknown" }]);

/** 404 unless the hotel has this room type (checked before the upload is read). */
export async function requirePhotoRoomType(
  deps: BackOfficeDeps,
  hotelId: number,
  roomTypeId: number,
): Promise<void> {
  if (!(await roomTypeExists(deps.database.db, hotelId, roomTypeId))) throw noRoomType();
}

/** Adds a resized photo last in the room type's gallery (at most 50). */
export async function addRoomTypePhoto(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  roomTypeId: number,
  photo: { large: Buffer; small: Buffer; width: number; height: number },
): Promise<BoRoomType> {
  const after = await deps.database.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const current = await lockRoomType(tx, hotelId, roomTypeId);
    if (!current) throw noRoomType();
    if (current.gallery.length >= 50)
      throw new AppError("invalid_input", 400, "photo: a room type has at most 50 photos", [
        { field: "photo", message: "at most 50 photos" },
      ]);
    const photoId = await insertRoomTypePhoto(tx, { hotelId, roomTypeId, ...photo });
    const url = photoUrl(photoId ?? 0);
    const gallery = [...current.gallery, url];
    await upsertRoomTypes(tx, hotelId, [
      {
        id: current.id,
        code: current.code,
        name: current.name,
        description: current.description,
        gallery,
        amenities: current.amenities as never,
        minOccupancy: current.minOccupancy,
        maxOccupancy: current.maxOccupancy,
        maxAdults: current.maxAdults,
        maxChildren: current.maxChildren,
        sortOrder: current.sortOrder,
      },
    ]);
    await auditEntity(tx, staff, {
      hotelId,
      action: "room_type.photo_add",
      entityId: roomTypeId,
      before: { gallery: current.gallery },
      after: { gallery },
    });
    return { ...current, gallery };
  });
  return {
    id: after.id,
    code: after.code,
    name: after.name,
    description: Object.keys(after.description).length > 0 ? after.description : undefined,
    amenities: after.amenities as never,
    minOccupancy: after.minOccupancy,
    maxOccupancy: after.maxOccupancy,
    maxAdults: after.maxAdults,
    maxChildren: after.maxChildren,
    sortOrder: after.sortOrder,
    gallery: after.gallery,
  };
}

/** An uploaded photo's two sizes (404 when unknown). */
export async function readPhoto(
  deps: BackOfficeDeps,
  photoId: number,
): Promise<{ large: Buffer; small: Buffer }> {
  const row = await findPhoto(deps.database.db, photoId);
  if (!row) throw new AppError("not_found", 404, "No such photo", [{ field: "photoId", message: "unknown" }]);
  return row;
}

// Rate plans.

async function toBoRatePlans(db: Db, rows: RatePlanRecord[]): Promise<BoRatePlan[]> {
  const ids = rows.map((r) => r.id);
  const channels = ids.length === 0 ? [] : await ratePlanChannelsOf(db, ids);
  return rows.map((row) => {
    const optional = <T>(value: T | null) => (value === null ? undefined : value);
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      description: nonEmpty(row.description),
      mealPlan: row.mealPlan,
      refundable: row.refundable,
      freeCancellationDays: row.refundable ? (row.freeCancellationDays ?? 0) : undefined,
      payment: row.payment,
      prepayment: row.prepayment,
      commissionPercent: row.commissionPercent === null ? undefined : Number(row.commissionPercent),
      isNet: row.isNet,
      minStay: row.minStay,
      maxStay: optional(row.maxStay),
      minAdults: row.minAdults,
      maxAdults: optional(row.maxAdults),
      resellable: row.resellable,
      resaleFeePercent: row.resellable ? Number(row.resaleFeePercent) : undefined,
      refundProtectionMinor: optional(row.refundProtectionMinor),
      tradeOnly: row.tradeOnly,
      longStayDiscounts: row.longStayDiscounts,
      includedServiceIds: row.includedServiceIds,
      sortOrder: row.sortOrder,
      optionHours: optional(row.optionHours),
      channelIds: channels.filter((c) => c.ratePlanId === row.id).map((c) => c.channelId),
    };
  });
}

async function loadRatePlan(db: Db, hotelId: number, ratePlanId: number): Promise<RatePlanRecord> {
  const row = await findRatePlan(db, hotelId, ratePlanId);
  if (!row) throw notFoundItem("ratePlanId");
  return row;
}

/** The rate plan's references to the hotel's channels and services, checked against the database. */
async function ratePlanReferenceIssues(db: Db, hotelId: number, r: RatePlanFile): Promise<EntityIssue[]> {
  const issues: EntityIssue[] = [];
  const channels = await hotelChannelKinds(db, hotelId);
  const kinds = new Map(channels.map((c) => [c.id, c.kind]));
  r.channelIds.forEach((id, j) => {
    const kind = kinds.get(id);
    if (kind === undefined)
      issues.push({
        path: ["channelIds", j],
        message: `the hotel is not sold on channel ${id}`,
        rule: "channel_not_sold",
      });
    else if (r.tradeOnly && kind !== "trade")
      issues.push({
        path: ["channelIds", j],
        message: `a trade-only rate cannot be sold on direct channel ${id}`,
        rule: "trade_only_on_direct_channel",
      });
  });
  if (new Set(r.channelIds).size !== r.channelIds.length)
    issues.push({ path: ["channelIds"], message: "must not repeat an id", rule: "repeated_id" });
  const included = r.includedServiceIds ?? [];
  if (included.length > 0) {
    const services = await hotelServiceIds(db, hotelId);
    const known = new Set(services.map((s) => s.id));
    included.forEach((id, j) => {
      if (!known.has(id))
        issues.push({
          path: ["includedServiceIds", j],
          message: `service ${id} is not in the file`,
          rule: "service_unknown",
        });
    });
    if (new Set(included).size !== included.length)
      issues.push({ path: ["includedServiceIds"], message: "must not repeat an id", rule: "repeated_id" });
  }
  return issues;
}

async function saveRatePlan(
  tx: Db,
  staff: Staff,
  hotelId: number,
  entity: RatePlanFile,
  before: BoRatePlan | null,
): Promise<BoRatePlan> {
  refuse(await ratePlanReferenceIssues(tx, hotelId, entity));
  if (await codeInUse(tx, "rate_plan", hotelId, entity.code, entity.id)) throw codeTaken();
  const { currencyCode } = await loadHotel(tx, hotelId);
  await upsertRatePlans(tx, hotelId, [entity], digitsOf(currencyCode));
  const [after] = await toBoRatePlans(tx, [await loadRatePlan(tx, hotelId, entity.id)]);
  await audit(tx, staff, {
    hotelId,
    action: before ? "rate_plan.update" : "rate_plan.create",
    entity: "rate_plan",
    entityId: entity.id,
    before,
    after,
  });
  return after as BoRatePlan;
}

function ratePlanEntity(
  id: number,
  mtId: number,
  input: z.infer<typeof RatePlanInputSchema>,
  currencyCode: string,
): RatePlanFile {
  const { refundProtectionMinor, ...rest } = input;
  return {
    ...rest,
    id,
    mtId,
    ...(refundProtectionMinor === undefined
      ? {}
      : { refundProtection: fromMinor(refundProtectionMinor, digitsOf(currencyCode)) }),
  };
}

/** The hotel's rate plans in sort order, with the channels and services a plan can use. */
export async function listRatePlans(deps: BackOfficeDeps, hotelId: number) {
  const db = deps.database.db;
  const rows = await listRatePlansOfHotel(db, hotelId);
  const channels = await listHotelChannels(db, hotelId);
  const services = await listHotelServices(db, hotelId);
  const { currencyCode } = await loadHotel(db, hotelId);
  return {
    items: await toBoRatePlans(db, rows),
    channels,
    services: services.map((s) => ({ id: s.id, name: s.name.en ?? Object.values(s.name)[0] ?? "" })),
    currencyCode,
  };
}

export async function getRatePlan(
  deps: BackOfficeDeps,
  hotelId: number,
  ratePlanId: number,
): Promise<BoRatePlan> {
  const db = deps.database.db;
  const [plan] = await toBoRatePlans(db, [await loadRatePlan(db, hotelId, ratePlanId)]);
  return plan as BoRatePlan;
}

/** A new rate plan under a new id (code unique in the hotel: else 409 code_taken). */
export async function createRatePlan(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  input: z.infer<typeof RatePlanInputSchema>,
): Promise<BoRatePlan> {
  return inTransaction(deps, async (tx) => {
    const { currencyCode } = await loadHotel(tx, hotelId);
    const id = await allocateCatalogueId(tx, "rate_plan");
    return saveRatePlan(tx, staff, hotelId, ratePlanEntity(id, 0, input, currencyCode), null);
  });
}

export async function updateRatePlan(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  ratePlanId: number,
  input: z.infer<typeof RatePlanInputSchema>,
): Promise<BoRatePlan> {
  return inTransaction(deps, async (tx) => {
    const current = await loadRatePlan(tx, hotelId, ratePlanId);
    const [before] = await toBoRatePlans(tx, [current]);
    const { currencyCode } = await loadHotel(tx, hotelId);
    return saveRatePlan(
      tx,
      staff,
      hotelId,
      ratePlanEntity(ratePlanId, current.mtId, input, currencyCode),
      before ?? null,
    );
  });
}

/** Deletes a rate plan (409 rate_plan_booked when reservations use it). */
export async function deleteRatePlan(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  ratePlanId: number,
): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const [before] = await toBoRatePlans(tx, [await loadRatePlan(tx, hotelId, ratePlanId)]);
    if (await ratePlanIsBooked(tx, ratePlanId))
      throw new AppError("rate_plan_booked", 409, "The rate plan has reservations: it cannot be deleted", [
        { field: "ratePlanId", message: "has reservations" },
      ]);
    await deleteRatePlanRow(tx, hotelId, ratePlanId);
    await auditEntity(tx, staff, {
      hotelId,
      action: "rate_plan.delete",
      entityId: ratePlanId,
      before,
      after: null,
    });
  });
}
