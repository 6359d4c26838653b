import type { FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /** Every cookie is marked Secure, whatever the request's protocol (production, unless PLAIN_HTTP). */
    secureCookies: boolean;
  }
}

/**
 * Whether a cookie set in answer to `request` is marked Secure: always in production (a proxy that forgets
 * X-Forwarded-Proto must not leave a session cookie readable over HTTP), else when the request came over https.
 */
export const isSecureCookie = (request: FastifyRequest): boolean =>
  request.server.secureCookies || request.protocol === "https";
