import type { App } from "../../../http/app";
import type { BackOfficeDeps } from "../deps";

/** The back office's users routes (issue 12). */
export function registerUserRoutes(_app: App, _deps: BackOfficeDeps): void {}
