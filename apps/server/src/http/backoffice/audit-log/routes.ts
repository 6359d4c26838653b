import {
  AUDIT_PATH,
  AuditPageSchema,
  AuditParamsSchema,
  type AuditQuery,
  AuditQuerySchema,
} from "@alloggio/domain/contract/backoffice/audit";
import type { BackOfficeDeps } from "../../../features/backoffice";
import { readAuditLog } from "../../../features/backoffice";
import type { App } from "../../app-type";
import { staffRoutes } from "../staff-routes";

export type { AuditQuery };

/** The back office's audit-log routes: owners and managers read a hotel's log. */
export function registerAuditLogRoutes(app: App, deps: BackOfficeDeps): void {
  staffRoutes(app, deps, "audit").get(
    AUDIT_PATH,
    {
      summary:
        "A hotel's audit log, newest first, 50 a page: who changed what, before and after (owners also see the group's user changes)",
      params: AuditParamsSchema,
      querystring: AuditQuerySchema,
      answer: AuditPageSchema,
    },
    ({ staff, params, query }) => readAuditLog(deps.database.db, staff, params.hotelId, query),
  );
}
