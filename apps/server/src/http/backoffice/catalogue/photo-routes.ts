import {
  BoRoomTypeSchema,
  PhotoParamsSchema,
  RoomTypeParamsSchema,
} from "@alloggio/domain/contract/backoffice/property";
import { ErrorSchema } from "@alloggio/domain/contract/common";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type Sharp from "sharp";
import type { BackOfficeDeps, Staff } from "../../../features/backoffice";
import { addRoomTypePhoto, readPhoto, requirePhotoRoomType } from "../../../features/backoffice";
import type { App } from "../../app-type";
import { AppError } from "../../errors";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

/** The signed-in staff user, if they may use the catalogue of this hotel (401, 403, 404 otherwise). */
export type Guard = (request: FastifyRequest, hotelId: number) => Promise<Staff>;

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
        await requirePhotoRoomType(deps, hotelId, roomTypeId);
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
        return reply.code(201).send(await addRoomTypePhoto(deps, staff, hotelId, roomTypeId, photo));
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
      const row = await readPhoto(deps, photoId);
      return reply
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .type("image/webp")
        .send(size === "1600.webp" ? row.large : row.small);
    },
  );
}
