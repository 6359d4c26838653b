import { VoucherPdfFileSchema, VoucherPdfRequestSchema } from "@alloggio/domain/contract/booking/voucher-pdf";
import { ErrorSchema } from "@alloggio/domain/contract/common";
import type { ManageDeps } from "../../features/manage";
import { downloadVoucherPdf } from "../../features/voucher-pdf";
import { registerAddressLimited } from "../address-limits";
import type { App } from "../app-type";
import { RETRIEVE_LIMIT } from "../booking/routes";
import type { LinkBase } from "../link-base";

/** `POST /api/voucher.pdf`: the voucher as a PDF download, for the holder only, rate limited like `retrieve.do`. */
export function registerVoucherPdfRoutes(app: App, deps: ManageDeps & { linkBase: LinkBase }): void {
  registerAddressLimited(app, deps, (scope) =>
    scope.post(
      "/api/voucher.pdf",
      {
        config: RETRIEVE_LIMIT,
        schema: {
          tags: ["booking"],
          summary:
            "The voucher as a PDF file, by the code and the booker's e-mail like retrieve.do (one answer for any mismatch, rate limited)",
          body: VoucherPdfRequestSchema,
          response: {
            200: {
              description: "The voucher (attachment `<hotel>-<code>.pdf`)",
              content: { "application/pdf": { schema: VoucherPdfFileSchema } },
            },
            400: ErrorSchema,
            404: ErrorSchema,
            429: ErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const pdf = await downloadVoucherPdf(deps, request.body, await deps.linkBase(request));
        return (
          reply
            .type("application/pdf")
            .header("content-disposition", `attachment; filename="${pdf.filename}"`)
            .header("cache-control", "no-store")
            .header("referrer-policy", "no-referrer")
            // The schema documents the bytes as a binary string; Fastify sends a Buffer as it is.
            .send(pdf.content as unknown as string)
        );
      },
    ),
  );
}
