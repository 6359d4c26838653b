import type { SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { configuredHostOf, readConfiguredHost } from "../features/channels";

type LinkRequest = { host: string; hostname: string };

/**
 * The origin links in mails and PDFs start with, for one request. `plan` is for a caller that reads other things
 * in the same statement: the scalar subquery naming the configured host the request came to (null when no lookup
 * is needed), and the base that follows from its answer.
 */
export type LinkBase = ((request: LinkRequest) => Promise<string>) & {
  plan(request: LinkRequest): { host: SQL | null; base: (known: string | null) => string };
};

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
  const fromKnown = (known: string | null) => {
    if (!known) return fallback;
    const port = known.includes(":") || !base.port ? "" : `:${base.port}`;
    return `${base.protocol}//${known}${port}${path}`;
  };
  const plan: LinkBase["plan"] = (request) => {
    const hostname = request.hostname.toLowerCase();
    const host = request.host.toLowerCase();
    if (!hostname || host === base.host) return { host: null, base: fromKnown };
    return { host: configuredHostOf(host, hostname), base: fromKnown };
  };
  const linkBase = async (request: LinkRequest) => {
    const planned = plan(request);
    if (!planned.host) return planned.base(null);
    return planned.base(await readConfiguredHost(database, planned.host));
  };
  return Object.assign(linkBase, { plan });
}
