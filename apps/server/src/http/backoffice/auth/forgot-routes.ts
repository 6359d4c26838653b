import {
  ForgotPasswordRequestSchema,
  ForgotPasswordResponseSchema,
} from "@alloggio/domain/contract/backoffice/auth";
import { and, eq, isNull } from "drizzle-orm";
import { staffUser } from "../../../db/schema";
import type { BackOfficeDeps } from "../../../features/backoffice";
import { mailStaffResetLink, STAFF_RESET_TTL_MS, tooManyAttempts } from "../../../features/backoffice";
import { hitRateLimit } from "../../../features/rate-limits";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

/** Requests per client address in the window before a 429; per e-mail, before the mails silently stop. */
export const FORGOT_PER_ADDRESS = 10;
export const FORGOT_PER_EMAIL = 3;
export const FORGOT_WINDOW_MS = 15 * 60_000;

/**
 * "Forgot your password?" of the back office: the same answer whatever the e-mail; a live user with that e-mail
 * gets a single-use link (30 minutes) to the set-up page, where a new password also lifts the sign-in lock.
 */
export function registerForgotPasswordRoutes(app: App, deps: BackOfficeDeps): void {
  const db = deps.database.db;
  app.post(
    "/api/backoffice/forgot-password",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Mails a single-use password link (30 minutes) to the user with this e-mail, if any; the same answer always",
        body: ForgotPasswordRequestSchema,
        response: { 200: ForgotPasswordResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const now = deps.now();
      const answer = { accepted: true as const, validMinutes: STAFF_RESET_TTL_MS / 60_000 };
      const byAddress = await hitRateLimit(db, `bo-forgot:address:${request.ip}`, FORGOT_WINDOW_MS, now);
      if (byAddress.count > FORGOT_PER_ADDRESS) throw tooManyAttempts("email");
      const { email } = request.body;
      const byEmail = await hitRateLimit(db, `bo-forgot:email:${email}`, FORGOT_WINDOW_MS, now);
      if (byEmail.count > FORGOT_PER_EMAIL) return answer;
      const [user] = await db
        .select()
        .from(staffUser)
        .where(and(eq(staffUser.email, email), isNull(staffUser.disabledAt)));
      if (user) await mailStaffResetLink(db, user, await deps.linkBase(request), now, "forgot");
      return answer;
    },
  );
}
