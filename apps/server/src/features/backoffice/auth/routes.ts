import type { App } from "../../../http/app";
import type { BackOfficeDeps } from "../deps";

/** The back office's auth routes (issue 12). */
export function registerAuthRoutes(_app: App, _deps: BackOfficeDeps): void {}
