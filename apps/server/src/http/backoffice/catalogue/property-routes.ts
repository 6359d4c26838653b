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
  setRoomTypeGallery,
  updateProperty,
  updateRatePlan,
  updateRoomType,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { staffRoutes } from "../staff-routes";
import { registerPhotoRoutes } from "./photo-routes";

/** The hotel's details, its room types and its rate plans. */
export function registerPropertyRoutes(app: App, deps: BackOfficeDeps): void {
  const route = staffRoutes(app, deps, "catalogue");

  route.get(
    "/api/backoffice/hotels/:hotelId/property",
    {
      summary: "The hotel's details, times, policies and payment settings",
      params: HotelParamsSchema,
      answer: BoHotelSchema,
    },
    ({ params }) => getProperty(deps, params.hotelId),
  );

  route.put(
    "/api/backoffice/hotels/:hotelId/property",
    {
      summary:
        "Change the hotel's details, times, lists and payment methods (the currency only while it has no reservations: else 409)",
      params: HotelParamsSchema,
      body: HotelInputSchema,
      answer: BoHotelSchema,
    },
    ({ staff, params, body }) => updateProperty(deps, staff, params.hotelId, body),
  );

  // Room types.

  route.get(
    "/api/backoffice/hotels/:hotelId/room-types",
    {
      summary: "The hotel's room types, in sort order",
      params: HotelParamsSchema,
      answer: RoomTypeListSchema,
    },
    ({ params }) => listRoomTypes(deps, params.hotelId),
  );

  route.get(
    "/api/backoffice/hotels/:hotelId/room-types/:roomTypeId",
    { summary: "One room type", params: RoomTypeParamsSchema, answer: BoRoomTypeSchema },
    ({ params }) => getRoomType(deps, params.hotelId, params.roomTypeId),
  );

  route.post(
    "/api/backoffice/hotels/:hotelId/room-types",
    {
      summary: "Create a room type (code unique in the hotel: else 409 code_taken)",
      params: HotelParamsSchema,
      body: RoomTypeInputSchema,
      created: BoRoomTypeSchema,
    },
    ({ staff, params, body }) => createRoomType(deps, staff, params.hotelId, body),
  );

  route.put(
    "/api/backoffice/hotels/:hotelId/room-types/:roomTypeId",
    {
      summary: "Change a room type (its photos are changed by the photo and gallery routes)",
      params: RoomTypeParamsSchema,
      body: RoomTypeInputSchema,
      answer: BoRoomTypeSchema,
    },
    ({ staff, params, body }) => updateRoomType(deps, staff, params.hotelId, params.roomTypeId, body),
  );

  route.delete(
    "/api/backoffice/hotels/:hotelId/room-types/:roomTypeId",
    {
      summary: "Delete a room type (409 room_type_booked when reservations or sold rooms use it)",
      params: RoomTypeParamsSchema,
      answer: "Deleted",
    },
    ({ staff, params }) => deleteRoomType(deps, staff, params.hotelId, params.roomTypeId),
  );

  route.put(
    "/api/backoffice/hotels/:hotelId/room-types/:roomTypeId/gallery",
    {
      summary: "Reorder a room type's photos, or remove some: the new list of its own photo addresses",
      params: RoomTypeParamsSchema,
      body: GalleryInputSchema,
      answer: BoRoomTypeSchema,
    },
    ({ staff, params, body }) => setRoomTypeGallery(deps, staff, params.hotelId, params.roomTypeId, body),
  );

  registerPhotoRoutes(app, deps, route.check);

  // Rate plans.

  route.get(
    "/api/backoffice/hotels/:hotelId/rate-plans",
    {
      summary: "The hotel's rate plans in sort order, with the channels and services a plan can use",
      params: HotelParamsSchema,
      answer: RatePlanListSchema,
    },
    ({ params }) => listRatePlans(deps, params.hotelId),
  );

  route.get(
    "/api/backoffice/hotels/:hotelId/rate-plans/:ratePlanId",
    { summary: "One rate plan", params: RatePlanParamsSchema, answer: BoRatePlanSchema },
    ({ params }) => getRatePlan(deps, params.hotelId, params.ratePlanId),
  );

  route.post(
    "/api/backoffice/hotels/:hotelId/rate-plans",
    {
      summary: "Create a rate plan (code unique in the hotel: else 409 code_taken)",
      params: HotelParamsSchema,
      body: RatePlanInputSchema,
      created: BoRatePlanSchema,
    },
    ({ staff, params, body }) => createRatePlan(deps, staff, params.hotelId, body),
  );

  route.put(
    "/api/backoffice/hotels/:hotelId/rate-plans/:ratePlanId",
    {
      summary: "Change a rate plan",
      params: RatePlanParamsSchema,
      body: RatePlanInputSchema,
      answer: BoRatePlanSchema,
    },
    ({ staff, params, body }) => updateRatePlan(deps, staff, params.hotelId, params.ratePlanId, body),
  );

  route.delete(
    "/api/backoffice/hotels/:hotelId/rate-plans/:ratePlanId",
    {
      summary: "Delete a rate plan (409 rate_plan_booked when reservations use it)",
      params: RatePlanParamsSchema,
      answer: "Deleted",
    },
    ({ staff, params }) => deleteRatePlan(deps, staff, params.hotelId, params.ratePlanId),
  );
}
