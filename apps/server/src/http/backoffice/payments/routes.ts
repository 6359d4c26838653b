import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  BoPaymentSettingsSchema,
  ChooseGatewayRequestSchema,
  PaymentConnectionSchema,
  SavePaymentKeysRequestSchema,
} from "@alloggio/domain/contract/backoffice/payments";
import { ErrorSchema } from "@alloggio/domain/contract/common";
import type { FastifyRequest } from "fastify";
import type { BackOfficeDeps } from "../../../features/backoffice";
import { audit, requireHotel, requireStaff } from "../../../features/backoffice";
import {
  choosePaymentGateway,
  readPaymentSettings,
  removePaymentKeys,
  type SettingsChange,
  savePaymentKeys,
  testPaymentConnection,
} from "../../../features/payments";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

/** A change may also find the server without PAYMENT_KEYS_SECRET (503) or Stripe unreachable (502). */
const errors = { ...backOfficeErrors, 502: ErrorSchema, 503: ErrorSchema };

/**
 * A hotel's payments (ADR 0073), area `payments` (owner only): its gateway and Stripe keys. No answer carries a
 * secret (the secret key's last 4, whether a webhook signing secret is set); every change is audited without one.
 */
export function registerPaymentSettingsRoutes(app: App, deps: BackOfficeDeps): void {
  const ownerOf = async (request: FastifyRequest, hotelId: number): Promise<SettingsChange> => {
    const staff = await requireStaff(deps, request, "payments");
    requireHotel(staff, hotelId);
    return { userId: staff.userId, audit: (tx, entry) => audit(tx, staff, entry) };
  };
  const base = "/api/backoffice/hotels/:hotelId/payments";

  app.get(
    base,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "The hotel's gateway and Stripe keys as they may be shown (last 4, mode, publishable key), the webhook address and events to give Stripe",
        params: HotelParamsSchema,
        response: { 200: BoPaymentSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { hotelId } = request.params;
      await ownerOf(request, hotelId);
      return readPaymentSettings(deps, hotelId);
    },
  );

  app.put(
    `${base}/stripe-keys`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Save the hotel's Stripe keys (a key left out is kept): sealed at rest, refused without PAYMENT_KEYS_SECRET",
        params: HotelParamsSchema,
        body: SavePaymentKeysRequestSchema,
        response: { 200: BoPaymentSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { hotelId } = request.params;
      const change = await ownerOf(request, hotelId);
      return savePaymentKeys(deps, change, hotelId, request.body);
    },
  );

  app.delete(
    `${base}/stripe-keys`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Remove the hotel's Stripe keys: its card payments go back to the sandbox",
        params: HotelParamsSchema,
        response: { 200: BoPaymentSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { hotelId } = request.params;
      const change = await ownerOf(request, hotelId);
      return removePaymentKeys(deps, change, hotelId);
    },
  );

  app.put(
    `${base}/gateway`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Choose the hotel's card gateway: the sandbox, or Stripe once its keys are saved",
        params: HotelParamsSchema,
        body: ChooseGatewayRequestSchema,
        response: { 200: BoPaymentSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { hotelId } = request.params;
      const change = await ownerOf(request, hotelId);
      return choosePaymentGateway(deps, change, hotelId, request.body.gateway);
    },
  );

  app.post(
    `${base}/test-connection`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Ask Stripe for the account of the stored secret key: its name, country, mode and enabled methods",
        params: HotelParamsSchema,
        response: { 200: PaymentConnectionSchema, ...errors },
      },
    },
    async (request) => {
      const { hotelId } = request.params;
      await ownerOf(request, hotelId);
      return testPaymentConnection(deps, hotelId);
    },
  );
}
