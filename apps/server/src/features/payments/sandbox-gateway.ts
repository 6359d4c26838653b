import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { sandboxPayment } from "../../db/schema";
import type { AuthoriseResult, PaymentGateway, PaymentStatus } from "./gateway";

/** The test cards of the sandbox, by what they do (the numbers are the usual test numbers of the trade). */
export const SANDBOX_CARDS = {
  "4242424242424242": "success",
  "5555555555554444": "success",
  "4000000000000002": "declined",
  "4000000000009995": "insufficient_funds",
  "4000000000003220": "challenge",
} as const;
export type CardBehaviour = (typeof SANDBOX_CARDS)[keyof typeof SANDBOX_CARDS];

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** `?language=3` for the gateway's pages in the checkout's language; nothing for English or an unknown id. */
const languageQuery = (language: number | undefined) =>
  language !== undefined && language !== 1 ? `?language=${language}` : "";

function toResult(
  row: typeof sandboxPayment.$inferSelect,
  base: string,
  language?: number | undefined,
): AuthoriseResult {
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
  /** Voids a payment the guest has not completed yet (a link not used): true when it was still waiting. */
  cancel(ref: string): Promise<boolean>;
  describe(
    ref: string,
  ): Promise<{ method: string; amountMinor: number; currency: string; status: string } | null>;
} {
  const { db } = database;
  return {
    name: "sandbox",
    // Its pages are served by this server: the site's own origin.
    pageOrigins: [],
    hostedCardUrl: ({ returnUrl, language }) =>
      `${base}/card?return=${encodeURIComponent(returnUrl)}${languageQuery(language).replace("?", "&")}`,

    async tokenise(card) {
      const behaviour = SANDBOX_CARDS[card.number as keyof typeof SANDBOX_CARDS];
      if (!behaviour) return null;
      const id = newId("tok");
      await db.insert(sandboxPayment).values({
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
      const [token] = await db.select().from(sandboxPayment).where(eq(sandboxPayment.id, input.token));
      const ref = newId("pay");
      if (token?.status !== "tokenised") {
        return { ref, status: "declined", declineReason: "invalid_token" };
      }
      const behaviour = token.token as CardBehaviour;
      const status: PaymentStatus =
        behaviour === "success"
          ? input.capture
            ? "captured"
            : "authorised"
          : behaviour === "challenge"
            ? "requires_challenge"
            : "declined";
      const declineReason =
        behaviour === "insufficient_funds"
          ? "insufficient_funds"
          : behaviour === "declined"
            ? "declined"
            : null;
      const [row] = await db
        .insert(sandboxPayment)
        .values({
          id: ref,
          amountMinor: input.amountMinor,
          currencyCode: input.currency,
          status,
          // The capture choice travels with the payment, to apply once the challenge is passed.
          token: input.capture ? "capture" : "authorise",
          cardLast4: token.cardLast4,
          declineReason,
          returnUrl: input.returnUrl,
        })
        .returning();
      return toResult(row!, base, input.language);
    },

    async startRedirect(input) {
      const [row] = await db
        .insert(sandboxPayment)
        .values({
          id: newId("pay"),
          amountMinor: input.amountMinor,
          currencyCode: input.currency,
          status: "requires_action",
          token: "capture",
          method: input.method,
          returnUrl: input.returnUrl,
        })
        .returning();
      return toResult(row!, base, input.language);
    },

    async retrieve(ref) {
      const [row] = await db.select().from(sandboxPayment).where(eq(sandboxPayment.id, ref));
      return row && row.status !== "tokenised" ? toResult(row, base) : null;
    },

    async refund(ref, amountMinor, idempotencyKey) {
      const [payment] = await db.select().from(sandboxPayment).where(eq(sandboxPayment.id, ref));
      if (payment?.status !== "captured" && payment?.status !== "refunded")
        return { ref, status: "declined", declineReason: "invalid_token" };
      // Each refund is its own entry; the payment reads "refunded" once refunds reach its amount. A refund asked
      // again under the same key is the same entry: it is answered, not made twice.
      const refundRef = idempotencyKey ? `rf_${idempotencyKey}` : newId("rf");
      const [known] = await db.select().from(sandboxPayment).where(eq(sandboxPayment.id, refundRef));
      if (known) return { ref: refundRef, status: "refunded" };
      // Like a real gateway, never more back than the payment took.
      const [{ before } = { before: 0 }] = await db
        .select({ before: sql<number>`coalesce(sum(${sandboxPayment.amountMinor}), 0)::int` })
        .from(sandboxPayment)
        .where(and(eq(sandboxPayment.token, ref), eq(sandboxPayment.method, "refund")));
      if (before + amountMinor > payment.amountMinor)
        return { ref, status: "declined", declineReason: "declined" };
      const made = await db
        .insert(sandboxPayment)
        .values({
          id: refundRef,
          amountMinor,
          currencyCode: payment.currencyCode,
          status: "refunded",
          token: ref,
          method: "refund",
          returnUrl: "",
        })
        .onConflictDoNothing()
        .returning({ id: sandboxPayment.id });
      if (made.length === 0) return { ref: refundRef, status: "refunded" };
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`coalesce(sum(${sandboxPayment.amountMinor}), 0)::int` })
        .from(sandboxPayment)
        .where(and(eq(sandboxPayment.token, ref), eq(sandboxPayment.method, "refund")));
      if (total >= payment.amountMinor)
        await db.update(sandboxPayment).set({ status: "refunded" }).where(eq(sandboxPayment.id, ref));
      return { ref: refundRef, status: "refunded" };
    },

    async describe(ref) {
      const [row] = await db.select().from(sandboxPayment).where(eq(sandboxPayment.id, ref));
      if (!row || row.status === "tokenised") return null;
      return {
        method: row.method,
        amountMinor: row.amountMinor,
        currency: row.currencyCode,
        status: row.status,
      };
    },

    async cancel(ref) {
      const voided = await db
        .update(sandboxPayment)
        .set({ status: "declined", declineReason: "cancelled" })
        .where(
          and(
            eq(sandboxPayment.id, ref),
            inArray(sandboxPayment.status, ["requires_challenge", "requires_action"]),
          ),
        )
        .returning({ id: sandboxPayment.id });
      return voided.length > 0;
    },

    async completeChallenge(ref, approved) {
      const [row] = await db.select().from(sandboxPayment).where(eq(sandboxPayment.id, ref));
      if (!row || row.status === "tokenised") return null;
      // Only a waiting payment changes, once: a second submit (or a replayed one) leaves the outcome as it was.
      await db
        .update(sandboxPayment)
        .set({
          status: approved ? (row.token === "capture" ? "captured" : "authorised") : "declined",
          declineReason: approved ? null : row.method === "card" ? "challenge_failed" : "declined",
        })
        .where(
          and(
            eq(sandboxPayment.id, ref),
            inArray(sandboxPayment.status, ["requires_challenge", "requires_action"]),
          ),
        );
      return { returnUrl: row.returnUrl };
    },
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
