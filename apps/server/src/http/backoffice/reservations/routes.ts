import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  BoCancelRequestSchema,
  BoCancelResponseSchema,
  CancelLinkResponseSchema,
  CaptureRequestSchema,
  CaptureResponseSchema,
  ChargeGuaranteeRequestSchema,
  ChargeGuaranteeResponseSchema,
  ConfirmOptionResponseSchema,
  PropertyNoteRequestSchema,
  PropertyNoteResponseSchema,
  RecordTransferRequestSchema,
  RecordTransferResponseSchema,
  ReleaseResponseSchema,
  ResaleOfferParamsSchema,
  ResendResponseSchema,
  ReservationDetailSchema,
  ReservationListQuerySchema,
  ReservationListSchema,
  ReservationParamsSchema,
} from "@alloggio/domain/contract/backoffice/reservations";
import { ResaleResponseSchema } from "@alloggio/domain/contract/booking/resale";
import { isoToYmd, startOfDayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  audit,
  cancelPaymentLink,
  hotelToday,
  listReservations,
  requireReservation,
  resendConfirmation,
  reservationDetail,
  setPropertyNote,
} from "../../../features/backoffice";
import { lockReservationOfHotel } from "../../../features/booking";
import {
  cancelReservationForGuest,
  captureAuthorisation,
  chargeGuarantee,
  confirmOption,
  recordBankTransfer,
  releaseAuthorisation,
} from "../../../features/manage";
import { withdrawLockedOffer } from "../../../features/resale";
import type { App } from "../../app-type";
import { AppError, badInput } from "../../errors";
import { replyIdempotent } from "../../idempotency";
import { type Define, staffRoutes } from "../staff-routes";

const BASE = "/api/backoffice/hotels/:hotelId/reservations";
const ONE = `${BASE}/:reservationId`;

