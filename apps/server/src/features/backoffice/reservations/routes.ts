import type { App } from "../../../http/app";
import type { BackOfficeDeps } from "../deps";

/** The back office's reservations routes (issue 12). */
export function registerReservationRoutes(_app: App, _deps: BackOfficeDeps): void {}
