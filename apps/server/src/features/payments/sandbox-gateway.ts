import { createHash, randomBytes } from "node:crypto";
import { cardEntryOf } from "@alloggio/domain/booking/card";
import type { Database } from "../../db/client";
import type { AuthoriseResult, PaymentGateway, PaymentStatus } from "./gateway";
import {
  findSandboxPayment,
  insertSandboxPayment,
  insertSandboxPaymentOnce,
  insertSandboxPaymentReturning,
  markSandboxPaymentRefunded,
  refundedOfSandboxPayment,
  type SandboxPaymentRow,
  settleHeldSandboxPayment,
  settleWaitingSandboxPayment,
  voidWaitingSandboxPayment,
} from "./repository";

/** The test cards of the sandbox, by what they do (the numbers are the usual test numbers of the trade). */
export const SANDBOX_CARDS = {
  "4242424242424242": "success",
  "5555555555554444": "success",
  "4000000000000002": "declined",
  "4000000000009995": "insufficient_funds",
  "4000000000003220": "challenge",
  // Saved for a guarantee after its 3-D Secure check, then charged off-session: the bank asks the holder again.
  "4000002760003184": "authentication_required",
  // Saved for a guarantee, then refused when charged off-session.
  "4000000000000341": "charge_fails",
} as const;
export type CardBehaviour = (typeof SANDBOX_CARDS)[keyof typeof SANDBOX_CARDS];

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
/** The same id for the same idempotency key, as a real gateway answers the call it already made. */
const keyedId = (prefix: string, key: string) =>
  `${prefix}_${createHash("sha256").update(key).digest("hex").slice(0, 24)}`;

/**
 * A card payment's `token` column: whether to capture once the challenge is passed, and what the card does when
 * charged later off-session (after `:`), for the test cards that behave differently then.
 */
const offSessionOf = (token: string | null) => token?.split(":")[1] ?? null;

/** `?language=3` for the gateway's pages in the checkout's language; nothing for English or an unknown id. */
const languageQuery = (language: number | undefined) =>
  language !== undefined && language !== 1 ? `?language=${language}` : "";

function toResult(row: SandboxPaymentRow, base: string, language?: number | undefined): AuthoriseResult {
  const result: AuthoriseResult = { ref: row.id, status: row.status as PaymentStatus };
  if (row.cardLast4) result.cardLast4 = row.cardLast4;
  if (row.declineReason) result.declineReason = row.declineReason as AuthoriseResult["declineReason"];
  if (row.status === "requires_challenge" || row.status === "requires_action")
    result.challengeUrl = `${base}/${row.status === "requires_action" ? "pay" : "challenge"}/${row.id}${languageQuery(language)}`;
  return result;
}

/**
 * The built-in sandbox gateway: behaves like a real one (hosted card page, tokens, 3-D Secure challenge,
 * declines), keeping its own book in `sandbox_payment`. Card numbers live only in its hosted page's request.
 */
