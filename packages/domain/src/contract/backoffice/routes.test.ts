import { describe, expect, it } from "vitest";
import { isWebPage } from "../web-routes";
import { isBackOfficePage } from "./routes";

describe("back-office routes", () => {
  it.each([
    ["/admin", true],
    ["/admin/", true],
    ["/admin/sign-in", true],
    ["/admin/hotel/1/reservations/42", true],
    ["/admin/hotel/1/catalogue/rooms", true],
    ["/admin/hotel/1/catalogue/rooms/7", true],
    ["/admin/nope", false],
    ["/admin/hotel/1", true],
    ["/admin/hotel/1/reservations/42/x", false],
    ["/admin/trade", true],
    ["/admin/trade/3", true],
    ["/admin/trade/3/x", false],
  ])("%s is a back-office page: %s", (path, page) => {
    expect(isBackOfficePage(path)).toBe(page);
    expect(isWebPage(path)).toBe(false);
  });
});
