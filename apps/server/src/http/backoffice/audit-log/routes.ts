import {
  AUDIT_PATH,
  AuditPageSchema,
  AuditParamsSchema,
  type AuditQuery,
  AuditQuerySchema,
} from "@alloggio/domain/contract/backoffice/audit";
import type { BackOfficeDeps } from "../../../features/backoffice";
import { readAuditLog, requireHotel, requireStaff } from "../../../features/backoffice";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

export type { AuditQuery };

/** The back office's audit-log routes: owners and managers read a hotel's log. */
export function registerAuditLogRoutes(app: App, deps: BackOfficeDeps): void {
  app.get(
    AUDIT_PATH,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "A hotel's audit log, newest first, 50 a page: who changed what, before and after (owners also see the group's user changes)",
        params: AuditParamsSchema,
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "audit");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return readAuditLog(deps.database.db, staff, hotelId, request.query);
    },
  );
}
