import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  BoPaymentSettingsSchema,
  ChooseGatewayRequestSchema,
  PaymentConnectionSchema,
  SavePaymentKeysRequestSchema,
} from "@alloggio/domain/contract/backoffice/payments";
import { ErrorSchema } from "@alloggio/domain/contract/common";
import type { BackOfficeDeps, Staff } from "../../../features/backoffice";
import { audit } from "../../../features/backoffice";
import {
  choosePaymentGateway,
  readPaymentSettings,
  removePaymentKeys,
  type SettingsChange,
  savePaymentKeys,
  testPaymentConnection,
} from "../../../features/payments";
import type { App } from "../../app-type";
import { staffRoutes } from "../staff-routes";

/** A change may also find the server without PAYMENT_KEYS_SECRET (503) or Stripe unreachable (502). */
const errors = { 502: ErrorSchema, 503: ErrorSchema };

/**
 * A hotel's payments (ADR 0073), area `payments` (owner only): its gateway and Stripe keys. No answer carries a
 * secret (the secret key's last 4, whether a webhook signing secret is set); every change is audited without one.
 */
export function registerPaymentSettingsRoutes(app: App, deps: BackOfficeDeps): void {
  const route = staffRoutes(app, deps, "payments");
  const changeBy = (staff: Staff): SettingsChange => ({
    userId: staff.userId,
    audit: (tx, entry) => audit(tx, staff, entry),
  });
  const base = "/api/backoffice/hotels/:hotelId/payments";

  route.get(
    base,
    {
      summary:
        "The hotel's gateway and Stripe keys as they may be shown (last 4, mode, publishable key), the webhook address and events to give Stripe",
      params: HotelParamsSchema,
      answer: BoPaymentSettingsSchema,
      errors,
    },
    ({ params }) => readPaymentSettings(deps, params.hotelId),
  );

  route.put(
    `${base}/stripe-keys`,
    {
      summary:
        "Save the hotel's Stripe keys (a key left out is kept): sealed at rest, refused without PAYMENT_KEYS_SECRET",
      params: HotelParamsSchema,
      body: SavePaymentKeysRequestSchema,
      answer: BoPaymentSettingsSchema,
      errors,
    },
    ({ staff, params, body }) => savePaymentKeys(deps, changeBy(staff), params.hotelId, body),
  );

  route.delete(
    `${base}/stripe-keys`,
    {
      summary: "Remove the hotel's Stripe keys: its card payments go back to the sandbox",
      params: HotelParamsSchema,
      answer: BoPaymentSettingsSchema,
      errors,
    },
    ({ staff, params }) => removePaymentKeys(deps, changeBy(staff), params.hotelId),
  );

  route.put(
    `${base}/gateway`,
    {
      summary: "Choose the hotel's card gateway: the sandbox, or Stripe once its keys are saved",
      params: HotelParamsSchema,
      body: ChooseGatewayRequestSchema,
      answer: BoPaymentSettingsSchema,
      errors,
    },
    ({ staff, params, body }) => choosePaymentGateway(deps, changeBy(staff), params.hotelId, body.gateway),
  );

  route.post(
    `${base}/test-connection`,
    {
      summary:
        "Ask Stripe for the account of the stored secret key: its name, country, mode and enabled methods",
      params: HotelParamsSchema,
      answer: PaymentConnectionSchema,
      // Counted per hotel: ten in ten minutes.
      errors: { ...errors, 429: ErrorSchema },
    },
    ({ params }) => testPaymentConnection(deps, params.hotelId),
  );
}
