import { describe, expect, it } from "vitest";
import { createKeyCipher, paymentKeysSecretBytes } from "./key-cipher";

// The seal of the hotels' gateway secrets (ADR 0073): AES-256-GCM, a fresh IV per value, bound to hotel and field.

const secret = Buffer.alloc(32, 1).toString("base64");
const other = Buffer.alloc(32, 2).toString("base64");
const where = { hotelId: 7, field: "secretKey" } as const;

describe("the payment keys cipher", () => {
  it("opens what it sealed; the seal holds no clear text and differs each time (random IV)", () => {
    const cipher = createKeyCipher(secret);
    const a = cipher.seal("sk_test_abcdefgh1234", where);
    const b = cipher.seal("sk_test_abcdefgh1234", where);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("abcdefgh");
    expect(cipher.open(a, where)).toBe("sk_test_abcdefgh1234");
    expect(cipher.open(b, where)).toBe("sk_test_abcdefgh1234");
  });

  it("does not open under another secret, another hotel, another field, or a changed byte (the tag is checked)", () => {
    const sealed = createKeyCipher(secret).seal("whsec_abcdefgh", where);
    expect(createKeyCipher(other).open(sealed, where)).toBeNull();
    expect(createKeyCipher(secret).open(sealed, { hotelId: 8, field: "secretKey" })).toBeNull();
    expect(createKeyCipher(secret).open(sealed, { hotelId: 7, field: "webhookSecret" })).toBeNull();
    const [v, iv, tag, body] = sealed.split(".") as [string, string, string, string];
    const flipped = Buffer.from(body, "base64url");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(
      createKeyCipher(secret).open([v, iv, tag, flipped.toString("base64url")].join("."), where),
    ).toBeNull();
    expect(createKeyCipher(secret).open("not a seal", where)).toBeNull();
  });

  it("takes 32 bytes of base64 only", () => {
    expect(paymentKeysSecretBytes(secret)?.length).toBe(32);
    expect(paymentKeysSecretBytes(Buffer.alloc(32, 255).toString("base64url"))?.length).toBe(32);
    expect(paymentKeysSecretBytes("short")).toBeNull();
    expect(paymentKeysSecretBytes(Buffer.alloc(31).toString("base64"))).toBeNull();
    expect(() => createKeyCipher("short")).toThrow(/PAYMENT_KEYS_SECRET/);
  });
});
