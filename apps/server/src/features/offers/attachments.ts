/**
 * Offer attachments (ADR 0039): the bytes live in the database (`offer_attachment_content`, like the room
 * photos of ADR 0026); the type is read from the content (PDF, PNG, JPEG, WebP), the name is sanitised, the sha256
 * is kept. The back office uploads and removes them (features/backoffice/offer-files); the recipient downloads them
 * on the offer's own API path, with the unlock's access cookie, served so that no browser runs what it gets.
 */
import { createHash } from "node:crypto";
import {
  type AttachmentContentType,
  contentDisposition,
  MAX_ATTACHMENT_BYTES,
  sanitiseAttachmentName,
  sniffAttachmentType,
} from "@alloggio/domain/offers/attachment-type";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Database, Db } from "../../db/client";
import { AppError } from "../../http/errors";
import {
  type AttachmentRow,
  deleteAttachment,
  findAttachmentContent,
  findOfferIdByCode,
  insertAttachmentRows,
  listAttachmentRows,
} from "./repository";
import { hasAccess, offerNotFound } from "./service";

export { deleteAttachment };

/** A refusal of the uploaded file, naming the multipart field `file`. */
export function attachmentError(code: string, status: number, message: string): AppError {
  return new AppError(code, status, `file: ${message}`, [{ field: "file", message }]);
}

export type AttachmentFile = {
  filename: string;
  contentType: AttachmentContentType;
  size: number;
  sha256: string;
  content: Buffer;
};

/** The one file of a multipart request (field `file`), checked: type by content, at most 10 MB, a safe name. */
export async function readAttachmentFile(request: FastifyRequest): Promise<AttachmentFile> {
  if (!request.isMultipart())
    throw attachmentError("invalid_input", 400, "send the file as multipart/form-data");
  const file = await request.file();
  if (file?.fieldname !== "file") throw attachmentError("invalid_input", 400, "is missing");
  let content: Buffer;
  try {
    content = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE" || file.file.truncated)
      throw attachmentError("attachment_too_large", 413, "at most 10 MB");
    throw error;
  }
  if (content.length > MAX_ATTACHMENT_BYTES || file.file.truncated)
    throw attachmentError("attachment_too_large", 413, "at most 10 MB");
  const contentType = sniffAttachmentType(content.subarray(0, 16));
  if (!contentType) throw attachmentError("attachment_type", 415, "must be a PDF, PNG, JPEG or WebP file");
  return {
    filename: sanitiseAttachmentName(file.filename ?? "", contentType),
    contentType,
    size: content.length,
    sha256: createHash("sha256").update(content).digest("hex"),
    content,
  };
}

/** What the audit keeps of an attachment: never its bytes. */
export const storedAttachment = (row: AttachmentRow) => ({
  filename: row.filename,
  contentType: row.contentType,
  size: row.sizeBytes,
  sha256: row.sha256,
});

export const toAttachment = (row: AttachmentRow, uploadedBy: string | null) => ({
  id: row.id,
  filename: row.filename,
  contentType: row.contentType,
  size: row.sizeBytes,
  sha256: row.sha256,
  createdAt: row.createdAt.toISOString(),
  uploadedBy,
});

export async function insertAttachment(
  tx: Db,
  offerId: number,
  file: AttachmentFile,
  uploadedBy: number,
  now: Date,
) {
  return insertAttachmentRows(
    tx,
    {
      offerId,
      filename: file.filename,
      contentType: file.contentType,
      sizeBytes: file.size,
      sha256: file.sha256,
      createdAt: now,
      uploadedBy,
    },
    file.content,
  );
}

export async function listAttachments(db: Db, offerId: number) {
  const rows = await listAttachmentRows(db, offerId);
  return rows.map((r) => toAttachment(r.attachment, r.uploadedBy));
}

/**
 * Sends an attachment of this offer with headers that keep a browser from running it: the sniffed type, nosniff,
 * a CSP that allows nothing and sandboxes, a download for PDFs (images may show inline), never cached.
 * Null when the offer has no such attachment.
 */
/**
 * Sends the file and answers true, or false when there is none. Not the reply itself: a reply is a thenable, so an
 * awaited one resolves to undefined once sent, which read as "no such file" and logged an error after every download.
 */
export async function sendAttachment(
  db: Db,
  reply: FastifyReply,
  offerId: number,
  attachmentId: number,
): Promise<boolean> {
  const row = await findAttachmentContent(db, offerId, attachmentId);
  if (!row) return false;
  const inline = row.contentType.startsWith("image/");
  reply
    .header("content-type", row.contentType)
    .header("content-disposition", contentDisposition(inline ? "inline" : "attachment", row.filename))
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("cache-control", "private, no-store")
    .header("cross-origin-resource-policy", "same-origin")
    .send(row.content);
  return true;
}

/**
 * The recipient's download of an attachment, only with this offer's live access cookie (its Path,
 * `/api/v2/offers/<code>`, covers the download's route). Unknown code or attachment: 404; no or another offer's
 * cookie: 401 `offer_unlock_required`.
 */
export async function downloadOfferAttachment(
  deps: { database: Database; now: () => Date },
  request: FastifyRequest,
  reply: FastifyReply,
  offerCode: string,
  attachmentId: number,
): Promise<void> {
  const found = await findOfferIdByCode(deps.database.db, offerCode);
  if (!found) throw offerNotFound();
  if (!(await hasAccess(deps, request, found.id)))
    throw new AppError("offer_unlock_required", 401, "Open the offer with its e-mail first", [
      { field: "offerCode", message: "enter the e-mail the offer was sent to" },
    ]);
  if (!(await sendAttachment(deps.database.db, reply, found.id, attachmentId)))
    throw new AppError("not_found", 404, "No such attachment", [
      { field: "attachmentId", message: "unknown" },
    ]);
}
