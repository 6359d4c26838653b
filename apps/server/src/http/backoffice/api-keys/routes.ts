import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  ApiKeyParamsSchema,
  BoApiKeyListSchema,
  BoApiKeySchema,
  CreateApiKeyRequestSchema,
  CreateApiKeyResponseSchema,
} from "@alloggio/domain/contract/backoffice/api-keys";
import type { FastifyRequest } from "fastify";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  createApiKey,
  listApiKeys,
  requireHotel,
  requireStaff,
  revokeApiKey,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

/**
 * A hotel's keys of the exposed API (ADR 0039), area `integrations` (owner only): list, create (the key
 * is in the answer once; only its sha256 is stored), revoke. Creating and revoking are audited without the key.
 */
export function registerApiKeyRoutes(app: App, deps: BackOfficeDeps): void {
  const ownerOf = async (request: FastifyRequest, hotelId: number) => {
    const staff = await requireStaff(deps, request, "integrations");
    requireHotel(staff, hotelId);
    return staff;
  };
  const base = "/api/backoffice/hotels/:hotelId/api-keys";

  app.get(
    base,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "The hotel's API keys (name, first characters, made, last used, revoked), newest first",
        params: HotelParamsSchema,
        response: { 200: BoApiKeyListSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId } = request.params;
      await ownerOf(request, hotelId);
      return listApiKeys(deps, hotelId);
    },
  );

  app.post(
    base,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Make an API key: the whole key is in this answer only",
        params: HotelParamsSchema,
        body: CreateApiKeyRequestSchema,
        response: { 201: CreateApiKeyResponseSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const { hotelId } = request.params;
      const staff = await ownerOf(request, hotelId);
      const answer = await createApiKey(deps, staff, hotelId, request.body.name);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    `${base}/:keyId/revoke`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Revoke an API key: from now on it answers 401 like an unknown one (revoking twice changes nothing)",
        params: ApiKeyParamsSchema,
        response: { 200: BoApiKeySchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const { hotelId, keyId } = request.params;
      const staff = await ownerOf(request, hotelId);
      return revokeApiKey(deps, staff, hotelId, keyId);
    },
  );
}
