import { readTrackingSettings } from "@alloggio/domain/tracking/settings";
import { describe, expect, it } from "vitest";
import { documentSources, newNonce, pageCsp, preparePage, REPORTING_ENDPOINTS, sha384 } from "./page-csp";

// The CSP builder of the web pages (ADR 0042).

const HELMET =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
  "img-src 'self' data: https:;object-src 'none';script-src 'self';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';frame-src 'self' https://player.vimeo.com;upgrade-insecure-requests";

const gtm = readTrackingSettings({
  hasGtm: true,
  gtmTag: "GTM-ABC123",
  gtmDomain: "tags.hotel.example",
  facebookPixel: "1234567890",
});

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim().split(" "))
    .find((d) => d[0] === name)
    ?.slice(1);

describe("documentSources", () => {
  it("a tracked page of a channel with tags allows their origins", () => {
    const sources = documentSources(gtm, "rooms");
    expect(sources.documentClass).toBe("tracked");
    expect(sources.script[0]).toBe("'self'");
    expect(sources.script).toContain("https://tags.hotel.example");
    expect(sources.script).toContain("https://www.googletagmanager.com");
    expect(sources.script).toContain("https://connect.facebook.net");
    expect(sources.connect).toContain("https://www.facebook.com");
  });

  it.each(["payment", "private"] as const)("a %s page allows no third-party origin", (kind) => {
    expect(documentSources(gtm, kind)).toEqual({
      documentClass: "strict",
      script: ["'self'"],
      connect: ["'self'"],
    });
  });

  it("an unknown channel is strict; a channel with nothing configured is tracked with our origin only", () => {
    expect(documentSources(null, "rooms").documentClass).toBe("strict");
    expect(documentSources(readTrackingSettings({}), "other")).toEqual({
      documentClass: "tracked",
      script: ["'self'"],
      connect: ["'self'"],
    });
  });
});

describe("pageCsp", () => {
  it("rewrites script-src and connect-src, adds the reports, keeps every other directive", () => {
    const csp = pageCsp(HELMET, documentSources(gtm, "services"), "N0nce+/=");
    expect(directive(csp, "script-src")).toEqual([
      "'self'",
      "'nonce-N0nce+/='",
      ...documentSources(gtm, "services").script.slice(1),
    ]);
    expect(directive(csp, "connect-src")?.[0]).toBe("'self'");
    expect(directive(csp, "report-uri")).toEqual(["/api/csp-reports"]);
    expect(directive(csp, "report-to")).toEqual(["csp-endpoint"]);
    expect(REPORTING_ENDPOINTS).toBe('csp-endpoint="/api/csp-reports"');
    for (const kept of HELMET.split(";").filter((d) => !d.startsWith("script-src ")))
      expect(csp.split(";")).toContain(kept);
    expect(csp).not.toContain("unsafe-inline';script");
    expect(directive(csp, "script-src")).not.toContain("'unsafe-inline'");
  });

  it("a strict page names no origin but ours", () => {
    const csp = pageCsp(HELMET, documentSources(gtm, "payment"), "abc");
    expect(directive(csp, "script-src")).toEqual(["'self'", "'nonce-abc'"]);
    expect(directive(csp, "connect-src")).toEqual(["'self'"]);
    expect(csp).not.toMatch(/googletagmanager|facebook/);
  });

  it("nonces are 128 bits, base64, fresh each time", () => {
    const a = newNonce();
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(a);
  });
});

describe("preparePage", () => {
  const html =
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-A.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/vendor-B.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/index-C.css">' +
    '<link rel="icon" href="/favicon.svg"></head><body><script src="https://cdn.example/x.js"></script></body></html>';
  const files: Record<string, string> = {
    "assets/index-A.js": "console.log(1)",
    "assets/vendor-B.js": "export {}",
    "assets/index-C.css": "body{}",
  };
  const page = preparePage(html, (path) => (files[path] ? Buffer.from(files[path]) : null));

  it("every script and preload/stylesheet gets the response's nonce; the head names the nonce and the class", () => {
    const out = page.render("NONCE1", "tracked");
    expect(out.match(/nonce="NONCE1"/g)).toHaveLength(5);
    expect(out).toContain('<head><meta property="csp-nonce" nonce="NONCE1" />');
    expect(out).toContain('<meta name="alloggio-document" content="tracked" />');
    expect(out).toContain('<link rel="icon" href="/favicon.svg">');
    expect(page.render("NONCE2", "strict")).toContain('content="strict"');
    expect(page.render("NONCE2", "strict")).not.toContain("NONCE1");
  });

  it("same-origin entry files get their sha384; another origin's file gets none", () => {
    const out = page.render("N", "strict");
    expect(out).toContain(`src="/assets/index-A.js" integrity="${sha384("console.log(1)")}"`);
    expect(out).toContain(`href="/assets/vendor-B.js" integrity="${sha384("export {}")}"`);
    expect(out).toContain(`href="/assets/index-C.css" integrity="${sha384("body{}")}"`);
    expect(out).toContain('<script nonce="N" src="https://cdn.example/x.js">');
    expect(Object.keys(page.integrity)).toEqual([
      "/assets/index-A.js",
      "/assets/vendor-B.js",
      "/assets/index-C.css",
    ]);
    expect(sha384("abc")).toBe("sha384-ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn");
  });
});
