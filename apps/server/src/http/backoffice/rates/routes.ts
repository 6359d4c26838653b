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
import { bulkUpdate, editCell, readCalendar, requireHotel, requireStaff } from "../../../features/backoffice";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

/** The back office's rates and availability calendar: owner and manager. */
export function registerRatesRoutes(app: App, deps: BackOfficeDeps): void {
  app.get(
    "/api/backoffice/hotels/:hotelId/calendar",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Rates and availability of a window of days: inventory per room type, prices and restrictions",
        params: HotelParamsSchema,
        querystring: CalendarQuerySchema,
        response: { 200: CalendarSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "rates");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return readCalendar(deps.database.db, hotelId, request.query, deps.now());
    },
  );
  app.put(
    "/api/backoffice/hotels/:hotelId/calendar/cells",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Edit one cell: a room type's night (allotment, closed), a price, or a rate plan's night restriction",
        params: HotelParamsSchema,
        body: CellEditSchema,
        response: { 200: CellEditResultSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "rates");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return editCell(deps, staff, hotelId, request.body);
    },
  );
  app.post(
    "/api/backoffice/hotels/:hotelId/calendar/bulk",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Bulk update a date range (weekday mask): prices, allotment, closed, restrictions; preview counts the cells",
        params: HotelParamsSchema,
        body: BulkUpdateSchema,
        response: { 200: BulkResultSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "rates");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return bulkUpdate(deps, staff, hotelId, request.body);
    },
  );
}
