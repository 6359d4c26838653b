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
  requireHotel,
  requireStaff,
  resendOffer,
  withdrawOffer,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { readIdempotencyKey, runIdempotent } from "../../idempotency";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

const base = "/api/backoffice/hotels/:hotelId/offers";

/** The back office's offers (ADR 0038): list, create by hand, follow, withdraw, resend. */
export function registerOfferBackOfficeRoutes(app: App, deps: BackOfficeDeps): void {
  app.get(
    base,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "The hotel's offers, newest first (state, text, created from/to; paging)",
        params: HotelParamsSchema,
        querystring: OfferListQuerySchema,
        response: { 200: BoOfferListSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "offers");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return listOffers(deps, hotelId, request.query);
    },
  );
  app.get(
    `${base}/choices`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "What the new-offer form picks from: channels, room types, rates per channel, services",
        params: HotelParamsSchema,
        response: { 200: OfferChoicesSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "offers");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return offerChoices(deps, staff, hotelId);
    },
  );
  app.post(
    `${base}/price`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "The search's current price of each room for a stay (changes nothing): the hint beside a held price",
        params: HotelParamsSchema,
        body: OfferPriceRequestSchema,
        response: { 200: OfferPriceSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "offers");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return priceOfferRooms(deps, hotelId, request.body);
    },
  );
  app.post(
    `${base}/option-price`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "One option of the form priced as sending will price it (changes nothing): total with the mandatory extras, city tax, or why it would be refused",
        params: HotelParamsSchema,
        body: OfferOptionPriceRequestSchema,
        response: { 200: OfferOptionPriceSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "offers");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return priceOfferOption(deps, staff, hotelId, request.body);
    },
  );
  app.get(
    `${base}/:offerId`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "One offer: recipient, stay, options with held prices, history, rejection, link",
        params: OfferParamsSchema,
        response: { 200: BoOfferDetailSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "offers");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return getOffer(deps, staff, hotelId, request.params.offerId, await deps.linkBase(request));
    },
  );
  app.post(
    base,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Create an offer by hand (the exposed API's body and checks) and mail its recipient; an optional Idempotency-Key makes a double click one offer",
        params: HotelParamsSchema,
        body: CreateOfferRequestSchema,
        response: { 200: BoCreateOfferResponseSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(deps, request, "offers");
      const hotelId = requireHotel(staff, request.params.hotelId);
      const baseUrl = await deps.linkBase(request);
      const create = () => createStaffOffer(deps, staff, hotelId, request.body, baseUrl);
      if (request.headers["idempotency-key"] === undefined) return create();
      const key = readIdempotencyKey(request.headers["idempotency-key"]);
      // One scope per hotel and user: another user's key never replays this one's answer.
      const answer = await runIdempotent(
        deps.database,
        `bo/offers/create:${hotelId}:${staff.userId}`,
        key,
        request.body,
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
  app.post(
    `${base}/:offerId/withdraw`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Withdraw an open offer: it becomes no longer available (409 once final)",
        params: OfferParamsSchema,
        response: { 200: BoOfferDetailSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "offers");
      const hotelId = requireHotel(staff, request.params.hotelId);
      await withdrawOffer(deps, staff, hotelId, request.params.offerId);
      return getOffer(deps, staff, hotelId, request.params.offerId, await deps.linkBase(request));
    },
  );
  app.post(
    `${base}/:offerId/resend`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Mail the recipient the offer again (open offers only)",
        params: OfferParamsSchema,
        response: { 200: BoOfferDetailSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "offers");
      const hotelId = requireHotel(staff, request.params.hotelId);
      const baseUrl = await deps.linkBase(request);
      await resendOffer(deps, staff, hotelId, request.params.offerId, baseUrl);
      return getOffer(deps, staff, hotelId, request.params.offerId, baseUrl);
    },
  );
}
