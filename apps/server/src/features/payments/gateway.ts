import { HOTEL_PAYMENT_METHODS } from "@alloggio/domain/contract/property/property-file";

/**
 * A payment gateway as Alloggio uses it (ARCHITECTURE §3). Card numbers never reach Alloggio: the gateway's
 * hosted card page turns them into a token, and Alloggio keeps the token's reference and the last four digits.
 */
export type PaymentStatus =
  | "authorised"
  | "captured"
  | "requires_challenge"
  | "requires_action"
  | "declined"
  | "refunded";

/**
 * Methods the guest completes on the gateway's own pages, leaving the site and coming back (SPEC §9): the ones a
 * hotel can enable.
 */
export const REDIRECT_METHODS = HOTEL_PAYMENT_METHODS;
export type RedirectMethod = (typeof REDIRECT_METHODS)[number];
export const isRedirectMethod = (method: string): method is RedirectMethod =>
  (REDIRECT_METHODS as readonly string[]).includes(method);

export type AuthoriseResult = {
  ref: string;
  status: PaymentStatus;
  /**
   * Where the guest goes next: the 3-D Secure challenge (requires_challenge) or the page of a redirect method
   * (requires_action), which sends the guest back to the return URL.
   */
  challengeUrl?: string;
  declineReason?: "declined" | "insufficient_funds" | "invalid_token" | "challenge_failed";
  cardLast4?: string;
};

export type PaymentGateway = {
  readonly name: string;
  /** The origins of the gateway's hosted pages, which the payment pages may frame (none when they are the site's). */
  readonly pageOrigins: readonly string[];
  /**
   * The hosted card page the web app embeds; it answers a token to `returnUrl` (or by postMessage). `language`
   * (SPEC §3 id) is the checkout's: the gateway's pages speak it, as real gateways take a locale.
   */
  hostedCardUrl(input: { returnUrl: string; language?: number | undefined }): string;
  /** Authorises an amount on a token; `capture` true charges it at once (payment now). */
  authorise(input: {
    token: string;
    amountMinor: number;
    currency: string;
    reference: string;
    capture: boolean;
    returnUrl: string;
    /** The language of the gateway's challenge page (SPEC §3 id). */
    language?: number | undefined;
  }): Promise<AuthoriseResult>;
  /**
   * Starts a payment the guest completes on the gateway's page (instant bank payment, wallet, mobile payment, or a
   * link to pay later): answers requires_action and the page's URL; the amount is captured when the guest approves.
   */
  startRedirect(input: {
    method: RedirectMethod;
    amountMinor: number;
    currency: string;
    reference: string;
    returnUrl: string;
    /** The language of the gateway's payment page (SPEC §3 id). */
    language?: number | undefined;
  }): Promise<AuthoriseResult>;
  /** The gateway's own word on a payment: the only thing that confirms a booking after a 3-D Secure return. */
  retrieve(ref: string): Promise<AuthoriseResult | null>;
  /**
   * Refunds part or all of a captured payment. `idempotencyKey` names the refund: asked again with the same key,
   * the gateway answers the refund it already made rather than making another (real gateways take such a key).
   */
  refund(ref: string, amountMinor: number, idempotencyKey?: string): Promise<AuthoriseResult>;
};
