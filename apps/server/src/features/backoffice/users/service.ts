// The group's staff users: list, invite, change, disable, re-enable, resend the invitation, remove.
// Every change is audited (hotel null: users are group-wide) in the transaction that makes it.
import type {
  InviteUserSchema,
  StaffStatus,
  StaffUser,
  StaffUsers,
  UpdateUserSchema,
} from "@alloggio/domain/contract/backoffice/users";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import { AppError, notFound } from "../../../http/errors";
import { enqueueMail } from "../../mail";
import type { Staff } from "../access";
import { type AuditedChange, audit, changeAudited } from "../audit";
import { clearSecondFactor } from "../auth/repository";
import { mailSecondFactorReset, mailStaffResetLink } from "../auth/reset-mail";
import type { BackOfficeDeps } from "../deps";
import { findGroupHotels } from "../repository";
import { revokeUserSessions } from "../session";
import { issueInvitationToken, renderInvitationMail, revokeInvitations, setupLink } from "./invitation";
import {
  deleteUser,
  deleteUserHotels,
  findFirstHotelTimeZone,
  findGroupName,
  findGroupUsers,
  findHotelLinks,
  findLastSeen,
  findUserHotelIds,
  findUserIdByEmail,
  insertUser,
  insertUserHotels,
  lockGroupUser,
  lockOtherActiveOwners,
  type UserRow,
  updateUserRow,
} from "./repository";

type HotelRef = { id: number; name: string };

const conflict = (code: string, field: string, message: string) =>
  new AppError(code, 409, `${field}: ${message}`, [{ field, message }]);

export function statusOf(user: Pick<UserRow, "disabledAt" | "passwordHash">): StaffStatus {
  if (user.disabledAt) return "disabled";
  return user.passwordHash ? "active" : "invited";
}

function groupHotels(db: Db, groupId: number): Promise<HotelRef[]> {
  return findGroupHotels(db, groupId);
}

/** What the audit log keeps of a user: no secrets. */
function snapshot(user: UserRow, hotels: number[]) {
  return {
    email: user.email,
    name: user.name,
    role: user.role,
    allHotels: user.allHotels,
    hotels: user.allHotels ? [] : [...hotels].sort((a, b) => a - b),
    language: user.language,
    status: statusOf(user),
  };
}

function hotelIdsOf(db: Db, userId: number): Promise<number[]> {
  return findUserHotelIds(db, userId);
}

/** The group's users, by name, with their hotels, status and last activity. */
export async function listUsers(db: Db, groupId: number): Promise<StaffUsers> {
  const hotels = await groupHotels(db, groupId);
  const users = await findGroupUsers(db, groupId);
  const ids = users.map((u) => u.id);
  const links = ids.length ? await findHotelLinks(db, ids) : [];
  const seen = ids.length ? await findLastSeen(db, ids) : [];
  const lastSeen = new Map(seen.map((s) => [s.userId, s.at]));
  const timeZone = await findFirstHotelTimeZone(db, groupId);
  return {
    timeZone: timeZone ?? "UTC",
    hotels,
    users: users.map((user) =>
      toView(
        user,
        hotels,
        links.filter((l) => l.userId === user.id).map((l) => l.hotelId),
        lastSeen.get(user.id) ?? null,
      ),
    ),
  };
}

function toView(
  user: UserRow,
  groupHotelList: HotelRef[],
  hotelIds: number[],
  lastActive: unknown,
): StaffUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    allHotels: user.allHotels,
    hotels: user.allHotels ? groupHotelList : groupHotelList.filter((h) => hotelIds.includes(h.id)),
    language: user.language,
    totpEnabled: user.totpEnabledAt !== null,
    status: statusOf(user),
    lastActiveAt:
      lastActive === null || lastActive === undefined ? null : new Date(String(lastActive)).toISOString(),
    createdAt: user.createdAt.toISOString(),
  };
}

async function viewOf(db: Db, groupId: number, userId: number): Promise<StaffUser> {
  const all = await listUsers(db, groupId);
  const user = all.users.find((u) => u.id === userId);
  if (!user) throw notFound("userId", "no such user");
  return user;
}

/** The hotel ids a user is given: none for an all-hotels user; at least one, all of the group's, otherwise. */
async function checkHotels(db: Db, groupId: number, allHotels: boolean, hotels: number[]): Promise<number[]> {
  if (allHotels) return [];
  const wanted = [...new Set(hotels)];
  if (wanted.length === 0)
    throw new AppError("invalid_input", 400, "hotels: choose at least one hotel, or all hotels", [
      { field: "hotels", message: "choose at least one hotel, or all hotels" },
    ]);
  const own = new Set((await groupHotels(db, groupId)).map((h) => h.id));
  const foreign = wanted.filter((id) => !own.has(id));
  if (foreign.length > 0)
    throw new AppError("invalid_input", 400, "hotels: not hotels of your group", [
      { field: "hotels", message: `not hotels of your group: ${foreign.join(", ")}` },
    ]);
  return wanted;
}

