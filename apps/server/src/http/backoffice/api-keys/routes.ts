import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  ApiKeyParamsSchema,
  BoApiKeyListSchema,
  BoApiKeySchema,
  CreateApiKeyRequestSchema,
  CreateApiKeyResponseSchema,
} from "@alloggio/domain/contract/backoffice/api-keys";
import type { BackOfficeDeps } from "../../../features/backoffice";
import { createApiKey, listApiKeys, revokeApiKey } from "../../../features/backoffice";
import type { App } from "../../app-type";
import { staffRoutes } from "../staff-routes";

/**
 * A hotel's keys of the exposed API (ADR 0039), area `integrations` (owner only): list, create (the key
 * is in the answer once; only its sha256 is stored), revoke. Creating and revoking are audited without the key.
 */
export function registerApiKeyRoutes(app: App, deps: BackOfficeDeps): void {
  const route = staffRoutes(app, deps, "integrations");
  const base = "/api/backoffice/hotels/:hotelId/api-keys";

  route.get(
    base,
    {
      summary: "The hotel's API keys (name, first characters, made, last used, revoked), newest first",
      params: HotelParamsSchema,
      answer: BoApiKeyListSchema,
    },
    ({ params }) => listApiKeys(deps, params.hotelId),
  );

  route.post(
    base,
    {
      summary: "Make an API key: the whole key is in this answer only",
      params: HotelParamsSchema,
      body: CreateApiKeyRequestSchema,
      created: CreateApiKeyResponseSchema,
    },
    ({ staff, params, body }) => createApiKey(deps, staff, params.hotelId, body.name),
  );

  route.post(
    `${base}/:keyId/revoke`,
    {
      summary:
        "Revoke an API key: from now on it answers 401 like an unknown one (revoking twice changes nothing)",
      params: ApiKeyParamsSchema,
      answer: BoApiKeySchema,
    },
    ({ staff, params }) => revokeApiKey(deps, staff, params.hotelId, params.keyId),
  );
}
