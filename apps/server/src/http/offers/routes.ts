import { PublicOfferFileParamsSchema } from "@alloggio/domain/contract/backoffice/offer-attachments";
import { ErrorSchema } from "@alloggio/domain/contract/common";
import {
  ConfirmOfferRequestSchema,
  ConfirmOfferResponseSchema,
  OfferOptionParamsSchema,
  OfferOptionPaymentResponseSchema,
} from "@alloggio/domain/contract/offers/confirm";
import { CreateOfferRequestSchema, CreateOfferResponseSchema } from "@alloggio/domain/contract/offers/create";
import { CroParamsSchema, CroResponseSchema } from "@alloggio/domain/contract/offers/cro";
import { RejectOfferRequestSchema, RejectOfferResponseSchema } from "@alloggio/domain/contract/offers/reject";
import { UnlockOfferRequestSchema, UnlockOfferResponseSchema } from "@alloggio/domain/contract/offers/unlock";
import { OfferCodeParamsSchema, OfferSummarySchema } from "@alloggio/domain/contract/offers/view";
import type { Database } from "../../db/client";
import { RETRIEVE_CODE_WINDOW_MS, RETRIEVE_FAILURES_PER_CODE } from "../../features/booking";
import {
  confirmOffer,
  createOffer,
  downloadOfferAttachment,
  findReservationOffer,
  OFFER_ACCESS_MINUTES,
  OFFER_COOKIE,
  offerCookiePath,
  offerOptionPayment,
  rejectOffer,
  requireHotelApiKey,
  requireOfferAccess,
  unlockOffer,
  viewOffer,
} from "../../features/offers";
import type { PaymentGateways } from "../../features/payments";
import { createAttemptLimiter } from "../../features/rate-limits";
import { perAddress, registerAddressLimited } from "../address-limits";
import type { App } from "../app-type";
import { setPrivateCookie } from "../cookies";
import { replyIdempotent } from "../idempotency";
import type { LinkBase } from "../link-base";

export const OFFERS_TAG = "offers";

/** Offer calls (view, unlock, reject) per client address per minute, like retrieve.do. */
export const OFFER_CALLS_PER_ADDRESS_PER_MINUTE = 30;
/** Failed unlocks per offer code in a window, like a reservation code's. */
export const OFFER_UNLOCK_FAILURES_PER_CODE = RETRIEVE_FAILURES_PER_CODE;

/**
 * The offer calls of SPEC §7 Group B (ADR 0034, 0035): create by a hotel's API key, the public view, the
 * recipient's unlock by e-mail, the rejection with a reason, an option's payment and its confirmation into a
 * reservation, and the reservation offer (`cro`).
 */
