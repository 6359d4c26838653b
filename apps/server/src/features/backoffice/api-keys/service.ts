// A hotel's keys of the exposed API (ADR 0039): list, create (the key is in the answer once; only its sha256 is
// stored), revoke. Creating and revoking are audited without the key.
import type { BoApiKey } from "@alloggio/domain/contract/backoffice/api-keys";
import type { Db } from "../../../db/client";
import { AppError } from "../../../http/errors";
import { newApiKey, sha256Hex } from "../../offers";
import type { Staff } from "../access";
import { audit } from "../audit";
import type { BackOfficeDeps } from "../deps";
import { hotelTimeZone } from "../repository";
import {
  findHotelApiKeys,
  findStaffName,
  insertHotelApiKey,
  type KeyRow,
  lockHotelApiKey,
  revokeHotelApiKey,
} from "./repository";

/** The key's first characters, shown to tell keys apart (as `createHotelApiKey` stores them). */
const PREFIX_SHOWN = 12;

const toApiKey = (row: KeyRow, createdBy: string | null): BoApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  createdBy,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** What the audit keeps of a key: never the key nor its hash. */
const audited = (row: KeyRow) => ({
  name: row.name,
  prefix: row.prefix,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

const keyNotFound = () =>
  new AppError("not_found", 404, "No such API key", [{ field: "keyId", message: "unknown" }]);

/** The hotel's API keys, newest first, and the hotel's time zone their times are shown in. */
export async function listApiKeys(
  deps: BackOfficeDeps,
  hotelId: number,
): Promise<{ keys: BoApiKey[]; timeZone: string }> {
  const rows = await findHotelApiKeys(deps.database.db, hotelId);
  return {
    keys: rows.map((r) => toApiKey(r.key, r.createdBy)),
    timeZone: (await hotelTimeZone(deps.database, hotelId)) ?? "UTC",
  };
}

/** Makes an API key: the whole key is in this answer only. */
export async function createApiKey(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  name: string,
): Promise<{ apiKey: BoApiKey; key: string }> {
  const key = newApiKey();
  const row = await deps.database.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const inserted = await insertHotelApiKey(tx, {
      hotelId,
      name,
      keySha256: sha256Hex(key),
      prefix: key.slice(0, PREFIX_SHOWN),
      createdAt: deps.now(),
      createdBy: staff.userId,
    });
    await audit(tx, staff, {
      hotelId,
      action: "api_key.create",
      entity: "hotel_api_key",
      entityId: inserted!.id,
      before: null,
      after: audited(inserted!),
    });
    return inserted!;
  });
  return { apiKey: toApiKey(row, staff.name), key };
}

/** Revokes an API key: from now on it answers 401 like an unknown one (revoking twice changes nothing). */
export async function revokeApiKey(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  keyId: number,
): Promise<BoApiKey> {
  return deps.database.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const before = await lockHotelApiKey(tx, hotelId, keyId);
    if (!before) throw keyNotFound();
    let after = before;
    if (!before.revokedAt) {
      after = await revokeHotelApiKey(tx, hotelId, keyId, deps.now());
      await audit(tx, staff, {
        hotelId,
        action: "api_key.revoke",
        entity: "hotel_api_key",
        entityId: keyId,
        before: audited(before),
        after: audited(after),
      });
    }
    const creator = after.createdBy ? await findStaffName(tx, after.createdBy) : undefined;
    return toApiKey(after, creator?.name ?? null);
  });
}
