import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  BulkResultSchema,
  BulkUpdateSchema,
  CalendarQuerySchema,
  CalendarSchema,
  CellEditResultSchema,
  CellEditSchema,
} from "@alloggio/domain/contract/backoffice/rates";
import type { BackOfficeDeps } from "../../../features/backoffice";
import { bulkUpdate, editCell, readCalendar } from "../../../features/backoffice";
import type { App } from "../../app-type";
import { staffRoutes } from "../staff-routes";

/** The back office's rates and availability calendar: owner and manager. */
export function registerRatesRoutes(app: App, deps: BackOfficeDeps): void {
  const route = staffRoutes(app, deps, "rates");
  route.get(
    "/api/backoffice/hotels/:hotelId/calendar",
    {
      summary: "Rates and availability of a window of days: inventory per room type, prices and restrictions",
      params: HotelParamsSchema,
      querystring: CalendarQuerySchema,
      answer: CalendarSchema,
    },
    ({ params, query }) => readCalendar(deps.database.db, params.hotelId, query, deps.now()),
  );
  route.put(
    "/api/backoffice/hotels/:hotelId/calendar/cells",
    {
      summary:
        "Edit one cell: a room type's night (allotment, closed), a price, or a rate plan's night restriction",
      params: HotelParamsSchema,
      body: CellEditSchema,
      answer: CellEditResultSchema,
    },
    ({ staff, params, body }) => editCell(deps, staff, params.hotelId, body),
  );
  route.post(
    "/api/backoffice/hotels/:hotelId/calendar/bulk",
    {
      summary:
        "Bulk update a date range (weekday mask): prices, allotment, closed, restrictions; preview counts the cells",
      params: HotelParamsSchema,
      body: BulkUpdateSchema,
      answer: BulkResultSchema,
    },
    ({ staff, params, body }) => bulkUpdate(deps, staff, params.hotelId, body),
  );
}
