import type { Database } from "../../db/client";
import type { LinkBase } from "../../http/link-base";
import type { AttemptLimiter } from "../booking/attempt-limiter";
import type { SandboxGateway } from "../payments/sandbox-gateway";

/** What every back-office route may use. */
export type BackOfficeDeps = {
  database: Database;
  now: () => Date;
  overrideSecret: string;
  linkBase: LinkBase;
  gateway: SandboxGateway;
  codeLimiter: AttemptLimiter;
};
