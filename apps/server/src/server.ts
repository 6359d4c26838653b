import { isAbsolute, resolve } from "node:path";
import { getHeapStatistics } from "node:v8";
import { todayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import type { Env } from "./config/env";
import { type Database, migrateDatabase, openDatabase } from "./db/client";
import { isDemoWithoutAlpineBits, loadDemoAlpineBits } from "./db/demo/demo-alpinebits";
import { isDemoWithoutTradeUsers, loadDemoTrade } from "./db/demo/demo-trade";
import {
  demoStaffSetupLinks,
  isDatabaseEmpty,
  isDemoWithoutStaff,
  loadDemoData,
  loadDemoStaff,
} from "./db/demo/load-demo";
import { chooseMailTransport } from "./features/mail";
import {
  createHotelGatewayLookup,
  createPaymentGateways,
  createSandboxGateway,
  type PaymentGateways,
  paymentKeysCipher,
  paymentKeysProblem,
} from "./features/payments";
import { type App, type AppOptions, buildApp } from "./http/app";
import { startAbandonedHoldSweep } from "./jobs/abandoned-holds";
import { startMailDelivery } from "./jobs/mail-delivery";
import { startRateLimitSweep } from "./jobs/rate-limit-sweep";
import { startTimedChanges } from "./jobs/timed-changes";

/** The demo group's zone: "today" for the demo's 400 days of prices starts there. */
const DEMO_ZONE = "Europe/Rome";

/**
 * Opens the database (PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR), migrates, seeds an empty one, and
 * (in production) refuses stored payment keys PAYMENT_KEYS_SECRET cannot open.
 */
export async function prepareDatabase(env: Env, root: string, log: (msg: string) => void): Promise<Database> {
  const t0 = performance.now();
  const dataDir = isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(root, env.DATA_DIR);
  const database = env.DATABASE_URL
    ? await openDatabase({ url: env.DATABASE_URL })
    : await openDatabase({ dataDir });
  log(
    `database ${database.kind === "postgres" ? "PostgreSQL" : `PGlite in ${dataDir}`} open in ${Math.round(performance.now() - t0)} ms`,
  );
  await migrateDatabase(database);
  await seedDatabase(env, database, log);
  try {
    await checkPaymentKeys(env, database, log);
  } catch (error) {
    await database.close();
    throw error;
  }
  log(`database ready in ${Math.round(performance.now() - t0)} ms`);
  return database;
}

/**
 * Loads the demo group into an empty database when DEMO_DATA asks for it (and completes an older demo database).
 * In production (where it is off unless asked for) the demo's published passwords and API key are left out: its
 * staff get single-use set-up links in the log, as a real group's first owner does.
 */
export async function seedDatabase(env: Env, database: Database, log: (msg: string) => void): Promise<void> {
  if (!env.DEMO_DATA) return;
  const secrets = { publishedSecrets: env.NODE_ENV !== "production" };
  let staffAdded = true;
  if (await isDatabaseEmpty(database)) {
    const t1 = performance.now();
    await loadDemoData(database, todayInZone(new Date(), DEMO_ZONE), secrets);
    log(`demo data loaded in ${Math.round(performance.now() - t1)} ms`);
  } else if (await isDemoWithoutStaff(database)) {
    // A demo database loaded before the back office had staff users.
    await loadDemoStaff(database, secrets);
    log("demo staff users added");
  } else staffAdded = false;
  if (await isDemoWithoutTradeUsers(database)) {
    // A demo database loaded before the trade login had trade users.
    await loadDemoTrade(database, secrets);
    log("demo trade accounts added");
  }
  if (await isDemoWithoutAlpineBits(database)) {
    // A demo database loaded before the AlpineBits server had its client and codes.
    await loadDemoAlpineBits(database, secrets);
    log("demo AlpineBits client and codes added");
  }
  // Only by the start that added them: a later start (another worker) would make the printed links stop working.
  if (staffAdded && !secrets.publishedSecrets)
    for (const { email, link } of await demoStaffSetupLinks(database, publicUrlOf(env)))
      log(`demo user without a password: set-up link for ${email}: ${link}`);
}

/**
 * Whether the server can open the hotels' stored gateway keys with PAYMENT_KEYS_SECRET (ADR 0073). A production
 * start refuses to run when it cannot (no hotel could take a payment); elsewhere it warns.
 */
export async function checkPaymentKeys(
  env: Env,
  database: Database,
  warn: (msg: string) => void,
): Promise<void> {
  const problem = await paymentKeysProblem(database.db, paymentKeysCipher(env.PAYMENT_KEYS_SECRET));
  if (!problem) return;
  if (env.NODE_ENV === "production") throw new Error(problem);
  warn(problem);
}

/** The card gateway PAYMENT_GATEWAY names (loadEnv refuses a start without one; ADR 0013). */
export function createGateway(env: Env, database: Database) {
  // `sandbox` is the only value loadEnv accepts until a real gateway is added beside it.
  if (env.PAYMENT_GATEWAY === "sandbox") return createSandboxGateway(database);
  throw new Error(`PAYMENT_GATEWAY: unknown gateway ${env.PAYMENT_GATEWAY}`);
}

/** What the environment decides about the HTTP app: keys, secret, mailbox, the public address of links. */
export function appOptionsFor(
  env: Env,
  database: Database,
  root: string,
): AppOptions & { gateway: ReturnType<typeof createGateway>; gateways: PaymentGateways } {
  const gateway = createGateway(env, database);
  const stripe = { apiBase: env.STRIPE_API_BASE, siteOrigin: publicUrlOf(env) };
  const lookup = createHotelGatewayLookup(database, paymentKeysCipher(env.PAYMENT_KEYS_SECRET), stripe);
  return {
    database,
    gateway,
    gateways: createPaymentGateways(gateway, lookup),
    stripeApiBase: env.STRIPE_API_BASE,
    apiKeys: env.API_KEYS,
    overrideSecret: env.OVERRIDE_SECRET,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST ?? resolve(root, "apps/web/dist"),
    devMailbox: env.DEV_MAILBOX,
    publicUrl: publicUrlOf(env),
    trustProxy: env.TRUST_PROXY,
    searchCacheMb: env.SEARCH_CACHE_MB,
    secureCookies: env.NODE_ENV === "production" && !env.PLAIN_HTTP,
    httpsOnly: env.NODE_ENV === "production" && !env.PLAIN_HTTP,
    paymentKeysSecret: env.PAYMENT_KEYS_SECRET,
    liveSite: env.NODE_ENV === "production",
  };
}

/**
 * PUBLIC_URL, or http://localhost:PORT: the base of every link in mails and PDFs. PORT=0 (any free port) names no
 * port a link could use, so the base is then plain http://localhost (a calendar event refuses port 0).
 */
export const publicUrlOf = (env: Env) =>
  env.PUBLIC_URL ?? (env.PORT ? `http://localhost:${env.PORT}` : "http://localhost");

export async function startServer(
  env: Env,
  options: { root: string },
): Promise<{ app: App; database: Database; url: string; close: () => Promise<void> }> {
  const started = performance.now();
  const database = await prepareDatabase(env, options.root, (msg) => console.log(`[alloggio] ${msg}`));
  const appOptions = appOptionsFor(env, database, options.root);
  const { gateways } = appOptions;
  const app = await buildApp(appOptions);
  const mailTransport = chooseMailTransport(env);
  // Without a transport the job still renders the mails enqueued as recipes, so the outbox reads whole.
  const mailDelivery = startMailDelivery({ database, transport: mailTransport ?? null });
  if (!mailTransport) console.warn("[alloggio] SMTP_URL is not set: mail waits in the outbox until it is");
  const heapMb = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
  // The answers kept take about twice their estimate in heap, beside the ~100 MB the server itself uses (ADR 0050).
  if (env.SEARCH_CACHE_MB * 2 + 128 > heapMb)
    console.warn(
      `[alloggio] SEARCH_CACHE_MB=${env.SEARCH_CACHE_MB} may not fit a heap of ${heapMb} MB: set HEAP_MB (or --max-old-space-size) to at least ${env.SEARCH_CACHE_MB * 2 + 128 + 64}`,
    );
  const url = await app.listen({ port: env.PORT, host: env.HOST });
  const publicUrl = publicUrlOf(env);
  const holds = startAbandonedHoldSweep(
    { database, gateways, now: () => new Date(), overrideSecret: env.OVERRIDE_SECRET },
    publicUrl,
  );
  const timed = startTimedChanges({ database, gateways, now: () => new Date(), baseUrl: publicUrl });
  const rateLimits = startRateLimitSweep(database);
  console.log(
    `[alloggio] listening on ${url} (web app, /api, /api/docs) after ${Math.round(performance.now() - started)} ms`,
  );
  return {
    app,
    database,
    url,
    close: async () => {
      await holds.stop();
      await timed.stop();
      await rateLimits.stop();
      await mailDelivery.stop();
      mailTransport?.close?.();
      await app.close();
      await database.close();
    },
  };
}
