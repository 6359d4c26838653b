import type { App } from "../../../http/app";
import type { BackOfficeDeps } from "../deps";

/** The back office's quotes routes (issue 12). */
export function registerQuoteRoutes(_app: App, _deps: BackOfficeDeps): void {}
