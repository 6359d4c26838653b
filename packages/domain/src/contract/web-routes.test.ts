import { describe, expect, it } from "vitest";
import { isIndexablePage, isWebPage, PAGE_ROUTES, pathInHotel, ROUTES, routePattern } from "./web-routes";

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

describe("pages a search engine may list", () => {
  it.each([
    "/hotel/1/channel/1/language/2",
    "/hotel/1/channel/1/language/2/rooms",
    "/hotel/1/channel/1/language/2/packages",
    "/hotel/1/channel/1/language/2/package/list",
    "/hotel/1/channel/1/language/2/package/view/7",
    "/channel/3/language/1",
  ])("%s may be listed", (path) => expect(isIndexablePage(path)).toBe(true));

  it.each([
    "/",
    "/hotel/1/channel/1/language/2/services",
    "/hotel/1/channel/1/language/2/checkout",
    "/hotel/1/channel/1/language/2/recover",
    "/hotel/1/channel/1/language/2/reservationLink/view/101",
    "/hotel/1/channel/1/language/1/voucher/code/AB12CD/email/a%40b.it",
    "/hotel/1/channel/1/language/1/3ds/code/AB12CD/email/a%40b.it",
    "/channel/2/language/1/agency",
    "/channel/2/language/1/recover",
    "/offer/DEM00FFERH0TE101",
    "/cro/7K3M9QX2HT4VZ8PN",
    "/admin/sign-in",
    "/no/such/page",
  ])("%s is never listed", (path) => expect(isIndexablePage(path)).toBe(false));
});
