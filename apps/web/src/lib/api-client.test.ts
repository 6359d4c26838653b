import { describe, expect, it } from "vitest";
import { ApiError, retryUnlessAnswered } from "./api-client";

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
