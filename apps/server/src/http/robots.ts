import type { App } from "./app-type";

/**
 * `robots.txt`: crawlers keep out of the API and the back office. The booking's steps and anyone's own pages are
 * not disallowed here but answer `noindex` themselves, which a crawler reads only on a page it may fetch.
 */
const ROBOTS = ["User-agent: *", "Disallow: /api/", "Disallow: /admin", ""].join("\n");

export function registerRobots(app: App): void {
  app.get("/robots.txt", { schema: { hide: true } }, (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(ROBOTS),
  );
}
