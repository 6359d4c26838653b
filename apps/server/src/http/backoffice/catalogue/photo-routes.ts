import {
  BoRoomTypeSchema,
  PhotoParamsSchema,
  photoUrl,
  RoomTypeParamsSchema,
} from "@alloggio/domain/contract/backoffice/property";
import { ErrorSchema } from "@alloggio/domain/contract/common";
import multipart from "@fastify/multipart";
import { and, eq } from "drizzle-orm";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type Sharp from "sharp";
import type { Db } from "../../../db/client";
import { roomType, roomTypePhoto } from "../../../db/schema";
import type { BackOfficeDeps } from "../../../features/backoffice";
import { audit, upsertRoomTypes } from "../../../features/backoffice";
import type { App } from "../../app-type";
import { AppError } from "../../errors";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";
import type { Guard } from "./property-routes";

/** The largest photo accepted, before resizing. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

const unsupported = () =>
  new AppError("photo_unsupported", 400, "photo: must be a JPEG, PNG or WebP image", [
    { field: "photo", message: "must be a JPEG, PNG or WebP image" },
  ]);

// sharp (libvips: tens of MB and part of a second to load) is imported with the first upload, not at boot (ADR 0049).
let sharpModule: Promise<typeof Sharp> | undefined;
const loadSharp = () => {
  sharpModule ??= import("sharp").then((m) => m.default);
  return sharpModule;
};

/**
 * The photo's two WebP sizes. The format is read from the content (sharp's metadata), never from the file name or
 * the type the browser sent; anything else is refused.
 */
export async function resizePhoto(input: Buffer) {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    throw unsupported();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unsupported();
  const sized = (side: number) =>
    sharp(input)
      .rotate()
      .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  try {
    const large = await sized(1600);
    const small = await sized(400);
    return { large: large.data, small: small.data, width: large.info.width, height: large.info.height };
  } catch {
    throw unsupported();
  }
}

/** Uploading a room type's photos, and serving every uploaded photo at a stable, cacheable address. */
export function registerPhotoRoutes(app: App, deps: BackOfficeDeps, guard: Guard): void {
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/backoffice/hotels/:hotelId/room-types/:roomTypeId/photos",
      {
        schema: {
          tags: [BACK_OFFICE_TAG],
          summary: "Upload a photo (multipart field `photo`: JPEG, PNG or WebP, at most 10 MB), added last",
          consumes: ["multipart/form-data"],
          params: RoomTypeParamsSchema,
          response: { 201: BoRoomTypeSchema, ...backOfficeErrors, 413: ErrorSchema },
        },
      },
      async (request, reply) => {
        const { hotelId, roomTypeId } = request.params;
        const staff = await guard(request, hotelId);
        const db = deps.database.db;
        const [exists] = await db
          .select({ id: roomType.id })
          .from(roomType)
          .where(and(eq(roomType.id, roomTypeId), eq(roomType.hotelId, hotelId)));
        if (!exists)
          throw new AppError("not_found", 404, "No such roomTypeId", [
            { field: "roomTypeId", message: "unknown" },
          ]);
        if (!request.isMultipart())
          throw new AppError("invalid_input", 400, "photo: send the photo as multipart/form-data", [
            { field: "photo", message: "is missing" },
          ]);
        const file = await request.file();
        if (!file)
          throw new AppError("invalid_input", 400, "photo: is missing", [
            { field: "photo", message: "is missing" },
          ]);
        const photo = await resizePhoto(await file.toBuffer());
        const after = await db.transaction(async (t) => {
          const tx = t as unknown as Db;
          const [current] = await tx
            .select()
            .from(roomType)
            .where(and(eq(roomType.id, roomTypeId), eq(roomType.hotelId, hotelId)))
            .for("update");
          if (!current)
            throw new AppError("not_found", 404, "No such roomTypeId", [
              { field: "roomTypeId", message: "unknown" },
            ]);
          if (current.gallery.length >= 50)
            throw new AppError("invalid_input", 400, "photo: a room type has at most 50 photos", [
              { field: "photo", message: "at most 50 photos" },
            ]);
          const [row] = await tx
            .insert(roomTypePhoto)
            .values({ hotelId, roomTypeId, ...photo })
            .returning({ id: roomTypePhoto.id });
          const url = photoUrl(row?.id ?? 0);
          const gallery = [...current.gallery, url];
          await upsertRoomTypes(tx, hotelId, [
            {
              id: current.id,
              code: current.code,
              name: current.name,
              description: current.description,
              gallery,
              amenities: current.amenities as never,
              minOccupancy: current.minOccupancy,
              maxOccupancy: current.maxOccupancy,
              maxAdults: current.maxAdults,
              maxChildren: current.maxChildren,
              sortOrder: current.sortOrder,
            },
          ]);
          await audit(tx, staff, {
            hotelId,
            action: "room_type.photo_add",
            entity: "room_type",
            entityId: roomTypeId,
            before: { gallery: current.gallery },
            after: { gallery },
          });
          return { ...current, gallery };
        });
        return reply.code(201).send({
          id: after.id,
          code: after.code,
          name: after.name,
          description: Object.keys(after.description).length > 0 ? after.description : undefined,
          amenities: after.amenities as never,
          minOccupancy: after.minOccupancy,
          maxOccupancy: after.maxOccupancy,
          maxAdults: after.maxAdults,
          maxChildren: after.maxChildren,
          sortOrder: after.sortOrder,
          gallery: after.gallery,
        });
      },
    );
  });

  app.get(
    "/api/photos/:photoId/:size",
    {
      schema: {
        tags: ["photos"],
        summary: "An uploaded room photo (WebP), at 1600 or 400 px; immutable, cached for a year",
        params: PhotoParamsSchema,
      },
    },
    async (request, reply) => {
      const { photoId, size } = request.params;
      const [row] = await deps.database.db
        .select({ large: roomTypePhoto.large, small: roomTypePhoto.small })
        .from(roomTypePhoto)
        .where(eq(roomTypePhoto.id, photoId));
      if (!row)
        throw new AppError("not_found", 404, "No such photo", [{ field: "photoId", message: "unknown" }]);
      return reply
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .type("image/webp")
        .send(size === "1600.webp" ? row.large : row.small);
    },
  );
}
