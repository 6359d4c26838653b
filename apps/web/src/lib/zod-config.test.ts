import { afterEach, describe, expect, it, vi } from "vitest";

describe("zod in the browser", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("never tries new Function (a CSP without 'unsafe-eval' reports the probe) once the app's config is loaded", async () => {
    const made: unknown[] = [];
    const RealFunction = Function;
    vi.stubGlobal(
      "Function",
      new Proxy(RealFunction, {
        construct(target, args) {
          made.push(args);
          return Reflect.construct(target, args);
        },
      }),
    );
    await import("./zod-config");
    const { z } = await import("zod");
    const schema = z.object({ name: z.string(), nights: z.number() });
    expect(schema.parse({ name: "Ada", nights: 2 })).toEqual({ name: "Ada", nights: 2 });
    expect(made).toEqual([]);
  });
});
