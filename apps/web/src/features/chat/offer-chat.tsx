/**
 * The chat of an unlocked offer's page with the hotel (issue 14). Placeholder: built by the chat work; the offer
 * page renders it as it is. The access cookie of the unlock authorises its calls (`/api/v2/offers/:code/chat`).
 */
export function OfferChat(_props: { offerCode: string; hotelName: string }) {
  return null;
}
