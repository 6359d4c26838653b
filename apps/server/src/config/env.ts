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
  /**
   * Which proxies in front of the server to believe about the client's address (X-Forwarded-For), which the
   * rate limits count by: `false` (none, the default), `true` (any: only when nothing reaches the server but
   * through the proxy), or a comma-separated list of proxy addresses, CIDR ranges and the names loopback,
   * linklocal, uniquelocal. (A number of hops is refused: Fastify cannot check the peer with it and trusts none.)
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v, ctx): boolean | string[] => {
      const value = v.trim();
      if (value === "false" || value === "") return false;
      if (value === "true") return true;
      const list = value
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
      if (
        list.every((p) =>
          /^([0-9a-fA-F]*[.:][0-9a-fA-F.:]*(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/.test(p),
        )
      )
        return list;
      ctx.addIssue({
        code: "custom",
        message: "must be true, false or a list of proxy addresses/CIDR ranges",
      });
      return z.NEVER;
    }),
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
