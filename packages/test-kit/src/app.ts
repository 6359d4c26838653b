import { type App, buildApp } from "@alloggio/server/app";
import type { Database } from "@alloggio/server/db";
import type { SandboxGateway } from "@alloggio/server/features/payments";

export const TEST_API_KEY = "test-key";
export const TEST_OVERRIDE_SECRET = "test-override-secret";

/**
 * The real HTTP app on a test database, with a fixed clock; call it with `app.inject(…)`. `gateway` replaces the
 * built-in sandbox (e.g. one that fails on purpose); `sleep` sees the trade login's delays (none waited by default).
 */
export async function createTestApp(
  database: Database,
  now: () => Date,
  options: {
    gateway?: SandboxGateway;
    sleep?: (ms: number) => Promise<void>;
    searchCacheMb?: number;
    /** The site's address (mail links, pictures sent to a PMS); buildApp's default otherwise. */
    publicUrl?: string;
    /** Collects every error-level log line (a test that no request logs an error). */
    errorLines?: string[];
  } = {},
): Promise<App> {
  const app = await buildApp({
    database,
    now,
    ...(options.gateway ? { gateway: options.gateway } : {}),
    // The trade login's progressive delay is recorded, not waited, unless a test passes its own.
    sleep: options.sleep ?? (async () => {}),
    apiKeys: [TEST_API_KEY],
    overrideSecret: TEST_OVERRIDE_SECRET,
    logLevel: options.errorLines ? "error" : (process.env.TEST_LOG_LEVEL ?? "silent"),
    ...(options.errorLines
      ? { logStream: { write: (line: string) => void options.errorLines?.push(line) } }
      : {}),
    ...(options.searchCacheMb !== undefined ? { searchCacheMb: options.searchCacheMb } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
  });
  await app.ready();
  return app;
}
