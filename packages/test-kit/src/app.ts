import type { Database } from "../../../apps/server/src/db/client";
import type { SandboxGateway } from "../../../apps/server/src/features/payments/sandbox-gateway";
import { type App, buildApp } from "../../../apps/server/src/http/app";

export const TEST_API_KEY = "test-key";
export const TEST_OVERRIDE_SECRET = "test-override-secret";

/**
 * The real HTTP app on a test database, with a fixed clock; call it with `app.inject(…)`. `gateway` replaces the
 * built-in sandbox (e.g. one that fails on purpose).
 */
export async function createTestApp(
  database: Database,
  now: () => Date,
  options: { gateway?: SandboxGateway } = {},
): Promise<App> {
  const app = await buildApp({
    database,
    now,
    ...(options.gateway ? { gateway: options.gateway } : {}),
    apiKeys: [TEST_API_KEY],
    overrideSecret: TEST_OVERRIDE_SECRET,
    logLevel: process.env.TEST_LOG_LEVEL ?? "silent",
  });
  await app.ready();
  return app;
}
