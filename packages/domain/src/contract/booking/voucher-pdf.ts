import { z } from "zod";
import { RetrieveQuerySchema } from "./retrieve";

/**
 * `voucher.pdf`: the voucher as a PDF file. The holder proves who they are exactly as for `retrieve.do` (code,
 * booker e-mail, channel), in a POST body so the e-mail lands in no URL; `language` picks the PDF's language
 * (the reservation's own when absent).
 */
export const VoucherPdfRequestSchema = RetrieveQuerySchema;
export type VoucherPdfRequest = z.output<typeof VoucherPdfRequestSchema>;

/** The answer: `application/pdf`, as an attachment named `<hotel>-<code>.pdf`. */
export const VoucherPdfFileSchema = z
  .string()
  .meta({ format: "binary", description: "The voucher, a PDF file (A4) in the language asked" });
