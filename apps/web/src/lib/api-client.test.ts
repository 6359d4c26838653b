// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, getJson, retryUnlessAnswered } from "./api-client";

describe("retryUnlessAnswered", () => {
  it("never retries a 4xx: an unknown channel, a wrong code, too many tries are answers", () => {
    const retry = retryUnlessAnswered(2);
    for (const status of [400, 404, 409, 422, 429])
      expect(retry(0, new ApiError(status, "not_found", "Unknown channel")), String(status)).toBe(false);
  });

  it("retries a network failure or a server error up to the times given", () => {
    const retry = retryUnlessAnswered(1);
    expect(retry(0, new TypeError("Failed to fetch"))).toBe(true);
    expect(retry(0, new ApiError(503, "internal_error", "Unavailable"))).toBe(true);
    expect(retry(1, new ApiError(503, "internal_error", "Unavailable"))).toBe(false);
    expect(retryUnlessAnswered(2)(1, new ApiError(500, "internal_error", "x"))).toBe(true);
  });
});

describe("getJson and the early requests of index.html (ADR 0046)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.alloggioEarly;
  });

  it("takes the early answer to the same address once; the next call (a retry) asks again", async () => {
    const url = "/api/hotellist.do?channel=1&hotel=2&language=1&domain=localhost";
    window.alloggioEarly = { [url]: Promise.resolve(Response.json({ from: "early" })) };
    const fetch = vi.fn(async () => Response.json({ from: "fetch" }));
    vi.stubGlobal("fetch", fetch);
    const params = { channel: 1, hotel: 2, language: 1, domain: "localhost" };
    expect(await getJson("hotellist.do", params)).toEqual({ from: "early" });
    expect(fetch).not.toHaveBeenCalled();
    expect(await getJson("hotellist.do", params)).toEqual({ from: "fetch" });
    expect(fetch).toHaveBeenCalledWith(url, expect.anything());
  });

  it("leaves an early answer for another address alone, and reads an early error like any other", async () => {
    const url = "/api/hotellist.do?channel=9&language=1";
    window.alloggioEarly = {
      [url]: Promise.resolve(
        Response.json({ error: { code: "not_found", message: "Unknown channel" } }, { status: 404 }),
      ),
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ from: "fetch" })),
    );
    expect(await getJson("hotellist.do", { channel: 8, language: 1 })).toEqual({ from: "fetch" });
    await expect(getJson("hotellist.do", { channel: 9, language: 1 })).rejects.toMatchObject({
      status: 404,
      code: "not_found",
    });
  });
});
