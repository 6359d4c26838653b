import { describe, expect, it } from "vitest";
import { pathWithLanguage } from "./language-path";

describe("pathWithLanguage", () => {
  it.each([
    ["/hotel/1/channel/1/language/1/rooms", "", 2, "/hotel/1/channel/1/language/2/rooms"],
    [
      "/hotel/1/channel/1/language/1/rooms",
      "?arrival=20300610&departure=20300612&adults=2,1&childs=0,1&ages=5",
      9,
      "/hotel/1/channel/1/language/9/rooms?arrival=20300610&departure=20300612&adults=2,1&childs=0,1&ages=5",
    ],
    [
      "/hotel/4/channel/1/language/3/reservationLink/view/77",
      "?reservationLinkId=77&hpcc=abc",
      4,
      "/hotel/4/channel/1/language/4/reservationLink/view/77?reservationLinkId=77&hpcc=abc",
    ],
    ["/hotel/1/channel/1/language/1", "?", 5, "/hotel/1/channel/1/language/5"],
    ["/channel/1/language/2/recover", "promoCode=X", 1, "/channel/1/language/1/recover?promoCode=X"],
    ["/offer/ABC", "?a=1", 2, null],
  ])("%s%s → language %d", (path, search, id, expected) => {
    expect(pathWithLanguage(path, search, id)).toBe(expected);
  });
});
