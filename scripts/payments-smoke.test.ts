import { spawn } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type StripeFake, startStripeFake } from "@alloggio/test-kit/stripe-fake";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// `npm run payments:smoke` against the local fake, so that the scenario list cannot rot: every scenario passes
// (the fake's controls pay its hosted pages), and without a key it says it checked nothing.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const KEY = "sk_test_51SmokeTestAccountKey0001";

let fake: StripeFake;
beforeAll(async () => {
  fake = await startStripeFake({ accounts: [{ secretKey: KEY, displayName: "Smoke hotel", country: "IT" }] });
});
afterAll(async () => {
  await fake?.close();
});

/** Runs the script in a process of its own (asynchronously: the fake answers from this one). */
function smoke(env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  const { STRIPE_TEST_SECRET_KEY: _key, STRIPE_API_BASE: _base, ...rest } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/payments-smoke.ts"], {
    cwd: ROOT,
    env: { ...rest, ...env },
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  return new Promise((done) => child.on("close", (code) => done({ code, out, err })));
}

// Once, in the UTC project: it spawns processes and nothing in it depends on the time zone.
describe.runIf(process.env.TZ === "UTC")("npm run payments:smoke", () => {
  it("passes every scenario against the fake, its hosted pages paid through the fake's controls", async () => {
    const run = await smoke({ STRIPE_TEST_SECRET_KEY: KEY, STRIPE_API_BASE: fake.url });
    expect(run.err).toBe("");
    const lines = run.out.trim().split("\n");
    const scenarios = lines.filter((l) => /^(PASS|FAIL|SKIPPED) /.test(l));
    expect(
      scenarios.filter((l) => !l.startsWith("PASS ")),
      run.out,
    ).toEqual([]);
    expect(scenarios.length).toBe(15);
    expect(lines.at(-1)).toBe(
      `payments:smoke against ${fake.url} (not Stripe): 15 passed, 0 failed, 0 skipped`,
    );
    expect(run.code).toBe(0);
  });

  it("says clearly that nothing was checked without a key, and refuses a live key", async () => {
    const skipped = await smoke({});
    expect(skipped.out.trim()).toBe(
      "payments:smoke SKIPPED: STRIPE_TEST_SECRET_KEY is not set (nothing was checked)",
    );
    expect(skipped.code).toBe(0);
    const live = await smoke({ STRIPE_TEST_SECRET_KEY: "sk_live_51NotForASmokeTest" });
    expect(live.err).toMatch(/must be a test-mode key/);
    expect(live.code).toBe(2);
  });

  it("fails with a non-zero exit when Stripe refuses the key", async () => {
    const run = await smoke({
      STRIPE_TEST_SECRET_KEY: "sk_test_51NotAKeyTheFakeKnows",
      STRIPE_API_BASE: fake.url,
    });
    expect(run.out).toMatch(/^FAIL {4}describeAccount/m);
    expect(run.code).toBe(1);
  });
});
