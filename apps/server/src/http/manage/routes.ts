import {
  ActivateInstallmentsRequestSchema,
  AuthoriseNowRequestSchema,
  CancelRequestSchema,
  CancelResponseSchema,
  MANAGE_PATHS,
  PaymentActionResponseSchema,
  PaymentLinkQuerySchema,
  PayNowRequestSchema,
  QuoteRequestSchema,
  QuoteResponseSchema,
  ReservationCodeParamsSchema,
  TransferUpdateParamsSchema,
  TransferUpdateRequestSchema,
  TransferUpdateResponseSchema,
} from "@alloggio/domain/contract/booking/manage";
import { ErrorSchema } from "@alloggio/domain/contract/common";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { ManageDeps } from "../../features/manage";
import {
  activateInstallments,
  authoriseNow,
  cancelReservation,
  createQuoteRecipientLimiter,
  followPaymentLink,
  payNow,
  QUOTE_ADDRESS_WINDOW_MS,
  QUOTES_PER_ADDRESS,
  requestQuote,
  updateTransfer,
} from "../../features/manage";
import { perAddress, registerAddressLimited } from "../address-limits";
import type { App } from "../app-type";
import { replyIdempotent } from "../idempotency";
import type { LinkBase } from "../link-base";
import { registerModifyRoutes } from "./modify-routes";

const errors = {
  400: ErrorSchema,
  402: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  422: ErrorSchema,
  429: ErrorSchema,
};

/**
 * A voucher action on the reservation of `:code`, done once per Idempotency-Key (the code and the body are what a
 * retry is compared on).
 */
export function replyCodeAction<B extends object>(
  deps: ManageDeps & { linkBase: LinkBase },
  scope: string,
  request: FastifyRequest & { params: { code: string }; body: B },
  reply: FastifyReply,
  action: (deps: ManageDeps, code: string, body: B, baseUrl: string) => Promise<unknown>,
) {
  const { code } = request.params;
  return replyIdempotent(deps.database, scope, request, reply, { code, ...request.body }, async () =>
    action(deps, code, request.body, await deps.linkBase(request)),
  );
}

/** The voucher's actions (SPEC §2, §4, §7; ADR 0010). */
export function registerManageRoutes(app: App, deps: ManageDeps & { linkBase: LinkBase }): void {
  app.post(
    MANAGE_PATHS.cancel,
    {
      schema: {
        tags: ["manage"],
        summary:
          "Cancel the reservation or one room: preview (the penalty, refund and new total) or do it (Idempotency-Key)",
        body: CancelRequestSchema,
        response: { 200: CancelResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.preview) return cancelReservation(deps, body, await deps.linkBase(request));
      return replyIdempotent(deps.database, "delete.do", request, reply, body, async () =>
        cancelReservation(deps, body, await deps.linkBase(request)),
      );
    },
  );
  registerModifyRoutes(app, deps);

  const payment = <B extends z.ZodType>(summary: string, body: B) => ({
    schema: {
      tags: ["manage"],
      summary,
      params: ReservationCodeParamsSchema,
      body,
      response: { 200: PaymentActionResponseSchema, ...errors },
    },
  });
  app.post(
    MANAGE_PATHS.payNow,
    payment("Pay now what is due (card or a gateway redirect method)", PayNowRequestSchema),
    (request, reply) => replyCodeAction(deps, "pay", request, reply, payNow),
  );
  app.post(
    MANAGE_PATHS.authoriseNow,
    payment("Authorise the card a pre-authorisation booking waits for", AuthoriseNowRequestSchema),
    (request, reply) => replyCodeAction(deps, "authorise", request, reply, authoriseNow),
  );
  app.post(
    MANAGE_PATHS.activateInstallments,
    payment(
      "Split what is left to pay into monthly installments, the first charged now",
      ActivateInstallmentsRequestSchema,
    ),
    (request, reply) => replyCodeAction(deps, "installments", request, reply, activateInstallments),
  );
  app.get(
    MANAGE_PATHS.paymentLink,
    {
      schema: {
        tags: ["manage"],
        summary: "The payment link of the guest's mail: to the gateway's page, made again if it expired",
        params: ReservationCodeParamsSchema,
        querystring: PaymentLinkQuerySchema,
        response: { 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const to = await followPaymentLink(
        deps,
        request.params.code,
        request.query.mail,
        await deps.linkBase(request),
      );
      return reply.header("cache-control", "no-store").redirect(to, 303);
    },
  );
  app.post(
    MANAGE_PATHS.transferUpdate,
    {
      schema: {
        tags: ["manage"],
        summary: "Change a transfer's details (until the day before it), with an Idempotency-Key",
        params: TransferUpdateParamsSchema,
        body: TransferUpdateRequestSchema,
        response: { 200: TransferUpdateResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      replyIdempotent(
        deps.database,
        "transfer-update",
        request,
        reply,
        { ...request.params, ...request.body },
        async () => updateTransfer(deps, request.params, request.body, await deps.linkBase(request)),
      ),
  );
  // quote.do mails an address the caller types: its own scope limits it per client address (and per recipient).
  const quoteRecipients = createQuoteRecipientLimiter(deps.database, deps.now);
  registerAddressLimited(app, deps, (scope) =>
    scope.post(
      MANAGE_PATHS.quote,
      {
        config: perAddress(QUOTES_PER_ADDRESS, QUOTE_ADDRESS_WINDOW_MS),
        schema: {
          tags: ["manage"],
          summary:
            "Quote request: the stay and the chosen rooms priced and e-mailed to the guest and the hotel (Idempotency-Key; rate limited)",
          body: QuoteRequestSchema,
          response: { 200: QuoteResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        replyIdempotent(deps.database, "quote.do", request, reply, request.body, async () =>
          requestQuote(deps, request.body, await deps.linkBase(request), quoteRecipients),
        ),
    ),
  );
}
