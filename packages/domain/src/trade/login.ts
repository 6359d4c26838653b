// The trade login's rules (SPEC §4 "Trade login", §9; ADR 0029), shared by the server and the web.

/** SPEC §9: the login the web keeps per channel is valid for 60 minutes after `dateAgg`. */
export const TRADE_LOGIN_VALIDITY_MS = 60 * 60_000;
/** SPEC §9: while logged in, the web checks the login every 10 seconds. */
export const TRADE_LOGIN_CHECK_INTERVAL_MS = 10_000;
/** The server session ends after this long without a request (the same 60 minutes as the web's validity) … */
export const TRADE_SESSION_IDLE_MS = TRADE_LOGIN_VALIDITY_MS;
/** … and in any case this long after login. */
export const TRADE_SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
/** A password older than this must be changed at the next login (SPEC §4 "an expired password leads to a forced change"). */
export const TRADE_PASSWORD_MAX_AGE_DAYS = 90;

const DAY_MS = 24 * 60 * 60_000;

export type TradeSessionTimes = { createdAt: Date; lastSeenAt: Date; expiresAt: Date };

/** Whether a session is still live at `now`: before its absolute expiry and used less than the idle time ago. */
export function tradeSessionState(session: TradeSessionTimes, now: Date): "live" | "idle" | "expired" {
  if (now.getTime() >= session.expiresAt.getTime()) return "expired";
  if (now.getTime() - session.lastSeenAt.getTime() >= TRADE_SESSION_IDLE_MS) return "idle";
  return "live";
}

/** The absolute expiry of a session opened at `createdAt`. */
export const tradeSessionExpiry = (createdAt: Date): Date =>
  new Date(createdAt.getTime() + TRADE_SESSION_ABSOLUTE_MS);

/**
 * Whether the user must change the password before going on: a reset asked for it, it was never set, or it is
 * `TRADE_PASSWORD_MAX_AGE_DAYS` days old or more.
 */
export function tradePasswordExpired(
  user: { passwordChangedAt: Date | null; mustChangePassword: boolean },
  now: Date,
): boolean {
  if (user.mustChangePassword || user.passwordChangedAt === null) return true;
  return now.getTime() - user.passwordChangedAt.getTime() >= TRADE_PASSWORD_MAX_AGE_DAYS * DAY_MS;
}

/** Whether a login the web stored at `dateAgg` (ms since the epoch) is still valid at `now` (SPEC §4, §9). */
export const storedTradeLoginValid = (dateAgg: number, now: number): boolean =>
  now >= dateAgg && now - dateAgg < TRADE_LOGIN_VALIDITY_MS;

/** The key of a username: usernames are unique per hotel group whatever their case. */
export const usernameKey = (username: string): string => username.trim().toLowerCase();
