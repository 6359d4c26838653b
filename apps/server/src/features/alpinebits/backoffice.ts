// The back office's AlpineBits screen (ADR 0083), owners only: the group's clients, a hotel's codes and the
// exchange log. Everything another group owns, or a hotel the owner does not see, is answered as unknown (404).

import { randomBytes } from "node:crypto";
import {
  ALPINEBITS_BODY_PREVIEW_CHARS,
  ALPINEBITS_ENDPOINT_PATH,
  ALPINEBITS_EXCHANGE_PAGE_SIZE,
  type AlpineBitsBodyPart,
  type AlpineBitsResult,
  type BoAlpineBitsClient,
  type BoAlpineBitsCodes,
  type BoAlpineBitsExchange,
  type BoAlpineBitsExchangeDetail,
  type BoAlpineBitsExchangePage,
  type CreateAlpineBitsClientRequest,
  type SetAlpineBitsCodesRequest,
} from "@alloggio/domain/contract/backoffice/alpinebits";
import { languageOfText, pickText } from "@alloggio/domain/i18n/languages";
import type { Database, Db } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import { audit, type Staff } from "../backoffice";
import {
  disableClient,
  findGroupClients,
  findHotelCodes,
  findHotelOfCode,
  type GroupClientRow,
  replaceClientHotels,
} from "./backoffice-repository";
import { createAlpineBitsClient, setAlpineBitsCodes } from "./clients";
import { bodyText } from "./exchange-log";
import {
  type ExchangeFilter,
  type ExchangeRow,
  findExchangeBodies,
  findExchanges,
} from "./exchange-repository";

type Deps = { database: Database; now: () => Date };

const clientNotFound = () => notFound("clientId", "unknown");
const exchangeNotFound = () => notFound("exchangeId", "unknown");

const visibleHotels = (staff: Staff) => staff.hotels.map((h) => h.id);

const toClient = (row: GroupClientRow, staff: Staff): BoAlpineBitsClient => {
  const seen = new Set(visibleHotels(staff));
  const hotelIds = row.hotelIds.filter((h) => seen.has(h));
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    hotelIds,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    // Its first hotel's clock (a client's hotels are a group's: nearly always one zone).
    timeZone: row.timeZones[hotelIds[0] ?? -1] ?? "UTC",
  };
};

/** Hotels chosen by the owner: each one they see, or 404 naming `hotelIds` (another group's hotel is unknown). */
function requireHotels(staff: Staff, hotelIds: number[]): number[] {
  const seen = new Set(visibleHotels(staff));
  if (!hotelIds.every((h) => seen.has(h))) throw notFound("hotelIds", "unknown");
  return [...new Set(hotelIds)];
}

async function requireClient(db: Db, staff: Staff, clientId: number): Promise<GroupClientRow> {
  const [row] = await findGroupClients(db, staff.groupId, clientId);
  if (!row) throw clientNotFound();
  return row;
}

/** The group's clients, oldest first, and the endpoint's full URL (`origin`: the site's public address). */
export async function listAlpineBitsClients(
  deps: Deps,
  staff: Staff,
  origin: string,
): Promise<{ clients: BoAlpineBitsClient[]; endpoint: string }> {
  const rows = await findGroupClients(deps.database.db, staff.groupId);
  return { clients: rows.map((r) => toClient(r, staff)), endpoint: `${origin}${ALPINEBITS_ENDPOINT_PATH}` };
}

/** A new client of the owner's group: the password is made here and answered this once. */
export async function createAlpineBitsClientFor(
  deps: Deps,
  staff: Staff,
  body: CreateAlpineBitsClientRequest,
): Promise<{ client: BoAlpineBitsClient; password: string }> {
  const hotelIds = requireHotels(staff, body.hotelIds);
  // 144 random bits, in characters any PMS's configuration form takes.
  const password = randomBytes(18).toString("base64url");
  const row = await deps.database.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const id = await createAlpineBitsClient(tx, {
      username: body.username,
      password,
      name: body.name,
      hotelIds,
    });
    await audit(tx, staff, {
      hotelId: null,
      action: "alpinebits_client.create",
      entity: "alpinebits_client",
      entityId: id,
      after: { username: body.username, name: body.name, hotelIds },
    });
    return requireClient(tx, staff, id);
  });
  return { client: toClient(row, staff), password };
}

