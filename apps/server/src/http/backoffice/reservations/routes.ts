import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  BoCancelRequestSchema,
  BoCancelResponseSchema,
  CancelLinkResponseSchema,
  ConfirmOptionResponseSchema,
  PropertyNoteRequestSchema,
  PropertyNoteResponseSchema,
  RecordTransferRequestSchema,
  RecordTransferResponseSchema,
  ResaleOfferParamsSchema,
  ResendResponseSchema,
  ReservationDetailSchema,
  ReservationListQuerySchema,
  ReservationListSchema,
  ReservationParamsSchema,
} from "@alloggio/domain/contract/backoffice/reservations";
import { ResaleResponseSchema } from "@alloggio/domain/contract/booking/resale";
import { isoToYmd, startOfDayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import type { FastifyRequest } from "fastify";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  audit,
  cancelPaymentLink,
  hotelToday,
  listReservations,
  requireHotel,
  requireReservation,
  requireStaff,
  resendConfirmation,
  reservationDetail,
  type Staff,
  setPropertyNote,
} from "../../../features/backoffice";
import { lockReservationOfHotel } from "../../../features/booking";
import { cancelReservationForGuest, confirmOption, recordBankTransfer } from "../../../features/manage";
import { withdrawLockedOffer } from "../../../features/resale";
import type { App } from "../../app-type";
import { AppError, badInput } from "../../errors";
import { replyIdempotent } from "../../idempotency";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

const BASE = "/api/backoffice/hotels/:hotelId/reservations";
const ONE = `${BASE}/:reservationId`;

