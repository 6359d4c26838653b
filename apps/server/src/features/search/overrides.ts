import { createHmac, timingSafeEqual } from "node:crypto";
import { formatOverride, type PriceOverride, parseHpcc } from "@alloggio/domain/pricing/overrides";
import { badInput } from "../../http/errors";

/** The signature of an override's text: the property (or its metasearch partner) signs with OVERRIDE_SECRET. */
export function signOverrideText(secret: string, text: string): string {
  return createHmac("sha256", secret).update(text).digest("hex").slice(0, 32);
}

function isSigned(secret: string, text: string, signature: string): boolean {
  const expected = Buffer.from(signOverrideText(secret, text));
  const given = Buffer.from(signature.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The price overrides of a search: `hpcc` entries, and `override` (`total~signature`) for the single room and
 * rate chosen with `room` and `packs`. Malformed text is a 400; an entry whose signature does not match is
 * ignored, so a stale or tampered link still searches at the normal price (ADR 0002).
 */
export function readOverrides(
  secret: string,
  q: {
    hpcc?: string | undefined;
    override?: string | undefined;
    roomIds?: number[] | undefined;
    rateIds?: number[] | undefined;
    arrival: string;
    departure: string;
  },
): PriceOverride[] {
  const out: PriceOverride[] = [];
  if (q.hpcc) {
    const parsed = parseHpcc(q.hpcc);
    if (!parsed.ok) throw badInput("hpcc", parsed.reason);
    for (const o of parsed.overrides) if (isSigned(secret, o.signed, o.signature)) out.push(o);
  }
  if (q.override) {
    const m = /^(\d{1,8}(?:\.\d{1,2})?)~([0-9a-fA-F]{16,64})$/.exec(q.override);
    if (!m) throw badInput("override", "must be total~signature");
    if (q.roomIds?.length !== 1 || q.rateIds?.length !== 1)
      throw badInput("override", "needs exactly one room (room) and one rate (packs)");
    const base = {
      roomId: q.roomIds[0]!,
      rateId: q.rateIds[0]!,
      arrival: q.arrival,
      departure: q.departure,
      total: Number(m[1]),
    };
    const signed = formatOverride(base);
    if (isSigned(secret, signed, m[2]!)) out.push({ ...base, signed, signature: m[2]! });
  }
  return out;
}
