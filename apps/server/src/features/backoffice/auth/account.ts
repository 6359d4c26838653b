// The signed-in user's own account: profile, password, second factor. Every role; changes are audited.
import type { StaffMe } from "@alloggio/domain/contract/backoffice/access";
import { AppError } from "../../../http/errors";
import {
  hashPassword,
  requirePasswordPolicy,
  type SignInLockout,
  sha256,
  verifyPassword,
} from "../../credentials";
import type { Staff } from "../access";
import { auditOwnAccount } from "../audit";
import type { BackOfficeDeps } from "../deps";
import { revokeUserSessions } from "../session";
import {
  clearSecondFactor,
  enableTotp,
  findStaffUserById,
  type StaffUserRow,
  setPassword,
  setTotpSecret,
  updateProfile,
} from "./repository";
import { acceptTotpCode, meOf } from "./sign-in";
import {
  enrolmentOf,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
} from "./totp";

const wrongPassword = (field: string) =>
  new AppError("wrong_password", 400, `${field}: wrong password`, [{ field, message: "wrong password" }]);

const totpAlreadyEnabled = () =>
  new AppError("totp_already_enabled", 409, "The second factor is already on", [
    { field: "totp", message: "already enabled" },
  ]);

async function userOf(deps: BackOfficeDeps, staff: Staff): Promise<StaffUserRow> {
  const user = await findStaffUserById(deps.database.db, staff.userId);
  if (!user) throw new Error("signed-in user vanished");
  return user;
}

/** The current password, checked like a sign-in (wrong ones count towards the lockout). */
async function checkPassword(
  deps: BackOfficeDeps,
  lockout: SignInLockout,
  staff: Staff,
  password: string,
  address: string,
  field: string,
): Promise<StaffUserRow> {
  await lockout.check(staff.email, address);
  const user = await userOf(deps, staff);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await lockout.recordFailure(staff.email, address);
    throw wrongPassword(field);
  }
  return user;
}

/** Changes the signed-in user's name or back-office language. */
export async function updateAccount(
  deps: BackOfficeDeps,
  staff: Staff,
  input: { name?: string | undefined; language?: string | undefined },
): Promise<StaffMe> {
  const db = deps.database.db;
  const { name, language } = input;
  const user = await db.transaction(async (tx) => {
    const before = await findStaffUserById(tx, staff.userId);
    const after = await updateProfile(tx, staff.userId, {
      ...(name === undefined ? {} : { name }),
      ...(language === undefined ? {} : { language }),
    });
    if (!before || !after) throw new Error("signed-in user vanished");
    await auditOwnAccount(tx, staff, "staff_user.update_account", {
      before: { name: before.name, language: before.language },
      after: { name: after.name, language: after.language },
    });
    return after;
  });
  return meOf(db, user, staff.csrfToken);
}

/** Changes the password (SPEC §5 policy); every other session of the user is signed out. */
export async function changePassword(
  deps: BackOfficeDeps,
  lockout: SignInLockout,
  staff: Staff,
  input: { currentPassword: string; newPassword: string; confirmation: string },
  address: string,
): Promise<void> {
  const { currentPassword, newPassword, confirmation } = input;
  requirePasswordPolicy(
    { password: newPassword, confirmation, old: currentPassword },
    { password: "newPassword", confirmation: "confirmation" },
  );
  await checkPassword(deps, lockout, staff, currentPassword, address, "currentPassword");
  const passwordHash = await hashPassword(newPassword);
  await deps.database.db.transaction(async (tx) => {
    await setPassword(tx, staff.userId, passwordHash, deps.now());
    await revokeUserSessions(tx, staff.userId, staff.sessionToken);
    await auditOwnAccount(tx, staff, "staff_user.change_password", {
      before: { passwordChanged: true },
      after: { otherSessionsSignedOut: true },
    });
  });
}

/** Starts the second factor's enrolment: a new secret (not enabled yet), its otpauth URI and QR code. */
export async function startTotpEnrolment(deps: BackOfficeDeps, staff: Staff) {
  if (staff.totpEnabled) throw totpAlreadyEnabled();
  const secret = newTotpSecret();
  await setTotpSecret(deps.database.db, staff.userId, secret);
  return { secret, ...enrolmentOf(secret, staff.email) };
}

/** Turns the second factor on with a code of the new secret; answers the recovery codes, once. */
export async function confirmTotp(
  deps: BackOfficeDeps,
  lockout: SignInLockout,
  staff: Staff,
  code: string,
  address: string,
): Promise<{ recoveryCodes: string[] }> {
  const db = deps.database.db;
  const user = await userOf(deps, staff);
  if (user.totpEnabledAt !== null) throw totpAlreadyEnabled();
  if (!user.totpSecret)
    throw new AppError("totp_not_enrolled", 409, "No enrolment waits for confirmation", [
      { field: "totp", message: "start the enrolment first" },
    ]);
  await lockout.check(staff.email, address);
  if (!(await acceptTotpCode(db, user, code, deps.now()))) {
    await lockout.recordFailure(staff.email, address);
    throw new AppError("invalid_code", 400, "code: wrong or already used", [
      { field: "code", message: "wrong or used" },
    ]);
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await enableTotp(
      tx,
      staff.userId,
      deps.now(),
      codes.map((c) => sha256(normaliseRecoveryCode(c))),
    );
    await auditOwnAccount(tx, staff, "staff_user.enable_totp", {
      before: { totpEnabled: false },
      after: { totpEnabled: true, recoveryCodes: RECOVERY_CODE_COUNT },
    });
  });
  return { recoveryCodes: codes };
}

/** Turns the second factor off (needs the password); the recovery codes are deleted. */
export async function disableTotp(
  deps: BackOfficeDeps,
  lockout: SignInLockout,
  staff: Staff,
  password: string,
  address: string,
): Promise<void> {
  await checkPassword(deps, lockout, staff, password, address, "password");
  await deps.database.db.transaction(async (tx) => {
    await clearSecondFactor(tx, staff.userId);
    await auditOwnAccount(tx, staff, "staff_user.disable_totp", {
      before: { totpEnabled: staff.totpEnabled },
      after: { totpEnabled: false },
    });
  });
}
