import { z } from "zod";

// The browsers' reports of Content-Security-Policy violations (ADR 0042): `report-uri` sends one
// `application/csp-report` object, the Reporting API (`report-to`) an `application/reports+json` list.

const text = z.string().max(4096);

/** `report-uri`'s body: `{ "csp-report": { … } }`. */
export const LegacyCspReportSchema = z
  .object({
    "csp-report": z.looseObject({
      "document-uri": text.optional(),
      "violated-directive": text.optional(),
      "effective-directive": text.optional(),
      "blocked-uri": text.optional(),
      disposition: text.optional(),
    }),
  })
  .meta({ id: "LegacyCspReport" });

/** One report of the Reporting API; only `csp-violation` reports are read, others are ignored. */
export const ReportingApiReportSchema = z
  .looseObject({
    type: z.string().max(100),
    url: text.optional(),
    body: z
      .looseObject({
        documentURL: text.optional(),
        effectiveDirective: text.optional(),
        blockedURL: text.optional(),
        disposition: text.optional(),
      })
      .optional(),
  })
  .meta({ id: "ReportingApiReport" });

export const CspReportRequestSchema = z
  .union([LegacyCspReportSchema, z.array(ReportingApiReportSchema).min(1).max(100)])
  .meta({ id: "CspReportRequest" });
export type CspReportRequest = z.infer<typeof CspReportRequestSchema>;

/** The media types the route takes (and plain JSON). */
export const CSP_REPORT_TYPES = ["application/csp-report", "application/reports+json"] as const;
/** The largest report body taken. */
export const CSP_REPORT_MAX_BYTES = 16 * 1024;
