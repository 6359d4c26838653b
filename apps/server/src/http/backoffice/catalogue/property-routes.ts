import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  type BoHotel,
  BoHotelSchema,
  type BoRatePlan,
  BoRatePlanSchema,
  type BoRoomType,
  BoRoomTypeSchema,
  GalleryInputSchema,
  HotelInputSchema,
  RatePlanInputSchema,
  RatePlanListSchema,
  RatePlanParamsSchema,
  RoomTypeInputSchema,
  RoomTypeListSchema,
  RoomTypeParamsSchema,
} from "@alloggio/domain/contract/backoffice/property";
import {
  type EntityIssue,
  formatIssuePath,
  HOTEL_PAYMENT_METHODS,
  HotelFileSchema,
  hotelMailLanguageOf,
  hotelRules,
  type RatePlanFile,
  type RoomTypeFile,
} from "@alloggio/domain/contract/property/property-file";
import { describeCurrency } from "@alloggio/domain/currency/currencies";
import { fromMinor } from "@alloggio/domain/money/money";
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../../../db/client";
import {
  channel,
  hotel,
  hotelChannel,
  ratePlan,
  ratePlanChannel,
  reservation,
  reservationRoom,
  roomType,
  service,
} from "../../../db/schema";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  audit,
  hotelRow,
  requireHotel,
  requireStaff,
  type Staff,
  upsertHotel,
  upsertRatePlans,
  upsertRoomTypes,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { AppError, badInput } from "../../errors";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";
import { registerPhotoRoutes } from "./photo-routes";

const AREA = "catalogue";

/** The signed-in staff user, if they may use the catalogue of this hotel (401, 403, 404 otherwise). */
export type Guard = (request: FastifyRequest, hotelId: number) => Promise<Staff>;

const hhmm = (time: string | null) => (time === null ? undefined : time.slice(0, 5));
const digitsOf = (currencyCode: string) => describeCurrency(currencyCode).decimal_digits;
const nonEmpty = (text: Record<string, string>) =>
  Object.keys(text).length === 0 ? undefined : (text as Record<string, string>);

/** The first issue of a shared rule as the one 400 error shape, naming the field. */
function refuse(issues: readonly EntityIssue[]): void {
  if (issues.length === 0) return;
  throw new AppError(
    "invalid_input",
    400,
    `${formatIssuePath(issues[0]?.path ?? [])}: ${issues[0]?.message}`,
    issues.map((i) => ({ field: i.path.join("."), message: i.message })),
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

/** A new id for a catalogue table (ids are global and given by property files, so not serial). */
async function nextId(tx: Db, table: "room_type" | "rate_plan"): Promise<number> {
  await tx.execute(sql`lock table ${sql.raw(table)} in share row exclusive mode`);
  const result = await tx.execute(sql`select coalesce(max(id), 0) + 1 as id from ${sql.raw(table)}`);
  return Number((result as unknown as { rows: { id: number }[] }).rows[0]?.id ?? 1);
}

// The hotel.

type HotelRecord = typeof hotel.$inferSelect;

async function loadHotel(db: Db, hotelId: number): Promise<HotelRecord> {
  const [row] = await db.select().from(hotel).where(eq(hotel.id, hotelId));
  if (!row) throw new AppError("not_found", 404, "No such hotel", [{ field: "hotelId", message: "unknown" }]);
  return row;
}

async function hasReservations(db: Db, hotelId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: reservation.id })
    .from(reservation)
    .where(eq(reservation.hotelId, hotelId))
    .limit(1);
  return row !== undefined;
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

// Room types.

type RoomTypeRecord = typeof roomType.$inferSelect;

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
export async function loadRoomType(db: Db, hotelId: number, roomTypeId: number): Promise<RoomTypeRecord> {
  const [row] = await db
    .select()
    .from(roomType)
    .where(and(eq(roomType.id, roomTypeId), eq(roomType.hotelId, hotelId)));
  if (!row) throw notFoundItem("roomTypeId");
  return row;
}

async function codeInUse(
  db: Db,
  table: typeof roomType | typeof ratePlan,
  hotelId: number,
  code: string,
  exceptId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.hotelId, hotelId), eq(table.code, code)));
  return rows.some((r) => r.id !== exceptId);
}

