import { accountCommissionOf } from "@alloggio/domain/booking/trade-booking";
import type { LoginRequest, LoginResponse, TradeUser } from "@alloggio/domain/contract/trade/login";
import { TRADE_COOKIE, TRADE_CSRF_HEADER } from "@alloggio/domain/contract/trade/login";
import { loginDelayMs } from "@alloggio/domain/trade/agency-rules";
import { tradePasswordExpired, usernameKey } from "@alloggio/domain/trade/login";
import type { FastifyRequest } from "fastify";
import type { Database } from "../../db/client";
import { AppError } from "../../http/errors";
import type { LinkBase } from "../../http/link-base";
import { type SignInLockout, verifyPassword } from "../credentials";
import { mailTradeResetLink } from "./account";
import { findChannel, findTradeUserByUsername } from "./account-repository";
import { tradeLockoutAccount } from "./lockout";
import {
  createTradeSession,
  hasTradeCsrfToken,
  isEnabledFor,
  mayLogIn,
  revokeTradeSession,
  type TradeCustomerRow,
  type TradeUserRow,
  tradeCsrfToken,
  tradeUserOf,
} from "./session";

// `POST /api/login.do` (SPEC §4, §7, §8; ADR 0029).

/** The trade cookie of the answer, as the HTTP layer sets it (HttpOnly, Secure, SameSite=Lax). */
export type TradeCookie = { set(token: string): void; clear(): void };

export type LoginDeps = {
  database: Database;
  now: () => Date;
  /** Waits the progressive delay (a timer in the app; the tests record it instead of waiting). */
  sleep?: (ms: number) => Promise<void>;
  /** The base of the link mailed when the lockout locks an account (none mailed without it). */
  linkBase?: LinkBase;
};

/** SPEC §8 "Invalid credentials": one answer for an unknown user, a wrong password, a disabled user or account. */
export const invalidCredentials = () =>
  new AppError("invalid_credentials", 401, "Invalid credentials", [
    { field: "password", message: "wrong username or password" },
  ]);

/** The right password of an account the hotel has not approved yet. */
export const awaitingApproval = () =>
  new AppError("trade_awaiting_approval", 403, "Your account is waiting for the hotel's approval", [
    { field: "username", message: "the account waits for the hotel's approval" },
  ]);

/** SPEC §6, §8: the right password, but the account is not enabled for this channel (or hotel). */
export const notEnabled = (field: "channel" | "hotel") =>
  new AppError(
    "trade_not_enabled",
    403,
    "Your user is not enabled for these structures or channels, so you will be disconnected",
    [{ field, message: "the user is not enabled here" }],
  );

const NOBODY: LoginResponse = { user: { id: 0 } };

/** The answer's user. */
export function tradeUserAnswer(
  user: TradeUserRow,
  customer: TradeCustomerRow,
  channelId: number,
  loggedAt: Date,
  now: Date,
  sessionToken: string,
): TradeUser {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    agency: {
      id: customer.id,
      name: customer.name,
      type: customer.agencyType === 2 ? 2 : 1,
      address: customer.address,
      zip: customer.zip,
      city: customer.city,
      country: customer.country,
      email: customer.email,
      phone: customer.phone,
      vatNumber: customer.vatNumber,
      iataCode: customer.iataCode,
      commissionPercent: accountCommissionOf(customer.commissionPercent),
    },
    channel: channelId,
    dateAgg: loggedAt.getTime(),
    mustChangePassword: tradePasswordExpired(user, now),
    csrfToken: tradeCsrfToken(sessionToken),
  };
}

/** The user a username names in a channel's hotel group, with its customer. */
async function findByUsername(deps: LoginDeps, groupId: number, username: string) {
  const row = await findTradeUserByUsername(deps.database.db, groupId, usernameKey(username));
  return row ?? null;
}

type LoginBody = Extract<LoginRequest, { method: "login" }>;

/**
 * Logs in: the same answer after the same work (an argon2id verification, against a dummy hash when there is no
 * user) for every refusal of the credentials; failures counted per user and per address in PostgreSQL; the
 * session rotated (the cookie the request came with is revoked).
 */
