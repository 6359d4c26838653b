import { describe, expect, it } from "vitest";
import { isWebPage, PAGE_ROUTES, pathInHotel, ROUTES, routePattern } from "./web-routes";

describe("web routes", () => {
  it.each([
    ["/", true],
    ["/channel/1/language/1", true],
    ["/channel/1/language/1/", true],
    ["/hotel/1/channel/1/language/1", true],
    ["/hotel/1/channel/1/language/1/ROOMS", true],
    ["/hotel/1/channel/1/language/1/voucher/code/AB/email/a%40b.it", true],
    ["/nope", false],
    ["//", false],
    ["/hotel/1/channel/1/language/1/nope", false],
    ["/hotel/1/channel/1/language/1/rooms/x", false],
    ["/hotel//channel/1/language/1/rooms", false],
    ["/offer/X", true],
    ["/offer/DEM00FFERH0TE101/more", false],
    ["/cro/7K3M9QX2HT4VZ8PN", true],
    ["/cro", false],
  ])("%s is a page: %s", (path, page) => {
    expect(isWebPage(path)).toBe(page);
  });

  it("a pattern's parameter is one segment", () => {
    expect(
      routePattern(ROUTES.packageView).exec("/hotel/1/channel/2/language/3/package/view/9")?.slice(1),
    ).toEqual(["1", "2", "3", "9"]);
  });

  it("the hotel's pages nest below the hotel route", () => {
    expect(pathInHotel("hotel")).toBe("/");
    expect(pathInHotel("rooms")).toBe("/rooms");
    expect(pathInHotel("voucher")).toBe("/voucher/code/:code/email/:email");
    expect(new Set(PAGE_ROUTES).size).toBe(PAGE_ROUTES.length);
  });
});
