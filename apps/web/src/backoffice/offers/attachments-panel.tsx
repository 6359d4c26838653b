/**
 * The attachments of one offer on its back-office page (issue 14): list, upload, delete while the offer is open.
 * Placeholder: built by the attachments work; the offer page renders it as it is.
 */
export function OfferAttachmentsPanel(_props: { hotel: number; offerId: number; editable: boolean }) {
  return null;
}
