import type { FastifyReply, FastifyRequest } from "fastify";

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

/** Sets a cookie scripts cannot read (HttpOnly), Secure as `isSecureCookie` says, scoped to `path`. */
export function setPrivateCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: { name: string; value: string; path: string; maxAgeSeconds: number; sameSite: "lax" | "strict" },
): void {
  reply.setCookie(cookie.name, cookie.value, {
    httpOnly: true,
    sameSite: cookie.sameSite,
    secure: isSecureCookie(request),
    path: cookie.path,
    maxAge: cookie.maxAgeSeconds,
  });
}

/** A session's cookie (HttpOnly, SameSite=Lax, Secure as `isSecureCookie` says), scoped to `path`, kept `maxAgeMs`. */
export function sessionCookie(name: string, path: string, maxAgeMs: number) {
  return {
    set: (request: FastifyRequest, reply: FastifyReply, token: string): void =>
      setPrivateCookie(request, reply, {
        name,
        value: token,
        path,
        maxAgeSeconds: Math.floor(maxAgeMs / 1000),
        sameSite: "lax",
      }),
    clear: (reply: FastifyReply): void => {
      reply.clearCookie(name, { path });
    },
  };
}
