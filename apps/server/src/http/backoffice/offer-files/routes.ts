import {
  BoOfferAttachmentListSchema,
  BoOfferAttachmentSchema,
  OfferFileParamsSchema,
  OfferFilesParamsSchema,
} from "@alloggio/domain/contract/backoffice/offer-attachments";
import { ErrorSchema } from "@alloggio/domain/contract/common";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_OFFER } from "@alloggio/domain/offers/attachment-type";
import multipart from "@fastify/multipart";
import { and, eq, sql } from "drizzle-orm";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { offer, offerAttachment } from "../../../db/schema";
import type { BackOfficeDeps } from "../../../features/backoffice";
import { audit, requireHotel, requireStaff } from "../../../features/backoffice";
import {
  attachmentError,
  deleteAttachment,
  insertAttachment,
  listAttachments,
  readAttachmentFile,
  sendAttachment,
  storedAttachment,
  toAttachment,
} from "../../../features/offers";
import type { App } from "../../app-type";
import { AppError } from "../../errors";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

const offerNotFound = () =>
  new AppError("not_found", 404, "No such offer", [{ field: "offerId", message: "unknown" }]);
const attachmentNotFound = () =>
  new AppError("not_found", 404, "No such attachment", [{ field: "attachmentId", message: "unknown" }]);

type OfferRow = { id: number; state: string; expiresAt: Date };

/** The offer of this hotel (hotel in the WHERE: another hotel's id answers like a missing one). */
async function findOffer(db: Db, hotelId: number, offerId: number, lock = false): Promise<OfferRow> {
  const query = db
    .select({ id: offer.id, state: offer.state, expiresAt: offer.expiresAt })
    .from(offer)
    .where(and(eq(offer.id, offerId), eq(offer.hotelId, hotelId)));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw offerNotFound();
  return row;
}

/** Files may change while the offer is open: locked or unlocked, and not past its expiry. */
const isOpen = (row: OfferRow, now: Date) =>
  (row.state === "locked" || row.state === "unlocked") && row.expiresAt.getTime() > now.getTime();

const closed = () =>
  new AppError("offer_closed", 409, "Attachments change only while the offer is open", [
    { field: "offerId", message: "the offer is no longer open" },
  ]);

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
        const db = deps.database.db;
        const found = await findOffer(db, hotelId, offerId);
        if (!isOpen(found, deps.now())) throw closed();
        const file = await readAttachmentFile(request);
        const saved = await db.transaction(async (t) => {
          const tx = t as unknown as Db;
          const locked = await findOffer(tx, hotelId, offerId, true);
          const now = deps.now();
          if (!isOpen(locked, now)) throw closed();
          const [count] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(offerAttachment)
            .where(eq(offerAttachment.offerId, offerId));
          if ((count?.n ?? 0) >= MAX_ATTACHMENTS_PER_OFFER)
            throw attachmentError(
              "attachment_limit",
              409,
              `an offer has at most ${MAX_ATTACHMENTS_PER_OFFER} attachments`,
            );
          const row = await insertAttachment(tx, offerId, file, staff.userId, now);
          await audit(tx, staff, {
            hotelId,
            action: "offer.attachment_add",
            entity: "offer_attachment",
            entityId: row.id,
            before: null,
            after: { offerId, ...storedAttachment(row) },
          });
          return row;
        });
        return reply.code(201).send(toAttachment(saved, staff.name));
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
      const found = await findOffer(deps.database.db, hotelId, offerId);
      return {
        attachments: await listAttachments(deps.database.db, offerId),
        editable: isOpen(found, deps.now()),
        max: MAX_ATTACHMENTS_PER_OFFER,
        maxBytes: MAX_ATTACHMENT_BYTES,
      };
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
      await findOffer(deps.database.db, hotelId, offerId);
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
      await deps.database.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const locked = await findOffer(tx, hotelId, offerId, true);
        const removed = await deleteAttachment(tx, offerId, attachmentId);
        if (!removed) throw attachmentNotFound();
        if (!isOpen(locked, deps.now())) throw closed();
        await audit(tx, staff, {
          hotelId,
          action: "offer.attachment_remove",
          entity: "offer_attachment",
          entityId: attachmentId,
          before: { offerId, ...storedAttachment(removed) },
          after: null,
        });
      });
      return reply.code(204).send(null);
    },
  );
}
