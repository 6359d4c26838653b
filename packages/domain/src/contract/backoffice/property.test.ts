import { describe, expect, it } from "vitest";
import { HotelFileSchema, hotelRules, ratePlanRules, roomTypeRules } from "../property/property-file";
import { HotelInputSchema, RatePlanInputSchema, RoomTypeInputSchema, thumbnailOf } from "./property";

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => ({ field: i.path.join("."), message: i.message }));

describe("the catalogue's shared rules", () => {
  it("refuse a room type whose minimum or adults exceed its maximum, with the file's message", () => {
    expect(roomTypeRules({ minOccupancy: 4, maxOccupancy: 3, maxAdults: 2 })).toEqual([
      { path: ["minOccupancy"], message: "must be at most maxOccupancy", rule: "min_occupancy_at_most_max" },
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
    expect(ratePlanRules({ ...base, refundable: false, resaleFeePercent: 10 })).toEqual([
      {
        path: ["resaleFeePercent"],
        message: "only a resellable rate has a resale fee",
        rule: "resale_fee_needs_resale",
      },
    ]);
    expect(ratePlanRules({ ...base, refundable: false, resellable: true, resaleFeePercent: 10 })).toEqual([]);
    const steps = [
      { timing: "immediate" as const, days: 0, percent: 50 },
      { timing: "days_before_arrival" as const, days: 7, percent: 60 },
    ];
    expect(ratePlanRules({ ...base, prepayment: steps })).toEqual([
      { path: ["prepayment"], message: "the steps add up to more than 100%", rule: "prepayment_over_100" },
    ]);
    const step = RatePlanInputSchema.safeParse({
      ...base,
      prepayment: [{ timing: "immediate", days: 0, percent: 101 }],
    });
    expect(issuesOf(step)[0]?.field).toBe("prepayment.0.percent");
  });

  it("name the pet fee in minor units when pets are charged without one", () => {
    expect(hotelRules({ pets: "per_night" })).toEqual([
      { path: ["petFee"], message: "is needed when pets are charged per night", rule: "pet_fee_needed" },
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

  it("refuse a check-in that ends before it starts, and breakfast with one time or in the wrong order", () => {
    const base = { pets: "free" as const };
    expect(hotelRules({ ...base, checkInFrom: "15:00", checkInUntil: "14:00" })).toEqual([
      { path: ["checkInUntil"], message: "must not be before checkInFrom", rule: "check_in_order" },
    ]);
    expect(hotelRules({ ...base, checkInFrom: "15:00", checkInUntil: "15:00" })).toEqual([]);
    // Until 00:00 is until midnight, at the end of the arrival day.
    expect(hotelRules({ ...base, checkInFrom: "15:00", checkInUntil: "00:00" })).toEqual([]);
    expect(hotelRules({ ...base, breakfastFrom: "07:00" })).toEqual([
      { path: ["breakfastUntil"], message: "breakfast needs both times", rule: "breakfast_both_times" },
    ]);
    expect(hotelRules({ ...base, breakfastUntil: "10:00" })[0]?.path).toEqual(["breakfastFrom"]);
    expect(hotelRules({ ...base, breakfastFrom: "10:30", breakfastUntil: "07:00" })).toEqual([
      { path: ["breakfastUntil"], message: "must not be before breakfastFrom", rule: "breakfast_order" },
    ]);
    expect(hotelRules({ ...base, breakfastFrom: "07:00", breakfastUntil: "10:30" })).toEqual([]);
  });

  it("accept only the gateway's four redirect methods, each once, in the input and in the property file", () => {
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
    };
    expect(HotelInputSchema.safeParse({ ...hotel, paymentMethods: ["wallet", "pay_by_link"] }).success).toBe(
      true,
    );
    expect(issuesOf(HotelInputSchema.safeParse({ ...hotel, paymentMethods: ["cash"] }))[0]?.field).toBe(
      "paymentMethods.0",
    );
    expect(
      issuesOf(HotelInputSchema.safeParse({ ...hotel, paymentMethods: ["wallet", "wallet"] }))[0],
    ).toEqual({ field: "paymentMethods", message: "must not name a method twice" });
    expect(issuesOf(HotelInputSchema.safeParse({ ...hotel, checkInUntil: "13:00" }))).toEqual([
      { field: "checkInUntil", message: "must not be before checkInFrom" },
    ]);
    // The property file: the same methods; the settings' other keys pass as they are.
    const file = { ...hotel, id: 1, channelIds: [1] };
    const parsed = HotelFileSchema.safeParse({
      ...file,
      settings: { paymentMethods: ["mobile"], addressMandatory: true, custom: { a: 1 } },
    });
    expect(parsed.data?.settings).toEqual({
      paymentMethods: ["mobile"],
      addressMandatory: true,
      custom: { a: 1 },
    });
    expect(
      issuesOf(HotelFileSchema.safeParse({ ...file, settings: { paymentMethods: ["card_payment"] } }))[0]
        ?.field,
    ).toBe("settings.paymentMethods.0");
  });

  it("limit wellness, activities and business services to 30 items of 200 characters, English required", () => {
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
    };
    const item = { en: "Sauna", it: "Sauna" };
    expect(HotelInputSchema.safeParse({ ...hotel, wellness: Array(30).fill(item) }).success).toBe(true);
    expect(issuesOf(HotelInputSchema.safeParse({ ...hotel, wellness: Array(31).fill(item) }))[0]?.field).toBe(
      "wellness",
    );
    expect(
      issuesOf(HotelInputSchema.safeParse({ ...hotel, activities: [item, { en: "x".repeat(201) }] }))[0]
        ?.field,
    ).toBe("activities.1.en");
    expect(
      issuesOf(HotelInputSchema.safeParse({ ...hotel, businessServices: [{ it: "Sala riunioni" }] }))[0],
    ).toEqual({ field: "businessServices.0", message: "needs an English text (en)" });
  });

  it("derives an uploaded photo's thumbnail address, and leaves other addresses alone", () => {
    expect(thumbnailOf("/api/photos/12/1600.webp")).toBe("/api/photos/12/400.webp");
    expect(thumbnailOf("https://cdn.example/x.jpg")).toBe("https://cdn.example/x.jpg");
  });
});
