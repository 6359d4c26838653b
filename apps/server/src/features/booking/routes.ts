import {
  ConfirmPaymentRequestSchema,
  ConfirmPaymentResponseSchema,
} from "@alloggio/domain/contract/booking/confirm-payment";
import {
  ConfirmResponseSchema,
  GuestDataRequestSchema,
  PrepaidCheckResponseSchema,
} from "@alloggio/domain/contract/booking/guestdata";
import { ErrorSchema } from "@alloggio/domain/contract/common";
import { z } from "zod";
import type { App } from "../../http/app";
import { readIdempotencyKey, runIdempotent } from "../../http/idempotency";
import { type BookingDeps, checkPrepaid, confirmBooking, confirmPayment } from "./service";

const errors = {
  400: ErrorSchema,
  402: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  422: ErrorSchema,
};

const baseUrlOf = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;

/** A stored error answer is sent again with this request's id. */
function withRequestId(body: unknown, requestId: string): unknown {
  if (body && typeof body === "object" && "error" in body)
    return { error: { ...(body as { error: object }).error, requestId } };
  return body;
}

export function registerBookingRoutes(app: App, deps: BookingDeps): void {
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
      if (body.checkPrepaid) return checkPrepaid(deps, body);
      const key = readIdempotencyKey(request.headers["idempotency-key"]);
      const answer = await runIdempotent(deps.database, "guestdata.do", key, body, async () => ({
        status: 200,
        body: await confirmBooking(deps, body, key, baseUrlOf(request)),
      }));
      return reply.status(answer.status).send(withRequestId(answer.body, request.id) as never);
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
    async (request, reply) => {
      const key = readIdempotencyKey(request.headers["idempotency-key"]);
      const answer = await runIdempotent(deps.database, "confirmPayment.do", key, request.body, async () => ({
        status: 200,
        body: await confirmPayment(deps, request.body, baseUrlOf(request)),
      }));
      return reply.status(answer.status).send(withRequestId(answer.body, request.id) as never);
    },
  );
}
