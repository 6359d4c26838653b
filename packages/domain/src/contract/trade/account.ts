import { z } from "zod";
import { IdSchema } from "../common";

// The trade accounts' public calls (SPEC §7 `agency/retrievePwd`, `agency/askApproval`; ADR 0033):
// password recovery by mail and the sign-up. No session: whoever uses them is not logged in.

const Text = (max: number) => z.string().trim().max(max);
const Password = z.string().min(1).max(1024);

/** `POST /api/agency/retrievePwd`: a username or an e-mail address, on a trade channel. */
export const RetrievePasswordRequestSchema = z
  .strictObject({
    /** The username or the e-mail address of the account. */
    login: Text(254).min(1),
    channel: IdSchema,
    /** The language of the page (SPEC §3 id): the "no account with this e-mail" mail is written in it. */
    language: z.coerce.number().int().min(1).max(9).optional(),
  })
  .meta({ id: "TradeRetrievePassword" });
export type RetrievePasswordRequest = z.input<typeof RetrievePasswordRequestSchema>;

/** The one answer of `retrievePwd`, whether or not an account matched (ADR 0033): nobody learns who has one. */
export const RetrievePasswordResponseSchema = z
  .object({
    /** Always true: "if an account matches, a mail is on its way". */
    accepted: z.literal(true),
    /** How long the mailed link lasts, in minutes. */
    validMinutes: z.number(),
  })
  .meta({ id: "TradeRetrievePasswordAnswer" });
export type RetrievePasswordResponse = z.infer<typeof RetrievePasswordResponseSchema>;

/** `POST /api/agency/resetPwd`: the mailed token and the new password (SPEC §5 policy) with its confirmation. */
export const ResetPasswordRequestSchema = z
  .strictObject({
    token: z.string().min(16).max(200),
    password: Password,
    confirmation: z.string().max(1024),
  })
  .meta({ id: "TradeResetPassword" });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;

export const ResetPasswordResponseSchema = z
  .object({
    /** The user whose password changed (to fill the login form). */
    username: z.string(),
    /** The trade channel the account logs in on. */
    channel: z.number(),
  })
  .meta({ id: "TradeResetPasswordAnswer" });
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponseSchema>;

/**
 * `POST /api/agency/askApproval`: the trade access request (SPEC §3: name, type, IATA, VAT, contact person, with the
 * agency data) and the first user's username and password. The rules (VAT or IATA, policy) are the domain's
 * `signUpProblems` (trade/agency-rules.ts), checked by the server after this shape.
 */
export const AskApprovalRequestSchema = z
  .strictObject({
    channel: IdSchema,
    /** SPEC §3: 1 travel agency, 2 company. */
    type: z.union([z.literal(1), z.literal(2)]),
    name: Text(200),
    address: Text(300),
    zip: Text(20),
    city: Text(120),
    country: Text(2),
    email: Text(254),
    phone: Text(40),
    referentName: Text(200),
    referentEmail: Text(254),
    vatNumber: Text(40).nullable().optional(),
    iataCode: Text(20).nullable().optional(),
    username: Text(60),
    password: Password,
    confirmation: z.string().max(1024),
  })
  .meta({ id: "TradeAskApproval" });
export type AskApprovalRequest = z.input<typeof AskApprovalRequestSchema>;

export const AskApprovalResponseSchema = z
  .object({
    /** The new account, pending until the property approves it. */
    id: z.number(),
    status: z.literal("pending"),
  })
  .meta({ id: "TradeAskApprovalAnswer" });
export type AskApprovalResponse = z.infer<typeof AskApprovalResponseSchema>;
