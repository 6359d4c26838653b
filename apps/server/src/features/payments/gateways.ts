import type { PaymentGateway } from "./gateway";

/**
 * The gateways of a site: each hotel takes payments with the gateway its payment-gateway key names (SPEC §3), with
 * its own keys; a payment already made is always handled by the gateway that made it (the name on its row), even
 * after the hotel changed gateway, so that its refunds and captures reach the card that paid.
 */
export type PaymentGateways = {
  /** The gateway a hotel takes new payments with. */
  forHotel(hotelId: number): Promise<PaymentGateway>;
  /** The gateway a recorded payment of this hotel was made with; null when it is not available any more. */
  named(name: string, hotelId: number): Promise<PaymentGateway | null>;
  /** The hotels with a gateway of that name of their own (whose events the site may receive). */
  hotelsWith(name: string): Promise<number[]>;
};

/** How the gateways of one hotel are found: its chosen gateway's name and, for a gateway of its own, the gateway. */
export type HotelGatewayLookup = {
  /** The gateway key the hotel chose; null when it chose none (the server's default). */
  keyOf(hotelId: number): Promise<string | null>;
  /** The hotel's own gateway of that name, made with its keys; null when the hotel has no keys for it. */
  ownGateway(name: string, hotelId: number): Promise<PaymentGateway | null>;
  /** The hotels with keys of their own for that gateway. */
  hotelsWith(name: string): Promise<number[]>;
};

/**
 * The site's gateways: the server's default (the sandbox, or what PAYMENT_GATEWAY names) for every hotel without a
 * gateway of its own, and each hotel's own gateway where it chose one and saved its keys.
 */
export function createPaymentGateways(
  fallback: PaymentGateway,
  lookup: HotelGatewayLookup | null = null,
): PaymentGateways {
  const named = async (name: string, hotelId: number) =>
    name === fallback.name ? fallback : ((await lookup?.ownGateway(name, hotelId)) ?? null);
  return {
    async forHotel(hotelId) {
      if (!lookup) return fallback;
      const key = await lookup.keyOf(hotelId);
      if (key === null || key === fallback.name) return fallback;
      // A hotel that chose a gateway whose keys are missing takes no payment through another one unasked.
      return (await named(key, hotelId)) ?? unavailableGateway(key);
    },
    named,
    hotelsWith: async (name) => (lookup ? lookup.hotelsWith(name) : []),
  };
}

/**
 * A gateway chosen but not set up (no keys saved): every payment it is asked for fails as a gateway error does (a
 * 402 the guest reads, the booking released); nothing is found or voided; a refund stays pending and is retried.
 */
function unavailableGateway(name: string): PaymentGateway {
  const fail = async (): Promise<never> => {
    throw new Error(`the hotel's payment gateway (${name}) is not set up`);
  };
  return {
    name,
    pageOrigins: [],
    cardEntry: "redirect",
    hostedCardUrl: () => "",
    authorise: fail,
    startRedirect: fail,
    refund: fail,
    retrieve: async () => null,
    cancel: async () => false,
  };
}
