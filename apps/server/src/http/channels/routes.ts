import {
  CustomPrivacyQuerySchema,
  CustomPrivacyResponseSchema,
} from "@alloggio/domain/contract/channels/custom-privacy";
import { HotelListQuerySchema, HotelListResponseSchema } from "@alloggio/domain/contract/channels/hotel-list";
import { ErrorSchema } from "@alloggio/domain/contract/common";
import type { Database } from "../../db/client";
import { listCustomPrivacy, listHotels } from "../../features/channels";
import type { App } from "../app-type";

export function registerChannelRoutes(app: App, deps: { database: Database; apiKeys: string[] }): void {
  app.get(
    "/api/hotellist.do",
    {
      schema: {
        tags: ["channels"],
        summary: "The channel (by id or host name), its branding and hotels",
        security: [{ apiKey: [] }],
        querystring: HotelListQuerySchema,
        response: { 200: HotelListResponseSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    (request) => listHotels(deps, request.headers["x-api-key"] as string | undefined, request.query),
  );
  app.get(
    "/api/customPrivacy.do",
    {
      schema: {
        tags: ["channels"],
        summary: "The hotel's custom privacy policies",
        querystring: CustomPrivacyQuerySchema,
        response: { 200: CustomPrivacyResponseSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    (request) => listCustomPrivacy(deps.database, request.query),
  );
}
