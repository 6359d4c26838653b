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
import { closeQuote, getQuote, listQuotes, priceQuote, sendQuote } from "../../../features/backoffice";
import type { App } from "../../app-type";
import { staffRoutes } from "../staff-routes";
import { registerLinkRoutes } from "./links-routes";

const base = "/api/backoffice/hotels/:hotelId/quotes";

/** The back office's quotes routes, and the catalogue's reservation links. */
export function registerQuoteRoutes(app: App, deps: BackOfficeDeps): void {
  const route = staffRoutes(app, deps, "quotes");
  route.get(
    base,
    {
      summary: "Quote requests of the hotel, newest first (status filter, paging)",
      params: HotelParamsSchema,
      querystring: QuoteListQuerySchema,
      answer: QuoteListSchema,
    },
    ({ params, query }) => listQuotes(deps, params.hotelId, query),
  );
  route.get(
    `${base}/:quoteId`,
    {
      summary: "One quote request: the guest, the stay, what was quoted online, the hotel's answer",
      params: QuoteParamsSchema,
      answer: QuoteDetailSchema,
    },
    async ({ params, request }) =>
      getQuote(deps, params.hotelId, params.quoteId, await deps.linkBase(request)),
  );
  route.post(
    `${base}/:quoteId/price`,
    {
      summary:
        "The search's price of the quote's stay for a room type and rate plan per room (changes nothing)",
      params: QuoteParamsSchema,
      body: QuotePriceRequestSchema,
      answer: QuotePriceSchema,
    },
    ({ params, body }) => priceQuote(deps, params.hotelId, params.quoteId, body),
  );
  route.post(
    `${base}/:quoteId/send`,
    {
      summary:
        "Complete and send a quote: a reservation link holds the stay at the hotel's prices; the guest is mailed the link",
      params: QuoteParamsSchema,
      body: QuoteSendSchema,
      answer: QuoteDetailSchema,
    },
    async ({ staff, params, body, request }) => {
      const baseUrl = await deps.linkBase(request);
      await sendQuote(deps, staff, params.hotelId, params.quoteId, body, baseUrl);
      return getQuote(deps, params.hotelId, params.quoteId, baseUrl);
    },
  );
  route.post(
    `${base}/:quoteId/close`,
    {
      summary: "Close a quote request without (or after) answering it",
      params: QuoteParamsSchema,
      answer: QuoteDetailSchema,
    },
    async ({ staff, params, request }) => {
      await closeQuote(deps, staff, params.hotelId, params.quoteId);
      return getQuote(deps, params.hotelId, params.quoteId, await deps.linkBase(request));
    },
  );
  registerLinkRoutes(app, deps);
}
