import { describe, expect, it } from "vitest";
import { parseSearch, toSearchQuery } from "./search-state";

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
    ["adults=21", { rooms: [{ adults: 2, ages: [] }] }],
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
      "arrival=20300110&departure=20300113&adults=2,1&childs=1,2&ages=5,1,17&promoCode=X",
      today,
    );
    const q = new URLSearchParams(
      Object.entries(toSearchQuery(state)).flatMap(([k, v]) =>
        v === undefined ? [] : [[k, Array.isArray(v) ? v.join(",") : String(v)]],
      ),
    );
    expect(parseSearch(q.toString(), today)).toEqual(state);
  });
});
