import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// The seal of a hotel's gateway secrets at rest (ADR 0073): AES-256-GCM under PAYMENT_KEYS_SECRET (32 random
// bytes, base64), a fresh 12-byte IV per value, and the hotel and field as associated data, so a sealed value
// copied to another hotel's row or another column does not open.

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** PAYMENT_KEYS_SECRET as bytes: 32 bytes in standard or URL-safe base64; null when it is anything else. */
export function paymentKeysSecretBytes(value: string): Buffer | null {
  const text = value.trim();
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return null;
  const bytes = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return bytes.length === 32 ? bytes : null;
}

/** Which value a seal holds: the hotel and the column, bound into the seal. */
export type SealContext = { hotelId: number; field: "secretKey" | "webhookSecret" };

export type KeyCipher = {
  seal(plain: string, context: SealContext): string;
  /** The value sealed, or null when this secret (or this context) cannot open it. */
  open(sealed: string, context: SealContext): string | null;
};

const aadOf = (context: SealContext) =>
  Buffer.from(`alloggio:payment-keys:${context.hotelId}:${context.field}`);

/** The cipher of PAYMENT_KEYS_SECRET; throws when the secret is not 32 bytes of base64 (loadEnv refuses it first). */
export function createKeyCipher(secret: string): KeyCipher {
  const key = paymentKeysSecretBytes(secret);
  if (!key)
    throw new Error("PAYMENT_KEYS_SECRET: must be 32 random bytes in base64 (openssl rand -base64 32)");
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aadOf(context));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, body]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed, context) {
      const [version, iv, tag, body, ...rest] = sealed.split(".");
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined || rest.length)
        return null;
      const ivBytes = Buffer.from(iv, "base64url");
      const tagBytes = Buffer.from(tag, "base64url");
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, ivBytes, { authTagLength: TAG_BYTES });
        decipher.setAAD(aadOf(context));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
          "utf8",
        );
      } catch {
        // A wrong secret, a changed byte or a seal of another hotel or field: the tag does not match.
        return null;
      }
    },
  };
}

/** The cipher of PAYMENT_KEYS_SECRET as the environment has it; null when it is not set (no key is then stored). */
export function paymentKeysCipher(secret: string | undefined): KeyCipher | null {
  return secret ? createKeyCipher(secret) : null;
}
