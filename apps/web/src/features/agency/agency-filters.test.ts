import { describe, expect, it } from "vitest";
import { NO_FILTERS, queryOf, readFilters, toRequest } from "./agency-filters";

describe("agency filters in the URL", () => {
  it("reads every filter back from the query and sends it to the list call", () => {
    const f = readFilters("?status=waiting&hotel=3&priceMin=100.5&priceMax=900&adults=2&rooms=1&page=2");
    expect(f).toEqual({
      status: "waiting",
      hotel: "3",
      priceMin: "100.5",
      priceMax: "900",
      adults: "2",
      rooms: "1",
      page: 2,
    });
    expect(toRequest(f)).toEqual({
      status: "waiting",
      hotel: 3,
      priceMin: 100.5,
      priceMax: 900,
      adults: 2,
      rooms: 1,
      page: 2,
      pageSize: 20,
    });
    expect(readFilters(new URLSearchParams(queryOf(f) as Record<string, string>).toString())).toEqual(f);
  });

  it("leaves out what it cannot read, and the defaults stay out of the URL", () => {
    expect(readFilters("?status=open&hotel=x&priceMin=-3&adults=0&page=abc")).toEqual(NO_FILTERS);
    expect(queryOf(NO_FILTERS)).toEqual({});
    expect(toRequest(NO_FILTERS)).toEqual({ status: "all", page: 1, pageSize: 20 });
  });
});
