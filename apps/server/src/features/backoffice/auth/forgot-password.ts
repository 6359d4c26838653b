// "Forgot your password?" of the back office: the same answer whatever the e-mail; a live user with that e-mail
// gets a single-use link (30 minutes) to the set-up page, where a new password also lifts the sign-in lock.
import { tooManyAttempts } from "../../credentials";
import { hitRateLimit } from "../../rate-limits";
import type { BackOfficeDeps } from "../deps";
import { findEnabledStaffUser } from "../repository";
import { mailStaffResetLink, STAFF_RESET_TTL_MS } from "./reset-mail";

/** Requests per client address in the window before a 429; per e-mail, before the mails silently stop. */
export const FORGOT_PER_ADDRESS = 10;
export const FORGOT_PER_EMAIL = 3;
export const FORGOT_WINDOW_MS = 15 * 60_000;

/** Mails a single-use password link to the user with this e-mail, if any; the same answer always. */
export async function requestPasswordLink(
  deps: BackOfficeDeps,
  email: string,
  from: { address: string; linkBase: () => Promise<string> },
): Promise<{ accepted: true; validMinutes: number }> {
  const db = deps.database.db;
  const now = deps.now();
  const answer = { accepted: true as const, validMinutes: STAFF_RESET_TTL_MS / 60_000 };
  const byAddress = await hitRateLimit(db, `bo-forgot:address:${from.address}`, FORGOT_WINDOW_MS, now);
  if (byAddress.count > FORGOT_PER_ADDRESS) throw tooManyAttempts("email");
  const byEmail = await hitRateLimit(db, `bo-forgot:email:${email}`, FORGOT_WINDOW_MS, now);
  if (byEmail.count > FORGOT_PER_EMAIL) return answer;
  const user = await findEnabledStaffUser(db, { email });
  if (user) await mailStaffResetLink(db, user, await from.linkBase(), now, "forgot");
  return answer;
}
