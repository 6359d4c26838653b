import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/** The origin links in mails and PDFs start with, for one request. */
export type LinkBase = (request: { host: string; hostname: string }) => Promise<string>;

/**
 * Links in mails and PDFs never take the Host header as it comes (anyone can send `Host: evil.example` and get a
 * booking mail pointing there): they start with `publicUrl`, or, when the request came to a host name configured
 * for a channel (`channel_host`, with or without its port), with that configured host on the public URL's scheme
 * (and port, when the configured host names none). ADR 0013.
 */
export function createLinkBase(database: Database, publicUrl: string): LinkBase {
  const base = new URL(publicUrl);
  const path = base.pathname.replace(/\/+$/, "");
  const fallback = `${base.origin}${path}`;
  return async (request) => {
    const hostname = request.hostname.toLowerCase();
    const host = request.host.toLowerCase();
    if (!hostname || host === base.host) return fallback;
    const [known] = await database.queryPrepared<{ host: string }>(
      sql`select host from channel_host where host in (${host}, ${hostname}) order by length(host) desc limit 1`,
    );
    if (!known) return fallback;
    const port = known.host.includes(":") || !base.port ? "" : `:${base.port}`;
    return `${base.protocol}//${known.host}${port}${path}`;
  };
}
