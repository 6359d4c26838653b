import type { App } from "../../../http/app";
import type { BackOfficeDeps } from "../deps";

/** The hotel's details, its room types and its rate plans. */
export function registerPropertyRoutes(_app: App, _deps: BackOfficeDeps): void {}
