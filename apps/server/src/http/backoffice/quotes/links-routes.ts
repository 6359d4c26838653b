import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  LinkCreateSchema,
  LinkListSchema,
  LinkParamsSchema,
  LinkSchema,
} from "@alloggio/domain/contract/backoffice/quotes";
import { z } from "zod";
import type { BackOfficeDeps } from "../../../features/backoffice";
import { createLink, deleteLink, listLinks, requireHotel, requireStaff } from "../../../features/backoffice";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

const base = "/api/backoffice/hotels/:hotelId/links";

/** The catalogue's reservation links (area "catalogue"): list, create, delete. */
export function registerLinkRoutes(app: App, deps: BackOfficeDeps): void {
  app.get(
    base,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "The hotel's reservation links, newest first, with their guest URLs",
        params: HotelParamsSchema,
        response: { 200: LinkListSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "catalogue");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return listLinks(deps, hotelId, await deps.linkBase(request));
    },
  );
  app.post(
    base,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Create a reservation link (it gets an unguessable public id, ADR 0027)",
        params: HotelParamsSchema,
        body: LinkCreateSchema,
        response: { 201: LinkSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(deps, request, "catalogue");
      const hotelId = requireHotel(staff, request.params.hotelId);
      const link = await createLink(deps, staff, hotelId, request.body, await deps.linkBase(request));
      return reply.code(201).send(link);
    },
  );
  app.delete(
    `${base}/:linkId`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Delete a reservation link (409 when a reservation was booked with it)",
        params: LinkParamsSchema,
        response: { 204: z.null().describe("Deleted"), ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(deps, request, "catalogue");
      const hotelId = requireHotel(staff, request.params.hotelId);
      await deleteLink(deps, staff, hotelId, request.params.linkId, await deps.linkBase(request));
      return reply.code(204).send(null);
    },
  );
}
