import type { Database } from "../../../db/client";
import { createLockout, type SignInLockout } from "../../credentials";

/** The back office's sign-in lockout: per e-mail and address. */
export const createSignInLockout = (database: Database, now: () => Date): SignInLockout =>
  createLockout(database, now, { prefix: "bo-sign-in", field: "email" });
