import { z } from "zod";

// The agency area's calls (SPEC §7 `agency/*`): the password change so far.

const Password = z.string().min(1).max(1024);

/**
 * `POST /api/agency/changePwd`: the logged trade user's new password (SPEC §5 policy, differs from the current one,
 * equal to its confirmation). The user comes from the trade session, never from the request.
 */
export const TradePasswordChangeRequestSchema = z
  .strictObject({ currentPassword: Password, newPassword: Password, confirmation: z.string().max(1024) })
  .meta({ id: "TradePasswordChange" });
export type TradePasswordChangeRequest = z.infer<typeof TradePasswordChangeRequestSchema>;
