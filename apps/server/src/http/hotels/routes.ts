import { ErrorSchema } from "@alloggio/domain/contract/common";
import { HotelQuerySchema, HotelResponseSchema } from "@alloggio/domain/contract/hotels/hotel";
import { HotelInfoParamsSchema, HotelInfoResponseSchema } from "@alloggio/domain/contract/hotels/hotel-info";
import type { Database } from "../../db/client";
import { getHotelInfo, getHotelServices } from "../../features/hotels";
import type { App } from "../app-type";

export function registerHotelRoutes(app: App, deps: { database: Database }): void {
  app.get(
    "/api/hotel.do",
    {
      schema: {
        tags: ["hotels"],
        summary: "The hotel's extra-service catalogue",
        querystring: HotelQuerySchema,
        response: { 200: HotelResponseSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    (request) => getHotelServices(deps.database, request.query),
  );
  app.get(
    "/api/bol/hotel/:hotel/info/language/:lang",
    {
      schema: {
        tags: ["hotels"],
        summary: "The hotel information panel",
        params: HotelInfoParamsSchema,
        response: { 200: HotelInfoResponseSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    (request) => getHotelInfo(deps.database, request.params),
  );
}
