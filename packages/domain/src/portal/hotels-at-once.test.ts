import { describe, expect, it } from "vitest";
import { nextHotels, PORTAL_HOTELS_AT_ONCE } from "./hotels-at-once";

describe("the portal's hotels, so many at once", () => {
  it("offers the next 20 while more than 20 are left, then the last ones, then nothing", () => {
    expect(PORTAL_HOTELS_AT_ONCE).toBe(20);
    expect(nextHotels(20, 100)).toEqual({ count: 20, last: false });
    expect(nextHotels(20, 41)).toEqual({ count: 20, last: false });
    expect(nextHotels(20, 40)).toEqual({ count: 20, last: true });
    expect(nextHotels(80, 81)).toEqual({ count: 1, last: true });
    expect(nextHotels(20, 20)).toBeNull();
    expect(nextHotels(3, 3)).toBeNull();
    expect(nextHotels(20, 3)).toBeNull();
  });
});
