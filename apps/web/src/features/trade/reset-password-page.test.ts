import { describe, expect, it } from "vitest";
import { tokenOfHash } from "./reset-password-page";

describe("tokenOfHash (the mailed link's fragment, ADR 0033)", () => {
  it("reads #token=…, and nothing else", () => {
    const token = `${"A".repeat(20)}_-9`;
    expect(tokenOfHash(`#token=${token}`)).toBe(token);
    expect(tokenOfHash(`token=${token}`)).toBe(token);
    expect(tokenOfHash("")).toBeNull();
    expect(tokenOfHash("#token=short")).toBeNull();
    expect(tokenOfHash("#token=<script>alert(1)</script>aaaaaaaa")).toBeNull();
  });
});