/** Disables a client: from now on its credential is refused like an unknown one. Disabling twice changes nothing. */
export async function disableAlpineBitsClient(
  deps: Deps,
  staff: Staff,
  clientId: number,
): Promise<BoAlpineBitsClient> {
  return deps.database.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const before = await requireClient(tx, staff, clientId);
    if (!before.disabledAt) {
      await disableClient(tx, clientId, deps.now());
      await audit(tx, staff, {
        hotelId: null,
        action: "alpinebits_client.disable",
        entity: "alpinebits_client",
        entityId: clientId,
        before: { disabledAt: null },
        after: { disabledAt: deps.now().toISOString() },
      });
    }
    return toClient(await requireClient(tx, staff, clientId), staff);
  });
}

/** Sets the hotels (of those the owner sees) a client may read and write. */
export async function setAlpineBitsClientHotels(
  deps: Deps,
  staff: Staff,
  clientId: number,
  hotelIds: number[],
): Promise<BoAlpineBitsClient> {
  const chosen = requireHotels(staff, hotelIds);
  return deps.database.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const before = await requireClient(tx, staff, clientId);
    await replaceClientHotels(tx, clientId, visibleHotels(staff), chosen);
    const after = await requireClient(tx, staff, clientId);
    await audit(tx, staff, {
      hotelId: null,
      action: "alpinebits_client.set_hotels",
      entity: "alpinebits_client",
      entityId: clientId,
      before: { hotelIds: before.hotelIds },
      after: { hotelIds: after.hotelIds },
    });
    return toClient(after, staff);
  });
}

/** The hotel's HotelCode and its room types' and rate plans' codes, named in the owner's language. */
export async function readAlpineBitsCodes(
  deps: Deps,
  staff: Staff,
  hotelId: number,
): Promise<BoAlpineBitsCodes> {
  const codes = await findHotelCodes(deps.database.db, hotelId);
  const language = languageOfText(staff.language).id;
  return {
    hotelCode: codes.hotelCode,
    roomTypes: codes.roomTypes.map((r) => ({
      roomTypeId: r.id,
      name: pickText(r.name, language),
      code: r.code,
    })),
    ratePlans: codes.ratePlans.map((r) => ({
      ratePlanId: r.id,
      name: pickText(r.name, language),
      code: r.code,
    })),
  };
}

/**
 * Sets the hotel's codes (replacing all of them): the room types and rate plans must be the hotel's (404 naming the
 * field otherwise) and the HotelCode no other hotel's (409).
 */
export async function saveAlpineBitsCodes(
  deps: Deps,
  staff: Staff,
  hotelId: number,
  body: SetAlpineBitsCodesRequest,
): Promise<BoAlpineBitsCodes> {
  const db = deps.database.db;
  const before = await findHotelCodes(db, hotelId);
  const roomTypeIds = new Set(before.roomTypes.map((r) => r.id));
  const ratePlanIds = new Set(before.ratePlans.map((r) => r.id));
  if (!body.roomTypes.every((r) => roomTypeIds.has(r.roomTypeId)))
    throw notFound("roomTypes", "unknown room type");
  if (!body.ratePlans.every((r) => ratePlanIds.has(r.ratePlanId)))
    throw notFound("ratePlans", "unknown rate plan");
  const holder = await findHotelOfCode(db, body.hotelCode);
  if (holder !== undefined && holder !== hotelId)
    throw new AppError("conflict", 409, "Another hotel has this HotelCode", [
      { field: "hotelCode", message: "taken by another hotel" },
    ]);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await setAlpineBitsCodes(tx, hotelId, body);
    await audit(tx, staff, {
      hotelId,
      action: "alpinebits_codes.update",
      entity: "alpinebits_codes",
      entityId: hotelId,
      before: {
        hotelCode: before.hotelCode,
        roomTypes: before.roomTypes.filter((r) => r.code).map((r) => ({ roomTypeId: r.id, code: r.code })),
        ratePlans: before.ratePlans.filter((r) => r.code).map((r) => ({ ratePlanId: r.id, code: r.code })),
      },
      after: body,
    });
  });
  return readAlpineBitsCodes(deps, staff, hotelId);
}

