// The environment every server the bench starts runs with: a production start on a free port of the loopback,
// without demo data (ADR 0013: production refuses the demo secret and key, and needs its gateway named).
export function benchServerEnv(databaseEnv: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...databaseEnv,
    PORT: "0",
    HOST: "127.0.0.1",
    DEMO_DATA: "false",
    NODE_ENV: "production",
    OVERRIDE_SECRET: "bench-override-secret",
    API_KEYS: "bench-key",
    PAYMENT_GATEWAY: "sandbox",
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
  };
  if (!databaseEnv.DATABASE_URL) delete env.DATABASE_URL;
  return env;
}