export function registerOfferRoutes(
  app: App,
  deps: {
    database: Database;
    now: () => Date;
    linkBase: LinkBase;
    overrideSecret: string;
    gateways: PaymentGateways;
  },
): void {
  const offerCodeLimiter = createAttemptLimiter({
    database: deps.database,
    scope: "offer-code",
    max: OFFER_UNLOCK_FAILURES_PER_CODE,
    windowMs: RETRIEVE_CODE_WINDOW_MS,
    now: deps.now,
  });

  app.post(
    "/api/v2/offers/create",
    {
      // The key is checked before the body: a caller without one learns nothing about the contract's checks.
      preValidation: async (request) => {
        request.hotelApiKey = await requireHotelApiKey(deps, request);
      },
      schema: {
        tags: [OFFERS_TAG],
        summary:
          "Creates a personalised offer and mails its recipient (Authorization: Bearer <hotel API key>, Idempotency-Key)",
        body: CreateOfferRequestSchema,
        response: {
          200: CreateOfferResponseSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          409: ErrorSchema,
          422: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const key = request.hotelApiKey!;
      // One idempotency scope per hotel: two hotels' keys never share an answer.
      return replyIdempotent(
        deps.database,
        `v2/offers/create:${key.hotelId}`,
        request,
        reply,
        request.body,
        async () => {
          const { offerCode, url } = await createOffer(
            deps,
            { hotelId: key.hotelId, createdBy: { kind: "api_key", id: key.id } },
            request.body,
            await deps.linkBase(request),
          );
          return { offerCode, url };
        },
      );
    },
  );

  registerAddressLimited(app, deps, (scope) => {
    const limit = perAddress(OFFER_CALLS_PER_ADDRESS_PER_MINUTE);
    scope.get(
      "/api/v2/offers/:offerCode",
      {
        config: limit,
        schema: {
          tags: [OFFERS_TAG],
          summary:
            "An offer's public state (an open offer is locked), hotel and language; the whole offer with its access token",
          params: OfferCodeParamsSchema,
          response: { 200: OfferSummarySchema, 400: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema },
        },
      },
      (request) => viewOffer(deps, request.params.offerCode, request),
    );
    scope.post(
      "/api/v2/offers/:offerCode/unlock",
      {
        config: limit,
        schema: {
          tags: [OFFERS_TAG],
          summary:
            "Opens an offer with its recipient's e-mail (one 404 for any mismatch, rate limited); sets the access cookie",
          params: OfferCodeParamsSchema,
          body: UnlockOfferRequestSchema,
          response: { 200: UnlockOfferResponseSchema, 400: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema },
        },
      },
      async (request, reply) => {
        const { offerCode } = request.params;
        const { answer, accessToken } = await unlockOffer(
          { ...deps, offerCodeLimiter },
          offerCode,
          request.body.email,
        );
        setPrivateCookie(request, reply, {
          name: OFFER_COOKIE,
          value: accessToken,
          path: offerCookiePath(offerCode),
          maxAgeSeconds: OFFER_ACCESS_MINUTES * 60,
          sameSite: "strict",
        });
        return answer;
      },
    );
    scope.get(
      "/api/v2/offers/:offerCode/attachments/:attachmentId",
      {
        config: limit,
        schema: {
          tags: [OFFERS_TAG],
          summary: "Download an attachment of an offer (needs the unlock's access cookie)",
          params: PublicOfferFileParamsSchema,
          response: { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema },
        },
      },
      async (request, reply) => {
        const { offerCode, attachmentId } = request.params;
        await downloadOfferAttachment(deps, request, reply, offerCode, attachmentId);
        return reply;
      },
    );
    scope.post(
      "/api/v2/offers/:offerCode/reject",
      {
        config: limit,
        schema: {
          tags: [OFFERS_TAG],
          summary:
            "The recipient rejects the offer with a reason (needs the unlock's access cookie); the hotel is told",
          params: OfferCodeParamsSchema,
          body: RejectOfferRequestSchema,
          response: {
            200: RejectOfferResponseSchema,
            400: ErrorSchema,
            401: ErrorSchema,
            404: ErrorSchema,
            409: ErrorSchema,
            429: ErrorSchema,
          },
        },
      },
      async (request) =>
        rejectOffer(
          deps,
          request.params.offerCode,
          request.body.reason,
          request,
          await deps.linkBase(request),
        ),
    );
    scope.get(
      "/api/v2/offers/:offerCode/options/:position/payment",
      {
        config: limit,
        schema: {
          tags: [OFFERS_TAG],
          summary:
            "What confirming an option costs and how it can be paid, as guestdata.do checkPrepaid (needs the access cookie)",
          params: OfferOptionParamsSchema,
          response: {
            200: OfferOptionPaymentResponseSchema,
            400: ErrorSchema,
            401: ErrorSchema,
            404: ErrorSchema,
            409: ErrorSchema,
            429: ErrorSchema,
          },
        },
      },
      async (request) => {
        const offer = await requireOfferAccess(deps, request.params.offerCode, request);
        return offerOptionPayment(deps, offer, request.params.position);
      },
    );
    scope.post(
      "/api/v2/offers/:offerCode/confirm",
      {
        config: limit,
        schema: {
          tags: [OFFERS_TAG],
          summary:
            "The recipient books one option (access cookie, Idempotency-Key): a reservation through the booking workflow",
          params: OfferCodeParamsSchema,
          body: ConfirmOfferRequestSchema,
          response: {
            200: ConfirmOfferResponseSchema,
            400: ErrorSchema,
            401: ErrorSchema,
            402: ErrorSchema,
            404: ErrorSchema,
            409: ErrorSchema,
            422: ErrorSchema,
            429: ErrorSchema,
          },
        },
      },
      async (request, reply) => {
        // The cookie is checked before the Idempotency-Key is claimed: a refusal for a missing unlock is not stored.
        const offer = await requireOfferAccess(deps, request.params.offerCode, request);
        return replyIdempotent(
          deps.database,
          `v2/offers/confirm:${offer.code}`,
          request,
          reply,
          request.body,
          async (key) => confirmOffer(deps, offer, request.body, key, await deps.linkBase(request)),
        );
      },
    );
    scope.get(
      "/api/v2/cro/:reservationCode",
      {
        config: limit,
        schema: {
          tags: [OFFERS_TAG],
          summary:
            "A reservation made from an offer (code as typed): its status and the option booked; no personal data but the recipient's name",
          params: CroParamsSchema,
          response: { 200: CroResponseSchema, 400: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema },
        },
      },
      (request) => findReservationOffer(deps.database, request.params.reservationCode),
    );
  });
}

declare module "fastify" {
  interface FastifyRequest {
    hotelApiKey?: import("../../features/offers").HotelApiKey;
  }
}
