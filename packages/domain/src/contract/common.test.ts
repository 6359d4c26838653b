import { describe, expect, it } from "vitest";
import { z } from "zod";
import { NUL_MESSAGE, withoutNul } from "./common";

const schema = withoutNul(z.object({ name: z.string(), rooms: z.array(z.object({ note: z.string() })) }));

describe("withoutNul", () => {
  it("names each field that holds a NUL character", () => {
    const result = schema.safeParse({ name: "a\u0000", rooms: [{ note: "ok" }, { note: "\u0000" }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", NUL_MESSAGE],
      ["rooms.1.note", NUL_MESSAGE],
    ]);
  });

  it("walks a body nested ten thousand deep without overflowing the stack", () => {
    let deep: unknown = "x\u0000";
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const result = withoutNul(z.unknown()).safeParse(deep);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toHaveLength(10_000);
  });
});
