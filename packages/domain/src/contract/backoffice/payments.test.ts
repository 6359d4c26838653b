import { describe, expect, it } from "vitest";
import { publishableKeyMode, secretKeyMode, stripeKeyProblems } from "./payments";

// The checks of a hotel's Stripe keys (ADR 0073): prefixes, one mode for both keys, a key left out kept.

describe("Stripe keys", () => {
  it("reads the mode from the prefix: secret and restricted keys, publishable keys", () => {
    expect(secretKeyMode("sk_test_51AbCdEfGh")).toBe("test");
    expect(secretKeyMode("sk_live_51AbCdEfGh")).toBe("live");
    expect(secretKeyMode("rk_live_51AbCdEfGh")).toBe("live");
    expect(secretKeyMode("pk_test_51AbCdEfGh")).toBeNull();
    expect(secretKeyMode("sk_test_")).toBeNull();
    expect(secretKeyMode("sk_test_51AbCd EfGh")).toBeNull();
    expect(publishableKeyMode("pk_live_51AbCdEfGh")).toBe("live");
    expect(publishableKeyMode("sk_live_51AbCdEfGh")).toBeNull();
  });

  it("names each wrong field, and the one given when the modes differ", () => {
    const keys = { secretKey: "sk_test_51AbCdEfGh", publishableKey: "pk_test_51AbCdEfGh" };
    expect(stripeKeyProblems(keys, null)).toEqual([]);
    expect(stripeKeyProblems({}, null)).toEqual([
      { field: "secretKey", reason: "required" },
      { field: "publishableKey", reason: "required" },
    ]);
    expect(stripeKeyProblems({ ...keys, publishableKey: "pk_live_51AbCdEfGh" }, null)).toEqual([
      { field: "publishableKey", reason: "mode_mismatch" },
    ]);
    expect(stripeKeyProblems({ ...keys, webhookSecret: "secret" }, null)).toEqual([
      { field: "webhookSecret", reason: "webhook_secret_format" },
    ]);
    const stored = { mode: "test" as const, publishableKey: "pk_test_51AbCdEfGh" };
    expect(stripeKeyProblems({ webhookSecret: "whsec_AbCdEfGh" }, stored)).toEqual([]);
    expect(stripeKeyProblems({ secretKey: "sk_live_51AbCdEfGh" }, stored)).toEqual([
      { field: "secretKey", reason: "mode_mismatch" },
    ]);
  });
});
