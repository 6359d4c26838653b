import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { type App, buildApp } from "../app";
import { blockedOriginOf, CSP_REPORTS_PER_ADDRESS_PER_MINUTE, directiveOf } from "./routes";

// POST /api/csp-reports (ADR 0042): 204 and one warn line per violation, without URLs; 400 for a body
// that is no report; rate limited per address.

const clock = fixedClock("2030-01-05T10:00:00Z");
let database: Database;
let app: App;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    database,
    now: clock.now,
    apiKeys: ["k"],
    overrideSecret: "test-override-secret",
    logLevel: "warn",
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const VOUCHER =
  "https://book.hotel.example/hotel/1/channel/1/language/1/voucher/code/7K3M9QX2HT4VZ8PN/email/ada%40x.it";

let address = 1;
function post(contentType: string, payload: unknown, ip = `10.0.0.${address++}`) {
  return app.inject({
    method: "POST",
    url: "/api/csp-reports",
    remoteAddress: ip,
    headers: { "content-type": contentType },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
}

const violationLines = () =>
  lines.map((l) => JSON.parse(l)).filter((l: { msg?: string }) => l.msg === "csp violation");

describe("CSP reports", () => {
  it("takes a report-uri report: 204, one warn line with the directive, the blocked origin and the page kind", async () => {
    lines.length = 0;
    const res = await post("application/csp-report", {
      "csp-report": {
        "document-uri": VOUCHER,
        "violated-directive": "script-src-elem 'self' 'nonce-x'",
        "effective-directive": "script-src-elem",
        "blocked-uri": "https://evil.example/steal.js?mail=ada@x.it",
        disposition: "enforce",
      },
    });
    expect(res.statusCode, res.body).toBe(204);
    const [line, ...more] = violationLines();
    expect(more).toHaveLength(0);
    expect(line.level).toBe(40);
    expect(line.cspViolation).toEqual({
      directive: "script-src-elem",
      blocked: "https://evil.example",
      page: "voucher",
      disposition: "enforce",
    });
    const all = lines.join("\n");
    expect(all).not.toContain("7K3M9QX2HT4VZ8PN");
    expect(all).not.toContain("ada");
    expect(all).not.toContain("steal.js");
  });

  it("takes a Reporting API list: one line per csp-violation, other report types ignored", async () => {
    lines.length = 0;
    const res = await post("application/reports+json", [
      {
        type: "csp-violation",
        age: 10,
        url: VOUCHER,
        user_agent: "x",
        body: {
          documentURL: "https://book.hotel.example/hotel/1/channel/1/language/1/checkout",
          effectiveDirective: "connect-src",
          blockedURL: "https://collect.example/c?id=1",
          disposition: "enforce",
        },
      },
      {
        type: "csp-violation",
        body: { documentURL: VOUCHER, effectiveDirective: "script-src-elem", blockedURL: "inline" },
      },
      { type: "deprecation", body: { id: "x" } },
    ]);
    expect(res.statusCode, res.body).toBe(204);
    expect(violationLines().map((l) => l.cspViolation)).toEqual([
      {
        directive: "connect-src",
        blocked: "https://collect.example",
        page: "payment",
        disposition: "enforce",
      },
      { directive: "script-src-elem", blocked: "inline", page: "voucher", disposition: "enforce" },
    ]);
  });

  it.each([
    ["application/csp-report", "{not json", "body"],
    ["application/csp-report", { hello: "world" }, "body"],
    ["application/reports+json", [], ""],
    ["application/reports+json", "null", ""],
  ])("a body that is no report (%s %j) is a 400 in the one error shape", async (type, body, field) => {
    const res = await post(type, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe("invalid_input");
    if (field) expect(JSON.stringify(res.json().error.details)).toContain(field);
  });

  it("a body over 16 KB is a 413, a text that is no report a 400, an unknown media type a 415; never a 5xx", async () => {
    const big = await post("application/csp-report", {
      "csp-report": { "blocked-uri": "inline", "document-uri": "x".repeat(17 * 1024) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe("payload_too_large");
    const text = await post("text/plain", "hello");
    expect(text.statusCode).toBe(400);
    expect(text.json().error.code).toBe("invalid_input");
    const xml = await post("application/xml", "<a/>");
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.details).toBeDefined();
  });

  it("is rate limited per address", async () => {
    const report = { "csp-report": { "blocked-uri": "inline", "effective-directive": "script-src-elem" } };
    for (let i = 0; i < CSP_REPORTS_PER_ADDRESS_PER_MINUTE; i++)
      expect((await post("application/csp-report", report, "10.9.9.9")).statusCode).toBe(204);
    const refused = await post("application/csp-report", report, "10.9.9.9");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("rate_limited");
    // Another address is not affected.
    expect((await post("application/csp-report", report, "10.9.9.10")).statusCode).toBe(204);
  });

  it("keeps only the directive's name and the blocked origin or keyword", () => {
    expect(directiveOf("script-src 'self'")).toBe("script-src");
    expect(directiveOf("<img>")).toBe("unknown");
    expect(blockedOriginOf("eval")).toBe("eval");
    expect(blockedOriginOf("data:image/png;base64,xx")).toBe("data:");
    expect(blockedOriginOf("https://a.example:8443/p/q?x=1#y")).toBe("https://a.example:8443");
    expect(blockedOriginOf("ada@x.it")).toBe("unknown");
    expect(blockedOriginOf(undefined)).toBe("unknown");
  });
});
