import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

describe("TRUST_PROXY", () => {
  it("trusts no proxy by default", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
  });

  it("reads true, false or a list of addresses and ranges", () => {
    expect(loadEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,::1,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "::1",
      "loopback",
    ]);
  });

  it("refuses anything else, naming the variable", () => {
    expect(() => loadEnv({ TRUST_PROXY: "loopback; rm" })).toThrow(/TRUST_PROXY/);
    // A number of hops: Fastify trusts no peer with it, so it would silently do nothing.
    expect(() => loadEnv({ TRUST_PROXY: "2" })).toThrow(/TRUST_PROXY/);
  });
});