export function createSandboxGateway(
  database: Database,
  base = "/sandbox-gateway",
): PaymentGateway & {
  tokenise(card: { number: string; last4: string }): Promise<string | null>;
  completeChallenge(ref: string, approved: boolean): Promise<{ returnUrl: string } | null>;
  describe(
    ref: string,
  ): Promise<{ method: string; amountMinor: number; currency: string; status: string } | null>;
} {
  const { db } = database;
  return {
    name: "sandbox",
    // Its pages are served by this server: the site's own origin.
    pageOrigins: [],
    cardEntry: cardEntryOf("sandbox"),
    // As a card scheme's: the demo walks the same timed release as Stripe.
    authorisationWindowHours: 7 * 24,
    hostedCardUrl: ({ returnUrl, language }) =>
      `${base}/card?return=${encodeURIComponent(returnUrl)}${languageQuery(language).replace("?", "&")}`,

    async tokenise(card) {
      const behaviour = SANDBOX_CARDS[card.number as keyof typeof SANDBOX_CARDS];
      if (!behaviour) return null;
      const id = newId("tok");
      await insertSandboxPayment(db, {
        id,
        amountMinor: 0,
        currencyCode: "XXX",
        status: "tokenised",
        token: behaviour,
        cardLast4: card.last4,
        returnUrl: "",
      });
      return id;
    },

    async authorise(input) {
      const token = input.token ? await findSandboxPayment(db, input.token) : undefined;
      const ref = newId("pay");
      if (token?.status !== "tokenised") {
        return { ref, status: "declined", declineReason: "invalid_token" };
      }
      const behaviour = token.token as CardBehaviour;
      // Both off-session cards pass their on-session check: the first with a 3-D Secure challenge.
      const onSession =
        behaviour === "charge_fails"
          ? "success"
          : behaviour === "authentication_required"
            ? "challenge"
            : behaviour;
      const status: PaymentStatus =
        onSession === "success"
          ? input.capture
            ? "captured"
            : "authorised"
          : onSession === "challenge"
            ? "requires_challenge"
            : "declined";
      const declineReason =
        behaviour === "insufficient_funds"
          ? "insufficient_funds"
          : behaviour === "declined"
            ? "declined"
            : null;
      const row = await insertSandboxPaymentReturning(db, {
        id: ref,
        amountMinor: input.amountMinor,
        currencyCode: input.currency,
        status,
        // The capture choice travels with the payment, to apply once the challenge is passed.
        token: `${input.capture ? "capture" : "authorise"}${onSession === behaviour ? "" : `:${behaviour}`}`,
        cardLast4: token.cardLast4,
        declineReason,
        returnUrl: input.returnUrl,
      });
      return toResult(row!, base, input.language);
    },

    async startRedirect(input) {
      const row = await insertSandboxPaymentReturning(db, {
        id: newId("pay"),
        amountMinor: input.amountMinor,
        currencyCode: input.currency,
        status: "requires_action",
        token: "capture",
        method: input.method,
        returnUrl: input.returnUrl,
      });
      return toResult(row!, base, input.language);
    },

    async retrieve(ref) {
      const row = await findSandboxPayment(db, ref);
      return row && row.status !== "tokenised" ? toResult(row, base) : null;
    },

    async refund(ref, amountMinor, idempotencyKey) {
      const payment = await findSandboxPayment(db, ref);
      if (payment?.status !== "captured" && payment?.status !== "refunded")
        return { ref, status: "declined", declineReason: "invalid_token" };
      // Each refund is its own entry; the payment reads "refunded" once refunds reach its amount. A refund asked
      // again under the same key is the same entry: it is answered, not made twice.
      const refundRef = idempotencyKey ? `rf_${idempotencyKey}` : newId("rf");
      const known = await findSandboxPayment(db, refundRef);
      if (known) return { ref: refundRef, status: "refunded" };
      // Like a real gateway, never more back than the payment took.
      const before = await refundedOfSandboxPayment(db, ref);
      if (before + amountMinor > payment.amountMinor)
        return { ref, status: "declined", declineReason: "declined" };
      const made = await insertSandboxPaymentOnce(db, {
        id: refundRef,
        amountMinor,
        currencyCode: payment.currencyCode,
        status: "refunded",
        token: ref,
        method: "refund",
        returnUrl: "",
      });
      if (made.length === 0) return { ref: refundRef, status: "refunded" };
      const total = await refundedOfSandboxPayment(db, ref);
      if (total >= payment.amountMinor) await markSandboxPaymentRefunded(db, ref);
      return { ref: refundRef, status: "refunded" };
    },

    async describe(ref) {
      const row = await findSandboxPayment(db, ref);
      if (!row || row.status === "tokenised") return null;
      return {
        method: row.method,
        amountMinor: row.amountMinor,
        currency: row.currencyCode,
        status: row.status,
      };
    },

    async cancel(ref) {
      return voidWaitingSandboxPayment(db, ref);
    },

    async capture(ref, amountMinor) {
      const payment = await findSandboxPayment(db, ref);
      if (!payment || payment.status === "tokenised")
        return { ref, status: "declined", declineReason: "invalid_token" };
      // Like a real gateway, never more than was authorised; the rest is released with the capture.
      if (payment.status === "authorised" && amountMinor > 0 && amountMinor <= payment.amountMinor)
        await settleHeldSandboxPayment(db, ref, { status: "captured", amountMinor, declineReason: null });
      return toResult((await findSandboxPayment(db, ref))!, base);
    },

    async release(ref) {
      const payment = await findSandboxPayment(db, ref);
      if (!payment || payment.status === "tokenised")
        return { ref, status: "declined", declineReason: "invalid_token" };
      await settleHeldSandboxPayment(db, ref, {
        status: "declined",
        amountMinor: payment.amountMinor,
        declineReason: null,
      });
      return toResult((await findSandboxPayment(db, ref))!, base);
    },

    async chargeSaved(input) {
      const saved = await findSandboxPayment(db, input.ref);
      if (saved?.status !== "authorised" || saved.amountMinor !== 0 || saved.method !== "card")
        return { ref: input.ref, status: "declined", declineReason: "invalid_token" };
      const behaviour = offSessionOf(saved.token);
      const ref = keyedId("pay", `${input.ref}:${input.idempotencyKey}`);
      const known = await findSandboxPayment(db, ref);
      const row =
        known ??
        (await insertSandboxPaymentReturning(db, {
          id: ref,
          amountMinor: input.amountMinor,
          currencyCode: input.currency,
          // The bank asks the holder: the sandbox's page of a card payment waiting for them, to send by mail.
          status:
            behaviour === "authentication_required"
              ? "requires_action"
              : behaviour === "charge_fails"
                ? "declined"
                : "captured",
          token: "capture",
          cardLast4: saved.cardLast4,
          declineReason: behaviour === "charge_fails" ? "declined" : null,
          returnUrl: input.returnUrl,
        }))!;
      const result = toResult(row, base);
      return row.status === "requires_action"
        ? { ...result, declineReason: "authentication_required" }
        : result;
    },

    async completeChallenge(ref, approved) {
      const row = await findSandboxPayment(db, ref);
      if (!row || row.status === "tokenised") return null;
      // Only a waiting payment changes, once: a second submit (or a replayed one) leaves the outcome as it was.
      await settleWaitingSandboxPayment(db, ref, {
        status: approved ? (row.token?.startsWith("capture") ? "captured" : "authorised") : "declined",
        declineReason: approved ? null : row.method === "card" ? "challenge_failed" : "declined",
      });
      return { returnUrl: row.returnUrl };
    },
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
