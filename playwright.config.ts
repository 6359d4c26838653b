import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_STRIPE_ACCOUNT } from "./e2e/stripe";
import { startTestSmtpServer } from "./packages/test-kit/src/mail";
import { startStripeFake } from "./packages/test-kit/src/stripe/fake";

// Browser journeys (e2e/README.md) against the real product: `node scripts/start.mjs`, as `npm start` runs it, on
// port 3900 (E2E_PORT; E2E_SMTP_PORT for its SMTP server, 3925; E2E_STRIPE_PORT for the fake of Stripe's API, 3926)
// with a fresh PGlite database so the demo group loads on start.
const PORT = Number(process.env.E2E_PORT ?? 3900);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CI = Boolean(process.env.CI);
// A real SMTP server the product delivers its mail to; e2e/mail.ts reads what arrived (one JSON file a mail).
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3925);
// The local fake of Stripe's API and hosted page (packages/test-kit), for the demo hotel e2e/stripe.ts switches to
// Stripe; it posts signed webhooks to the server as Stripe would. The workers drive it through its /_fake/ controls.
const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 3926);
process.env.E2E_STRIPE_URL = `http://127.0.0.1:${STRIPE_PORT}`;

// Playwright loads this file in the runner and again in every worker: only the runner creates the data dir; the
// workers inherit its path through the environment. The runner removes it on exit, after the server has stopped.
let dataDir = process.env.ALLOGGIO_E2E_DATA_DIR;
if (!dataDir) {
  const created = mkdtempSync(join(tmpdir(), "alloggio-e2e-"));
  dataDir = created;
  process.env.ALLOGGIO_E2E_DATA_DIR = created;
  process.on("exit", () => rmSync(created, { recursive: true, force: true }));
  const inbox = join(created, "smtp-inbox");
  mkdirSync(inbox);
  let received = 0;
  startTestSmtpServer({
    port: SMTP_PORT,
    onMail: ({ envelopeTo, subject, from, to, text, html, attachments }) =>
      writeFileSync(
        join(inbox, `${String(++received).padStart(5, "0")}.json`),
        JSON.stringify({ envelopeTo, subject, from, to, text, html, attachments }),
      ),
  }).then(
    (smtp) => process.on("beforeExit", () => void smtp.close()),
    (err: unknown) => console.error(`[e2e] the SMTP server could not start on port ${SMTP_PORT}:`, err),
  );
  startStripeFake({
    port: STRIPE_PORT,
    delivery: "deliver",
    accounts: [
      {
        ...E2E_STRIPE_ACCOUNT.account,
        webhookEndpoints: [
          { url: `${BASE_URL}/api/payments/stripe/webhook`, secret: E2E_STRIPE_ACCOUNT.webhookSecret },
        ],
      },
    ],
  }).then(
    (stripe) => process.on("beforeExit", () => void stripe.close()),
    (err: unknown) => console.error(`[e2e] the Stripe fake could not start on port ${STRIPE_PORT}:`, err),
  );
}

const BACK_OFFICE = /backoffice-[^/]*\.spec\.ts$/;
const DESKTOP = { browserName: "chromium" as const, viewport: { width: 1280, height: 900 } };
const MOBILE = {
  browserName: "chromium" as const,
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never" }], ["./e2e/summary-reporter.ts"]],
  use: {
    baseURL: BASE_URL,
    screenshot: { mode: "on", fullPage: true },
    trace: "on-first-retry",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // The guest journeys first; the back office's after them, because it changes the demo they read (a room's name, a
  // season's prices, a service's price): each back-office journey runs once at desktop and once at mobile size, the
  // mobile run after the desktop one, since both edit the same demo rows (two owners renaming one room type at once).
  projects: [
    { name: "desktop", testIgnore: BACK_OFFICE, use: DESKTOP },
    { name: "mobile", testIgnore: BACK_OFFICE, use: MOBILE },
    { name: "backoffice-desktop", testMatch: BACK_OFFICE, dependencies: ["desktop", "mobile"], use: DESKTOP },
    { name: "backoffice-mobile", testMatch: BACK_OFFICE, dependencies: ["backoffice-desktop"], use: MOBILE },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: !CI,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DEMO_DATA: "true",
      DEV_MAILBOX: "true",
      LOG_LEVEL: "warn",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}?ignoreTLS=true`,
      PUBLIC_URL: BASE_URL,
      // Seals the Stripe keys the back-office journey saves (ADR 0073); a test value, never a real site's.
      PAYMENT_KEYS_SECRET: "ZTJlLW9ubHktcGF5bWVudC1rZXlzLXNlY3JldC0zMmI=",
      // A hotel on Stripe talks to the fake, never to Stripe.
      STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_PORT}`,
      // The embedded database, never one from the caller's shell.
      DATABASE_URL: undefined as unknown as string,
    },
  },
});
