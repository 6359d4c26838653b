import type { BackOfficeDeps } from "../../../features/backoffice";
import type { App } from "../../app-type";
import { registerChannelSettingsRoutes } from "./channel-settings-routes";
import { registerExtrasRoutes } from "./extras-routes";
import { registerPropertyRoutes } from "./property-routes";

/** The catalogue: the hotel, room types and rate plans; services, promo codes, packages, overrides;
 * privacy texts and channel colours. */
export function registerCatalogueRoutes(app: App, deps: BackOfficeDeps): void {
  registerPropertyRoutes(app, deps);
  registerExtrasRoutes(app, deps);
  registerChannelSettingsRoutes(app, deps);
}