/** A user of the staff member's group, locked for the change; 404 for an id of another group. */
async function lockUser(tx: Db, staff: Staff, userId: number): Promise<UserRow> {
  const user = await lockGroupUser(tx, staff.groupId, userId);
  if (!user) throw notFound("userId", "no such user");
  return user;
}

/** An owner does not demote, disable or remove themself. */
function notSelf(staff: Staff, user: UserRow, field: string) {
  if (user.id === staff.userId)
    throw conflict("own_account", field, "you cannot do this to your own account; ask another owner");
}

/**
 * The group keeps at least one active owner (not disabled, password set) besides `leaving`; the owners are
 * locked, so two owners demoting each other at once cannot both succeed.
 */
async function keepAnOwner(tx: Db, groupId: number, leaving: UserRow, field: string) {
  if (leaving.role !== "owner" || statusOf(leaving) !== "active") return;
  const others = await lockOtherActiveOwners(tx, groupId, leaving.id);
  if (others.length === 0)
    throw conflict("last_owner", field, "the group must keep at least one active owner");
}

async function sendInvitation(tx: Db, staff: Staff, user: UserRow, base: string, now: Date): Promise<void> {
  const token = await issueInvitationToken(tx, user.id, now);
  const groupName = await findGroupName(tx, staff.groupId);
  const mail = renderInvitationMail({
    to: user.email,
    name: user.name,
    language: user.language,
    role: user.role,
    inviter: staff.name || staff.email,
    group: groupName ?? "Alloggio",
    link: setupLink(base, token),
  });
  await enqueueMail(tx, { ...mail, now });
}

export async function inviteUser(
  deps: BackOfficeDeps,
  staff: Staff,
  input: z.output<typeof InviteUserSchema>,
  base: string,
): Promise<StaffUser> {
  const now = deps.now();
  const db = deps.database.db;
  const id = await db.transaction(async (tx) => {
    const hotels = await checkHotels(tx, staff.groupId, input.allHotels, input.hotels);
    const taken = await findUserIdByEmail(tx, input.email);
    if (taken) throw conflict("email_taken", "email", "a user with this e-mail exists");
    const user = await insertUser(tx, {
      groupId: staff.groupId,
      email: input.email,
      name: input.name,
      role: input.role,
      allHotels: input.allHotels,
      language: input.language,
      passwordHash: null,
      createdAt: now,
    });
    if (!user) throw conflict("email_taken", "email", "a user with this e-mail exists");
    if (hotels.length) await insertUserHotels(tx, user.id, hotels);
    await sendInvitation(tx, staff, user, base, now);
    await audit(tx, staff, {
      hotelId: null,
      action: "user.invite",
      entity: "staff_user",
      entityId: user.id,
      before: null,
      after: snapshot(user, hotels),
    });
    return user.id;
  });
  return viewOf(db, staff.groupId, id);
}

/** Changes a user of the staff member's group, locked, audited; answers the user as it then stands. */
async function changeUser(
  deps: BackOfficeDeps,
  staff: Staff,
  userId: number,
  change: (tx: Db, user: UserRow) => Promise<AuditedChange>,
): Promise<StaffUser> {
  await changeAudited(deps.database.db, staff, "staff_user", (tx) => lockUser(tx, staff, userId), change);
  return viewOf(deps.database.db, staff.groupId, userId);
}

export const updateUser = (
  deps: BackOfficeDeps,
  staff: Staff,
  userId: number,
  input: z.output<typeof UpdateUserSchema>,
): Promise<StaffUser> =>
  changeUser(deps, staff, userId, async (tx, user) => {
    const hotelsBefore = await hotelIdsOf(tx, user.id);
    const role = input.role ?? user.role;
    if (role !== user.role && user.role === "owner") {
      notSelf(staff, user, "role");
      await keepAnOwner(tx, staff.groupId, user, "role");
    }
    const allHotels = input.allHotels ?? user.allHotels;
    const hotelsChange = input.allHotels !== undefined || input.hotels !== undefined;
    const hotels = hotelsChange
      ? await checkHotels(tx, staff.groupId, allHotels, input.hotels ?? hotelsBefore)
      : hotelsBefore;
    const updated = await updateUserRow(tx, user.id, {
      role,
      allHotels,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
    });
    if (!updated) throw notFound("userId", "no such user");
    if (hotelsChange) {
      await deleteUserHotels(tx, user.id);
      if (hotels.length) await insertUserHotels(tx, user.id, hotels);
    }
    const before = snapshot(user, hotelsBefore);
    const after = snapshot(updated, hotels);
    return JSON.stringify(before) === JSON.stringify(after) ? null : { action: "user.update", before, after };
  });

