import { type Algorithm, hash, verify } from "@node-rs/argon2";

/** argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: the OWASP minimum). */
const ARGON2ID = 2 as Algorithm;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/**
 * A hash of a random password nobody knows, made once: an unknown user, a user without a password or a disabled
 * one is checked against it, so every refused sign-in costs the same time as a wrong password.
 */
let dummy: Promise<string> | null = null;
const dummyHash = () => {
  dummy ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  return dummy;
};

/** Whether `password` matches `passwordHash`; with no hash, the same work is done against a dummy and false answered. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await dummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
