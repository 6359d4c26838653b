import { describe, expect, it } from "vitest";
import { checkPromo, findPromo, type Promo, type PromoCheck, type PromoStay } from "./promo";

const buildPromo = (overrides: Partial<Promo> = {}): Promo => ({
  code: "SUMMER",
  hidden: false,
  discountPercent: 10,
  stayFrom: null,
  stayTo: null,
  bookFrom: null,
  bookTo: null,
  minNights: 0,
  ratePlanIds: [],
  ...overrides,
});

const buildStay = (overrides: Partial<PromoStay> = {}): PromoStay => ({
  arrival: "20240710",
  departure: "20240714",
  bookingDay: "20240301",
  ratePlanId: 7,
  ...overrides,
});

describe("findPromo", () => {
  const promos = [buildPromo({ code: "SUMMER" }), buildPromo({ code: " Vip2024 ", hidden: true })];

  it.each([
    ["SUMMER", "SUMMER"],
    ["summer", "SUMMER"],
    ["  Summer  ", "SUMMER"],
    ["VIP2024", " Vip2024 "],
    ["vip2024", " Vip2024 "],
    ["WINTER", null],
    ["", null],
    ["   ", null],
    [undefined, null],
  ])("%j → %j", (code, expected) => {
    expect(findPromo(promos, code)?.code ?? null).toBe(expected);
  });

  it("finds nothing in an empty list", () => {
    expect(findPromo([], "SUMMER")).toBeNull();
  });
});

const valid: PromoCheck = { valid: true };
const invalid = (reason: Exclude<PromoCheck, { valid: true }>["reason"]): PromoCheck => ({
  valid: false,
  reason,
});

describe("checkPromo", () => {
  it.each<[string, Partial<Promo>, Partial<PromoStay>, PromoCheck]>([
    ["open promo", {}, {}, valid],
    ["booked on the first booking day", { bookFrom: "20240301" }, {}, valid],
    ["booked on the last booking day", { bookTo: "20240301" }, {}, valid],
    ["booked before the window", { bookFrom: "20240302" }, {}, invalid("booking_window")],
    ["booked after the window", { bookTo: "20240229" }, {}, invalid("booking_window")],
    ["stay exactly fills the window", { stayFrom: "20240710", stayTo: "20240713" }, {}, valid],
    ["departure may fall after the window", { stayTo: "20240713" }, {}, valid],
    ["last night after the window", { stayTo: "20240712" }, {}, invalid("stay_window")],
    ["arrival before the window", { stayFrom: "20240711" }, {}, invalid("stay_window")],
    ["stay surrounds the window", { stayFrom: "20240711", stayTo: "20240712" }, {}, invalid("stay_window")],
    [
      "stay across the year end",
      { stayFrom: "20241220", stayTo: "20250105" },
      { arrival: "20241230", departure: "20250103" },
      valid,
    ],
    [
      "stay across the window end at year end",
      { stayTo: "20241231" },
      { arrival: "20241230", departure: "20250102" },
      invalid("stay_window"),
    ],
    ["min nights met", { minNights: 4 }, {}, valid],
    ["min nights missed", { minNights: 5 }, {}, invalid("min_nights")],
    ["min nights 7, weekly stay", { minNights: 7 }, { departure: "20240717" }, valid],
    ["zero nights", {}, { departure: "20240710" }, invalid("min_nights")],
    ["departure before arrival", {}, { departure: "20240709" }, invalid("min_nights")],
    ["rate in the list", { ratePlanIds: [3, 7] }, {}, valid],
    ["rate not in the list", { ratePlanIds: [3, 8] }, {}, invalid("rate")],
    [
      "booking window checked first",
      { bookTo: "20240101", stayTo: "20240101", minNights: 9, ratePlanIds: [1] },
      {},
      invalid("booking_window"),
    ],
    [
      "stay window before min nights",
      { stayTo: "20240101", minNights: 9, ratePlanIds: [1] },
      {},
      invalid("stay_window"),
    ],
    ["min nights before rate", { minNights: 9, ratePlanIds: [1] }, {}, invalid("min_nights")],
  ])("%s", (_, promo, stay, expected) => {
    expect(checkPromo(buildPromo(promo), buildStay(stay))).toEqual(expected);
  });
});
