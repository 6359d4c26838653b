import {
  AlpineBitsBodyQuerySchema,
  AlpineBitsClientParamsSchema,
  AlpineBitsCodesParamsSchema,
  AlpineBitsExchangeParamsSchema,
  AlpineBitsExchangeQuerySchema,
  BoAlpineBitsClientListSchema,
  BoAlpineBitsClientSchema,
  BoAlpineBitsCodesSchema,
  BoAlpineBitsExchangeDetailSchema,
  BoAlpineBitsExchangePageSchema,
  CreateAlpineBitsClientRequestSchema,
  CreateAlpineBitsClientResponseSchema,
  SetAlpineBitsClientHotelsRequestSchema,
  SetAlpineBitsCodesRequestSchema,
} from "@alloggio/domain/contract/backoffice/alpinebits";
import { z } from "zod";
import {
  alpineBitsExchangeBody,
  createAlpineBitsClientFor,
  disableAlpineBitsClient,
  listAlpineBitsClients,
  listAlpineBitsExchanges,
  readAlpineBitsCodes,
  readAlpineBitsExchange,
  saveAlpineBitsCodes,
  setAlpineBitsClientHotels,
} from "../../../features/alpinebits";
import type { BackOfficeDeps } from "../../../features/backoffice";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";
import { staffRoutes } from "../staff-routes";

/**
 * The AlpineBits screen's calls (ADR 0083), area `integrations` (owner only): the group's clients, a hotel's codes,
 * the exchange log of the group's hotels and one exchange's bodies. Another group's client, hotel or exchange is 404.
 */
export function registerAlpineBitsBackOfficeRoutes(app: App, deps: BackOfficeDeps): void {
  const route = staffRoutes(app, deps, "integrations");
  const clients = "/api/backoffice/alpinebits/clients";
  const exchanges = "/api/backoffice/alpinebits/exchanges";
  const codes = "/api/backoffice/hotels/:hotelId/alpinebits/codes";

  route.get(
    clients,
    {
      summary: "The group's AlpineBits clients (PMS, channel managers)",
      answer: BoAlpineBitsClientListSchema,
    },
    async ({ staff, request }) => listAlpineBitsClients(deps, staff, await deps.linkBase(request)),
  );

  route.post(
    clients,
    {
      summary: "Make an AlpineBits client: its password is made by the server and is in this answer only",
      body: CreateAlpineBitsClientRequestSchema,
      created: CreateAlpineBitsClientResponseSchema,
    },
    ({ staff, body }) => createAlpineBitsClientFor(deps, staff, body),
  );

  route.post(
    `${clients}/:clientId/disable`,
    {
      summary: "Disable an AlpineBits client: its credential is refused from now on (twice changes nothing)",
      params: AlpineBitsClientParamsSchema,
      answer: BoAlpineBitsClientSchema,
    },
    ({ staff, params }) => disableAlpineBitsClient(deps, staff, params.clientId),
  );

  route.put(
    `${clients}/:clientId/hotels`,
    {
      summary: "Set the hotels an AlpineBits client may read and write",
      params: AlpineBitsClientParamsSchema,
      body: SetAlpineBitsClientHotelsRequestSchema,
      answer: BoAlpineBitsClientSchema,
    },
    ({ staff, params, body }) => setAlpineBitsClientHotels(deps, staff, params.clientId, body.hotelIds),
  );

  route.get(
    codes,
    {
      summary: "The hotel's HotelCode and its room types' InvTypeCodes and rate plans' RatePlanCodes",
      params: AlpineBitsCodesParamsSchema,
      answer: BoAlpineBitsCodesSchema,
    },
    ({ staff, params }) => readAlpineBitsCodes(deps, staff, params.hotelId),
  );

  route.put(
    codes,
    {
      summary: "Set the hotel's AlpineBits codes (all of them: a room type or rate plan left out has none)",
      params: AlpineBitsCodesParamsSchema,
      body: SetAlpineBitsCodesRequestSchema,
      answer: BoAlpineBitsCodesSchema,
    },
    ({ staff, params, body }) => saveAlpineBitsCodes(deps, staff, params.hotelId, body),
  );

  route.get(
    exchanges,
    {
      summary: "The AlpineBits exchanges of the group's hotels, newest first, 50 a page",
      querystring: AlpineBitsExchangeQuerySchema,
      answer: BoAlpineBitsExchangePageSchema,
    },
    ({ staff, query }) => listAlpineBitsExchanges(deps, staff, query),
  );

  route.get(
    `${exchanges}/:exchangeId`,
    {
      summary: "One AlpineBits exchange with its texts and the first 200 000 characters of its bodies",
      params: AlpineBitsExchangeParamsSchema,
      answer: BoAlpineBitsExchangeDetailSchema,
    },
    ({ staff, params }) => readAlpineBitsExchange(deps, staff, params.exchangeId),
  );

  app.get(
    `${exchanges}/:exchangeId/body`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Download an exchange's request or response body, whole (404 once purged after 14 days)",
        params: AlpineBitsExchangeParamsSchema,
        querystring: AlpineBitsBodyQuerySchema,
        response: {
          200: z
            .string()
            .describe("The body (XML, or the transport's plain-text ERROR line), as an attachment"),
          ...backOfficeErrors,
        },
      },
    },
    async (request, reply) => {
      const staff = await route.check(request);
      const file = await alpineBitsExchangeBody(deps, staff, request.params.exchangeId, request.query.part);
      return reply
        .type(file.contentType)
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .header("x-content-type-options", "nosniff")
        .send(file.body);
    },
  );
}
