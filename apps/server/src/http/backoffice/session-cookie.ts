import { STAFF_COOKIE } from "@alloggio/domain/contract/backoffice/access";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_ABSOLUTE_MS, type SignInOutcome } from "../../features/backoffice";
import { sessionCookie } from "../cookies";

/** The staff session's cookie, for the back office's API only. */
const staffCookie = sessionCookie(STAFF_COOKIE, "/api/backoffice", SESSION_ABSOLUTE_MS);

export const clearSessionCookie = staffCookie.clear;

/** Sets the new session's cookie and answers `signed_in` (with the user) or `totp_required`. */
export function replySignIn(request: FastifyRequest, reply: FastifyReply, outcome: SignInOutcome) {
  staffCookie.set(request, reply, outcome.token);
  return outcome.state === "signed_in" ? { state: outcome.state, me: outcome.me } : { state: outcome.state };
}
