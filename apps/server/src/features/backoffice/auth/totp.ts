import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s; a code of the step before or after counts. */
export const TOTP_PERIOD_S = 30;
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

const totpOf = (secret: string, label = "") =>
  new TOTP({
    issuer: "Alloggio",
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URI of a secret and its QR code (SVG). */
export function enrolmentOf(secret: string, email: string): { uri: string; qrSvg: string } {
  const uri = totpOf(secret, email).toString();
  return { uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/**
 * The time step of a valid code (the step of `now` ±1), or null. The caller refuses a step not after the last one
 * accepted for this user: a code works once.
 */
export function totpStepOf(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}

/** The code of a secret at a time (tests and the e2e compute codes like this). */
export const totpCodeAt = (secret: string, at: Date) => totpOf(secret).generate({ timestamp: at.getTime() });

/** A recovery code: 10 characters of an alphabet without look-alikes, shown as xxxxx-xxxxx. */
export function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** How a typed recovery code is compared: lower case, without spaces and dashes. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
