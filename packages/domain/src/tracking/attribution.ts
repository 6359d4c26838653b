/**
 * Attribution (SPEC §7 "tracking references for two metasearch sites and a campaign reference"): the
 * query parameters a guest lands with are kept through the session, sent in guestdata.do's `tracking` and stored on
 * the reservation. Names as the partners send them.
 */
export type Attribution = { trivago?: string; tripadvisor?: string; campaign?: string };

/** trivago's click reference and TripAdvisor's; the campaign is utm_source / utm_medium / utm_campaign. */
export const ATTRIBUTION_PARAMS = {
  trivago: ["trv_reference", "trv_ref"],
  tripadvisor: ["tripadvisor_ref", "ta_ref", "refid"],
  campaign: ["utm_source", "utm_medium", "utm_campaign"],
} as const;

const MAX = 200;
const clean = (value: string | null) => {
  const text = [...(value ?? "")]
    .filter((c) => c >= " " && c !== "\u007f")
    .join("")
    .trim();
  return text ? text.slice(0, MAX) : undefined;
};

/** The attribution a landing URL's query carries; empty when it carries none (a later landing doesn't erase one). */
export function readAttribution(query: URLSearchParams): Attribution {
  const out: Attribution = {};
  const first = (names: readonly string[]) => {
    for (const name of names) {
      const value = clean(query.get(name));
      if (value) return value;
    }
    return undefined;
  };
  const trivago = first(ATTRIBUTION_PARAMS.trivago);
  const tripadvisor = first(ATTRIBUTION_PARAMS.tripadvisor);
  if (trivago) out.trivago = trivago;
  if (tripadvisor) out.tripadvisor = tripadvisor;
  const parts = ATTRIBUTION_PARAMS.campaign.map((name) => clean(query.get(name)));
  if (parts.some(Boolean)) out.campaign = clean(parts.map((p) => p ?? "").join(" / "));
  return out;
}
