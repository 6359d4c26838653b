import { STAFF_COOKIE } from "@alloggio/domain/contract/backoffice/access";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_ABSOLUTE_MS, type SignInOutcome } from "../../features/backoffice";
import { setPrivateCookie } from "../cookies";

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure (isSecureCookie), for the back office's API only. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeMs = SESSION_ABSOLUTE_MS,
): void {
  setPrivateCookie(request, reply, {
    name: STAFF_COOKIE,
    value: token,
    path: "/api/backoffice",
    maxAgeSeconds: Math.floor(maxAgeMs / 1000),
    sameSite: "lax",
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(STAFF_COOKIE, { path: "/api/backoffice" });
}

/** Sets the new session's cookie and answers `signed_in` (with the user) or `totp_required`. */
export function replySignIn(request: FastifyRequest, reply: FastifyReply, outcome: SignInOutcome) {
  setSessionCookie(request, reply, outcome.token);
  return outcome.state === "signed_in" ? { state: outcome.state, me: outcome.me } : { state: outcome.state };
}
