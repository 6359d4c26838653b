import type { Offer, OfferSummary } from "@alloggio/domain/contract/offers/view";

export const CODE = "DEM00FFERH0TE101";

/** An unlocked two-option offer of hotel 1 as `GET /api/v2/offers/:code` gives it with the access cookie. */
export function anOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    offerCode: CODE,
    state: "unlocked",
    language: 1,
    hotel: { id: 1, name: "Hotel Test", email: "desk@hotel-test.example" },
    channel: 1,
    unavailableReason: null,
    recipient: { name: "Anna Bianchi" },
    currency: { code: "EUR", decimalDigits: 2 },
    arrival: "20300210",
    departure: "20300214",
    nights: 4,
    expiresAt: "2030-01-12T17:00:00.000Z",
    message: "Dear Anna,\nhere are two ideas for your stay.",
    video: {
      provider: "youtube",
      kind: "video",
      url: "https://youtu.be/dQw4w9WgXcQ",
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    },
    playlist: [
      {
        provider: "vimeo",
        kind: "playlist",
        url: "https://vimeo.com/showcase/123456",
        embedUrl: "https://vimeo.com/showcase/123456/embed?dnt=1",
      },
    ],
    options: [
      {
        position: 1,
        title: "Lake view",
        rooms: [
          {
            roomId: 1,
            roomName: "Double Room Lake View",
            rateId: 2,
            rateName: "Flexible rate",
            mealPlan: "breakfast",
            adults: 2,
            ages: [],
            price: 480,
          },
        ],
        services: [{ serviceId: 5, name: "Welcome drink", quantity: 2, price: 0 }],
        total: 480,
        cityTax: 0,
      },
      {
        position: 2,
        title: null,
        rooms: [
          {
            roomId: 3,
            roomName: "Family Suite",
            rateId: 2,
            rateName: "Flexible rate",
            mealPlan: "half_board",
            adults: 2,
            ages: [4, 7],
            price: 920.5,
          },
        ],
        services: [],
        total: 920.5,
        cityTax: 12,
      },
    ],
    attachments: [{ id: 9, filename: "brochure.pdf", contentType: "application/pdf", size: 245_000 }],
    rejection: null,
    reservation: null,
    ...overrides,
  };
}

export function aSummary(offer: Offer | null, state: OfferSummary["state"] = offer?.state ?? "locked") {
  const summary: OfferSummary = {
    state: state === "unlocked" ? "locked" : state,
    hotel: { id: 1, name: "Hotel Test", email: "desk@hotel-test.example" },
    unavailableReason: offer?.unavailableReason ?? null,
    channel: 1,
    language: 1,
  };
  if (offer) summary.offer = offer;
  return summary;
}
