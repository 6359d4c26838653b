import { z } from "zod";
import { OfferCodeSchema } from "../offers/code";
import { HotelParamsSchema } from "./access";

// An offer's attachments in the back office (ADR 0039): upload (multipart field `file`: PDF, PNG, JPEG or
// WebP by content, at most 10 MB, at most 10 per offer, while the offer is open), list, download, delete; and the
// recipient's download on the offer's own API path with the unlock's cookie.

const Id = z.coerce.number().int().min(1).max(2_147_483_647);

export const OfferFilesParamsSchema = HotelParamsSchema.extend({ offerId: Id });
export const OfferFileParamsSchema = OfferFilesParamsSchema.extend({ attachmentId: Id });
/** `GET /api/v2/offers/:offerCode/attachments/:attachmentId` (the recipient's download). */
export const PublicOfferFileParamsSchema = z.object({ offerCode: OfferCodeSchema, attachmentId: Id });

export const BoOfferAttachmentSchema = z
  .object({
    id: z.number().int(),
    /** The sanitised name, ending with its type's extension. */
    filename: z.string(),
    /** The type read from the content: application/pdf, image/png, image/jpeg or image/webp. */
    contentType: z.string(),
    /** Bytes. */
    size: z.number().int(),
    /** Hex sha256 of the content. */
    sha256: z.string(),
    /** ISO 8601 (UTC). */
    createdAt: z.string(),
    /** Who uploaded it (null when that user is gone). */
    uploadedBy: z.string().nullable(),
  })
  .meta({ id: "BoOfferAttachment" });
export type BoOfferAttachment = z.infer<typeof BoOfferAttachmentSchema>;

export const BoOfferAttachmentListSchema = z
  .object({
    attachments: z.array(BoOfferAttachmentSchema),
    /** Whether files may be added or removed now: the offer is still open (locked or unlocked, not expired). */
    editable: z.boolean(),
    /** At most this many files per offer. */
    max: z.number().int(),
    /** At most this many bytes per file. */
    maxBytes: z.number().int(),
  })
  .meta({ id: "BoOfferAttachmentList" });
export type BoOfferAttachmentList = z.infer<typeof BoOfferAttachmentListSchema>;
