import type { ReservationLink } from "@alloggio/domain/contract/portal/reservation-link";
import { describe, expect, it } from "vitest";
import type { SearchState } from "../search/search-state";
import { holdsLink, searchOfLink } from "./link-search";

const link: ReservationLink = {
  id: "101",
  title: "Your stay",
  message: "",
  arrival: "20300110",
  departure: "20300114",
  nights: 4,
  rooms: [
    { adults: 2, ages: [] },
    { adults: 2, ages: [4, 9] },
  ],
  roomIds: [],
  rateIds: [7],
  promoCode: "SPRING",
  total: null,
  currency: "EUR",
  expiresAt: null,
  expired: false,
};
const empty: SearchState = {
  arrival: "20300105",
  departure: "20300106",
  rooms: [{ adults: 2, ages: [] }],
  promoCode: "",
};

describe("reservation link search", () => {
  it("takes the link's dates, rooms and promo code, and keeps its id", () => {
    const search = searchOfLink(link, empty);
    expect(search).toEqual({
      arrival: "20300110",
      departure: "20300114",
      rooms: link.rooms,
      promoCode: "SPRING",
      reservationLinkId: "101",
    });
    expect(holdsLink(search, link)).toBe(true);
  });

  it("is not held by another search or another link", () => {
    expect(holdsLink(empty, link)).toBe(false);
    expect(holdsLink({ ...searchOfLink(link, empty), reservationLinkId: "102" }, link)).toBe(false);
    expect(holdsLink({ ...searchOfLink(link, empty), arrival: "20300111" }, link)).toBe(false);
  });
});
