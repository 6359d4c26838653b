import { ErrorSchema } from "@alloggio/domain/contract/common";
import {
  CSP_REPORT_MAX_BYTES,
  CSP_REPORT_TYPES,
  type CspReportRequest,
  CspReportRequestSchema,
} from "@alloggio/domain/contract/csp-reports";
import { pageKindOf } from "@alloggio/domain/tracking/pages";
import { z } from "zod";
import type { Database } from "../../db/client";
import { perAddress, registerAddressLimited } from "../address-limits";
import type { App } from "../app-type";
import { badInput } from "../errors";
import { CSP_REPORT_PATH } from "../page-csp";

/** Reports taken per address and minute (a page with a blocked tag reports each attempt). */
export const CSP_REPORTS_PER_ADDRESS_PER_MINUTE = 60;

/** What one violation logs: the directive, the blocked origin (never its path or query) and the page's kind. */
export type Violation = { directive: string; blocked: string; page: string; disposition: string };

const KEYWORD = /^[a-z][a-z0-9-]{0,39}$/;

/** The directive's name alone (`script-src-elem 'self' …` → `script-src-elem`). */
export function directiveOf(value: string | undefined): string {
  const name = (value ?? "").trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  return KEYWORD.test(name) ? name : "unknown";
}

/** The blocked origin, or the keyword a browser sends (`inline`, `eval`, `data`…); never a path or query. */
export function blockedOriginOf(value: string | undefined): string {
  const text = (value ?? "").trim();
  if (!text) return "unknown";
  if (KEYWORD.test(text)) return text;
  try {
    const url = new URL(text);
    return url.origin !== "null" ? url.origin : url.protocol;
  } catch {
    return "unknown";
  }
}

/** The kind of page the violation happened on (rooms, payment, private…), from the document's path only. */
export function pageOf(documentUrl: string | undefined): string {
  try {
    return pageKindOf(new URL(documentUrl ?? "").pathname);
  } catch {
    return "unknown";
  }
}

/** The violations a body reports (at most 20 logged per request). */
export function violationsOf(body: CspReportRequest): Violation[] {
  if (!Array.isArray(body)) {
    const r = body["csp-report"];
    return [
      {
        directive: directiveOf(r["effective-directive"] ?? r["violated-directive"]),
        blocked: blockedOriginOf(r["blocked-uri"]),
        page: pageOf(r["document-uri"]),
        disposition: r.disposition === "report" ? "report" : "enforce",
      },
    ];
  }
  return body
    .filter((report) => report.type === "csp-violation" && report.body)
    .slice(0, 20)
    .map((report) => ({
      directive: directiveOf(report.body?.effectiveDirective),
      blocked: blockedOriginOf(report.body?.blockedURL),
      page: pageOf(report.body?.documentURL ?? report.url),
      disposition: report.body?.disposition === "report" ? "report" : "enforce",
    }));
}

/**
 * `POST /api/csp-reports` (ADR 0042): the browsers' CSP violation reports. Each is one warn line with the directive,
 * the blocked origin and the page's kind (no URL: the voucher's carries a code and an e-mail), answered 204; per
 * address rate limited in the database (ADR 0015); a body that is no report is a 400.
 */
export function registerCspReportRoutes(app: App, deps: { database: Database; now: () => Date }): void {
  registerAddressLimited(app, deps, (scope) => {
    scope.addContentTypeParser(
      [...CSP_REPORT_TYPES],
      { parseAs: "string", bodyLimit: CSP_REPORT_MAX_BYTES },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(badInput("body", "is not JSON"), undefined);
        }
      },
    );
    scope.post(
      CSP_REPORT_PATH,
      {
        bodyLimit: CSP_REPORT_MAX_BYTES,
        config: perAddress(CSP_REPORTS_PER_ADDRESS_PER_MINUTE),
        schema: {
          tags: ["security"],
          summary:
            "A browser's CSP violation reports (application/csp-report or application/reports+json, ≤ 16 KB); logged without URLs",
          body: CspReportRequestSchema,
          response: {
            204: z.null().describe("Taken"),
            400: ErrorSchema,
            413: ErrorSchema,
            415: ErrorSchema,
            429: ErrorSchema,
          },
        },
      },
      async (request, reply) => {
        for (const violation of violationsOf(request.body))
          request.log.warn({ cspViolation: violation }, "csp violation");
        return reply.code(204).send(null);
      },
    );
  });
}