/** Writes a room type through the import's own function, with its audit entry. */
export async function saveRoomType(
  tx: Db,
  staff: Staff,
  hotelId: number,
  entity: RoomTypeFile,
  before: BoRoomType | null,
): Promise<BoRoomType> {
  if (await codeInUse(tx, roomType, hotelId, entity.code, entity.id)) throw codeTaken();
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

// Rate plans.

type RatePlanRecord = typeof ratePlan.$inferSelect;

async function toBoRatePlans(db: Db, rows: RatePlanRecord[]): Promise<BoRatePlan[]> {
  const ids = rows.map((r) => r.id);
  const channels =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(ratePlanChannel)
          .where(sql`${ratePlanChannel.ratePlanId} = any(${`{${ids.join(",")}}`}::int[])`)
          .orderBy(asc(ratePlanChannel.channelId));
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
  const [row] = await db
    .select()
    .from(ratePlan)
    .where(and(eq(ratePlan.id, ratePlanId), eq(ratePlan.hotelId, hotelId)));
  if (!row) throw notFoundItem("ratePlanId");
  return row;
}

/** The rate plan's references to the hotel's channels and services, checked against the database. */
async function ratePlanReferenceIssues(db: Db, hotelId: number, r: RatePlanFile): Promise<EntityIssue[]> {
  const issues: EntityIssue[] = [];
  const channels = await db
    .select({ id: channel.id, kind: channel.kind })
    .from(hotelChannel)
    .innerJoin(channel, eq(channel.id, hotelChannel.channelId))
    .where(eq(hotelChannel.hotelId, hotelId));
  const kinds = new Map(channels.map((c) => [c.id, c.kind]));
  r.channelIds.forEach((id, j) => {
    const kind = kinds.get(id);
    if (kind === undefined)
      issues.push({ path: ["channelIds", j], message: `the hotel is not sold on channel ${id}` });
    else if (r.tradeOnly && kind !== "trade")
      issues.push({
        path: ["channelIds", j],
        message: `a trade-only rate cannot be sold on direct channel ${id}`,
      });
  });
  if (new Set(r.channelIds).size !== r.channelIds.length)
    issues.push({ path: ["channelIds"], message: "must not repeat an id" });
  const included = r.includedServiceIds ?? [];
  if (included.length > 0) {
    const services = await db.select({ id: service.id }).from(service).where(eq(service.hotelId, hotelId));
    const known = new Set(services.map((s) => s.id));
    included.forEach((id, j) => {
      if (!known.has(id))
        issues.push({ path: ["includedServiceIds", j], message: `service ${id} is not in the file` });
    });
    if (new Set(included).size !== included.length)
      issues.push({ path: ["includedServiceIds"], message: "must not repeat an id" });
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
  if (await codeInUse(tx, ratePlan, hotelId, entity.code, entity.id)) throw codeTaken();
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

const deleted = () => ({ 204: z.null().describe("Deleted"), ...backOfficeErrors });

/** The hotel's details, its room types and its rate plans. */
export function registerPropertyRoutes(app: App, deps: BackOfficeDeps): void {
  const db = () => deps.database.db;
  const guard: Guard = async (request, hotelId) => {
    const staff = await requireStaff(deps, request, AREA);
    requireHotel(staff, hotelId);
    return staff;
  };

  app.get(
    "/api/backoffice/hotels/:hotelId/property",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "The hotel's details, times, policies and payment settings",
        params: HotelParamsSchema,
        response: { 200: BoHotelSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId } = request.params;
      await guard(request, hotelId);
      return toBoHotel(await loadHotel(db(), hotelId), await hasReservations(db(), hotelId));
    },
  );

  app.put(
    "/api/backoffice/hotels/:hotelId/property",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Change the hotel's details, times, lists and payment methods (the currency only while it has no reservations: else 409)",
        params: HotelParamsSchema,
        body: HotelInputSchema,
        response: { 200: BoHotelSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId } = request.params;
      const staff = await guard(request, hotelId);
      const input = request.body;
      return inTransaction(deps, async (tx) => {
        const current = await loadHotel(tx, hotelId);
        const booked = await hasReservations(tx, hotelId);
        if (input.currencyCode !== current.currencyCode && booked)
          throw new AppError(
            "currency_locked",
            409,
            "currencyCode: the hotel has reservations, so its currency cannot change",
            [{ field: "currencyCode", message: "the hotel has reservations" }],
          );
        const channelIds = (
          await tx.select().from(hotelChannel).where(eq(hotelChannel.hotelId, hotelId))
        ).map((c) => c.channelId);
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
          refuse(
            entity.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message })),
          );
        else refuse(hotelRules(entity.data));
        const before = toBoHotel(current, booked);
        if (entity.success) await upsertHotel(tx, hotelRow(current.groupId, entity.data, digits));
        const after = toBoHotel(await loadHotel(tx, hotelId), booked);
        await audit(tx, staff, {
          hotelId,
          action: "hotel.update",
          entity: "hotel",
          entityId: hotelId,
          before,
          after,
        });
        return after;
      });
    },
  );

  // Room types.

  app.get(
    "/api/backoffice/hotels/:hotelId/room-types",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "The hotel's room types, in sort order",
        params: HotelParamsSchema,
        response: { 200: RoomTypeListSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId } = request.params;
      await guard(request, hotelId);
      const rows = await db()
        .select()
        .from(roomType)
        .where(eq(roomType.hotelId, hotelId))
        .orderBy(asc(roomType.sortOrder), asc(roomType.id));
      return { items: rows.map(toBoRoomType) };
    },
  );

  app.get(
    "/api/backoffice/hotels/:hotelId/room-types/:roomTypeId",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "One room type",
        params: RoomTypeParamsSchema,
        response: { 200: BoRoomTypeSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, roomTypeId } = request.params;
      await guard(request, hotelId);
      return toBoRoomType(await loadRoomType(db(), hotelId, roomTypeId));
    },
  );

  app.post(
    "/api/backoffice/hotels/:hotelId/room-types",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Create a room type (code unique in the hotel: else 409 code_taken)",
        params: HotelParamsSchema,
        body: RoomTypeInputSchema,
        response: { 201: BoRoomTypeSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const { hotelId } = request.params;
      const staff = await guard(request, hotelId);
      const created = await inTransaction(deps, async (tx) => {
        const id = await nextId(tx, "room_type");
        return saveRoomType(tx, staff, hotelId, { ...request.body, id, gallery: [] }, null);
      });
      return reply.code(201).send(created);
    },
  );

  app.put(
    "/api/backoffice/hotels/:hotelId/room-types/:roomTypeId",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Change a room type (its photos are changed by the photo and gallery routes)",
        params: RoomTypeParamsSchema,
        body: RoomTypeInputSchema,
        response: { 200: BoRoomTypeSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, roomTypeId } = request.params;
      const staff = await guard(request, hotelId);
      return inTransaction(deps, async (tx) => {
        const before = toBoRoomType(await loadRoomType(tx, hotelId, roomTypeId));
        return saveRoomType(
          tx,
          staff,
          hotelId,
          { ...request.body, id: roomTypeId, gallery: before.gallery },
          before,
        );
      });
    },
  );

  app.delete(
    "/api/backoffice/hotels/:hotelId/room-types/:roomTypeId",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Delete a room type (409 room_type_booked when reservations or sold rooms use it)",
        params: RoomTypeParamsSchema,
        response: deleted(),
      },
    },
    async (request, reply) => {
      const { hotelId, roomTypeId } = request.params;
      const staff = await guard(request, hotelId);
      await inTransaction(deps, async (tx) => {
        const before = toBoRoomType(await loadRoomType(tx, hotelId, roomTypeId));
        const used = await tx.execute(sql`
          select 1 from reservation_room where room_type_id = ${roomTypeId}
          union all select 1 from inventory where room_type_id = ${roomTypeId} and sold > 0
          limit 1`);
        if ((used as unknown as { rows: unknown[] }).rows.length > 0)
          throw new AppError(
            "room_type_booked",
            409,
            "The room type has reservations: it cannot be deleted",
            [{ field: "roomTypeId", message: "has reservations" }],
          );
        await tx.delete(roomType).where(and(eq(roomType.id, roomTypeId), eq(roomType.hotelId, hotelId)));
        await audit(tx, staff, {
          hotelId,
          action: "room_type.delete",
          entity: "room_type",
          entityId: roomTypeId,
          before,
          after: null,
        });
      });
      return reply.code(204).send(null);
    },
  );

  app.put(
    "/api/backoffice/hotels/:hotelId/room-types/:roomTypeId/gallery",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Reorder a room type's photos, or remove some: the new list of its own photo addresses",
        params: RoomTypeParamsSchema,
        body: GalleryInputSchema,
        response: { 200: BoRoomTypeSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, roomTypeId } = request.params;
      const staff = await guard(request, hotelId);
      const { gallery } = request.body;
      return inTransaction(deps, async (tx) => {
        const current = await loadRoomType(tx, hotelId, roomTypeId);
        gallery.forEach((url, i) => {
          if (!current.gallery.includes(url))
            throw badInput(`gallery.${i}`, "is not a photo of this room type");
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
        if (removedIds.length > 0)
          await tx.execute(
            sql`delete from room_type_photo where room_type_id = ${roomTypeId} and id = any(${`{${removedIds.join(",")}}`}::int[])`,
          );
        const after = toBoRoomType(await loadRoomType(tx, hotelId, roomTypeId));
        await audit(tx, staff, {
          hotelId,
          action: "room_type.gallery",
          entity: "room_type",
          entityId: roomTypeId,
          before: { gallery: before.gallery },
          after: { gallery: after.gallery },
        });
        return after;
      });
    },
  );

  registerPhotoRoutes(app, deps, guard);

  // Rate plans.

  app.get(
    "/api/backoffice/hotels/:hotelId/rate-plans",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "The hotel's rate plans in sort order, with the channels and services a plan can use",
        params: HotelParamsSchema,
        response: { 200: RatePlanListSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId } = request.params;
      await guard(request, hotelId);
      const rows = await db()
        .select()
        .from(ratePlan)
        .where(eq(ratePlan.hotelId, hotelId))
        .orderBy(asc(ratePlan.sortOrder), asc(ratePlan.id));
      const channels = await db()
        .select({ id: channel.id, name: channel.name, kind: channel.kind })
        .from(hotelChannel)
        .innerJoin(channel, eq(channel.id, hotelChannel.channelId))
        .where(eq(hotelChannel.hotelId, hotelId))
        .orderBy(asc(channel.id));
      const services = await db()
        .select({ id: service.id, name: service.name })
        .from(service)
        .where(eq(service.hotelId, hotelId))
        .orderBy(asc(service.id));
      const { currencyCode } = await loadHotel(db(), hotelId);
      return {
        items: await toBoRatePlans(db(), rows),
        channels,
        services: services.map((s) => ({ id: s.id, name: s.name.en ?? Object.values(s.name)[0] ?? "" })),
        currencyCode,
      };
    },
  );

  app.get(
    "/api/backoffice/hotels/:hotelId/rate-plans/:ratePlanId",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "One rate plan",
        params: RatePlanParamsSchema,
        response: { 200: BoRatePlanSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, ratePlanId } = request.params;
      await guard(request, hotelId);
      const [plan] = await toBoRatePlans(db(), [await loadRatePlan(db(), hotelId, ratePlanId)]);
      return plan as BoRatePlan;
    },
  );

  app.post(
    "/api/backoffice/hotels/:hotelId/rate-plans",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Create a rate plan (code unique in the hotel: else 409 code_taken)",
        params: HotelParamsSchema,
        body: RatePlanInputSchema,
        response: { 201: BoRatePlanSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const { hotelId } = request.params;
      const staff = await guard(request, hotelId);
      const created = await inTransaction(deps, async (tx) => {
        const { currencyCode } = await loadHotel(tx, hotelId);
        const id = await nextId(tx, "rate_plan");
        return saveRatePlan(tx, staff, hotelId, ratePlanEntity(id, 0, request.body, currencyCode), null);
      });
      return reply.code(201).send(created);
    },
  );

  app.put(
    "/api/backoffice/hotels/:hotelId/rate-plans/:ratePlanId",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Change a rate plan",
        params: RatePlanParamsSchema,
        body: RatePlanInputSchema,
        response: { 200: BoRatePlanSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, ratePlanId } = request.params;
      const staff = await guard(request, hotelId);
      return inTransaction(deps, async (tx) => {
        const current = await loadRatePlan(tx, hotelId, ratePlanId);
        const [before] = await toBoRatePlans(tx, [current]);
        const { currencyCode } = await loadHotel(tx, hotelId);
        return saveRatePlan(
          tx,
          staff,
          hotelId,
          ratePlanEntity(ratePlanId, current.mtId, request.body, currencyCode),
          before ?? null,
        );
      });
    },
  );

  app.delete(
    "/api/backoffice/hotels/:hotelId/rate-plans/:ratePlanId",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Delete a rate plan (409 rate_plan_booked when reservations use it)",
        params: RatePlanParamsSchema,
        response: deleted(),
      },
    },
    async (request, reply) => {
      const { hotelId, ratePlanId } = request.params;
      const staff = await guard(request, hotelId);
      await inTransaction(deps, async (tx) => {
        const [before] = await toBoRatePlans(tx, [await loadRatePlan(tx, hotelId, ratePlanId)]);
        const [used] = await tx
          .select({ id: reservationRoom.id })
          .from(reservationRoom)
          .where(eq(reservationRoom.ratePlanId, ratePlanId))
          .limit(1);
        if (used)
          throw new AppError(
            "rate_plan_booked",
            409,
            "The rate plan has reservations: it cannot be deleted",
            [{ field: "ratePlanId", message: "has reservations" }],
          );
        await tx.delete(ratePlan).where(and(eq(ratePlan.id, ratePlanId), eq(ratePlan.hotelId, hotelId)));
        await audit(tx, staff, {
          hotelId,
          action: "rate_plan.delete",
          entity: "rate_plan",
          entityId: ratePlanId,
          before,
          after: null,
        });
      });
      return reply.code(204).send(null);
    },
  );
}
