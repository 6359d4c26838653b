import { ErrorSchema } from "@alloggio/domain/contract/common";
import { AvailQuerySchema, AvailResponseSchema } from "@alloggio/domain/contract/search/avail";
import { CalendarQuerySchema, CalendarResponseSchema } from "@alloggio/domain/contract/search/calendar";
import { NearbyAvailResponseSchema } from "@alloggio/domain/contract/search/nearby-avail";
import {
  PriceCalendarQuerySchema,
  PriceCalendarResponseSchema,
} from "@alloggio/domain/contract/search/price-calendar";
import { z } from "zod";
import { findCrossProperties } from "../../features/portal";
import {
  checkAvailability,
  findNearbyDates,
  getCalendar,
  getPriceCalendar,
  type SearchDeps,
  searchAvailabilityBody,
} from "../../features/search";
import { tradeCustomerForCall } from "../../features/trade";
import type { App } from "../app-type";

const errors = { 400: ErrorSchema, 404: ErrorSchema };
/** The searches that take `customer`: the trade session's customer, never the request's (ADR 0029). */
const tradeErrors = { ...errors, 403: ErrorSchema };

export function registerSearchRoutes(app: App, searchDeps: SearchDeps): void {
  // A hotel with no room for a stay suggests the group's others that have one, as the portal list prices them.
  const deps: SearchDeps = { ...searchDeps, crossProperty: (q) => findCrossProperties(searchDeps, q) };
  app.get(
    "/api/avail.do",
    {
      schema: {
        tags: ["search"],
        summary: "Rooms and rates for a stay, per room slot",
        querystring: AvailQuerySchema,
        response: { 200: AvailResponseSchema, ...tradeErrors, 410: ErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await tradeCustomerForCall(deps, request, request.query);
      // JSON text, checked against AvailResponseSchema when it was made: sent as it is (ADR 0045).
      const body = await searchAvailabilityBody(deps, { ...request.query, customer });
      // (Fastify's types know only the object; a JSON text with a JSON content type is sent without serializing.)
      return reply.type("application/json; charset=utf-8").send(body as never);
    },
  );
  app.get(
    "/api/availCheck.do",
    {
      schema: {
        tags: ["search"],
        summary: "Whether every room slot can be had at once: text true or false",
        querystring: AvailQuerySchema,
        response: { 200: z.string(), ...tradeErrors },
      },
    },
    async (request, reply) => {
      const customer = await tradeCustomerForCall(deps, request, request.query);
      const available = await checkAvailability(deps, { ...request.query, customer });
      return reply.type("text/plain").send(String(available));
    },
  );
  app.get(
    "/api/nearbyAvail.do",
    {
      schema: {
        tags: ["search"],
        summary: "Nearby arrival dates (±7 days, same length) where the stay is available",
        querystring: AvailQuerySchema,
        response: { 200: NearbyAvailResponseSchema, ...tradeErrors },
      },
    },
    async (request) => {
      const customer = await tradeCustomerForCall(deps, request, request.query);
      return findNearbyDates(deps, { ...request.query, customer });
    },
  );
  app.get(
    "/api/calendar.do",
    {
      schema: {
        tags: ["search"],
        summary: "Closed, available and restricted days from hotel-local today",
        querystring: CalendarQuerySchema,
        response: { 200: CalendarResponseSchema, ...errors },
      },
    },
    (request) => getCalendar(deps, request.query),
  );
  app.get(
    "/api/priceCalendar.do",
    {
      schema: {
        tags: ["search"],
        summary: "Cheapest one-night price per day and month for 12 months (no-availability chart)",
        querystring: PriceCalendarQuerySchema,
        response: { 200: PriceCalendarResponseSchema, ...errors },
      },
    },
    (request) => getPriceCalendar(deps, request.query),
  );
}