const PREVIEW_TEXTS = 5;

const toExchange = (r: ExchangeRow): BoAlpineBitsExchange => ({
  id: r.id,
  at: r.at.toISOString(),
  timeZone: r.time_zone,
  clientId: r.client_id,
  clientName: r.client_name,
  clientUsername: r.client_username,
  hotelId: r.hotel_id,
  hotelName: r.hotel_name,
  action: r.action,
  httpStatus: r.http_status,
  result: r.result as AlpineBitsResult,
  warnings: r.warnings.slice(0, PREVIEW_TEXTS),
  errors: r.errors.slice(0, PREVIEW_TEXTS),
  warningCount: r.warnings.length,
  errorCount: r.errors.length,
  requestBytes: r.request_bytes,
  responseBytes: r.response_bytes,
  bodiesKept: r.bodies_kept,
});

const filterOf = (staff: Staff): ExchangeFilter => ({
  groupId: staff.groupId,
  hotelIds: visibleHotels(staff),
});

/** One page of the exchanges of the group's hotels the owner sees (and of those naming no hotel), newest first. */
export async function listAlpineBitsExchanges(
  deps: Deps,
  staff: Staff,
  query: {
    clientId?: number;
    action?: string;
    result?: AlpineBitsResult;
    from?: string;
    to?: string;
    page: number;
  },
): Promise<BoAlpineBitsExchangePage> {
  const { page, ...filters } = query;
  const size = ALPINEBITS_EXCHANGE_PAGE_SIZE;
  const found = await findExchanges(
    deps.database.db,
    { ...filterOf(staff), ...filters },
    { limit: size, offset: (page - 1) * size },
  );
  return { exchanges: found.rows.map(toExchange), page, pageSize: size, total: found.total };
}

async function requireExchange(deps: Deps, staff: Staff, exchangeId: number) {
  const row = await findExchangeBodies(deps.database.db, { ...filterOf(staff), exchangeId });
  if (!row) throw exchangeNotFound();
  return row;
}

const preview = (text: string | null) =>
  text === null
    ? { text: null, truncated: false }
    : {
        text: text.slice(0, ALPINEBITS_BODY_PREVIEW_CHARS),
        truncated: text.length > ALPINEBITS_BODY_PREVIEW_CHARS,
      };

/** One exchange with its texts and its bodies' first characters (null once purged). */
export async function readAlpineBitsExchange(
  deps: Deps,
  staff: Staff,
  exchangeId: number,
): Promise<BoAlpineBitsExchangeDetail> {
  const row = await requireExchange(deps, staff, exchangeId);
  const request = preview(await bodyText(row.request_gzip));
  const response = preview(await bodyText(row.response_gzip));
  return {
    exchange: toExchange(row),
    warnings: row.warnings,
    errors: row.errors,
    request: request.text,
    response: response.text,
    requestTruncated: request.truncated,
    responseTruncated: response.truncated,
  };
}

/** One body of an exchange, whole, to download; 404 once purged. */
export async function alpineBitsExchangeBody(
  deps: Deps,
  staff: Staff,
  exchangeId: number,
  part: AlpineBitsBodyPart,
): Promise<{ filename: string; contentType: string; body: string }> {
  const row = await requireExchange(deps, staff, exchangeId);
  const body = await bodyText(part === "request" ? row.request_gzip : row.response_gzip);
  if (body === null)
    throw new AppError("not_found", 404, "The bodies of this exchange are no longer kept", [
      { field: "exchangeId", message: "bodies purged after 14 days" },
    ]);
  const xml = body.trimStart().startsWith("<");
  return {
    filename: `alpinebits-${exchangeId}-${part}.${xml ? "xml" : "txt"}`,
    contentType: xml ? "application/xml; charset=utf-8" : "text/plain; charset=utf-8",
    body,
  };
}
