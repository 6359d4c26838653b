import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  BoHotelSchema,
  BoRatePlanSchema,
  BoRoomTypeSchema,
  GalleryInputSchema,
  HotelInputSchema,
  RatePlanInputSchema,
  RatePlanListSchema,
  RatePlanParamsSchema,
  RoomTypeInputSchema,
  RoomTypeListSchema,
  RoomTypeParamsSchema,
} from "@alloggio/domain/contract/backoffice/property";
import { z } from "zod";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  createRatePlan,
  createRoomType,
  deleteRatePlan,
  deleteRoomType,
  getProperty,
  getRatePlan,
  getRoomType,
  listRatePlans,
  listRoomTypes,
  requireHotel,
  requireStaff,
  setRoomTypeGallery,
  updateProperty,
  updateRatePlan,
  updateRoomType,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";
import { type Guard, registerPhotoRoutes } from "./photo-routes";

const AREA = "catalogue";

const deleted = () => ({ 204: z.null().describe("Deleted"), ...backOfficeErrors });

/** The hotel's details, its room types and its rate plans. */
export function registerPropertyRoutes(app: App, deps: BackOfficeDeps): void {
  const guard: Guard = async (request, hotelId) => {
    const staff = await requireStaff(deps, request, AREA);
    requireHotel(staff, hotelId);
    return staff;
  };

  app.get(
    "/api/backoffice/hotels/:hotelId/property",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "The hotel's details, times, policies and payment settings",
        params: HotelParamsSchema,
        response: { 200: BoHotelSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId } = request.params;
      await guard(request, hotelId);
      return getProperty(deps, hotelId);
    },
  );

  app.put(
    "/api/backoffice/hotels/:hotelId/property",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Change the hotel's details, times, lists and payment methods (the currency only while it has no reservations: else 409)",
        params: HotelParamsSchema,
        body: HotelInputSchema,
        response: { 200: BoHotelSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId } = request.params;
      const staff = await guard(request, hotelId);
      return updateProperty(deps, staff, hotelId, request.body);
    },
  );

  // Room types.

  app.get(
    "/api/backoffice/hotels/:hotelId/room-types",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "The hotel's room types, in sort order",
        params: HotelParamsSchema,
        response: { 200: RoomTypeListSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId } = request.params;
      await guard(request, hotelId);
      return listRoomTypes(deps, hotelId);
    },
  );

  app.get(
    "/api/backoffice/hotels/:hotelId/room-types/:roomTypeId",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "One room type",
        params: RoomTypeParamsSchema,
        response: { 200: BoRoomTypeSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, roomTypeId } = request.params;
      await guard(request, hotelId);
      return getRoomType(deps, hotelId, roomTypeId);
    },
  );

  app.post(
    "/api/backoffice/hotels/:hotelId/room-types",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Create a room type (code unique in the hotel: else 409 code_taken)",
        params: HotelParamsSchema,
        body: RoomTypeInputSchema,
        response: { 201: BoRoomTypeSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const { hotelId } = request.params;
      const staff = await guard(request, hotelId);
      const created = await createRoomType(deps, staff, hotelId, request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    "/api/backoffice/hotels/:hotelId/room-types/:roomTypeId",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Change a room type (its photos are changed by the photo and gallery routes)",
        params: RoomTypeParamsSchema,
        body: RoomTypeInputSchema,
        response: { 200: BoRoomTypeSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, roomTypeId } = request.params;
      const staff = await guard(request, hotelId);
      return updateRoomType(deps, staff, hotelId, roomTypeId, request.body);
    },
  );

  app.delete(
    "/api/backoffice/hotels/:hotelId/room-types/:roomTypeId",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Delete a room type (409 room_type_booked when reservations or sold rooms use it)",
        params: RoomTypeParamsSchema,
        response: deleted(),
      },
    },
    async (request, reply) => {
      const { hotelId, roomTypeId } = request.params;
      const staff = await guard(request, hotelId);
      await deleteRoomType(deps, staff, hotelId, roomTypeId);
      return reply.code(204).send(null);
    },
  );

  app.put(
    "/api/backoffice/hotels/:hotelId/room-types/:roomTypeId/gallery",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Reorder a room type's photos, or remove some: the new list of its own photo addresses",
        params: RoomTypeParamsSchema,
        body: GalleryInputSchema,
        response: { 200: BoRoomTypeSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, roomTypeId } = request.params;
      const staff = await guard(request, hotelId);
      return setRoomTypeGallery(deps, staff, hotelId, roomTypeId, request.body);
    },
  );

  registerPhotoRoutes(app, deps, guard);

  // Rate plans.

  app.get(
    "/api/backoffice/hotels/:hotelId/rate-plans",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "The hotel's rate plans in sort order, with the channels and services a plan can use",
        params: HotelParamsSchema,
        response: { 200: RatePlanListSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId } = request.params;
      await guard(request, hotelId);
      return listRatePlans(deps, hotelId);
    },
  );

  app.get(
    "/api/backoffice/hotels/:hotelId/rate-plans/:ratePlanId",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "One rate plan",
        params: RatePlanParamsSchema,
        response: { 200: BoRatePlanSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, ratePlanId } = request.params;
      await guard(request, hotelId);
      return getRatePlan(deps, hotelId, ratePlanId);
    },
  );

  app.post(
    "/api/backoffice/hotels/:hotelId/rate-plans",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Create a rate plan (code unique in the hotel: else 409 code_taken)",
        params: HotelParamsSchema,
        body: RatePlanInputSchema,
        response: { 201: BoRatePlanSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const { hotelId } = request.params;
      const staff = await guard(request, hotelId);
      const created = await createRatePlan(deps, staff, hotelId, request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    "/api/backoffice/hotels/:hotelId/rate-plans/:ratePlanId",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Change a rate plan",
        params: RatePlanParamsSchema,
        body: RatePlanInputSchema,
        response: { 200: BoRatePlanSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, ratePlanId } = request.params;
      const staff = await guard(request, hotelId);
      return updateRatePlan(deps, staff, hotelId, ratePlanId, request.body);
    },
  );

  app.delete(
    "/api/backoffice/hotels/:hotelId/rate-plans/:ratePlanId",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Delete a rate plan (409 rate_plan_booked when reservations use it)",
        params: RatePlanParamsSchema,
        response: deleted(),
      },
    },
    async (request, reply) => {
      const { hotelId, ratePlanId } = request.params;
      const staff = await guard(request, hotelId);
      await deleteRatePlan(deps, staff, hotelId, ratePlanId);
      return reply.code(204).send(null);
    },
  );
}