/** The back office's reservations routes: list, detail, and what the property does to one. */
export function registerReservationRoutes(app: App, deps: BackOfficeDeps): void {
  const route = staffRoutes(app, deps, "reservations");
  /** A route on one reservation, which is checked first to be one of the hotel's (another hotel's id answers 404). */
  const onReservation =
    (define: Define): Define =>
    (url, spec, handler) =>
      define(url, spec, async (call) => {
        const { hotelId, reservationId } = call.params as { hotelId: number; reservationId: number };
        await requireReservation(deps.database, hotelId, reservationId);
        return handler(call);
      });
  const action = onReservation(route.post);

  route.get(
    BASE,
    {
      summary:
        "The hotel's reservations: filters (stay or booking days, status, channel, customer, code, guest, e-mail), 25 a page",
      params: HotelParamsSchema,
      querystring: ReservationListQuerySchema,
      answer: ReservationListSchema,
    },
    ({ params, query }) => listReservations(deps.database, params.hotelId, query),
  );

  route.get(
    ONE,
    {
      summary:
        "One reservation: rooms, services, guests, payments, history, mails, notes and the actions allowed",
      params: ReservationParamsSchema,
      answer: ReservationDetailSchema,
    },
    ({ params }) => reservationDetail(deps.database, params.hotelId, params.reservationId, deps.now()),
  );

  action(
    `${ONE}/confirm-option`,
    {
      summary: "Confirm an option before it expires (409 when not an option or expired)",
      params: ReservationParamsSchema,
      answer: ConfirmOptionResponseSchema,
    },
    async ({ staff, params: { hotelId, reservationId }, request }) =>
      confirmOption(
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
      ),
  );

  onReservation(staffRoutes(app, deps, "transfers").post)(
    `${ONE}/bank-transfers`,
    {
      summary: "Record a bank transfer received (Idempotency-Key): it settles the payments due it covers",
      params: ReservationParamsSchema,
      body: RecordTransferRequestSchema,
      answer: RecordTransferResponseSchema,
    },
    async ({ staff, params: { hotelId, reservationId }, body, request, reply }) => {
      const { today, zone } = await hotelToday(deps.database, hotelId, deps.now());
      if (body.receivedOn > today) throw badInput("receivedOn", "in the future");
      // The hotel-local start of the day it came in (never later than now).
      const receivedAt = startOfDayInZone(isoToYmd(body.receivedOn), zone);
      return replyIdempotent(
        deps.database,
        "bo-bank-transfer",
        request,
        reply,
        { reservationId, ...body },
        async () =>
          recordBankTransfer(
            { database: deps.database, now: deps.now, baseUrl: await deps.linkBase(request) },
            reservationId,
            body.amountMinor,
            receivedAt,
            staff.email,
            async (tx, before, outcome) => {
              await audit(tx, staff, {
                hotelId,
                action: "reservation.record_bank_transfer",
                entity: "reservation",
                entityId: reservationId,
                before,
                after: { ...outcome, amountMinor: body.amountMinor, receivedOn: body.receivedOn },
              });
            },
          ),
      );
    },
  );

  action(
    `${ONE}/cancel`,
    {
      summary:
        "Cancel for the guest, whole or one room, any rate (resellable and non-refundable included) with its penalty, which the property may waive: preview first, then do it (Idempotency-Key)",
      params: ReservationParamsSchema,
      body: BoCancelRequestSchema,
      answer: BoCancelResponseSchema,
    },
    async ({ staff, params: { hotelId, reservationId }, body, request, reply }) => {
      const run = async () =>
        cancelReservationForGuest(
          deps,
          {
            hotelId,
            reservationId,
            roomId: body.roomId,
            preview: body.preview,
            waivePenalty: body.waivePenalty,
          },
          staff.email,
          await deps.linkBase(request),
          async (tx, before, outcome) => {
            await audit(tx, staff, {
              hotelId,
              action: body.roomId ? "reservation.cancel_room" : "reservation.cancel",
              entity: "reservation",
              entityId: reservationId,
              before: { status: before.status, totalMinor: before.totalMinor },
              after: { roomId: body.roomId ?? null, ...outcome },
            });
          },
        );
      if (body.preview) return run();
      return replyIdempotent(deps.database, "bo-cancel", request, reply, { reservationId, ...body }, run);
    },
  );

  action(
    `${ONE}/cancel-payment-link`,
    {
      summary:
        "Cancel the payment or pre-authorisation link the guest has not used: it can no longer be paid (409 when none)",
      params: ReservationParamsSchema,
      answer: CancelLinkResponseSchema,
    },
    ({ staff, params }) => cancelPaymentLink(deps, staff, params.hotelId, params.reservationId),
  );

  /** The card use cases' dependencies, with the links' base of this request. */
  const cardDeps = async (request: Parameters<BackOfficeDeps["linkBase"]>[0]) => ({
    database: deps.database,
    gateways: deps.gateways,
    now: deps.now,
    baseUrl: await deps.linkBase(request),
  });
  /** The audit entry of a card action, in its transaction. */
  const audited =
    (staff: Parameters<typeof audit>[1], hotelId: number, reservationId: number, action: string) =>
    async (tx: Parameters<typeof audit>[0], before: unknown, after: unknown) =>
      audit(tx, staff, { hotelId, action, entity: "reservation", entityId: reservationId, before, after });

  action(
    `${ONE}/capture`,
    {
      summary:
        "Capture the pre-authorisation, all of it or less (the rest is released); 422 `amountMinor` above what is authorised, 409 when captured, released or none (Idempotency-Key)",
      params: ReservationParamsSchema,
      body: CaptureRequestSchema,
      answer: CaptureResponseSchema,
    },
    async ({ staff, params: { hotelId, reservationId }, body, request, reply }) =>
      replyIdempotent(deps.database, "bo-capture", request, reply, { reservationId, ...body }, async () =>
        captureAuthorisation(
          await cardDeps(request),
          { hotelId, reservationId, amountMinor: body.amountMinor },
          staff.email,
          audited(staff, hotelId, reservationId, "reservation.capture_authorisation"),
        ),
      ),
  );

  action(
    `${ONE}/release`,
    {
      summary:
        "Release the pre-authorisation: nothing is taken, the guest pays at the hotel (409 when captured, released or none)",
      params: ReservationParamsSchema,
      answer: ReleaseResponseSchema,
    },
    async ({ staff, params: { hotelId, reservationId }, request, reply }) =>
      replyIdempotent(deps.database, "bo-release", request, reply, { reservationId }, async () =>
        releaseAuthorisation(
          await cardDeps(request),
          { hotelId, reservationId },
          staff.email,
          audited(staff, hotelId, reservationId, "reservation.release_authorisation"),
        ),
      ),
  );

  action(
    `${ONE}/charge-guarantee`,
    {
      summary:
        "Charge the card guarantee for a no-show or a late cancellation, off-session (the rate's penalty by default, at most the total); when the bank asks the holder, the guest is mailed a payment link (402 when declined; Idempotency-Key)",
      params: ReservationParamsSchema,
      body: ChargeGuaranteeRequestSchema,
      answer: ChargeGuaranteeResponseSchema,
    },
    async ({ staff, params: { hotelId, reservationId }, body, request, reply }) =>
      replyIdempotent(
        deps.database,
        "bo-charge-guarantee",
        request,
        reply,
        { reservationId, ...body },
        async () =>
          chargeGuarantee(
            await cardDeps(request),
            { hotelId, reservationId, reason: body.reason, amountMinor: body.amountMinor },
            staff.email,
            audited(staff, hotelId, reservationId, "reservation.charge_guarantee"),
          ),
      ),
  );

  action(
    `${ONE}/resend-confirmation`,
    {
      summary: "Send the guest the reservation's confirmation mail again, as it now stands (Idempotency-Key)",
      params: ReservationParamsSchema,
      answer: ResendResponseSchema,
    },
    async ({ staff, params: { hotelId, reservationId }, request, reply }) => {
      const baseUrl = await deps.linkBase(request);
      return replyIdempotent(deps.database, "bo-resend", request, reply, { reservationId }, async () =>
        resendConfirmation(deps, staff, hotelId, reservationId, baseUrl),
      );
    },
  );

  action(
    `${ONE}/resale-offers/:offerId/withdraw`,
    {
      summary:
        "Withdraw a room's resale offer while it is listed and none of its nights sold: its nights leave the sale (409 `resale_not_listed`)",
      params: ResaleOfferParamsSchema,
      answer: ResaleResponseSchema,
    },
    async ({ staff, params: { hotelId, reservationId, offerId } }) =>
      deps.database.db.transaction(async (tx) => {
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
      }),
  );

  onReservation(route.put)(
    `${ONE}/property-note`,
    {
      summary: "Set or clear (null or empty) the property's note to the guest, shown on the voucher",
      params: ReservationParamsSchema,
      body: PropertyNoteRequestSchema,
      answer: PropertyNoteResponseSchema,
    },
    ({ staff, params, body }) =>
      setPropertyNote(deps, staff, params.hotelId, params.reservationId, body.note ? body.note : null),
  );
}
