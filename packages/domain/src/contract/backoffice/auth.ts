import { z } from "zod";
import { StaffMeSchema } from "./access";

// The back office's sign-in, second factor, first owner's set-up and account (ADR 0025).

const Email = z.string().trim().toLowerCase().min(3).max(254).email();
/** A password as typed; the policy (password-policy.ts) is checked where a password is set, not at sign-in. */
const Password = z.string().min(1).max(1024);

export const SignInRequestSchema = z
  .object({ email: Email, password: Password })
  .meta({ id: "StaffSignInRequest" });
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

/** `signed_in`: the session cookie is set; `totp_required`: the second factor comes next (POST sign-in/totp). */
export const SignInResponseSchema = z
  .discriminatedUnion("state", [
    z.object({ state: z.literal("signed_in"), me: StaffMeSchema }),
    z.object({ state: z.literal("totp_required") }),
  ])
  .meta({ id: "StaffSignInResponse" });
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

/** One of the two: the 6 digits of the authenticator app, or one of the recovery codes. */
export const TotpSignInRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "6 digits")
      .optional(),
    recoveryCode: z.string().trim().min(8).max(64).optional(),
  })
  .meta({ id: "StaffTotpSignInRequest" });
export type TotpSignInRequest = z.infer<typeof TotpSignInRequestSchema>;

/** The secret of an enrolment, not enabled until a code confirms it. */
export const TotpEnrolmentSchema = z
  .object({
    /** base32, for typing by hand. */
    secret: z.string(),
    /** otpauth://totp/… */
    uri: z.string(),
    /** The URI as a QR code (SVG). */
    qrSvg: z.string(),
  })
  .meta({ id: "StaffTotpEnrolment" });
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

export const TotpConfirmRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "6 digits"),
});
/** The 10 recovery codes, shown this once. */
export const TotpConfirmResponseSchema = z
  .object({ recoveryCodes: z.array(z.string()) })
  .meta({ id: "StaffRecoveryCodes" });
export type TotpConfirmResponse = z.infer<typeof TotpConfirmResponseSchema>;

export const TotpDisableRequestSchema = z.object({ password: Password });

export const PasswordChangeRequestSchema = z
  .object({ currentPassword: Password, newPassword: Password, confirmation: z.string().max(1024) })
  .meta({ id: "StaffPasswordChange" });
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequestSchema>;

export const AccountUpdateRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    language: z.enum(["en", "it", "de", "fr", "es", "pt", "zh", "ja"]).optional(),
  })
  .meta({ id: "StaffAccountUpdate" });
export type AccountUpdateRequest = z.infer<typeof AccountUpdateRequestSchema>;

export const SetupTokenParamsSchema = z.object({ token: z.string().min(16).max(128) });

/** Whose set-up link this is. */
export const SetupInfoSchema = z
  .object({ email: z.string(), name: z.string(), purpose: z.string() })
  .meta({ id: "StaffSetupInfo" });
export type SetupInfo = z.infer<typeof SetupInfoSchema>;

export const SetupRequestSchema = z
  .object({ password: Password, confirmation: z.string().max(1024) })
  .meta({ id: "StaffSetupRequest" });
export type SetupRequest = z.infer<typeof SetupRequestSchema>;

/** "Forgot your password?": the e-mail of the account. */
export const ForgotPasswordRequestSchema = z
  .object({ email: Email })
  .meta({ id: "StaffForgotPasswordRequest" });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

/** The same answer whatever the e-mail: whether an account has it is never said. */
export const ForgotPasswordResponseSchema = z
  .object({ accepted: z.literal(true), validMinutes: z.number().int() })
  .meta({ id: "StaffForgotPasswordResponse" });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponseSchema>;
