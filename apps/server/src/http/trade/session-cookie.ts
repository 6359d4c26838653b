import { TRADE_COOKIE } from "@alloggio/domain/contract/trade/login";
import { TRADE_SESSION_ABSOLUTE_MS } from "@alloggio/domain/trade/login";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { TradeCookie } from "../../features/trade";
import { setPrivateCookie } from "../cookies";

/** Sets the trade cookie: HttpOnly, SameSite=Lax, Secure (isSecureCookie), for the whole API (searches read it too). */
export function setTradeCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  setPrivateCookie(request, reply, {
    name: TRADE_COOKIE,
    value: token,
    path: "/api",
    maxAgeSeconds: Math.floor(TRADE_SESSION_ABSOLUTE_MS / 1000),
    sameSite: "lax",
  });
}

export function clearTradeCookie(reply: FastifyReply): void {
  reply.clearCookie(TRADE_COOKIE, { path: "/api" });
}

/** What the login's use cases may do with the trade cookie of this request's answer. */
export const tradeCookieOf = (request: FastifyRequest, reply: FastifyReply): TradeCookie => ({
  set: (token) => setTradeCookie(request, reply, token),
  clear: () => clearTradeCookie(reply),
});
