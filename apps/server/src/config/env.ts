import { z } from "zod";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** PostgreSQL connection string; without it the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./data"),
  /** Comma-separated API keys accepted in the X-Api-Key header of hotellist.do. */
  API_KEYS: z
    .string()
    .default("demo-key")
    .transform((v) =>
      v
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  SMTP_URL: z.string().optional(),
  /** The public address of the site, for links in e-mails sent by timed jobs (default http://localhost:PORT). */
  PUBLIC_URL: z.string().url().optional(),
  /** Secret that signs price overrides (hpcc, override) so a guest cannot set their own price. */
  OVERRIDE_SECRET: z.string().min(8).default("alloggio-demo-override-secret"),
  /** Load the demo group into an empty database on start. */
  DEMO_DATA: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** Reads the environment once at boot; a bad value stops the process with a message naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
