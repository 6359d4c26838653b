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
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  addOfferAttachment,
  offerAttachments,
  removeOfferAttachment,
  requireOfferOfHotel,
  requireOpenOffer,
} from "../../../features/backoffice";
import { readAttachmentFile, sendAttachment } from "../../../features/offers";
import type { App } from "../../app-type";
import { AppError } from "../../errors";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";
import { staffRoutes } from "../staff-routes";

const attachmentNotFound = () =>
  new AppError("not_found", 404, "No such attachment", [{ field: "attachmentId", message: "unknown" }]);

/**
 * An offer's attachments in the back office (ADR 0039), area `offers`: upload (type by content, size,
 * count, name sanitised, sha256 kept), list, download, delete. Uploads and deletes are audited.
 */
export function registerOfferFileRoutes(app: App, deps: BackOfficeDeps): void {
  const route = staffRoutes(app, deps, "offers");
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
        const staff = await route.check(request, hotelId);
        await requireOpenOffer(deps, hotelId, offerId);
        const file = await readAttachmentFile(request);
        return reply.code(201).send(await addOfferAttachment(deps, staff, hotelId, offerId, file));
      },
    );
  });

  route.get(
    base,
    {
      summary: "An offer's attachments, and whether they may change now",
      params: OfferFilesParamsSchema,
      answer: BoOfferAttachmentListSchema,
    },
    ({ params }) => offerAttachments(deps, params.hotelId, params.offerId),
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
      await route.check(request, hotelId);
      await requireOfferOfHotel(deps, hotelId, offerId);
      if (!(await sendAttachment(deps.database.db, reply, offerId, attachmentId))) throw attachmentNotFound();
      return reply;
    },
  );

  route.delete(
    `${base}/:attachmentId`,
    { summary: "Remove an attachment from an open offer", params: OfferFileParamsSchema, answer: "Removed" },
    ({ staff, params }) =>
      removeOfferAttachment(deps, staff, params.hotelId, params.offerId, params.attachmentId),
  );
}
