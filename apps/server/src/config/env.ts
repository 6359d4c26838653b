import { z } from "zod";
import { paymentKeysSecretBytes } from "../features/payments";

/** The demo's secret and API key: fine on a laptop, refused by a production start. */
export const DEMO_OVERRIDE_SECRET = "alloggio-demo-override-secret";
export const DEMO_API_KEY = "demo-key";

/** The payment gateways the server can mount. No real one exists yet (ADR 0013). */
export const PAYMENT_GATEWAYS = ["sandbox"] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

const flag = (fallback: "true" | "false") =>
  z
    .enum(["true", "false", "1", "0"])
    .default(fallback)
    .transform((v) => v === "true" || v === "1");

const optionalFlag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "true" || v === "1"));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    /** PostgreSQL connection string; without it the embedded PGlite database in DATA_DIR is used. */
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default("./data"),
    /** Comma-separated API keys accepted in the X-Api-Key header of hotellist.do. */
    API_KEYS: z
      .string()
      .default(DEMO_API_KEY)
      .transform((v) =>
        v
          .split(",")
          .map((k) => k.trim())
          .filter(Boolean),
      ),
    SMTP_URL: z.string().optional(),
    /**
     * The public address of the site: every link in a mail or PDF starts with it (or with a channel's configured
     * host name), never with the Host header of a request. Default http://localhost:PORT.
     */
    PUBLIC_URL: z.string().url().optional(),
    /** Secret that signs price overrides (hpcc, override) so a guest cannot set their own price. */
    OVERRIDE_SECRET: z.string().min(8).default(DEMO_OVERRIDE_SECRET),
    /**
     * Load the demo group into an empty database on start: the default outside production only. Asked for in
     * production, its users get no password (set-up links are printed) and no demo API key is made.
     */
    DEMO_DATA: optionalFlag,
    /**
     * Production only: the site is served over plain HTTP (a test deployment without TLS), so cookies are not
     * marked Secure and no HSTS is sent. Never on a real site (docs/deploying.md).
     */
    PLAIN_HTTP: flag("false"),
    /** The outbox at /dev/mailbox (mails without SMTP are shown there): off unless set. */
    DEV_MAILBOX: flag("false"),
    /** The card gateway; `sandbox` is the default only with demo data outside production (ADR 0013). */
    PAYMENT_GATEWAY: z.enum(PAYMENT_GATEWAYS).optional(),
    /**
     * The key that encrypts the hotels' card gateway secrets at rest (AES-256-GCM, ADR 0073): 32 random bytes in
     * base64 (`openssl rand -base64 32`). Unset: no hotel can save keys; a production start with keys stored refuses.
     */
    PAYMENT_KEYS_SECRET: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined)
      .refine((v) => v === undefined || paymentKeysSecretBytes(v) !== null, {
        message: "must be 32 random bytes in base64 (make one with: openssl rand -base64 32)",
      }),
    /**
     * Another origin for Stripe's API, e.g. `http://127.0.0.1:12111` for the local fake of the tests and the demo;
     * Stripe's own when unset. Refused in production, where it would send the hotels' keys elsewhere.
     */
    STRIPE_API_BASE: z.string().url().optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    WEB_DIST: z.string().optional(),
    /** Megabytes of search answers each process keeps in memory (ADR 0045); 0 turns the cache off. */
    SEARCH_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
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
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production") {
      if (env.OVERRIDE_SECRET === DEMO_OVERRIDE_SECRET)
        ctx.addIssue({
          code: "custom",
          path: ["OVERRIDE_SECRET"],
          message: "is the demo secret; set a secret of your own in production",
        });
      if (env.STRIPE_API_BASE)
        ctx.addIssue({
          code: "custom",
          path: ["STRIPE_API_BASE"],
          message:
            "is for a local fake of Stripe; unset it in production, where payments go to Stripe itself",
        });
      if (env.API_KEYS.includes(DEMO_API_KEY))
        ctx.addIssue({
          code: "custom",
          path: ["API_KEYS"],
          message: `contains the demo key "${DEMO_API_KEY}"; set keys of your own in production`,
        });
    }
    if (!env.PAYMENT_GATEWAY && !(demoDataOf(env) && env.NODE_ENV !== "production"))
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_GATEWAY"],
        message:
          "is not set, and no real card gateway exists yet: set PAYMENT_GATEWAY=sandbox to take test card payments " +
          "that charge nobody (the default only with demo data outside production)",
      });
  })
  .transform((env) => ({
    ...env,
    DEMO_DATA: demoDataOf(env),
    PAYMENT_GATEWAY: env.PAYMENT_GATEWAY ?? ("sandbox" as PaymentGatewayName),
  }));

/** DEMO_DATA as set, else on outside production only: a production start never serves the demo's accounts unasked. */
function demoDataOf(env: { DEMO_DATA: boolean | undefined; NODE_ENV: string }): boolean {
  return env.DEMO_DATA ?? env.NODE_ENV !== "production";
}

export type Env = z.output<typeof EnvSchema>;

/** Reads the environment once at boot; a bad value stops the process with a message naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
