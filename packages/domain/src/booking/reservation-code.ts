/**
 * Reservation codes: 80 random bits as 16 characters of Crockford base32 (no I, L, O, U), so a code can be read
 * over the phone and cannot be guessed. The caller supplies the random bytes (crypto.getRandomValues).
 */
export const RESERVATION_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const RESERVATION_CODE_BYTES = 10;
export const RESERVATION_CODE_LENGTH = 16;

const CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{16}$/;

export function encodeReservationCode(bytes: Uint8Array): string {
  if (bytes.length !== RESERVATION_CODE_BYTES)
    throw new RangeError(`A reservation code needs ${RESERVATION_CODE_BYTES} bytes, got ${bytes.length}`);
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += RESERVATION_CODE_ALPHABET[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

/** The inverse of encodeReservationCode for a canonical code; throws on anything else. */
export function decodeReservationCode(code: string): Uint8Array {
  if (!isReservationCode(code)) throw new RangeError(`Not a reservation code: ${code}`);
  const bytes = new Uint8Array(RESERVATION_CODE_BYTES);
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of code) {
    buffer = (buffer << 5) | RESERVATION_CODE_ALPHABET.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes[index++] = (buffer >> bits) & 255;
      buffer &= (1 << bits) - 1;
    }
  }
  return bytes;
}

/** Canonical form only: 16 characters of the alphabet, upper case. */
export function isReservationCode(s: string): boolean {
  return CODE_PATTERN.test(s);
}

/**
 * What a guest typed to the canonical code, or null: case, spaces and dashes do not matter, and I/L read as 1,
 * O as 0, as Crockford intends.
 */
export function normalizeReservationCode(s: string): string | null {
  const code = s.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  return isReservationCode(code) ? code : null;
}

const PREFIX_PATTERN = /^[0-9A-HJKMNP-TV-Z]{1,16}$/;

/** The start of a code, written as loosely as a whole one (staff searching by what a guest read out), or null. */
export function normalizeReservationCodePrefix(s: string): string | null {
  const code = s.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  return PREFIX_PATTERN.test(code) ? code : null;
}
