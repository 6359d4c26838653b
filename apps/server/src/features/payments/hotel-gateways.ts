import Stripe from "stripe";
import type { Database } from "../../db/client";
import type { PaymentGateway } from "./gateway";
import type { HotelGatewayLookup } from "./gateways";
import type { KeyCipher } from "./key-cipher";
import { type DescribeAccount, PaymentAccountError, storedStripeKeysOf } from "./settings";
import { findPaymentSettings, findSealedPaymentKeys } from "./settings-repository";
import { createStripeGateway } from "./stripe-gateway";

/** Where the server reaches Stripe: its API (another origin only for the local fake) and the site's own origin. */
export type StripeConnection = { apiBase?: string | undefined; siteOrigin: string };

/**
 * Each hotel's own gateway, from its payment settings (ADR 0073): the choice it made, and a Stripe gateway made
 * with its keys, kept while the keys stay as they are (a Stripe client per hotel, not per payment).
 */
export function createHotelGatewayLookup(
  database: Database,
  cipher: KeyCipher | null,
  stripe: StripeConnection,
): HotelGatewayLookup {
  const made = new Map<number, { changedAt: number; gateway: PaymentGateway }>();
  return {
    async keyOf(hotelId) {
      return (await findPaymentSettings(database.db, hotelId))?.row.gateway ?? null;
    },
    async ownGateway(name, hotelId) {
      if (name !== "stripe") return null;
      const keys = await storedStripeKeysOf(database.db, hotelId, cipher);
      if (!keys) return null;
      const known = made.get(hotelId);
      if (known?.changedAt === keys.changedAt.getTime()) return known.gateway;
      const gateway = createStripeGateway({
        secretKey: keys.secretKey,
        webhookSecret: keys.webhookSecret,
        apiBase: stripe.apiBase,
        siteOrigin: stripe.siteOrigin,
      });
      made.set(hotelId, { changedAt: keys.changedAt.getTime(), gateway });
      return gateway;
    },
    async hotelsWith(name) {
      if (name !== "stripe") return [];
      return (await findSealedPaymentKeys(database.db)).map((row) => row.hotelId);
    },
  };
}

/** "Test the connection" against Stripe: the account behind a secret key, or why it could not be read. */
export function stripeAccountLookup(stripe: StripeConnection): DescribeAccount {
  return async (secretKey) => {
    try {
      const account = await createStripeGateway({
        secretKey,
        webhookSecret: "",
        ...stripe,
      }).describeAccount();
      return {
        name: account.name ?? account.id,
        country: account.country ?? "",
        live: account.live,
        methods: account.methods,
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeAuthenticationError)
        throw new PaymentAccountError("key_refused", error.message);
      if (error instanceof Stripe.errors.StripePermissionError)
        throw new PaymentAccountError("key_refused", error.message);
      throw new PaymentAccountError("unreachable", error instanceof Error ? error.message : String(error));
    }
  };
}
