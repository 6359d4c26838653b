import { describe, expect, it } from "vitest";
import { passwordProblems } from "./password-policy";

describe("passwordProblems (SPEC §5)", () => {
  it("accepts a password with 8 characters, upper, lower, digit and special", () => {
    expect(passwordProblems({ password: "Demo-Alloggio-1" })).toEqual([]);
    expect(passwordProblems({ password: "Aa1!aaaa" })).toEqual([]);
  });

  it("names every rule broken, one each", () => {
    expect(passwordProblems({ password: "" })).toEqual([
      "too_short",
      "no_upper",
      "no_lower",
      "no_digit",
      "no_special",
    ]);
    expect(passwordProblems({ password: "Aa1!aaa" })).toEqual(["too_short"]);
    expect(passwordProblems({ password: "aa1!aaaa" })).toEqual(["no_upper"]);
    expect(passwordProblems({ password: "AA1!AAAA" })).toEqual(["no_lower"]);
    expect(passwordProblems({ password: "Aaa!aaaa" })).toEqual(["no_digit"]);
    expect(passwordProblems({ password: "Aa1aaaaa" })).toEqual(["no_special"]);
  });

  it("counts letters of other scripts and a space as what they are", () => {
    expect(passwordProblems({ password: "Ää1 ääää" })).toEqual([]);
    expect(passwordProblems({ password: "Ωω1 ωωωω" })).toEqual([]);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(passwordProblems({ password: "A1a😀😀😀😀" })).toEqual(["too_short"]);
  });

  it("refuses the old password and a confirmation that differs", () => {
    expect(passwordProblems({ password: "Demo-Alloggio-1", old: "Demo-Alloggio-1" })).toEqual([
      "same_as_old",
    ]);
    expect(passwordProblems({ password: "Demo-Alloggio-1", old: "Demo-Alloggio-2" })).toEqual([]);
    expect(passwordProblems({ password: "Demo-Alloggio-1", confirmation: "Demo-Alloggio-2" })).toEqual([
      "confirmation_mismatch",
    ]);
    expect(passwordProblems({ password: "Demo-Alloggio-1", confirmation: "Demo-Alloggio-1" })).toEqual([]);
  });
});
