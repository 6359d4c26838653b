/**
 * On an offer's back-office page: the link to its conversation with the recipient, with the unread count (issue
 * 14). Placeholder: built by the chat work; the offer page renders it as it is.
 */
export function OfferConversationLink(_props: { hotel: number; offerId: number }) {
  return null;
}
