import { usernameKey } from "@alloggio/domain/trade/login";
import type { Database } from "../../db/client";
import { createLockout, type SignInLockout } from "../credentials";

/** The trade login's lockout: the back office's implementation, counted apart (per group and username, per address). */
export const createTradeLockout = (deps: { database: Database; now: () => Date }): SignInLockout =>
  createLockout(deps.database, deps.now, { prefix: "trade-login", field: "username" });

/** The lockout's account key: a username counts per group (an unknown channel counts apart). */
export const tradeLockoutAccount = (group: number | string, username: string) =>
  `${group}:${usernameKey(username)}`;