/** Disables a user: their sessions end at once and their invitation link stops working. */
export const disableUser = (deps: BackOfficeDeps, staff: Staff, userId: number): Promise<StaffUser> =>
  changeUser(deps, staff, userId, async (tx, user) => {
    if (user.disabledAt) return null;
    const now = deps.now();
    notSelf(staff, user, "status");
    await keepAnOwner(tx, staff.groupId, user, "status");
    const updated = await updateUserRow(tx, user.id, { disabledAt: now });
    await revokeUserSessions(tx, user.id);
    await revokeInvitations(tx, user.id, now);
    const hotels = await hotelIdsOf(tx, user.id);
    const after = updated ? snapshot(updated, hotels) : null;
    return { action: "user.disable", before: snapshot(user, hotels), after };
  });

export const enableUser = (deps: BackOfficeDeps, staff: Staff, userId: number): Promise<StaffUser> =>
  changeUser(deps, staff, userId, async (tx, user) => {
    if (!user.disabledAt) return null;
    const updated = await updateUserRow(tx, user.id, { disabledAt: null });
    const hotels = await hotelIdsOf(tx, user.id);
    const after = updated ? snapshot(updated, hotels) : null;
    return { action: "user.enable", before: snapshot(user, hotels), after };
  });

/** A new invitation link by mail (the old one stops working); only for a user who has not set a password yet. */
export const resendInvitation = (
  deps: BackOfficeDeps,
  staff: Staff,
  userId: number,
  base: string,
): Promise<StaffUser> =>
  changeUser(deps, staff, userId, async (tx, user) => {
    if (statusOf(user) !== "invited")
      throw conflict(
        "not_invited",
        "status",
        "only a user who has not set a password yet gets an invitation",
      );
    await sendInvitation(tx, staff, user, base, deps.now());
    const after = { email: user.email, language: user.language };
    return { action: "user.resend_invitation", before: null, after };
  });

/**
 * An owner's reset of a user's password: the user's sessions end and a single-use link (30 minutes) to choose a new
 * password is mailed to them; audited. Only for a user who has a password (an invited one gets the invitation).
 */
export const resetUserPassword = (
  deps: BackOfficeDeps,
  staff: Staff,
  userId: number,
  base: string,
): Promise<StaffUser> =>
  changeUser(deps, staff, userId, async (tx, user) => {
    if (statusOf(user) !== "active")
      throw conflict("not_active", "status", "only an active user's password can be reset");
    await revokeUserSessions(tx, user.id);
    await mailStaffResetLink(tx, user, base, deps.now(), "owner");
    return { action: "user.reset_password", before: null, after: { email: user.email, linkMailed: true } };
  });

/**
 * An owner's reset of a user's second factor (a lost phone): TOTP and recovery codes removed, sessions ended, the
 * user told by mail; audited. The user signs in with the password and may turn it on again.
 */
export const resetUserSecondFactor = (
  deps: BackOfficeDeps,
  staff: Staff,
  userId: number,
  base: string,
): Promise<StaffUser> =>
  changeUser(deps, staff, userId, async (tx, user) => {
    if (user.totpEnabledAt === null && user.totpSecret === null)
      throw conflict("totp_not_enabled", "totp", "this user has no second factor");
    await clearSecondFactor(tx, user.id);
    await revokeUserSessions(tx, user.id);
    await mailSecondFactorReset(tx, user, base, deps.now());
    const before = { totpEnabled: user.totpEnabledAt !== null };
    return { action: "user.reset_second_factor", before, after: { totpEnabled: false } };
  });

/** Removes a user for good (their sessions, links and hotels with them); the audit log keeps their name. */
export const removeUser = (deps: BackOfficeDeps, staff: Staff, userId: number): Promise<void> =>
  changeAudited(
    deps.database.db,
    staff,
    "staff_user",
    (tx) => lockUser(tx, staff, userId),
    async (tx, user) => {
      notSelf(staff, user, "userId");
      await keepAnOwner(tx, staff.groupId, user, "userId");
      const hotels = await hotelIdsOf(tx, user.id);
      await deleteUser(tx, user.id);
      return { action: "user.remove", before: snapshot(user, hotels), after: null };
    },
  );
