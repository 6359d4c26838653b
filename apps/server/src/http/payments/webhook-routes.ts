import { ErrorSchema } from "@alloggio/domain/contract/common";
import { z } from "zod";
import { type BookingDeps, receiveGatewayEvent } from "../../features/booking";
import type { App } from "../app-type";
import type { LinkBase } from "../link-base";

/** Stripe's events are small; a body far larger is no event of theirs. */
const WEBHOOK_MAX_BYTES = 256 * 1024;

/**
 * `POST /api/payments/stripe/webhook` (ADR 0072): Stripe's events, the source of truth of its payments. The signature
 * is over the body's exact bytes, so this scope keeps JSON as the text that came.
 */
export function registerWebhookRoutes(app: App, deps: BookingDeps & { linkBase: LinkBase }): void {
  app.register(async (scope: App) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: WEBHOOK_MAX_BYTES },
      (_request, body, done) => done(null, String(body)),
    );
    scope.post(
      "/api/payments/stripe/webhook",
      {
        bodyLimit: WEBHOOK_MAX_BYTES,
        schema: {
          tags: ["payments"],
          summary:
            "Stripe's events, verified by the hotel's signing secret, kept once by id, acted on by asking Stripe",
          response: {
            200: z.object({
              received: z.literal(true),
              status: z.string().nullable(),
              duplicate: z.boolean(),
            }),
            400: ErrorSchema,
            503: ErrorSchema,
          },
        },
      },
      async (request) =>
        receiveGatewayEvent(
          deps,
          "stripe",
          typeof request.body === "string" ? request.body : "",
          request.headers,
          await deps.linkBase(request),
        ),
    );
  });
}
