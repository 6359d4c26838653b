import { createHash, randomBytes } from "node:crypto";
import { documentClassOf, type PageKind } from "@alloggio/domain/tracking/pages";
import { cspSources } from "@alloggio/domain/tracking/plan";
import type { TrackingSettings } from "@alloggio/domain/tracking/settings";

/**
 * The Content-Security-Policy of a web page (ADR 0042). helmet writes one fixed policy for every
 * response; a web page's is that policy with its script-src and connect-src rewritten for the page's document:
 * a tracked document (a tracked page kind of a known channel) allows the channel's configured third-party origins,
 * a strict one (card and 3-D Secure steps, offers, the back office, an unknown channel) none at all. Every page's
 * scripts carry a fresh nonce, and violations are reported to /api/csp-reports.
 */

export const CSP_REPORT_PATH = "/api/csp-reports";
/** The Reporting API endpoint's name (`report-to`, `Reporting-Endpoints`). */
export const CSP_REPORT_GROUP = "csp-endpoint";

export type DocumentClass = "tracked" | "strict";

export type DocumentSources = {
  documentClass: DocumentClass;
  /** script-src without the nonce: 'self' and, for a tracked document, the channel's tag origins. */
  script: string[];
  /** connect-src: 'self' and, for a tracked document, where the channel's tags send. */
  connect: string[];
};

/**
 * What a page may load: `settings` is the channel's (null: no known channel). Strict kinds and unknown channels
 * get our origin only.
 */
export function documentSources(settings: TrackingSettings | null, kind: PageKind): DocumentSources {
  if (settings === null || documentClassOf(kind) === "strict")
    return { documentClass: "strict", script: ["'self'"], connect: ["'self'"] };
  const third = cspSources(settings);
  return {
    documentClass: "tracked",
    script: ["'self'", ...third.script.filter((o) => o !== "'self'")],
    connect: ["'self'", ...third.connect.filter((o) => o !== "'self'")],
  };
}

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The CSP source of a nonce. */
export const nonceSource = (nonce: string) => `'nonce-${nonce}'`;

/**
 * The page's policy from the base policy (helmet's header): script-src and connect-src replaced, report-uri and
 * report-to added; every other directive kept as it is, in its order.
 */
export function pageCsp(base: string, sources: DocumentSources, nonce: string): string {
  return rewriteCsp(
    base,
    new Map<string, string[]>([
      ["script-src", [...sources.script.slice(0, 1), nonceSource(nonce), ...sources.script.slice(1)]],
      ["connect-src", sources.connect],
      ["report-uri", [CSP_REPORT_PATH]],
      ["report-to", [CSP_REPORT_GROUP]],
    ]),
  );
}

/**
 * A payment page's policy (the checkout, 3-D Secure and its return, the gateway's card page): images and fonts from
 * the site only, and frames from the site and the gateway's own origins (none for the built-in sandbox, which is
 * the site) — no video hosts, no other https origin, where a card is typed (ADR 0064).
 */
export function paymentCsp(base: string, gatewayOrigins: readonly string[]): string {
  return rewriteCsp(
    base,
    new Map<string, string[]>([
      ["img-src", ["'self'"]],
      ["font-src", ["'self'"]],
      ["frame-src", ["'self'", ...gatewayOrigins]],
    ]),
  );
}

/** `base` with the `replaced` directives' values, every other directive kept as it is, in its order. */
function rewriteCsp(base: string, replaced: Map<string, string[]>): string {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const part of base.split(";")) {
    const text = part.trim();
    if (!text) continue;
    const name = text.split(/\s+/)[0]!.toLowerCase();
    const values = replaced.get(name);
    if (values) {
      if (!seen.has(name)) out.push([name, ...values].join(" "));
      seen.add(name);
    } else out.push(text);
  }
  for (const [name, values] of replaced) if (!seen.has(name)) out.push([name, ...values].join(" "));
  return out.join(";");
}

/** The `Reporting-Endpoints` header naming the report-to group (a URL relative to the page). */
export const REPORTING_ENDPOINTS = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;

// ---- the page itself ----

const NONCE_SLOT = "\u0000nonce\u0000";

export type PageTemplate = {
  /** The page with this response's nonce and document class. */
  render(nonce: string, documentClass: DocumentClass): string;
  /** The same-origin files the page references with their integrity (sha384), for the ADR's inventory. */
  integrity: Record<string, string>;
};

/** `sha384-…` of a file's bytes (Subresource Integrity). */
export function sha384(bytes: Uint8Array | string): string {
  return `sha384-${createHash("sha384").update(bytes).digest("base64")}`;
}

const attributeOf = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? "") : null;
};

/** A path of our own origin (`/assets/x.js`, `assets/x.js`), not another origin's (`//cdn…`, `https://…`). */
const ownPath = (url: string) => !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith("//");

/**
 * Prepares the built index.html once: every `<script>` and `<link rel="modulepreload|stylesheet">` gets the nonce
 * (a slot filled per response) and, when it names a file of our build that `readFile` finds, its `integrity`
 * (sha384: same-origin SRI needs no CORS, Vite's `crossorigin` is kept as it is). The head gets the nonce meta
 * (the loader reads `.nonce`) and the document-class meta.
 */
export function preparePage(html: string, readFile: (path: string) => Uint8Array | null): PageTemplate {
  const integrity: Record<string, string> = {};
  const withIntegrity = (tag: string, url: string | null) => {
    if (!url || !ownPath(url) || /\sintegrity\s*=/i.test(tag)) return tag;
    const path = url.split(/[?#]/)[0]!.replace(/^\/+/, "");
    const bytes = readFile(path);
    if (!bytes) return tag;
    integrity[`/${path}`] = sha384(bytes);
    return tag.replace(/\s*\/?>$/, (end) => ` integrity="${integrity[`/${path}`]}"${end}`);
  };
  const withNonce = (tag: string) =>
    /\snonce\s*=/i.test(tag) ? tag : tag.replace(/^<(script|link)/i, `<$1 nonce="${NONCE_SLOT}"`);
  let page = html.replace(/<script\b[^>]*>/gi, (tag) =>
    withNonce(withIntegrity(tag, attributeOf(tag, "src"))),
  );
  page = page.replace(/<link\b[^>]*>/gi, (tag) => {
    const rel = (attributeOf(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    if (!rel.includes("modulepreload") && !rel.includes("stylesheet")) return tag;
    return withNonce(withIntegrity(tag, attributeOf(tag, "href")));
  });
  const CLASS_SLOT = "\u0000class\u0000";
  const metas = `<meta property="csp-nonce" nonce="${NONCE_SLOT}" /><meta name="alloggio-document" content="${CLASS_SLOT}" />`;
  page = /<head[^>]*>/i.test(page)
    ? page.replace(/<head[^>]*>/i, (head) => `${head}${metas}`)
    : `${metas}${page}`;
  const [first, ...rest] = page.split(CLASS_SLOT);
  const parts = [first ?? "", ...rest].map((part) => part.split(NONCE_SLOT));
  return {
    integrity,
    render: (nonce, documentClass) => parts.map((part) => part.join(nonce)).join(documentClass),
  };
}
