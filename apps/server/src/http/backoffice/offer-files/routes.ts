import {
  BoOfferAttachmentListSchema,
  BoOfferAttachmentSchema,
  OfferFileParamsSchema,
  OfferFilesParamsSchema,
} from "@alloggio/domain/contract/backoffice/offer-attachments";
import { ErrorSchema } from "@alloggio/domain/contract/common";
import { MAX_ATTACHMENT_BYTES } from "@alloggio/domain/offers/attachment-type";
import multipart from "@fastify/multipart";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  addOfferAttachment,
  offerAttachments,
  removeOfferAttachment,
  requireHotel,
  requireOfferOfHotel,
  requireOpenOffer,
  requireStaff,
} from "../../../features/backoffice";
import { readAttachmentFile, sendAttachment } from "../../../features/offers";
import type { App } from "../../app-type";
import { AppError } from "../../errors";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

const attachmentNotFound = () =>
  new AppError("not_found", 404, "No such attachment", [{ field: "attachmentId", message: "unknown" }]);

/**
 * An offer's attachments in the back office (ADR 0039), area `offers`: upload (type by content, size,
 * count, name sanitised, sha256 kept), list, download, delete. Uploads and deletes are audited.
 */
export function registerOfferFileRoutes(app: App, deps: BackOfficeDeps): void {
  const staffOfHotel = async (request: Parameters<typeof requireStaff>[1], hotelId: number) => {
    const staff = await requireStaff(deps, request, "offers");
    requireHotel(staff, hotelId);
    return staff;
  };
  const base = "/api/backoffice/hotels/:hotelId/offers/:offerId/attachments";

  app.register(async (scope) => {
    // One more byte than allowed, so a file of exactly 10 MB passes and a larger one is seen as larger.
    await scope.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES + 1, files: 1, fields: 0 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      base,
      {
        schema: {
          tags: [BACK_OFFICE_TAG],
          summary:
            "Attach a file to an open offer (multipart field `file`: PDF, PNG, JPEG or WebP by content, at most 10 MB, 10 per offer)",
          consumes: ["multipart/form-data"],
          params: OfferFilesParamsSchema,
          response: { 201: BoOfferAttachmentSchema, ...backOfficeErrors, 413: ErrorSchema },
        },
      },
      async (request, reply) => {
        const { hotelId, offerId } = request.params;
        const staff = await staffOfHotel(request, hotelId);
        await requireOpenOffer(deps, hotelId, offerId);
        const file = await readAttachmentFile(request);
        return reply.code(201).send(await addOfferAttachment(deps, staff, hotelId, offerId, file));
      },
    );
  });

  app.get(
    base,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "An offer's attachments, and whether they may change now",
        params: OfferFilesParamsSchema,
        response: { 200: BoOfferAttachmentListSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, offerId } = request.params;
      await staffOfHotel(request, hotelId);
      return offerAttachments(deps, hotelId, offerId);
    },
  );

  app.get(
    `${base}/:attachmentId`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Download an attachment (served with its sniffed type, nosniff and a sandboxing CSP)",
        params: OfferFileParamsSchema,
        response: { ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const { hotelId, offerId, attachmentId } = request.params;
      await staffOfHotel(request, hotelId);
      await requireOfferOfHotel(deps, hotelId, offerId);
      if (!(await sendAttachment(deps.database.db, reply, offerId, attachmentId))) throw attachmentNotFound();
      return reply;
    },
  );

  app.delete(
    `${base}/:attachmentId`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Remove an attachment from an open offer",
        params: OfferFileParamsSchema,
        response: { 204: z.null().describe("Removed"), ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const { hotelId, offerId, attachmentId } = request.params;
      const staff = await staffOfHotel(request, hotelId);
      await removeOfferAttachment(deps, staff, hotelId, offerId, attachmentId);
      return reply.code(204).send(null);
    },
  );
}
