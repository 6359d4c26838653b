import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  ApiKeyParamsSchema,
  type BoApiKey,
  BoApiKeyListSchema,
  BoApiKeySchema,
  CreateApiKeyRequestSchema,
  CreateApiKeyResponseSchema,
} from "@alloggio/domain/contract/backoffice/api-keys";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../../db/client";
import { hotelApiKey, staffUser } from "../../../db/schema";
import type { BackOfficeDeps } from "../../../features/backoffice";
import { audit, requireHotel, requireStaff } from "../../../features/backoffice";
import { newApiKey, sha256Hex } from "../../../features/offers";
import type { App } from "../../app-type";
import { AppError } from "../../errors";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

/** The key's first characters, shown to tell keys apart (as `createHotelApiKey` stores them). */
const PREFIX_SHOWN = 12;

type KeyRow = typeof hotelApiKey.$inferSelect;

const toApiKey = (row: KeyRow, createdBy: string | null): BoApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  createdBy,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** What the audit keeps of a key: never the key nor its hash. */
const audited = (row: KeyRow) => ({
  name: row.name,
  prefix: row.prefix,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

const keyNotFound = () =>
  new AppError("not_found", 404, "No such API key", [{ field: "keyId", message: "unknown" }]);

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
      const rows = await deps.database.db
        .select({ key: hotelApiKey, createdBy: staffUser.name })
        .from(hotelApiKey)
        .leftJoin(staffUser, eq(staffUser.id, hotelApiKey.createdBy))
        .where(eq(hotelApiKey.hotelId, hotelId))
        .orderBy(desc(hotelApiKey.createdAt), desc(hotelApiKey.id));
      return { keys: rows.map((r) => toApiKey(r.key, r.createdBy)) };
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
      const key = newApiKey();
      const row = await deps.database.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [inserted] = await tx
          .insert(hotelApiKey)
          .values({
            hotelId,
            name: request.body.name,
            keySha256: sha256Hex(key),
            prefix: key.slice(0, PREFIX_SHOWN),
            createdAt: deps.now(),
            createdBy: staff.userId,
          })
          .returning();
        await audit(tx, staff, {
          hotelId,
          action: "api_key.create",
          entity: "hotel_api_key",
          entityId: inserted!.id,
          before: null,
          after: audited(inserted!),
        });
        return inserted!;
      });
      return reply.code(201).send({ apiKey: toApiKey(row, staff.name), key });
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
      return deps.database.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [before] = await tx
          .select()
          .from(hotelApiKey)
          .where(and(eq(hotelApiKey.id, keyId), eq(hotelApiKey.hotelId, hotelId)))
          .for("update");
        if (!before) throw keyNotFound();
        let after = before;
        if (!before.revokedAt) {
          [after] = (await tx
            .update(hotelApiKey)
            .set({ revokedAt: deps.now() })
            .where(and(eq(hotelApiKey.id, keyId), eq(hotelApiKey.hotelId, hotelId)))
            .returning()) as [KeyRow];
          await audit(tx, staff, {
            hotelId,
            action: "api_key.revoke",
            entity: "hotel_api_key",
            entityId: keyId,
            before: audited(before),
            after: audited(after),
          });
        }
        const [creator] = after.createdBy
          ? await tx.select({ name: staffUser.name }).from(staffUser).where(eq(staffUser.id, after.createdBy))
          : [];
        return toApiKey(after, creator?.name ?? null);
      });
    },
  );
}
