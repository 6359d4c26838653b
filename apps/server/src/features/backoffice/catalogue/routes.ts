import type { App } from "../../../http/app";
import type { BackOfficeDeps } from "../deps";

/** The back office's catalogue routes (issue 12). */
export function registerCatalogueRoutes(_app: App, _deps: BackOfficeDeps): void {}
