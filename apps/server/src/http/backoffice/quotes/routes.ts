import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  QuoteDetailSchema,
  QuoteListQuerySchema,
  QuoteListSchema,
  QuoteParamsSchema,
  QuotePriceRequestSchema,
  QuotePriceSchema,
  QuoteSendSchema,
} from "@alloggio/domain/contract/backoffice/quotes";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  closeQuote,
  getQuote,
  listQuotes,
  priceQuote,
  requireHotel,
  requireStaff,
  sendQuote,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";
import { registerLinkRoutes } from "./links-routes";

const base = "/api/backoffice/hotels/:hotelId/quotes";

/** The back office's quotes routes, and the catalogue's reservation links. */
export function registerQuoteRoutes(app: App, deps: BackOfficeDeps): void {
  app.get(
    base,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Quote requests of the hotel, newest first (status filter, paging)",
        params: HotelParamsSchema,
        querystring: QuoteListQuerySchema,
        response: { 200: QuoteListSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "quotes");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return listQuotes(deps, hotelId, request.query);
    },
  );
  app.get(
    `${base}/:quoteId`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "One quote request: the guest, the stay, what was quoted online, the hotel's answer",
        params: QuoteParamsSchema,
        response: { 200: QuoteDetailSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "quotes");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return getQuote(deps, hotelId, request.params.quoteId, await deps.linkBase(request));
    },
  );
  app.post(
    `${base}/:quoteId/price`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "The search's price of the quote's stay for a room type and rate plan per room (changes nothing)",
        params: QuoteParamsSchema,
        body: QuotePriceRequestSchema,
        response: { 200: QuotePriceSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "quotes");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return priceQuote(deps, hotelId, request.params.quoteId, request.body);
    },
  );
  app.post(
    `${base}/:quoteId/send`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Complete and send a quote: a reservation link holds the stay at the hotel's prices; the guest is mailed the link",
        params: QuoteParamsSchema,
        body: QuoteSendSchema,
        response: { 200: QuoteDetailSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "quotes");
      const hotelId = requireHotel(staff, request.params.hotelId);
      const baseUrl = await deps.linkBase(request);
      await sendQuote(deps, staff, hotelId, request.params.quoteId, request.body, baseUrl);
      return getQuote(deps, hotelId, request.params.quoteId, baseUrl);
    },
  );
  app.post(
    `${base}/:quoteId/close`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Close a quote request without (or after) answering it",
        params: QuoteParamsSchema,
        response: { 200: QuoteDetailSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "quotes");
      const hotelId = requireHotel(staff, request.params.hotelId);
      await closeQuote(deps, staff, hotelId, request.params.quoteId);
      return getQuote(deps, hotelId, request.params.quoteId, await deps.linkBase(request));
    },
  );
  registerLinkRoutes(app, deps);
}
