import { describe, expect, it } from "vitest";
import { normaliseSearch, parseSearch, toSearchQuery } from "./search-state";

const today = "20300105";

describe("parseSearch", () => {
  it.each([
    ["", { arrival: today, departure: "20300106", rooms: [{ adults: 2, ages: [] }] }],
    [
      "arrival=20300110&departure=20300113&adults=2,1&childs=1,0&ages=5",
      {
        arrival: "20300110",
        departure: "20300113",
        rooms: [
          { adults: 2, ages: [5] },
          { adults: 1, ages: [] },
        ],
      },
    ],
    ["arrival=20200101", { arrival: today, departure: "20300106" }],
    ["arrival=20300110&departure=20300109", { arrival: "20300110", departure: "20300111" }],
    ["adults=21", { rooms: [{ adults: 20, ages: [] }] }],
    ["adults=2&childs=2&ages=5", { rooms: [{ adults: 2, ages: [] }] }],
  ])("%s", (query, expected) => {
    expect(parseSearch(query, today)).toMatchObject(expected);
  });

  it("keeps last night's arrival just after midnight, but never defaults to it", () => {
    expect(parseSearch("arrival=20300104&departure=20300105", today, "20300104").arrival).toBe("20300104");
    expect(parseSearch("", today, "20300104").arrival).toBe(today);
    expect(parseSearch("arrival=20300103", today, "20300104").arrival).toBe(today);
  });

  it("round-trips through the query", () => {
    const state = parseSearch(
      "arrival=20300110&departure=20300113&adults=2,1&childs=1,2&ages=5,1,17&promoCode=X&hiddenPromocode=VIP",
      today,
    );
    const q = new URLSearchParams(
      Object.entries(toSearchQuery(state)).flatMap(([k, v]) =>
        v === undefined ? [] : [[k, Array.isArray(v) ? v.join(",") : String(v)]],
      ),
    );
    expect(parseSearch(q.toString(), today)).toEqual(state);
    expect(state).toMatchObject({ promoCode: "X", hiddenPromocode: "VIP" });
  });
});

describe("normaliseSearch", () => {
  const corrections = (query: string) => normaliseSearch(query, today).corrections;

  it.each([
    ["arrival=20200101&departure=20200104", [{ kind: "arrivalPast", arrival: today }]],
    ["arrival=20301310&departure=20301312", [{ kind: "arrivalInvalid", arrival: today }, expect.anything()]],
    ["arrival=20300110&departure=20300108", [{ kind: "departureBeforeArrival", departure: "20300111" }]],
    ["arrival=20300110&departure=20300110", [{ kind: "departureBeforeArrival", departure: "20300111" }]],
    ["arrival=20300110&departure=x", [{ kind: "departureInvalid", departure: "20300111" }]],
    ["arrival=20300110&departure=20300410", [{ kind: "tooLong", departure: "20300311", nights: 60 }]],
    ["adults=0", [{ kind: "adults" }]],
    ["adults=2,25", [{ kind: "adults" }]],
    ["adults=two", [{ kind: "adults" }]],
    [`adults=${Array(12).fill(1).join(",")}`, [{ kind: "rooms", count: 10 }]],
    ["adults=2&childs=2&ages=5", [{ kind: "children" }]],
    ["adults=2&childs=1&ages=19", [{ kind: "children" }]],
  ])("%s is corrected and says so", (query, expected) => {
    expect(corrections(query)).toEqual(expected);
  });

  it("moves a past stay to today, keeping its nights", () => {
    expect(normaliseSearch("arrival=20200101&departure=20200104", today).state).toMatchObject({
      arrival: today,
      departure: "20300108",
    });
  });

  it("corrects to the nearest valid search", () => {
    expect(normaliseSearch("arrival=20300110&departure=20300410&adults=0,25", today).state).toMatchObject({
      arrival: "20300110",
      departure: "20300311",
      rooms: [
        { adults: 1, ages: [] },
        { adults: 20, ages: [] },
      ],
    });
  });

  it("says nothing of what is only missing, or already valid", () => {
    expect(corrections("")).toEqual([]);
    expect(corrections("arrival=20300110")).toEqual([]);
    expect(corrections("arrival=20300110&departure=20300311&adults=1,20&childs=0,1&ages=17")).toEqual([]);
    expect(corrections("adults=2&childs=0")).toEqual([]);
  });

  it("gives a corrected search whose query needs no further correction", () => {
    const { state } = normaliseSearch("arrival=20200101&departure=20190101&adults=0&childs=3&ages=1", today);
    const q = new URLSearchParams(
      Object.entries(toSearchQuery(state)).flatMap(([k, v]) =>
        v === undefined ? [] : [[k, Array.isArray(v) ? v.join(",") : String(v)]],
      ),
    );
    expect(normaliseSearch(q.toString(), today)).toEqual({ state, corrections: [] });
  });
});
