import { describe, expect, it } from "vitest";
import { firstPageNamespaces, hotelPageIds } from "./first-page";

describe("the first page's ids and texts", () => {
  it("reads a hotel page's ids as HotelLayout does", () => {
    expect(hotelPageIds("/hotel/4/channel/2/language/3/rooms")).toEqual({
      hotel: 4,
      channel: 2,
      language: 3,
    });
    expect(hotelPageIds("/hotel/4/channel/2/language/3")).toEqual({ hotel: 4, channel: 2, language: 3 });
    expect(hotelPageIds("/hotel/4/channel/2/language/x/checkout")).toEqual({
      hotel: 4,
      channel: 2,
      language: 1,
    });
  });

  it("is null for the pages outside a hotel", () => {
    for (const path of ["/", "/channel/1/language/1", "/admin/login", "/offer/ABC", "/hotel/4/channel/2"])
      expect(hotelPageIds(path)).toBeNull();
  });

  it("loads the search page's texts for the search page and the hotel's index, the layout's for the others", () => {
    const search = ["common", "hotel", "global", "consent", "chat", "rooms", "search"];
    expect(firstPageNamespaces("/hotel/1/channel/1/language/1/rooms")).toEqual(search);
    expect(firstPageNamespaces("/hotel/1/channel/1/language/1/rooms/")).toEqual(search);
    expect(firstPageNamespaces("/hotel/1/channel/1/language/1")).toEqual(search);
    expect(firstPageNamespaces("/hotel/1/channel/1/language/1/checkout")).toEqual([
      "common",
      "hotel",
      "global",
      "consent",
      "chat",
    ]);
    expect(firstPageNamespaces("/admin")).toEqual(["common"]);
  });
});
