import type { Database } from "../../db/client";
import type { LinkBase } from "../../http/link-base";
import type { PaymentGateways, PaymentSettingsConfig } from "../payments";
import type { AttemptLimiter } from "../rate-limits";

/** What every back-office route may use. */
export type BackOfficeDeps = {
  database: Database;
  now: () => Date;
  overrideSecret: string;
  linkBase: LinkBase;
  /** The site's payment gateways: each hotel's own, or the server's default. */
  gateways: PaymentGateways;
  codeLimiter: AttemptLimiter;
  /** The hotels' payment settings: the keys' cipher, the site's address, "Test the connection" (ADR 0073). */
  payments: PaymentSettingsConfig;
  /** Waits the sign-in's progressive delay (a timer in the app; the tests record it instead of waiting). */
  sleep?: (ms: number) => Promise<void>;
};
