import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  BoCreateOfferResponseSchema,
  BoOfferDetailSchema,
  BoOfferListSchema,
  OfferChoicesSchema,
  OfferListQuerySchema,
  OfferOptionPriceRequestSchema,
  OfferOptionPriceSchema,
  OfferParamsSchema,
  OfferPriceRequestSchema,
  OfferPriceSchema,
} from "@alloggio/domain/contract/backoffice/offers";
import { CreateOfferRequestSchema } from "@alloggio/domain/contract/offers/create";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  createStaffOffer,
  getOffer,
  listOffers,
  offerChoices,
  priceOfferOption,
  priceOfferRooms,
  resendOffer,
  withdrawOffer,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { readIdempotencyKey, runIdempotent } from "../../idempotency";
import { staffRoutes } from "../staff-routes";

const base = "/api/backoffice/hotels/:hotelId/offers";

/** The back office's offers (ADR 0038): list, create by hand, follow, withdraw, resend. */
export function registerOfferBackOfficeRoutes(app: App, deps: BackOfficeDeps): void {
  const route = staffRoutes(app, deps, "offers");
  route.get(
    base,
    {
      summary: "The hotel's offers, newest first (state, text, created from/to; paging)",
      params: HotelParamsSchema,
      querystring: OfferListQuerySchema,
      answer: BoOfferListSchema,
    },
    ({ params, query }) => listOffers(deps, params.hotelId, query),
  );
  route.get(
    `${base}/choices`,
    {
      summary: "What the new-offer form picks from: channels, room types, rates per channel, services",
      params: HotelParamsSchema,
      answer: OfferChoicesSchema,
    },
    ({ staff, params }) => offerChoices(deps, staff, params.hotelId),
  );
  route.post(
    `${base}/price`,
    {
      summary:
        "The search's current price of each room for a stay (changes nothing): the hint beside a held price",
      params: HotelParamsSchema,
      body: OfferPriceRequestSchema,
      answer: OfferPriceSchema,
    },
    ({ params, body }) => priceOfferRooms(deps, params.hotelId, body),
  );
  route.post(
    `${base}/option-price`,
    {
      summary:
        "One option of the form priced as sending will price it (changes nothing): total with the mandatory extras, city tax, or why it would be refused",
      params: HotelParamsSchema,
      body: OfferOptionPriceRequestSchema,
      answer: OfferOptionPriceSchema,
    },
    ({ staff, params, body }) => priceOfferOption(deps, staff, params.hotelId, body),
  );
  route.get(
    `${base}/:offerId`,
    {
      summary: "One offer: recipient, stay, options with held prices, history, rejection, link",
      params: OfferParamsSchema,
      answer: BoOfferDetailSchema,
    },
    async ({ staff, params, request }) =>
      getOffer(deps, staff, params.hotelId, params.offerId, await deps.linkBase(request)),
  );
  route.post(
    base,
    {
      summary:
        "Create an offer by hand (the exposed API's body and checks) and mail its recipient; an optional Idempotency-Key makes a double click one offer",
      params: HotelParamsSchema,
      body: CreateOfferRequestSchema,
      answer: BoCreateOfferResponseSchema,
    },
    async ({ staff, params: { hotelId }, body, request, reply }) => {
      const baseUrl = await deps.linkBase(request);
      const create = () => createStaffOffer(deps, staff, hotelId, body, baseUrl);
      if (request.headers["idempotency-key"] === undefined) return create();
      const key = readIdempotencyKey(request.headers["idempotency-key"]);
      // One scope per hotel and user: another user's key never replays this one's answer.
      const answer = await runIdempotent(
        deps.database,
        `bo/offers/create:${hotelId}:${staff.userId}`,
        key,
        body,
        async () => ({ status: 200, body: await create() }),
      );
      if (answer.status !== 200) {
        const stored = answer.body as { error?: object };
        return reply
          .status(answer.status)
          .send({ error: { ...stored.error, requestId: request.id } } as never);
      }
      return answer.body as never;
    },
  );
  route.post(
    `${base}/:offerId/withdraw`,
    {
      summary: "Withdraw an open offer: it becomes no longer available (409 once final)",
      params: OfferParamsSchema,
      answer: BoOfferDetailSchema,
    },
    async ({ staff, params: { hotelId, offerId }, request }) => {
      await withdrawOffer(deps, staff, hotelId, offerId);
      return getOffer(deps, staff, hotelId, offerId, await deps.linkBase(request));
    },
  );
  route.post(
    `${base}/:offerId/resend`,
    {
      summary: "Mail the recipient the offer again (open offers only)",
      params: OfferParamsSchema,
      answer: BoOfferDetailSchema,
    },
    async ({ staff, params: { hotelId, offerId }, request }) => {
      const baseUrl = await deps.linkBase(request);
      await resendOffer(deps, staff, hotelId, offerId, baseUrl);
      return getOffer(deps, staff, hotelId, offerId, baseUrl);
    },
  );
}