export async function logIn(
  deps: LoginDeps,
  lockout: SignInLockout,
  request: FastifyRequest,
  cookie: TradeCookie,
  body: LoginBody,
): Promise<LoginResponse> {
  const db = deps.database.db;
  const onChannel = await findChannel(db, body.channel);
  const account = tradeLockoutAccount(
    onChannel ? onChannel.groupId : `channel-${body.channel}`,
    body.username,
  );
  // Progressive delay: each failure already counted on the account makes the next attempt wait longer.
  const state = await lockout.check(account, request.ip);
  const delay = loginDelayMs(state.failures);
  if (delay > 0) await deps.sleep?.(delay);
  const found = onChannel ? await findByUsername(deps, onChannel.groupId, body.username) : null;
  const candidate = found && found.user.disabledAt === null ? found : null;
  const ok = await verifyPassword(candidate?.user.passwordHash ?? null, body.password);
  // Only the right password learns that the account waits for the hotel: a wrong one gets the same answer as an
  // unknown user (ADR 0062).
  if (candidate && ok && candidate.customer.status === "pending" && !state.locked) throw awaitingApproval();
  const live = candidate && mayLogIn(candidate.user, candidate.customer) ? candidate : null;
  if (!live || !ok) {
    const { lockedNow } = await lockout.recordFailure(account, request.ip);
    // The user gets the link that passes the lock (a password reset); the answer says nothing of it.
    if (lockedNow && live && onChannel && deps.linkBase)
      await mailTradeResetLink(db, live, onChannel, await deps.linkBase(request), deps.now());
    throw state.locked ? lockout.refuse(state) : invalidCredentials();
  }
  // A locked account has no second factor to pass it here: only the mailed link (or the window's end) opens it.
  if (state.locked) throw lockout.refuse(state);
  if (!(await isEnabledFor(db, live.customer.id, body.channel))) throw notEnabled("channel");
  if (body.hotel !== undefined && !(await isEnabledFor(db, live.customer.id, body.channel, body.hotel)))
    throw notEnabled("hotel");
  const previous = request.cookies?.[TRADE_COOKIE];
  if (previous) await revokeTradeSession(db, previous);
  const now = deps.now();
  const session = await createTradeSession(db, live.user.id, body.channel, now);
  cookie.set(session.token);
  return {
    user: tradeUserAnswer(live.user, live.customer, body.channel, session.createdAt, now, session.token),
  };
}

/**
 * Logs out: the session is deleted and its cookie cleared (answered the same with no session). With a session, the
 * call carries its CSRF token (403 otherwise): another site cannot end an agent's session.
 */
export async function logOut(
  deps: LoginDeps,
  request: FastifyRequest,
  cookie: TradeCookie,
): Promise<LoginResponse> {
  const token = request.cookies?.[TRADE_COOKIE];
  if (token && !hasTradeCsrfToken(request, token))
    throw new AppError("csrf_failed", 403, "The request lacks the session's CSRF token", [
      { field: TRADE_CSRF_HEADER, message: "missing or wrong" },
    ]);
  if (token) await revokeTradeSession(deps.database.db, token);
  cookie.clear();
  return NOBODY;
}

type LoggedUserBody = Extract<LoginRequest, { method: "loggedUser" }>;

/**
 * The check the web makes every 10 s (SPEC §4): the user of the live session, `{ id: 0 }` without one (or for
 * another channel); a user no longer enabled for the channel or the page's hotel is logged out and answered
 * `trade_not_enabled` (the web disconnects with SPEC §6's message).
 */
export async function loggedUser(
  deps: LoginDeps,
  request: FastifyRequest,
  cookie: TradeCookie,
  body: LoggedUserBody,
): Promise<LoginResponse> {
  const db = deps.database.db;
  const trade = await tradeUserOf(deps, request);
  if (!trade) {
    if (request.cookies?.[TRADE_COOKIE]) cookie.clear();
    return NOBODY;
  }
  if (body.channel !== undefined && body.channel !== trade.channelId) return NOBODY;
  const enabled =
    (await isEnabledFor(db, trade.customer.id, trade.channelId)) &&
    (body.hotel === undefined || (await isEnabledFor(db, trade.customer.id, trade.channelId, body.hotel)));
  if (!enabled) {
    await revokeTradeSession(db, trade.sessionToken);
    cookie.clear();
    throw notEnabled(body.hotel === undefined ? "channel" : "hotel");
  }
  return {
    user: tradeUserAnswer(
      trade.user,
      trade.customer,
      trade.channelId,
      trade.loggedAt,
      deps.now(),
      trade.sessionToken,
    ),
  };
}
