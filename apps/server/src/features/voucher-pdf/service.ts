import type { VoucherPdfRequest } from "@alloggio/domain/contract/booking/voucher-pdf";
import type { ReservationMailData } from "../mail";
import { guestViewOf } from "../mail";
import { type ManageDeps, readHolderReservation } from "../manage";
import type { PdfRenderer } from "./pdf-thread";
import { renderVoucherPdf } from "./render-pdf";
import { buildVoucherDocument } from "./voucher-document";

export type VoucherPdf = { filename: string; content: Buffer };

/** The voucher PDF of a reservation's mail data, in a language (1 en … 9 ja), generated at `now`. */
export async function renderReservationVoucher(
  data: ReservationMailData,
  languageId: number,
  now: Date,
  /** Where the document is drawn: here, or on the mail job's thread (`PdfThread`, ADR 0055). */
  pdf: PdfRenderer = renderVoucherPdf,
): Promise<VoucherPdf> {
  // The voucher is the guest's document: a trade booking's rates and agency money stay out of it.
  const doc = buildVoucherDocument(guestViewOf(data), languageId, now);
  return { filename: doc.filename, content: await pdf(doc, now) };
}

/**
 * `voucher.pdf`: the holder is checked as by `retrieve.do` and every voucher action (one 404 for any mismatch,
 * counted against the code; a code that failed too often is refused), then the PDF is made from that same read
 * (the mail's facts are a view of it).
 */
export async function downloadVoucherPdf(
  deps: ManageDeps,
  query: VoucherPdfRequest,
  baseUrl: string,
): Promise<VoucherPdf> {
  const holder = await readHolderReservation(deps, query);
  return renderReservationVoucher({ ...holder, baseUrl }, query.language ?? holder.languageId, deps.now());
}