/** The back office's reservations routes: list, detail, and what the property does to one. */
export function registerReservationRoutes(app: App, deps: BackOfficeDeps): void {
  const staffFor = async (request: FastifyRequest, hotelId: number, area: "reservations" | "transfers") => {
    const staff = await requireStaff(deps, request, area);
    requireHotel(staff, hotelId);
    return staff;
  };
  /** The staff user and the reservation, checked to be one of the hotel's (another hotel's id answers 404). */
  const target = async (
    request: FastifyRequest,
    params: { hotelId: number; reservationId: number },
    area: "reservations" | "transfers",
  ): Promise<Staff> => {
    const staff = await staffFor(request, params.hotelId, area);
    await requireReservation(deps.database, params.hotelId, params.reservationId);
    return staff;
  };

  app.get(
    BASE,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "The hotel's reservations: filters (stay or booking days, status, channel, customer, code, guest, e-mail), 25 a page",
        params: HotelParamsSchema,
        querystring: ReservationListQuerySchema,
        response: { 200: ReservationListSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId } = request.params;
      await staffFor(request, hotelId, "reservations");
      return listReservations(deps.database, hotelId, request.query);
    },
  );

  app.get(
    ONE,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "One reservation: rooms, services, guests, payments, history, mails, notes and the actions allowed",
        params: ReservationParamsSchema,
        response: { 200: ReservationDetailSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, reservationId } = request.params;
      await staffFor(request, hotelId, "reservations");
      return reservationDetail(deps.database, hotelId, reservationId, deps.now());
    },
  );

  app.post(
    `${ONE}/confirm-option`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Confirm an option before it expires (409 when not an option or expired)",
        params: ReservationParamsSchema,
        response: { 200: ConfirmOptionResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, reservationId } = request.params;
      const staff = await target(request, request.params, "reservations");
      return confirmOption(
        { database: deps.database, now: deps.now, baseUrl: await deps.linkBase(request) },
        reservationId,
        staff.email,
        async (tx, before, outcome) => {
          await audit(tx, staff, {
            hotelId,
            action: "reservation.confirm_option",
            entity: "reservation",
            entityId: reservationId,
            before,
            after: outcome,
          });
        },
      );
    },
  );

  app.post(
    `${ONE}/bank-transfers`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Record a bank transfer received (Idempotency-Key): it settles the payments due it covers",
        params: ReservationParamsSchema,
        body: RecordTransferRequestSchema,
        response: { 200: RecordTransferResponseSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const { hotelId, reservationId } = request.params;
      const staff = await target(request, request.params, "transfers");
      const { today, zone } = await hotelToday(deps.database, hotelId, deps.now());
      if (request.body.receivedOn > today) throw badInput("receivedOn", "in the future");
      // The hotel-local start of the day it came in (never later than now).
      const receivedAt = startOfDayInZone(isoToYmd(request.body.receivedOn), zone);
      return replyIdempotent(
        deps.database,
        "bo-bank-transfer",
        request,
        reply,
        { reservationId, ...request.body },
        async () =>
          recordBankTransfer(
            { database: deps.database, now: deps.now, baseUrl: await deps.linkBase(request) },
            reservationId,
            request.body.amountMinor,
            receivedAt,
            staff.email,
            async (tx, before, outcome) => {
              await audit(tx, staff, {
                hotelId,
                action: "reservation.record_bank_transfer",
                entity: "reservation",
                entityId: reservationId,
                before,
                after: {
                  ...outcome,
                  amountMinor: request.body.amountMinor,
                  receivedOn: request.body.receivedOn,
                },
              });
            },
          ),
      );
    },
  );

  app.post(
    `${ONE}/cancel`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Cancel for the guest, whole or one room, any rate (resellable and non-refundable included) with its penalty, which the property may waive: preview first, then do it (Idempotency-Key)",
        params: ReservationParamsSchema,
        body: BoCancelRequestSchema,
        response: { 200: BoCancelResponseSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const { hotelId, reservationId } = request.params;
      const staff = await target(request, request.params, "reservations");
      const run = async () =>
        cancelReservationForGuest(
          deps,
          {
            hotelId,
            reservationId,
            roomId: request.body.roomId,
            preview: request.body.preview,
            waivePenalty: request.body.waivePenalty,
          },
          staff.email,
          await deps.linkBase(request),
          async (tx, before, outcome) => {
            await audit(tx, staff, {
              hotelId,
              action: request.body.roomId ? "reservation.cancel_room" : "reservation.cancel",
              entity: "reservation",
              entityId: reservationId,
              before: { status: before.status, totalMinor: before.totalMinor },
              after: { roomId: request.body.roomId ?? null, ...outcome },
            });
          },
        );
      if (request.body.preview) return run();
      return replyIdempotent(
        deps.database,
        "bo-cancel",
        request,
        reply,
        { reservationId, ...request.body },
        run,
      );
    },
  );

  app.post(
    `${ONE}/cancel-payment-link`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Cancel the payment or pre-authorisation link the guest has not used: it can no longer be paid (409 when none)",
        params: ReservationParamsSchema,
        response: { 200: CancelLinkResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, reservationId } = request.params;
      const staff = await target(request, request.params, "reservations");
      return cancelPaymentLink(deps, staff, hotelId, reservationId);
    },
  );

  app.post(
    `${ONE}/resend-confirmation`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Send the guest the reservation's confirmation mail again, as it now stands (Idempotency-Key)",
        params: ReservationParamsSchema,
        response: { 200: ResendResponseSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const { hotelId, reservationId } = request.params;
      const staff = await target(request, request.params, "reservations");
      const baseUrl = await deps.linkBase(request);
      return replyIdempotent(deps.database, "bo-resend", request, reply, { reservationId }, async () =>
        resendConfirmation(deps, staff, hotelId, reservationId, baseUrl),
      );
    },
  );

  app.post(
    `${ONE}/resale-offers/:offerId/withdraw`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Withdraw a room's resale offer while it is listed and none of its nights sold: its nights leave the sale (409 `resale_not_listed`)",
        params: ResaleOfferParamsSchema,
        response: { 200: ResaleResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, reservationId, offerId } = request.params;
      const staff = await target(request, request.params, "reservations");
      return deps.database.db.transaction(async (tx) => {
        const r = await lockReservationOfHotel(tx, hotelId, reservationId);
        if (!r)
          throw new AppError("not_found", 404, "No such reservation", [
            { field: "reservationId", message: "unknown" },
          ]);
        const answer = await withdrawLockedOffer(tx, r, offerId, deps.now(), {
          actor: "property",
          by: staff.email,
        });
        const offer = answer.offers.find((o) => o.id === offerId);
        await audit(tx, staff, {
          hotelId,
          action: "reservation.resale_withdraw",
          entity: "reservation",
          entityId: reservationId,
          before: { offerId, roomId: offer?.roomId ?? null, status: "listed" },
          after: { offerId, roomId: offer?.roomId ?? null, status: "withdrawn" },
        });
        return answer;
      });
    },
  );

  app.put(
    `${ONE}/property-note`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Set or clear (null or empty) the property's note to the guest, shown on the voucher",
        params: ReservationParamsSchema,
        body: PropertyNoteRequestSchema,
        response: { 200: PropertyNoteResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, reservationId } = request.params;
      const staff = await target(request, request.params, "reservations");
      const note = request.body.note ? request.body.note : null;
      return setPropertyNote(deps, staff, hotelId, reservationId, note);
    },
  );
}
