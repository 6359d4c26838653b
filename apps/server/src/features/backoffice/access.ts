import { timingSafeEqual } from "node:crypto";
import {
  type Area,
  CSRF_HEADER,
  may,
  STAFF_COOKIE,
  type StaffRole,
} from "@alloggio/domain/contract/backoffice/access";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { findAssignedHotels, findEnabledStaffUser, findGroupHotels, type StaffUserRow } from "./repository";
import { findSession } from "./session";

/** The signed-in staff user of a request. */
export type Staff = {
  userId: number;
  groupId: number;
  email: string;
  name: string;
  role: StaffRole;
  language: string;
  totpEnabled: boolean;
  /** Every hotel this user may see (all of the group's for an `allHotels` user), in name order. */
  hotels: { id: number; name: string }[];
  csrfToken: string;
  /** The session's cookie token (to sign out or keep it at a password change). */
  sessionToken: string;
};

export const signInRequired = () =>
  new AppError("staff_sign_in_required", 401, "Sign in to the back office", [
    { field: "session", message: "missing or expired" },
  ]);

export const forbidden = (area: string) =>
  new AppError("staff_forbidden", 403, `Your role may not use ${area}`, [
    { field: "role", message: `may not use ${area}` },
  ]);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The hotels a user may see. */
export async function hotelsOf(
  db: Db,
  user: { id: number; groupId: number; allHotels: boolean },
): Promise<{ id: number; name: string }[]> {
  if (user.allHotels) return findGroupHotels(db, user.groupId);
  return findAssignedHotels(db, user.id, user.groupId);
}

/** What the back office knows of a signed-in user: their address, name, role, language, second factor and hotels. */
export async function profileOf(db: Db, user: StaffUserRow) {
  return {
    email: user.email,
    name: user.name,
    role: user.role,
    language: user.language,
    totpEnabled: user.totpEnabledAt !== null,
    hotels: await hotelsOf(db, user),
  };
}

/** Each request's staff user, looked up once: the session check before validation, then the route's. */
const staffByRequest = new WeakMap<FastifyRequest, Promise<Staff>>();

/**
 * The staff user behind the request's session cookie, or 401. A change (any method but GET/HEAD/OPTIONS) must
 * carry the session's CSRF token in X-CSRF-Token, or 403.
 */
export function staffOf(db: Db, request: FastifyRequest, now: Date): Promise<Staff> {
  let staff = staffByRequest.get(request);
  if (!staff) {
    staff = lookUpStaff(db, request, now);
    staffByRequest.set(request, staff);
  }
  return staff;
}

async function lookUpStaff(db: Db, request: FastifyRequest, now: Date): Promise<Staff> {
  const token = request.cookies[STAFF_COOKIE];
  if (!token) throw signInRequired();
  const session = await findSession(db, token, now);
  if (!session || session.mfaPending) throw signInRequired();
  const user = await findEnabledStaffUser(db, { id: session.userId });
  if (!user) throw signInRequired();
  if (!SAFE_METHODS.has(request.method)) {
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent !== "string" || !sameToken(sent, session.csrfToken))
      throw new AppError("csrf_failed", 403, "The request lacks the session's CSRF token", [
        { field: CSRF_HEADER, message: "missing or wrong" },
      ]);
  }
  return {
    userId: user.id,
    groupId: user.groupId,
    ...(await profileOf(db, user)),
    csrfToken: session.csrfToken,
    sessionToken: token,
  };
}

/** The signed-in staff user, if their role may use `area`; 401 or 403 otherwise. */
export async function requireStaff(
  deps: { database: { db: Db }; now: () => Date },
  request: FastifyRequest,
  area: Area,
): Promise<Staff> {
  const staff = await staffOf(deps.database.db, request, deps.now());
  if (!may(staff.role, area)) throw forbidden(area);
  return staff;
}

/**
 * Checks that a hotel is one the user may see. A hotel of another group or outside the user's hotels is answered
 * like a hotel that does not exist (404): an id changed by hand learns nothing.
 */
export function requireHotel(staff: Staff, hotelId: number): number {
  if (!staff.hotels.some((h) => h.id === hotelId))
    throw new AppError("not_found", 404, "No such hotel", [{ field: "hotelId", message: "unknown" }]);
  return hotelId;
}
