import { describe, expect, it } from "vitest";
import { hotelRules, ratePlanRules, roomTypeRules } from "../property/property-file";
import { HotelInputSchema, RatePlanInputSchema, RoomTypeInputSchema, thumbnailOf } from "./property";

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => ({ field: i.path.join("."), message: i.message }));

describe("the catalogue's shared rules", () => {
  it("refuse a room type whose minimum or adults exceed its maximum, with the file's message", () => {
    expect(roomTypeRules({ minOccupancy: 4, maxOccupancy: 3, maxAdults: 2 })).toEqual([
      { path: ["minOccupancy"], message: "must be at most maxOccupancy" },
    ]);
    const input = { code: "X", name: { en: "X" }, maxOccupancy: 2, maxAdults: 3 };
    expect(issuesOf(RoomTypeInputSchema.safeParse(input))).toEqual([
      { field: "maxAdults", message: "must be at most maxOccupancy" },
    ]);
  });

  it("refuse rate plan terms that contradict each other", () => {
    const base = { code: "R", name: { en: "R" }, channelIds: [1] };
    expect(ratePlanRules({ ...base, refundable: false, freeCancellationDays: 2 })[0]?.path).toEqual([
      "freeCancellationDays",
    ]);
    expect(ratePlanRules({ ...base, isNet: true, commissionPercent: 10 })[0]?.path).toEqual([
      "commissionPercent",
    ]);
    expect(ratePlanRules({ ...base, payment: "prepaid", optionHours: 24 })[0]?.path).toEqual(["optionHours"]);
    expect(ratePlanRules({ ...base, minStay: 5, maxStay: 3 })[0]?.path).toEqual(["maxStay"]);
    const steps = [
      { timing: "immediate" as const, days: 0, percent: 50 },
      { timing: "days_before_arrival" as const, days: 7, percent: 60 },
    ];
    expect(ratePlanRules({ ...base, prepayment: steps })).toEqual([
      { path: ["prepayment"], message: "the steps add up to more than 100%" },
    ]);
    const step = RatePlanInputSchema.safeParse({
      ...base,
      prepayment: [{ timing: "immediate", days: 0, percent: 101 }],
    });
    expect(issuesOf(step)[0]?.field).toBe("prepayment.0.percent");
  });

  it("name the pet fee in minor units when pets are charged without one", () => {
    expect(hotelRules({ pets: "per_night" })).toEqual([
      { path: ["petFee"], message: "is needed when pets are charged per night" },
    ]);
    const hotel = {
      name: "H",
      address: "A",
      city: "C",
      country: "IT",
      timeZone: "Europe/Rome",
      currencyCode: "EUR",
      email: "h@example.test",
      checkInFrom: "14:00",
      checkInUntil: "22:00",
      checkOutUntil: "10:00",
      pets: "per_stay",
    };
    expect(issuesOf(HotelInputSchema.safeParse(hotel))[0]?.field).toBe("petFeeMinor");
    expect(HotelInputSchema.safeParse({ ...hotel, petFeeMinor: 1000 }).success).toBe(true);
    expect(
      issuesOf(HotelInputSchema.safeParse({ ...hotel, petFeeMinor: 1000, timeZone: "Nowhere/Land" }))[0]
        ?.field,
    ).toBe("timeZone");
  });

  it("derives an uploaded photo's thumbnail address, and leaves other addresses alone", () => {
    expect(thumbnailOf("/api/photos/12/1600.webp")).toBe("/api/photos/12/400.webp");
    expect(thumbnailOf("https://cdn.example/x.jpg")).toBe("https://cdn.example/x.jpg");
  });
});
