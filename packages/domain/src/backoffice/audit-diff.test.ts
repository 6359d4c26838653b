import { describe, expect, it } from "vitest";
import { auditChanges, isValidIsoDate, stableJson } from "./audit-diff";

describe("auditChanges", () => {
  it("lists only the keys whose values differ", () => {
    expect(
      auditChanges(
        { role: "reception", name: "Ada", hotels: [1, 2] },
        { role: "manager", name: "Ada", hotels: [1, 2] },
      ),
    ).toEqual([{ key: "role", before: "reception", after: "manager" }]);
  });

  it("compares nested values without regard to key order", () => {
    expect(auditChanges({ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } })).toEqual([]);
    expect(auditChanges({ a: [1, 2] }, { a: [2, 1] })).toEqual([{ key: "a", before: [1, 2], after: [2, 1] }]);
  });

  it("names keys added and removed", () => {
    expect(auditChanges({ a: 1 }, { b: 2 })).toEqual([
      { key: "a", before: 1, after: undefined },
      { key: "b", before: undefined, after: 2 },
    ]);
  });

  it("shows every key of something created or deleted", () => {
    expect(auditChanges(null, { email: "a@b.c", role: "owner" })).toEqual([
      { key: "email", before: undefined, after: "a@b.c" },
      { key: "role", before: undefined, after: "owner" },
    ]);
    expect(auditChanges({ email: "a@b.c" }, null)).toEqual([
      { key: "email", before: "a@b.c", after: undefined },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it("shows a whole value replaced when a side is not an object", () => {
    expect(auditChanges(3, 4)).toEqual([{ key: "", before: 3, after: 4 }]);
    expect(auditChanges([1], [1])).toEqual([]);
  });
});

describe("stableJson", () => {
  it("sorts keys", () => {
    expect(stableJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
  });
});

describe("isValidIsoDate", () => {
  it("accepts real days only", () => {
    expect(isValidIsoDate("2030-02-28")).toBe(true);
    expect(isValidIsoDate("2030-02-29")).toBe(false);
    expect(isValidIsoDate("20300228")).toBe(false);
  });
});
