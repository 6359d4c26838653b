// What every timed job is given, in a module of its own so that the jobs do not import each other for it.
import type { Database } from "../db/client";
import type { PaymentGateways } from "../features/payments";

export type TimedChangeDeps = {
  database: Database;
  now: () => Date;
  baseUrl: string;
  /** With the gateways, the run also retries the pending refunds (ADR 0020). */
  gateways?: PaymentGateways;
};
