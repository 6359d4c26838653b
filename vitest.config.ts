import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const packages = ["packages/**/*.test.ts"];
const web = ["apps/web/**/*.test.{ts,tsx}"];
const scripts = ["scripts/*.test.ts"];
const integration = ["apps/server/**/*.test.ts"];

// Integration tests run once on PGlite and, when TEST_DATABASE_URL is set (CI), once more on PostgreSQL.
const databases = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export default defineConfig({
  test: {
    globalSetup: ["packages/test-kit/src/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores, which on CI's two cores is one file at a time with the
    // second core idle but for Vite's transforms and PostgreSQL: two workers there (ADR 0086); unchanged on more cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // The domain runs in two zones; the web app once, in a zone far from UTC (a date taken from `toISOString`
      // for a local day shows there, never in UTC).
      { extends: true, test: { name: "unit", include: [...packages, ...scripts], env: { TZ: "UTC" } } },
      {
        extends: true,
        test: { name: "unit-tz", include: [...packages, ...web], env: { TZ: "Pacific/Auckland" } },
      },
      ...databases.map((db) => ({
        extends: true as const,
        test: {
          name: db,
          include: integration,
          env: { ALLOGGIO_TEST_DB: db, TZ: db === "pglite" ? "America/New_York" : "UTC" },
        },
      })),
    ],
  },
});
