import type { App } from "../../../http/app";
import type { BackOfficeDeps } from "../deps";

/** The back office's audit-log routes (issue 12). */
export function registerAuditLogRoutes(_app: App, _deps: BackOfficeDeps): void {}
