import { describe, expect, it } from "vitest";
import { DEMO_API_KEY, DEMO_OVERRIDE_SECRET, loadEnv } from "./env";

const production = {
  NODE_ENV: "production",
  OVERRIDE_SECRET: "a-secret-of-our-own",
  API_KEYS: "key-of-our-own",
  PAYMENT_GATEWAY: "sandbox",
  DEMO_DATA: "false",
};

describe("loadEnv: the mailbox", () => {
  it("leaves /dev/mailbox off unless DEV_MAILBOX is set, whatever NODE_ENV", () => {
    expect(loadEnv({}).DEV_MAILBOX).toBe(false);
    expect(loadEnv({ NODE_ENV: "development" }).DEV_MAILBOX).toBe(false);
    expect(loadEnv({ DEV_MAILBOX: "true" }).DEV_MAILBOX).toBe(true);
    expect(loadEnv({ DEV_MAILBOX: "1" }).DEV_MAILBOX).toBe(true);
    expect(() => loadEnv({ DEV_MAILBOX: "yes" })).toThrow(/DEV_MAILBOX/);
  });
});

describe("loadEnv: the payment gateway", () => {
  it("mounts the sandbox by default only with demo data outside production", () => {
    expect(loadEnv({}).PAYMENT_GATEWAY).toBe("sandbox");
    expect(loadEnv({ DEMO_DATA: "true", NODE_ENV: "test" }).PAYMENT_GATEWAY).toBe("sandbox");
  });

  it("refuses to start without demo data when no gateway is chosen, saying what to set", () => {
    expect(() => loadEnv({ DEMO_DATA: "false" })).toThrow(
      /PAYMENT_GATEWAY: is not set.*PAYMENT_GATEWAY=sandbox/,
    );
    expect(() => loadEnv({ ...production, PAYMENT_GATEWAY: undefined })).toThrow(/PAYMENT_GATEWAY/);
    expect(() => loadEnv({ ...production, PAYMENT_GATEWAY: undefined, DEMO_DATA: "true" })).toThrow(
      /PAYMENT_GATEWAY/,
    );
  });

  it("takes the sandbox when chosen explicitly, and refuses a gateway it does not know", () => {
    expect(loadEnv({ DEMO_DATA: "false", PAYMENT_GATEWAY: "sandbox" }).PAYMENT_GATEWAY).toBe("sandbox");
    expect(loadEnv(production).PAYMENT_GATEWAY).toBe("sandbox");
    expect(() => loadEnv({ DEMO_DATA: "false", PAYMENT_GATEWAY: "stripe" })).toThrow(/PAYMENT_GATEWAY/);
  });
});

describe("loadEnv: STRIPE_API_BASE", () => {
  it("points Stripe's client at a local fake outside production, and is refused in production", () => {
    expect(loadEnv({ STRIPE_API_BASE: "http://127.0.0.1:12111" }).STRIPE_API_BASE).toBe(
      "http://127.0.0.1:12111",
    );
    expect(loadEnv(production).STRIPE_API_BASE).toBeUndefined();
    expect(() => loadEnv({ ...production, STRIPE_API_BASE: "http://127.0.0.1:12111" })).toThrow(
      /STRIPE_API_BASE/,
    );
    expect(() => loadEnv({ STRIPE_API_BASE: "not a url" })).toThrow(/STRIPE_API_BASE/);
  });
});

describe("loadEnv: production refuses the demo secrets", () => {
  it("starts in production with a secret and keys of its own", () => {
    const env = loadEnv(production);
    expect(env.OVERRIDE_SECRET).toBe("a-secret-of-our-own");
    expect(env.API_KEYS).toEqual(["key-of-our-own"]);
  });

  it("refuses the demo override secret, also when it is the default", () => {
    expect(() => loadEnv({ ...production, OVERRIDE_SECRET: undefined })).toThrow(
      /OVERRIDE_SECRET: is the demo secret/,
    );
    expect(() => loadEnv({ ...production, OVERRIDE_SECRET: DEMO_OVERRIDE_SECRET })).toThrow(
      /OVERRIDE_SECRET/,
    );
  });

  it("refuses the demo API key, alone, among others, or as the default", () => {
    expect(() => loadEnv({ ...production, API_KEYS: undefined })).toThrow(/API_KEYS: contains the demo key/);
    expect(() => loadEnv({ ...production, API_KEYS: `key-of-our-own, ${DEMO_API_KEY}` })).toThrow(/API_KEYS/);
  });

  it("keeps the demo values outside production", () => {
    const env = loadEnv({ NODE_ENV: "development" });
    expect(env.OVERRIDE_SECRET).toBe(DEMO_OVERRIDE_SECRET);
    expect(env.API_KEYS).toEqual([DEMO_API_KEY]);
  });
});

describe("loadEnv: PAYMENT_KEYS_SECRET", () => {
  const secret = Buffer.alloc(32, 7).toString("base64");

  it("takes 32 bytes of base64 (standard or URL-safe), and leaves it unset when empty", () => {
    expect(loadEnv({ PAYMENT_KEYS_SECRET: secret }).PAYMENT_KEYS_SECRET).toBe(secret);
    const urlSafe = Buffer.alloc(32, 251).toString("base64url");
    expect(loadEnv({ PAYMENT_KEYS_SECRET: urlSafe }).PAYMENT_KEYS_SECRET).toBe(urlSafe);
    expect(loadEnv({}).PAYMENT_KEYS_SECRET).toBeUndefined();
    expect(loadEnv({ PAYMENT_KEYS_SECRET: "  " }).PAYMENT_KEYS_SECRET).toBeUndefined();
  });

  it("refuses anything else, naming the variable and how to make one, never echoing the value", () => {
    for (const bad of ["a-passphrase-someone-typed", Buffer.alloc(16).toString("base64"), `${secret}AAAA`]) {
      let message = "";
      try {
        loadEnv({ ...production, PAYMENT_KEYS_SECRET: bad });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(
        /PAYMENT_KEYS_SECRET: must be 32 random bytes in base64.*openssl rand -base64 32/,
      );
      expect(message).not.toContain(bad);
    }
  });
});
