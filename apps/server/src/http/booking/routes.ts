import {
  ConfirmPaymentRequestSchema,
  ConfirmPaymentResponseSchema,
  GatewayEventSchema,
} from "@alloggio/domain/contract/booking/confirm-payment";
import {
  ConfirmResponseSchema,
  GuestDataRequestSchema,
  PrepaidCheckResponseSchema,
} from "@alloggio/domain/contract/booking/guestdata";
import { RetrieveQuerySchema, RetrieveResponseSchema } from "@alloggio/domain/contract/booking/retrieve";
import {
  ServiceAvailQuerySchema,
  ServiceAvailResponseSchema,
} from "@alloggio/domain/contract/booking/service-avail";
import { ErrorSchema } from "@alloggio/domain/contract/common";
import { z } from "zod";
import type { Database } from "../../db/client";
import {
  type BookingDeps,
  checkPrepaid,
  confirmBooking,
  confirmPayment,
  findAvailableServices,
  handleGatewayEvent,
  RETRIEVE_CODE_WINDOW_MS,
  RETRIEVE_FAILURES_PER_CODE,
  retrieveReservation,
  tradeBookingOf,
  withTradeBooking,
} from "../../features/booking";
import { type AttemptLimiter, createAttemptLimiter } from "../../features/rate-limits";
import { tradeCustomerForCall } from "../../features/trade";
import { perAddress, registerAddressLimited } from "../address-limits";
import type { App } from "../app-type";
import { replyIdempotent } from "../idempotency";
import type { LinkBase } from "../link-base";

const errors = {
  400: ErrorSchema,
  401: ErrorSchema,
  402: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  422: ErrorSchema,
};

/**
 * Recover calls per client address per minute (ARCHITECTURE §3, SPEC §8: no enumeration). Successful calls count
 * too, so it leaves room for a guest opening the voucher again after each change; guessing 80-bit codes at this
 * pace is hopeless, and each code has its own failure limit besides.
 */
export const RETRIEVE_PER_ADDRESS_PER_MINUTE = 30;
/** The limit of `retrieve.do`, and of the calls that identify the holder the same way. */
export const RETRIEVE_LIMIT = perAddress(RETRIEVE_PER_ADDRESS_PER_MINUTE);

/**
 * The per-code counter of failed recoveries, shared by `retrieve.do` and every voucher action (they identify the
 * holder the same way), and by every server process (the `rate_limit` table).
 */
export function createRecoverLimiter(database: Database, now: () => Date): AttemptLimiter {
  return createAttemptLimiter({
    database,
    scope: "code",
    max: RETRIEVE_FAILURES_PER_CODE,
    windowMs: RETRIEVE_CODE_WINDOW_MS,
    now,
  });
}

export function registerBookingRoutes(
  app: App,
  deps: BookingDeps & { codeLimiter: AttemptLimiter; linkBase: LinkBase },
): void {
  app.get(
    "/api/serviceAvail.do",
    {
      schema: {
        tags: ["booking"],
        summary: "The extra services one room slot may add, by category, priced for its guests and nights",
        querystring: ServiceAvailQuerySchema,
        response: { 200: ServiceAvailResponseSchema, 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const customer = await tradeCustomerForCall(deps, request, request.query);
      return findAvailableServices(deps, { ...request.query, customer });
    },
  );
  registerAddressLimited(app, deps, (scope) =>
    scope.post(
      "/api/retrieve.do",
      {
        config: RETRIEVE_LIMIT,
        schema: {
          tags: ["booking"],
          summary:
            "A reservation by its code and the booker's e-mail (the voucher); one answer for any mismatch, rate limited",
          body: RetrieveQuerySchema,
          response: { 200: RetrieveResponseSchema, 400: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema },
        },
      },
      (request) => retrieveReservation(deps, request.body),
    ),
  );
  app.post(
    "/api/guestdata.do",
    {
      schema: {
        tags: ["booking"],
        summary: "Prepaid check (checkPrepaid=1), then the booking itself (with an Idempotency-Key header)",
        body: GuestDataRequestSchema,
        response: { 200: z.union([PrepaidCheckResponseSchema, ConfirmResponseSchema]), ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // On a trade channel the customer and the user come from the trade session only (ADR 0031).
      // The links of its mails are read with the channel: one statement (ADR 0058).
      const { trade, link } = await tradeBookingOf(deps, request, body, deps.linkBase);
      const req = withTradeBooking(body, trade);
      if (req.checkPrepaid) return checkPrepaid(deps, req);
      return replyIdempotent(deps.database, "guestdata.do", request, reply, body, async (key, claim) =>
        confirmBooking(deps, req, key, link, trade && { userId: trade.userId }, {}, claim),
      );
    },
  );
  app.post(
    "/api/confirmPayment.do",
    {
      schema: {
        tags: ["booking"],
        summary: "After a 3-D Secure return: the server asks the gateway and confirms what it says was paid",
        body: ConfirmPaymentRequestSchema,
        response: { 200: ConfirmPaymentResponseSchema, ...errors },
      },
    },
    (request, reply) =>
      replyIdempotent(deps.database, "confirmPayment.do", request, reply, request.body, async () =>
        confirmPayment(deps, request.body, await deps.linkBase(request)),
      ),
  );
  app.post(
    "/api/payments/:gateway/events",
    {
      schema: {
        tags: ["booking"],
        summary:
          "A payment gateway's event (webhook): the server asks the gateway and acts on its answer, once",
        params: z.object({ gateway: z.string().regex(/^[a-z0-9_-]{1,40}$/, "must be a gateway key") }),
        body: GatewayEventSchema,
        response: {
          200: z.object({ received: z.literal(true), status: z.string().nullable() }),
          400: ErrorSchema,
        },
      },
    },
    async (request) =>
      handleGatewayEvent(deps, request.params.gateway, request.body.ref, await deps.linkBase(request)),
  );
}
