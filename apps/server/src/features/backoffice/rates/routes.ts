import type { App } from "../../../http/app";
import type { BackOfficeDeps } from "../deps";

/** The back office's rates routes (issue 12). */
export function registerRatesRoutes(_app: App, _deps: BackOfficeDeps): void {}
