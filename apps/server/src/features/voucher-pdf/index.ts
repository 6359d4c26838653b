/** The voucher-pdf feature's public face: what the HTTP layer, the jobs and other features may use. */

export { renderAgencyPdf } from "./agency-pdf";
export {
  deliverDueMail,
  renderMailRecipe,
  renderPendingMails,
  reservationMailRenderer,
} from "./mail-rendering";
export type { PdfRenderer } from "./pdf-thread";
export { PdfThread } from "./pdf-thread";
export { renderVoucherPdf } from "./render-pdf";
export { downloadVoucherPdf, renderReservationVoucher } from "./service";
export type { VoucherBlock } from "./voucher-document";
export { buildVoucherDocument } from "./voucher-document";
