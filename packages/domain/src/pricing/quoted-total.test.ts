import { describe, expect, it } from "vitest";
import { linkTotalMinor, quotedTotalMinor } from "./quoted-total";

describe("quotedTotalMinor", () => {
  it.each([
    [[], 0],
    [[{ totalMinor: 12345 }], 12345],
    [[{ totalMinor: 12345 }, { totalMinor: 30000 }, { totalMinor: 5 }], 42350],
  ])("rooms %j → %d", (rooms, expected) => {
    expect(quotedTotalMinor(rooms)).toBe(expected);
  });
});

describe("linkTotalMinor", () => {
  it.each([
    [{ roomPrices: [{ totalMinor: 20000 }, { totalMinor: 25000 }], totalMinor: null }, 45000],
    // A link with its rooms' prices reads their sum, whatever total it also carries.
    [{ roomPrices: [{ totalMinor: 20000 }], totalMinor: 99999 }, 20000],
    [{ roomPrices: null, totalMinor: 45000 }, 45000],
    [{ roomPrices: undefined, totalMinor: null }, null],
  ])("%j → %j", (link, expected) => {
    expect(linkTotalMinor(link)).toBe(expected);
  });
});
