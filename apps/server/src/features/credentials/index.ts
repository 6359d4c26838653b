/** The credentials feature's public face: passwords, opaque tokens and the sign-in lockout, for every sign-in. */

export type { LockoutOptions, LockState, SignInLockout } from "./lockout";
export {
  ACCOUNT_MAX_FAILURES,
  ADDRESS_MAX_FAILURES,
  createLockout,
  LOCKOUT_WINDOW_MS,
  PAIR_MAX_FAILURES,
  tooManyAttempts,
} from "./lockout";
export { hashPassword, verifyPassword } from "./passwords";
export { requirePasswordPolicy } from "./policy";
export { deleteExpiredRows } from "./repository";
export { type SessionKind, type SessionRowOf, sessionStore } from "./sessions";
export { newToken, sha256 } from "./tokens";
