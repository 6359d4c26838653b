/** How a rate plan is paid (the `payment_kind` enum of rate_plan.payment, the property format, the back office). */
export const RATE_PAYMENT_KINDS = [
  "pay_at_hotel",
  "card_guarantee",
  "prepaid",
  "pre_authorisation",
  "bank_transfer",
] as const;
export type RatePaymentKind = (typeof RATE_PAYMENT_KINDS)[number];

/** Methods that take nothing at booking: only these hold a booking as an option (ADR 0021, 0031). */
export const OPTION_METHODS = ["pay_at_hotel", "bank_transfer"] as const;
export type OptionMethod = (typeof OPTION_METHODS)[number];

export function isOptionMethod(method: string): method is OptionMethod {
  return (OPTION_METHODS as readonly string[]).includes(method);
}

/**
 * The payment methods a stay may use, from its rates' payment kinds (SPEC §9): the strictest kind of its rates
 * decides. `online` are the gateway's redirect methods the hotel enables for this payment; `bank` whether the hotel
 * says where transfers go. The guest's checkout and the agency's confirmation of an option use this one rule.
 */
export function ratePaymentMethods(
  kinds: readonly (RatePaymentKind | (string & {}))[],
  options: { online: readonly string[]; bank: boolean },
): string[] {
  const bank = options.bank ? ["bank_transfer"] : [];
  if (kinds.includes("prepaid")) return ["card_payment", ...options.online, ...bank];
  if (kinds.includes("pre_authorisation")) return ["pre_authorisation"];
  if (kinds.includes("bank_transfer")) return [...bank, "card_payment", ...options.online];
  if (kinds.includes("card_guarantee")) return ["card_guarantee"];
  return ["pay_at_hotel", "card_guarantee"];
}

/**
 * The methods a new booking may be paid with (the checkout's list and the booking's check, one rule): its rates'
 * rule (`ratePaymentMethods`), with the hotel's enabled redirect methods offered only when something is due now,
 * and pay-by-link only when the schedule asks for money before the stay.
 */
export function stayPaymentMethods(stay: {
  kinds: readonly string[];
  /** The redirect methods the hotel enables, in the order they are offered. */
  redirectMethods: readonly string[];
  enabledMethods: readonly string[];
  dueNowMinor: number;
  /** Everything the schedule asks before the stay: due now and on later dates. */
  prepaidMinor: number;
  bank: boolean;
}): string[] {
  const online = stay.redirectMethods.filter(
    (m) =>
      stay.enabledMethods.includes(m) && (m === "pay_by_link" ? stay.prepaidMinor > 0 : stay.dueNowMinor > 0),
  );
  return ratePaymentMethods(stay.kinds, { online, bank: stay.bank });
}
