import { describe, expect, it } from "vitest";
import { readAttribution } from "./attribution";

const read = (query: string) => readAttribution(new URLSearchParams(query));

describe("readAttribution", () => {
  it("reads the metasearch references and the campaign", () => {
    expect(
      read("trv_reference=T1&tripadvisor_ref=TA2&utm_source=google&utm_medium=cpc&utm_campaign=summer"),
    ).toEqual({
      trivago: "T1",
      tripadvisor: "TA2",
      campaign: "google / cpc / summer",
    });
  });
  it("takes the first name present, cleans control characters and caps the length", () => {
    expect(read("trv_ref=%20T2%0A&refid=R")).toEqual({ trivago: "T2", tripadvisor: "R" });
    expect(read(`trv_reference=${"x".repeat(300)}`).trivago).toHaveLength(200);
  });
  it("is empty without references", () => {
    expect(read("")).toEqual({});
    expect(read("arrival=2026-01-01&trv_reference=")).toEqual({});
  });
  it("keeps a partial campaign", () => expect(read("utm_source=news").campaign).toBe("news /  /"));
});
