import { defineConfig } from "vitest/config";

// The reliability suite (reliability/README.md): R1–R7 against real server processes and databases.
// On PostgreSQL when TEST_DATABASE_URL is set (CI), on PGlite otherwise; one file at a time, since the files
// start server processes, kill them and restart the database.
export default defineConfig({
  test: {
    include: ["reliability/**/*.reliability.ts"],
    globalSetup: ["packages/test-kit/src/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
    env: { ALLOGGIO_TEST_DB: process.env.TEST_DATABASE_URL ? "postgres" : "pglite", TZ: "UTC" },
    // The summary lines each test prints are the suite's figures.
    silent: false,
  },
});
