/**
 * A payment gateway as Alloggio uses it (ARCHITECTURE §3). Card numbers never reach Alloggio: the gateway's
 * hosted card page turns them into a token, and Alloggio keeps the token's reference and the last four digits.
 */
export type PaymentStatus = "authorised" | "captured" | "requires_challenge" | "declined" | "refunded";

export type AuthoriseResult = {
  ref: string;
  status: PaymentStatus;
  /** Where the guest completes a 3-D Secure challenge, when the status is requires_challenge. */
  challengeUrl?: string;
  declineReason?: "declined" | "insufficient_funds" | "invalid_token" | "challenge_failed";
  cardLast4?: string;
};

export type PaymentGateway = {
  readonly name: string;
  /** The hosted card page the web app embeds; it answers a token to `returnUrl` (or by postMessage). */
  hostedCardUrl(input: { returnUrl: string }): string;
  /** Authorises an amount on a token; `capture` true charges it at once (payment now). */
  authorise(input: {
    token: string;
    amountMinor: number;
    currency: string;
    reference: string;
    capture: boolean;
    returnUrl: string;
  }): Promise<AuthoriseResult>;
  /** The gateway's own word on a payment: the only thing that confirms a booking after a 3-D Secure return. */
  retrieve(ref: string): Promise<AuthoriseResult | null>;
  refund(ref: string, amountMinor: number): Promise<AuthoriseResult>;
};
