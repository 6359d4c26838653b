import { timingSafeEqual } from "node:crypto";
import { TRADE_COOKIE, TRADE_CSRF_HEADER } from "@alloggio/domain/contract/trade/login";
import {
  TRADE_SESSION_IDLE_MS,
  tradePasswordExpired,
  tradeSessionExpiry,
} from "@alloggio/domain/trade/login";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import type { tradeCustomer, tradeSession, tradeUser } from "../../db/schema";
import { refuseAnonymousCustomer } from "../../http/errors";
import { newToken, sessionStore, sha256 } from "../credentials";
import { existsCustomerHotel, findTradeUserById, insertTradeSession } from "./session-repository";

// Trade sessions (ADR 0029): the back office's scheme (ADR 0025) on their own table — an opaque token in
// an HttpOnly cookie, only its SHA-256 stored, idle and absolute expiry, deleted at logout and password change.

export type TradeDeps = { database: { db: Db }; now: () => Date };

export type TradeSessionRow = typeof tradeSession.$inferSelect;
export type TradeUserRow = typeof tradeUser.$inferSelect;
export type TradeCustomerRow = typeof tradeCustomer.$inferSelect;

/** Opens a session of a user on a channel; the caller sets the cookie with `token`. */
export async function createTradeSession(
  db: Db,
  userId: number,
  channelId: number,
  now: Date,
): Promise<{ token: string; createdAt: Date; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = tradeSessionExpiry(now);
  await insertTradeSession(db, {
    tokenHash: sha256(token),
    tradeUserId: userId,
    channelId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, createdAt: now, expiresAt };
}

/**
 * The live session of a cookie token, touched (`tradeSessionState` of the domain says the same); revoking one
 * session, or a user's everywhere (password change, disabling).
 */
export const {
  find: findTradeSession,
  revoke: revokeTradeSession,
  revokeUser: revokeTradeUserSessions,
} = sessionStore("trade", TRADE_SESSION_IDLE_MS);

/**
 * The synchroniser token of a session (ADR 0029): derived from the cookie's token (so nothing more is stored, and
 * the stored hash of the token does not give it), answered with the user, sent back as `X-CSRF-Token` by the agency
 * area's changes. Another site can make the browser send the cookie, never read this.
 */
export const tradeCsrfToken = (sessionToken: string): string => sha256(`trade-csrf:${sessionToken}`);

/** Whether a request carries its session's synchroniser token (compared in constant time). */
export function hasTradeCsrfToken(request: FastifyRequest, sessionToken: string): boolean {
  const sent = request.headers[TRADE_CSRF_HEADER];
  if (typeof sent !== "string") return false;
  const x = Buffer.from(sent);
  const y = Buffer.from(tradeCsrfToken(sessionToken));
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether a user may log in at all: not disabled, with a password, for an approved and active customer. */
export const mayLogIn = (user: TradeUserRow, customer: TradeCustomerRow): boolean =>
  user.disabledAt === null && customer.status === "approved" && customer.active;

/** A user and the customer it logs in for. */
export async function tradeUserById(
  db: Db,
  userId: number,
): Promise<{ user: TradeUserRow; customer: TradeCustomerRow } | null> {
  const row = await findTradeUserById(db, userId);
  return row ?? null;
}

/** Whether a customer is enabled on a channel (for a given hotel when `hotelId` is given). */
export async function isEnabledFor(
  db: Db,
  customerId: number,
  channelId: number,
  hotelId?: number,
): Promise<boolean> {
  return existsCustomerHotel(db, customerId, channelId, hotelId);
}

/** The logged trade user behind a request. */
export type TradeSessionUser = {
  user: TradeUserRow;
  customer: TradeCustomerRow;
  /** The channel the session was opened on. */
  channelId: number;
  /** When the login was made (the `dateAgg` of SPEC §3). */
  loggedAt: Date;
  sessionToken: string;
};

/**
 * The trade user of the request's session cookie (the session is touched), or null: no cookie, no live session,
 * or a user that may no longer log in (disabled, customer not approved or inactive). The one way the server learns
 * who the trade customer is — never from a request parameter (ADR 0029).
 */
export async function tradeUserOf(
  deps: TradeDeps,
  request: FastifyRequest,
): Promise<TradeSessionUser | null> {
  const token = request.cookies?.[TRADE_COOKIE];
  if (!token) return null;
  const db = deps.database.db;
  const session = await findTradeSession(db, token, deps.now());
  if (!session) return null;
  const found = await tradeUserById(db, session.tradeUserId);
  if (!found || !mayLogIn(found.user, found.customer)) return null;
  return { ...found, channelId: session.channelId, loggedAt: session.createdAt, sessionToken: token };
}

/**
 * The trade customer whose prices a search on `channel` (and `hotel`) may show: the session's, when it was opened
 * on that channel, the customer is enabled there and the user's password needs no change (an expired or reset
 * password comes first: until it is changed the session sees a guest's prices); undefined otherwise.
 */
export async function tradeCustomerOf(
  deps: TradeDeps,
  request: FastifyRequest,
  where: { channel: number; hotel?: number | undefined },
): Promise<number | undefined> {
  const trade = await tradeUserOf(deps, request);
  if (!trade || trade.channelId !== where.channel) return undefined;
  if (tradePasswordExpired(trade.user, deps.now())) return undefined;
  const enabled = await isEnabledFor(deps.database.db, trade.customer.id, where.channel, where.hotel);
  return enabled ? trade.customer.id : undefined;
}

/**
 * The trade customer of a search or booking call: the session's (`tradeCustomerOf`), never the request's. A
 * `customer` the caller sends is accepted only when it is that same customer, and refused (403
 * `trade_login_required`) otherwise — an anonymous caller cannot ask for trade prices (ADR 0013, 0029).
 */
export async function tradeCustomerForCall(
  deps: TradeDeps,
  request: FastifyRequest,
  call: { channel: number; hotel?: number | undefined; customer?: number | undefined },
): Promise<number | undefined> {
  const customer = await tradeCustomerOf(deps, request, call);
  if (call.customer !== undefined && call.customer !== customer) refuseAnonymousCustomer(call.customer);
  return customer;
}
