import { VoucherPdfFileSchema } from "@alloggio/domain/contract/booking/voucher-pdf";
import { ErrorSchema } from "@alloggio/domain/contract/common";
import {
  AGENCY_PATHS,
  AgencyCancelQuoteSchema,
  AgencyChangeResponseSchema,
  AgencyCodeParamsSchema,
  AgencyConfirmRequestSchema,
  AgencyHotelsResponseSchema,
  AgencyListRequestSchema,
  AgencyListResponseSchema,
  AgencyPrintParamsSchema,
  AgencyPrintQuerySchema,
} from "@alloggio/domain/contract/trade/agency-reservations";
import {
  type AgencyDeps,
  associatedHotels,
  cancelAgencyReservation,
  confirmAgencyReservation,
  listAgencyReservations,
  printAgencyReservation,
  quoteAgencyCancellation,
  requireAgency,
} from "../../features/agency";
import type { App } from "../app-type";
import type { LinkBase } from "../link-base";
import { TRADE_TAG } from "./routes";

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const SESSION =
  "The agency is the trade session's customer (401 `trade_login_required` without one; 403 `password_change_required` until an expired or reset password is changed); another agency's reservation answers 404 like an unknown code.";

/** The agency area's reservation calls (ADR 0032). */
export function registerAgencyRoutes(app: App, deps: AgencyDeps & { linkBase: LinkBase }): void {
  app.post(
    AGENCY_PATHS.list,
    {
      schema: {
        tags: [TRADE_TAG],
        summary:
          "The logged agency's reservations: filters (status, hotel, price range, adults, rooms), newest first, paged",
        description: SESSION,
        body: AgencyListRequestSchema,
        response: { 200: AgencyListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const trade = await requireAgency(deps, request);
      reply.header("cache-control", "no-store");
      return listAgencyReservations(deps, trade.customer.id, request.body);
    },
  );
  app.get(
    AGENCY_PATHS.hotels,
    {
      schema: {
        tags: [TRADE_TAG],
        summary: "The hotels and channels the logged agency is enabled for",
        description: SESSION,
        response: { 200: AgencyHotelsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const trade = await requireAgency(deps, request);
      reply.header("cache-control", "no-store");
      return associatedHotels(deps, trade.customer.id);
    },
  );
  app.post(
    AGENCY_PATHS.confirm,
    {
      schema: {
        tags: [TRADE_TAG],
        summary: "Confirm the agency's option (pending confirmation → confirmed) with a payment method",
        description: `${SESSION} Needs \`X-CSRF-Token\` (403 \`csrf_failed\`). 409 \`not_an_option\`, \`option_expired\`, \`reservation_cancelled\`; 400 \`payment_method_not_allowed\`.`,
        params: AgencyCodeParamsSchema,
        body: AgencyConfirmRequestSchema,
        response: { 200: AgencyChangeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const trade = await requireAgency(deps, request, true);
      const baseUrl = await deps.linkBase(request);
      const reservation = await confirmAgencyReservation(
        { ...deps, baseUrl },
        trade,
        request.params.code,
        request.body.paymentMethod,
      );
      return { reservation };
    },
  );
  app.get(
    AGENCY_PATHS.cancelQuote,
    {
      schema: {
        tags: [TRADE_TAG],
        summary:
          "What cancelling the agency's reservation would cost now (the fee, the refund): nothing changes",
        description: `${SESSION} 409 \`already_cancelled\`, \`resellable\`, \`stay_started\` (the voucher's refusals).`,
        params: AgencyCodeParamsSchema,
        response: { 200: AgencyCancelQuoteSchema, ...errors },
      },
    },
    async (request, reply) => {
      const trade = await requireAgency(deps, request);
      reply.header("cache-control", "no-store");
      return quoteAgencyCancellation(deps, trade, request.params.code, await deps.linkBase(request));
    },
  );
  app.delete(
    AGENCY_PATHS.cancel,
    {
      schema: {
        tags: [TRADE_TAG],
        summary: "Cancel the agency's reservation under its cancellation rules",
        description: `${SESSION} Needs \`X-CSRF-Token\` (403 \`csrf_failed\`). 409 \`already_cancelled\`, \`resellable\`, \`stay_started\` (the voucher's refusals).`,
        params: AgencyCodeParamsSchema,
        response: { 200: AgencyChangeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const trade = await requireAgency(deps, request, true);
      const reservation = await cancelAgencyReservation(
        deps,
        trade,
        request.params.code,
        await deps.linkBase(request),
      );
      return { reservation };
    },
  );
  app.get(
    AGENCY_PATHS.print,
    {
      schema: {
        tags: [TRADE_TAG],
        summary:
          "The reservation as a PDF: `agency` (sale price, commission, net) or `guest` (the voucher without the agency's money)",
        description: SESSION,
        params: AgencyPrintParamsSchema,
        querystring: AgencyPrintQuerySchema,
        response: {
          200: {
            description: "The PDF (inline, `<hotel>-<code>[-agency].pdf`)",
            content: { "application/pdf": { schema: VoucherPdfFileSchema } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const trade = await requireAgency(deps, request);
      const pdf = await printAgencyReservation(
        deps,
        trade,
        request.params.code,
        request.params.version,
        request.query.language,
        await deps.linkBase(request),
      );
      return reply
        .type("application/pdf")
        .header("content-disposition", `inline; filename="${pdf.filename}"`)
        .header("cache-control", "no-store")
        .header("referrer-policy", "no-referrer")
        .send(pdf.content as unknown as string);
    },
  );
}
