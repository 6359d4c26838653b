import { describe, expect, it } from "vitest";
import { ServiceAvailQuerySchema, ServiceAvailResponseSchema } from "./service-avail";

const query = {
  channel: "2",
  hotel: "1",
  arrival: "20300701",
  departure: "20300704",
  rate: "20",
  room: "10",
};

describe("ServiceAvailQuerySchema", () => {
  it("reads one room slot's query with defaults", () => {
    expect(ServiceAvailQuerySchema.parse(query)).toEqual({
      channel: 2,
      hotel: 1,
      language: 1,
      arrival: "20300701",
      departure: "20300704",
      adults: 2,
      ages: [],
      promoCode: undefined,
      customer: undefined,
      rateId: 20,
      roomId: 10,
      reservationCode: undefined,
      promoId: undefined,
      reservationLinkId: undefined,
    });
  });

  it("reads every parameter of SPEC §7", () => {
    const parsed = ServiceAvailQuerySchema.parse({
      ...query,
      language: "2",
      adults: "3",
      childs: "2",
      ages: "4,11",
      promoCode: " SUMMER ",
      customer: "8",
      reservationCode: "0410-6105-0r3g-g28a",
      promoId: "5",
      rlId: "6",
      _: "1719830400000",
    });
    expect(parsed).toMatchObject({
      language: 2,
      adults: 3,
      ages: [4, 11],
      promoCode: "SUMMER",
      customer: 8,
      reservationCode: "041061050R3GG28A",
      promoId: 5,
      reservationLinkId: "6",
    });
  });

  it.each<[string, Record<string, string | undefined>, string]>([
    ["no arrival", { arrival: undefined }, "arrival"],
    ["no rate", { rate: undefined }, "rate"],
    ["no room", { room: undefined }, "room"],
    ["departure before arrival", { departure: "20300630" }, "departure"],
    ["two rooms", { adults: "2,2", childs: "0,0" }, "adults"],
    ["ages that do not match childs", { childs: "1", ages: "" }, "ages"],
    ["a child of 18", { childs: "1", ages: "18" }, "ages"],
    ["a bad reservation code", { reservationCode: "NOTACODE" }, "reservationCode"],
  ])("refuses %s", (_name, change, path) => {
    const result = ServiceAvailQuerySchema.safeParse({ ...query, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toContain(path);
  });
});

describe("ServiceAvailResponseSchema", () => {
  it("parses categories of services", () => {
    const response = {
      currency: "EUR",
      categories: [
        {
          id: 1,
          name: "Transfers",
          mandatory: true,
          services: [
            {
              id: 7,
              name: "Airport transfer",
              description: "",
              pricingBasis: "per_unit",
              perNight: false,
              price: 80,
              free: false,
              mandatoryFor: "none",
              needsDate: true,
              dates: ["20300701", "20300704"],
              timeSlots: ["09:00"],
              transfer: true,
              maxQuantity: 4,
              image: null,
              totalForStay: 80,
            },
          ],
        },
      ],
    };
    expect(ServiceAvailResponseSchema.parse(response)).toEqual(response);
    const bad = structuredClone(response);
    (bad.categories[0]!.services[0] as { pricingBasis: string }).pricingBasis = "per_room";
    expect(ServiceAvailResponseSchema.safeParse(bad).success).toBe(false);
  });
});
