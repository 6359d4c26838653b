import { isAbsolute, resolve } from "node:path";
import { todayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import type { Env } from "./config/env";
import { type Database, migrateDatabase, openDatabase } from "./db/client";
import { isDatabaseEmpty, loadDemoData } from "./db/demo/load-demo";
import { chooseMailTransport } from "./features/mail/transport";
import { createSandboxGateway } from "./features/payments/sandbox-gateway";
import { type App, buildApp } from "./http/app";
import { startAbandonedHoldSweep } from "./jobs/abandoned-holds";
import { startMailDelivery } from "./jobs/mail-delivery";
import { startRateLimitSweep } from "./jobs/rate-limit-sweep";
import { startTimedChanges } from "./jobs/timed-changes";

/** The demo group's zone: "today" for the demo's 400 days of prices starts there. */
const DEMO_ZONE = "Europe/Rome";

/** Opens the database (PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR), migrates, seeds an empty one. */
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
  if (env.DEMO_DATA && (await isDatabaseEmpty(database))) {
    const t1 = performance.now();
    await loadDemoData(database, todayInZone(new Date(), DEMO_ZONE));
    log(`demo data loaded in ${Math.round(performance.now() - t1)} ms`);
  }
  log(`database ready in ${Math.round(performance.now() - t0)} ms`);
  return database;
}

export async function startServer(
  env: Env,
  options: { root: string },
): Promise<{ app: App; database: Database; url: string; close: () => Promise<void> }> {
  const started = performance.now();
  const database = await prepareDatabase(env, options.root, (msg) => console.log(`[alloggio] ${msg}`));
  const gateway = createSandboxGateway(database);
  const app = await buildApp({
    database,
    gateway,
    apiKeys: env.API_KEYS,
    overrideSecret: env.OVERRIDE_SECRET,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST ?? resolve(options.root, "apps/web/dist"),
    devMailbox: env.NODE_ENV !== "production",
    trustProxy: env.TRUST_PROXY,
  });
  const mailTransport = chooseMailTransport(env);
  const mailDelivery = mailTransport ? startMailDelivery({ database, transport: mailTransport }) : null;
  if (!mailTransport) console.warn("[alloggio] SMTP_URL is not set: mail waits in the outbox until it is");
  const url = await app.listen({ port: env.PORT, host: env.HOST });
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const holds = startAbandonedHoldSweep(
    { database, gateway, now: () => new Date(), overrideSecret: env.OVERRIDE_SECRET },
    publicUrl,
  );
  const timed = startTimedChanges({ database, now: () => new Date(), baseUrl: publicUrl });
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
      await mailDelivery?.stop();
      mailTransport?.close?.();
      await app.close();
      await database.close();
    },
  };
}
