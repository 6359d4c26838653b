import { ErrorSchema } from "@alloggio/domain/contract/common";
import {
  AvailChannelCheckQuerySchema,
  AvailChannelCheckResponseSchema,
} from "@alloggio/domain/contract/portal/avail-channel-check";
import {
  DestinationsQuerySchema,
  DestinationsResponseSchema,
} from "@alloggio/domain/contract/portal/destinations";
import {
  ReservationLinkQuerySchema,
  ReservationLinkResponseSchema,
} from "@alloggio/domain/contract/portal/reservation-link";
import { getReservationLinks, listDestinations, type PortalDeps, searchPortal } from "../../features/portal";
import { tradeCustomerForCall } from "../../features/trade";
import type { App } from "../app-type";

const errors = { 400: ErrorSchema, 404: ErrorSchema };

/** Portal mode (SPEC §7): the search across a group's hotels, destinations, and reservation links. */
export function registerPortalRoutes(app: App, deps: PortalDeps): void {
  app.get(
    "/api/availChannelCheck.do",
    {
      schema: {
        tags: ["portal"],
        summary: "One search across the channel's hotels: each with its lowest price or why it has none",
        querystring: AvailChannelCheckQuerySchema,
        response: { 200: AvailChannelCheckResponseSchema, ...errors, 403: ErrorSchema },
      },
    },
    async (request) => {
      const customer = await tradeCustomerForCall(deps, request, request.query);
      return searchPortal(deps, { ...request.query, customer });
    },
  );
  app.get(
    "/api/channel/destinations",
    {
      schema: {
        tags: ["portal"],
        summary: "Destinations of the channel's group with the count and list of their properties",
        querystring: DestinationsQuerySchema,
        response: { 200: DestinationsResponseSchema, ...errors },
      },
    },
    (request) => listDestinations(deps.database, request.query),
  );
  app.get(
    "/api/reservationLink.do",
    {
      schema: {
        tags: ["portal"],
        summary: "The stay a property prepared for a guest (only the link named by rlId)",
        querystring: ReservationLinkQuerySchema,
        response: { 200: ReservationLinkResponseSchema, ...errors },
      },
    },
    (request) => getReservationLinks(deps, request.query),
  );
}
