import {
  encodeReservationCode,
  normalizeReservationCode,
  RESERVATION_CODE_BYTES,
} from "../booking/reservation-code";

/**
 * Offer codes are written like reservation codes: 80 random bits as 16 characters of Crockford base32, so the
 * `/offer/:offerCode` link cannot be guessed (≥ 80 bits) and can be read over the phone. The caller
 * supplies the random bytes (crypto.getRandomValues), so this stays pure.
 */
export const OFFER_CODE_BITS = RESERVATION_CODE_BYTES * 8;

export function newOfferCode(random: (bytes: Uint8Array) => Uint8Array): string {
  return encodeReservationCode(random(new Uint8Array(RESERVATION_CODE_BYTES)));
}

/** What a guest typed (any case, dashes, I/L/O) to the canonical code, or null. */
export function normalizeOfferCode(s: string): string | null {
  return normalizeReservationCode(s);
}
