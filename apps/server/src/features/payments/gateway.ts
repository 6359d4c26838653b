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
  declineReason?:
    | "declined"
    | "insufficient_funds"
    | "invalid_token"
    | "challenge_failed"
    /** The guest left the gateway's page unfinished until it expired (or the property cancelled the link). */
    | "expired"
    /** An off-session charge the bank wants the card holder to approve (SCA): a link goes to the guest. */
    | "authentication_required";
  cardLast4?: string;
};

/**
 * A gateway's event (webhook), verified: its id (stored once, so a replay changes nothing), its type as the
 * gateway names it, and the payment it is about, by the ref Alloggio keeps (`AuthoriseResult.ref`).
 */
export type GatewayEvent = {
  id: string;
  type: string;
  ref: string | null;
  created: Date;
  /** The gateway's id of the object the event is about (a dispute's, for a dispute's events). */
  objectId?: string;
};

/**
 * A refund the gateway holds for a payment, whoever made it: `key` is the idempotency key Alloggio sent with its own
 * refunds (the refund row's first reference), null for one made elsewhere (the gateway's dashboard).
 */
export type GatewayRefund = { ref: string; amountMinor: number; key: string | null };

/** A dispute (chargeback) the card holder's bank opened on a payment, as the gateway tells it now. */
export type GatewayDispute = {
  ref: string;
  amountMinor: number;
  currency: string;
  /** The gateway's reason code (fraudulent, product_not_received, …). */
  reason: string;
  /** needs_response, under_review, won, lost (and the gateway's warning_… forms of an inquiry). */
  status: string;
  /** The last moment the hotel can answer with evidence; null when there is none. */
  evidenceDueBy: Date | null;
  openedAt: Date;
};

export type PaymentGateway = {
  readonly name: string;
  /** The origins of the gateway's hosted pages, which the payment pages may frame (none when they are the site's). */
  readonly pageOrigins: readonly string[];
  /**
   * Where the guest types a card: "token", on the gateway's card page framed in the checkout, which answers a
   * token that `authorise` takes (the sandbox); "redirect", on the gateway's own page after a redirect (Stripe
   * Checkout, PCI DSS SAQ A): `authorise` is called without a token and answers `requires_action` with that page.
   */
  readonly cardEntry: "token" | "redirect";
  /**
   * How long the gateway holds an authorisation before it lapses (Stripe's cards: 7 days): the timed job releases
   * a pre-authorisation before then. None: the gateway holds none.
   */
  readonly authorisationWindowHours?: number;
  /**
   * The hosted card page the web app embeds; it answers a token to `returnUrl` (or by postMessage). `language`
   * (SPEC §3 id) is the checkout's: the gateway's pages speak it, as real gateways take a locale.
   */
  hostedCardUrl(input: { returnUrl: string; language?: number | undefined }): string;
  /** Authorises an amount on a token; `capture` true charges it at once (payment now). */
  authorise(input: {
    /** The card page's token; none when `cardEntry` is "redirect". */
    token?: string | undefined;
    amountMinor: number;
    currency: string;
    reference: string;
    capture: boolean;
    returnUrl: string;
    /** The language of the gateway's challenge page (SPEC §3 id). */
    language?: number | undefined;
    /**
     * Names this payment at the gateway (what makes it unique: the reservation and the attempt): asked again with
     * it, after a network error or a crash, the gateway answers the payment it already started, not a second one.
     */
    idempotencyKey?: string | undefined;
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
    /** As `authorise`'s: the same key answers the payment already started. */
    idempotencyKey?: string | undefined;
  }): Promise<AuthoriseResult>;
  /** The gateway's own word on a payment: the only thing that confirms a booking after a 3-D Secure return. */
  retrieve(ref: string): Promise<AuthoriseResult | null>;
  /**
   * Refunds part or all of a captured payment. `idempotencyKey` names the refund: asked again with the same key,
   * the gateway answers the refund it already made rather than making another (real gateways take such a key).
   */
  refund(ref: string, amountMinor: number, idempotencyKey?: string): Promise<AuthoriseResult>;
  /** Voids a payment the guest has not completed yet (a link not used): true when it was still waiting. */
  cancel(ref: string): Promise<boolean>;
  /** Captures an authorised amount (all of it, or less), where the gateway holds authorisations. */
  capture?(ref: string, amountMinor: number, idempotencyKey: string): Promise<AuthoriseResult>;
  /** Releases an authorisation the property will not capture. */
  release?(ref: string): Promise<AuthoriseResult>;
  /**
   * Charges the card a guarantee saved (`authorise` with amount 0) without the guest present: a no-show or late
   * cancellation penalty. The bank may ask for the holder's approval: `requires_action` with a page for the guest.
   */
  chargeSaved?(input: {
    ref: string;
    amountMinor: number;
    currency: string;
    reference: string;
    idempotencyKey: string;
    returnUrl: string;
  }): Promise<AuthoriseResult>;
  /**
   * Verifies an event the gateway posted (its signature over the raw body) and reads it; throws on a bad or stale
   * signature. Gateways that post no events leave it out.
   */
  verifyEvent?(rawBody: string, headers: Record<string, string | string[] | undefined>): GatewayEvent;
  /** The payment a verified event is about when the event names it only indirectly (asked of the gateway). */
  refOfEvent?(event: GatewayEvent): Promise<string | null>;
  /** Every refund the gateway made of payment `ref` (succeeded or on its way), whoever asked for it. */
  refundsOf?(ref: string): Promise<GatewayRefund[]>;
  /** A dispute by the gateway's id, as it stands now; null when the gateway knows none. */
  disputeOf?(id: string): Promise<GatewayDispute | null>;
};
