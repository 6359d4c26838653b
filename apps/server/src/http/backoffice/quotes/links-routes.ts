import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  LinkCreateSchema,
  LinkListSchema,
  LinkParamsSchema,
  LinkSchema,
} from "@alloggio/domain/contract/backoffice/quotes";
import type { BackOfficeDeps } from "../../../features/backoffice";
import { createLink, deleteLink, listLinks } from "../../../features/backoffice";
import type { App } from "../../app-type";
import { staffRoutes } from "../staff-routes";

const base = "/api/backoffice/hotels/:hotelId/links";

/** The catalogue's reservation links (area "catalogue"): list, create, delete. */
export function registerLinkRoutes(app: App, deps: BackOfficeDeps): void {
  const route = staffRoutes(app, deps, "catalogue");
  route.get(
    base,
    {
      summary: "The hotel's reservation links, newest first, with their guest URLs",
      params: HotelParamsSchema,
      answer: LinkListSchema,
    },
    async ({ params, request }) => listLinks(deps, params.hotelId, await deps.linkBase(request)),
  );
  route.post(
    base,
    {
      summary: "Create a reservation link (it gets an unguessable public id, ADR 0027)",
      params: HotelParamsSchema,
      body: LinkCreateSchema,
      created: LinkSchema,
    },
    async ({ staff, params, body, request }) =>
      createLink(deps, staff, params.hotelId, body, await deps.linkBase(request)),
  );
  route.delete(
    `${base}/:linkId`,
    {
      summary: "Delete a reservation link (409 when a reservation was booked with it)",
      params: LinkParamsSchema,
      answer: "Deleted",
    },
    async ({ staff, params, request }) =>
      deleteLink(deps, staff, params.hotelId, params.linkId, await deps.linkBase(request)),
  );
}
