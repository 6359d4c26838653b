import type { Db } from "../../db/client";
import { badInput } from "../../http/errors";
import { hashPassword, verifyPassword } from "../credentials";
import {
  clientExists,
  findClient,
  findHotelGroup,
  type HotelCodes,
  insertClient,
  saveCodes,
} from "./repository";

export type AlpineBitsClient = { id: number; groupId: number; username: string };

/**
 * The client a Basic credential names, or null: an unknown or disabled username costs the same argon2id work as
 * a wrong password (verifyPassword checks a dummy hash then).
 */
export async function authenticate(
  db: Db,
  username: string,
  password: string,
): Promise<AlpineBitsClient | null> {
  const row = await findClient(db, username);
  const ok = await verifyPassword(row?.passwordHash ?? null, password);
  return row && ok ? { id: row.id, groupId: row.groupId, username: row.username } : null;
}

/**
 * A new AlpineBits client for `hotelIds` (all of one group), its password argon2id-hashed. 400 naming the field for
 * a taken username, a colon in it (HTTP Basic could not carry it), no hotel or hotels of several groups.
 */
export async function createAlpineBitsClient(
  db: Db,
  input: { username: string; password: string; name?: string; hotelIds: number[] },
): Promise<number> {
  const username = input.username.trim();
  if (username.length === 0 || username.includes(":"))
    throw badInput("username", "a username is not empty and has no colon");
  if (input.password.length < 12) throw badInput("password", "at least 12 characters");
  if (input.hotelIds.length === 0) throw badInput("hotelIds", "choose at least one hotel");
  const groups = new Set<number>();
  for (const id of input.hotelIds) {
    const group = await findHotelGroup(db, id);
    if (group === undefined) throw badInput("hotelIds", `no hotel ${id}`);
    groups.add(group);
  }
  if (groups.size !== 1) throw badInput("hotelIds", "the hotels of one client belong to one group");
  if (await clientExists(db, username)) throw badInput("username", "this username is taken");
  return insertClient(db, {
    groupId: [...groups][0] as number,
    username,
    name: input.name ?? "",
    passwordHash: await hashPassword(input.password),
    hotelIds: input.hotelIds,
  });
}

/**
 * The hotel's HotelCode (1–16 characters), room types' InvTypeCodes (1–8 characters, distinct) and rate plans'
 * RatePlanCodes (1–64 characters, distinct), replacing the hotel's earlier ones.
 */
export async function setAlpineBitsCodes(
  db: Db,
  hotelId: number,
  codes: { hotelCode: string; roomTypes: HotelCodes["roomTypes"]; ratePlans?: HotelCodes["ratePlans"] },
): Promise<void> {
  const { hotelCode, roomTypes, ratePlans = [] } = codes;
  if (hotelCode.length < 1 || hotelCode.length > 16) throw badInput("hotelCode", "1 to 16 characters");
  const distinct = (field: string, name: string, max: number, list: { code: string }[]) => {
    const seen = new Set<string>();
    for (const c of list) {
      if (c.code.length < 1 || c.code.length > max)
        throw badInput(field, `an ${name} has 1 to ${max} characters`);
      if (seen.has(c.code)) throw badInput(field, `${name} ${c.code} is given twice`);
      seen.add(c.code);
    }
  };
  distinct("roomTypeCodes", "InvTypeCode", 8, roomTypes);
  distinct("ratePlanCodes", "RatePlanCode", 64, ratePlans);
  await saveCodes(db, hotelId, { hotelCode, roomTypes, ratePlans });
}
