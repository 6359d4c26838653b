import { StaffMeSchema } from "@alloggio/domain/contract/backoffice/access";
import type { BackOfficeDeps } from "../../features/backoffice";
import { revokeSession, staffOf } from "../../features/backoffice";
import type { App } from "../app-type";
import { registerBackOfficeChatRoutes } from "../chat/backoffice-routes";
import { registerAlpineBitsBackOfficeRoutes } from "./alpinebits/routes";
import { registerApiKeyRoutes } from "./api-keys/routes";
import { registerAuditLogRoutes } from "./audit-log/routes";
import { registerAuthRoutes } from "./auth/routes";
import { registerCatalogueRoutes } from "./catalogue/routes";
import { registerOfferFileRoutes } from "./offer-files/routes";
import { registerOfferBackOfficeRoutes } from "./offers/routes";
import { ANONYMOUS_BACK_OFFICE_ROUTES } from "./openapi";
import { registerPaymentSettingsRoutes } from "./payments/routes";
import { registerQuoteRoutes } from "./quotes/routes";
import { registerRatesRoutes } from "./rates/routes";
import { registerReservationRoutes } from "./reservations/routes";
import { registerScriptInventoryRoutes } from "./scripts/routes";
import { clearSessionCookie } from "./session-cookie";
import { staffRoutes } from "./staff-routes";

export { ANONYMOUS_BACK_OFFICE_ROUTES, BACK_OFFICE_TAG, backOfficeErrors } from "./openapi";

import { registerTradeRoutes } from "./trade/routes";
import { registerUserRoutes } from "./users/routes";

/** The property's back office under /api/backoffice (ADR 0024). */
export async function registerBackOfficeRoutes(app: App, deps: BackOfficeDeps): Promise<void> {
  // The session (and a change's CSRF token) before the input: an anonymous caller learns no schema from a 400.
  app.addHook("preValidation", async (request) => {
    const url = request.routeOptions.url;
    if (url?.startsWith("/api/backoffice/") && !ANONYMOUS_BACK_OFFICE_ROUTES.includes(url))
      await staffOf(deps.database.db, request, deps.now());
  });
  const signedIn = staffRoutes(app, deps, null);
  signedIn.get(
    "/api/backoffice/me",
    {
      summary: "The signed-in staff user: role, hotels and the CSRF token of the session",
      answer: StaffMeSchema,
    },
    ({ staff }) => ({
      id: staff.userId,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      language: staff.language,
      totpEnabled: staff.totpEnabled,
      hotels: staff.hotels,
      csrfToken: staff.csrfToken,
    }),
  );
  signedIn.post(
    "/api/backoffice/sign-out",
    { summary: "Sign out: the session is revoked and its cookie cleared", answer: "Signed out" },
    async ({ staff, reply }) => {
      await revokeSession(deps.database.db, staff.sessionToken);
      clearSessionCookie(reply);
    },
  );
  registerAuthRoutes(app, deps);
  registerReservationRoutes(app, deps);
  registerRatesRoutes(app, deps);
  registerCatalogueRoutes(app, deps);
  registerQuoteRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerAuditLogRoutes(app, deps);
  registerTradeRoutes(app, deps);
  registerBackOfficeChatRoutes(app, deps);
  registerOfferFileRoutes(app, deps);
  registerApiKeyRoutes(app, deps);
  registerScriptInventoryRoutes(app, deps);
  registerAlpineBitsBackOfficeRoutes(app, deps);
  registerOfferBackOfficeRoutes(app, deps);
  registerPaymentSettingsRoutes(app, deps);
}
