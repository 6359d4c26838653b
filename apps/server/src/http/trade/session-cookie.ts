import { TRADE_COOKIE } from "@alloggio/domain/contract/trade/login";
import { TRADE_SESSION_ABSOLUTE_MS } from "@alloggio/domain/trade/login";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { TradeCookie } from "../../features/trade";
import { sessionCookie } from "../cookies";

/** The trade session's cookie, for the whole API (searches read it too). */
const tradeCookie = sessionCookie(TRADE_COOKIE, "/api", TRADE_SESSION_ABSOLUTE_MS);

/** What the login's use cases may do with the trade cookie of this request's answer. */
export const tradeCookieOf = (request: FastifyRequest, reply: FastifyReply): TradeCookie => ({
  set: (token) => tradeCookie.set(request, reply, token),
  clear: () => tradeCookie.clear(reply),
});
