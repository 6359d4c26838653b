/**
 * Per-hotel keys of the exposed API (ADR 0034): `Authorization: Bearer <key>`. A key is 32 random bytes
 * (base64url) after the prefix `alk_`; only its sha256 is stored, with its first characters so staff can tell keys
 * apart. A revoked key answers as an unknown one.
 */
import { createHash, randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Database, Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { insertHotelApiKey, touchLiveApiKey } from "./repository";

export const API_KEY_PREFIX = "alk_";
const PREFIX_SHOWN = 12;

export const sha256Hex = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** Stores a key for a hotel (its hash only) and gives the key back: the only time it is seen. */
export async function createHotelApiKey(
  db: Db,
  hotelId: number,
  name: string,
  key: string = newApiKey(),
): Promise<{ id: number; key: string }> {
  const id = await insertHotelApiKey(db, {
    hotelId,
    name,
    keySha256: sha256Hex(key),
    prefix: key.slice(0, PREFIX_SHOWN),
  });
  return { id, key };
}

export type HotelApiKey = { id: number; hotelId: number };

function unauthorised(code: string, message: string): AppError {
  return new AppError(code, 401, message, [{ field: "Authorization", message }]);
}

/** The live key of the request's `Authorization: Bearer …` header; 401 without one or with an unknown one. */
export async function requireHotelApiKey(
  deps: { database: Database; now: () => Date },
  request: FastifyRequest,
): Promise<HotelApiKey> {
  const header = request.headers.authorization ?? "";
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(header);
  if (!match)
    throw unauthorised("api_key_required", "a hotel API key is required: Authorization: Bearer <key>");
  const key = await touchLiveApiKey(deps.database.db, sha256Hex(match[1]!), deps.now());
  if (!key) throw unauthorised("api_key_invalid", "unknown or revoked API key");
  return key;
}
