import type { App } from "../../../http/app";
import type { BackOfficeDeps } from "../deps";

/** Extra services and their categories, promo codes, packages, signed price overrides (hpcc links). */
export function registerExtrasRoutes(_app: App, _deps: BackOfficeDeps): void {}
