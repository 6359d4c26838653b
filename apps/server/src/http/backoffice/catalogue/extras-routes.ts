import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  EXTRAS_PATHS,
  ExtrasChoicesSchema,
  ItemParamsSchema,
  PackageInputSchema,
  PackageListSchema,
  PackageSchema,
  PriceLinkRequestSchema,
  PriceLinkSchema,
  PromoCodeInputSchema,
  PromoCodeListSchema,
  PromoCodeSchema,
  ServiceCategoryInputSchema,
  ServiceCategoryListSchema,
  ServiceCategorySchema,
  ServiceInputSchema,
  ServiceListSchema,
  ServiceSchema,
} from "@alloggio/domain/contract/backoffice/extras";
import { z } from "zod";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  choicesOf,
  createPriceLink,
  deleteExtra,
  type ExtraKind,
  listExtras,
  requireHotel,
  requireStaff,
  saveExtra,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

/** Extra services and their categories, promo codes, packages, signed price overrides (hpcc links). */
export function registerExtrasRoutes(app: App, deps: BackOfficeDeps): void {
  const tags = [BACK_OFFICE_TAG];
  const entities: {
    kind: ExtraKind;
    list: string;
    item: string;
    what: string;
    input: z.ZodType;
    one: z.ZodType;
    many: z.ZodType;
  }[] = [
    {
      kind: "serviceCategory",
      list: EXTRAS_PATHS.categories,
      item: EXTRAS_PATHS.category,
      what: "service category",
      input: ServiceCategoryInputSchema,
      one: ServiceCategorySchema,
      many: ServiceCategoryListSchema,
    },
    {
      kind: "service",
      list: EXTRAS_PATHS.services,
      item: EXTRAS_PATHS.service,
      what: "extra service",
      input: ServiceInputSchema,
      one: ServiceSchema,
      many: ServiceListSchema,
    },
    {
      kind: "promoCode",
      list: EXTRAS_PATHS.promos,
      item: EXTRAS_PATHS.promo,
      what: "promo code",
      input: PromoCodeInputSchema,
      one: PromoCodeSchema,
      many: PromoCodeListSchema,
    },
    {
      kind: "package",
      list: EXTRAS_PATHS.packages,
      item: EXTRAS_PATHS.package,
      what: "package",
      input: PackageInputSchema,
      one: PackageSchema,
      many: PackageListSchema,
    },
  ];

  for (const e of entities) {
    app.get(
      e.list,
      {
        schema: {
          tags,
          summary: `The hotel's ${e.what}s`,
          params: HotelParamsSchema,
          response: { 200: e.many, ...backOfficeErrors },
        },
      },
      async (request) => {
        const staff = await requireStaff(deps, request, "catalogue");
        const hotelId = requireHotel(staff, request.params.hotelId);
        return listExtras(deps.database.db, e.kind, hotelId);
      },
    );
    app.post(
      e.list,
      {
        schema: {
          tags,
          summary: `Add a ${e.what} (validated like the property file's)`,
          params: HotelParamsSchema,
          body: e.input,
          response: { 201: e.one, ...backOfficeErrors },
        },
      },
      async (request, reply) => {
        const staff = await requireStaff(deps, request, "catalogue");
        const hotelId = requireHotel(staff, request.params.hotelId);
        const saved = await saveExtra(deps.database.db, staff, e.kind, hotelId, null, request.body);
        return reply.code(201).send(saved);
      },
    );
    app.put(
      e.item,
      {
        schema: {
          tags,
          summary: `Change a ${e.what}`,
          params: ItemParamsSchema,
          body: e.input,
          response: { 200: e.one, ...backOfficeErrors },
        },
      },
      async (request) => {
        const staff = await requireStaff(deps, request, "catalogue");
        const hotelId = requireHotel(staff, request.params.hotelId);
        return saveExtra(deps.database.db, staff, e.kind, hotelId, request.params.itemId, request.body);
      },
    );
    app.delete(
      e.item,
      {
        schema: {
          tags,
          summary: `Delete a ${e.what}; 409 while reservations or other entities use it`,
          params: ItemParamsSchema,
          response: { 204: z.null().describe("Deleted"), ...backOfficeErrors },
        },
      },
      async (request, reply) => {
        const staff = await requireStaff(deps, request, "catalogue");
        const hotelId = requireHotel(staff, request.params.hotelId);
        await deleteExtra(deps.database.db, staff, e.kind, hotelId, request.params.itemId);
        return reply.code(204).send(null);
      },
    );
  }

  app.get(
    EXTRAS_PATHS.choices,
    {
      schema: {
        tags,
        summary: "The room types, rate plans and channels the catalogue's forms pick from",
        params: HotelParamsSchema,
        response: { 200: ExtrasChoicesSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "catalogue");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return choicesOf(deps.database.db, hotelId);
    },
  );

  app.post(
    EXTRAS_PATHS.priceLinks,
    {
      schema: {
        tags,
        summary:
          "Sign a price for a room type, rate, dates and guests: the guest link with its hpcc (ADR 0002)",
        params: HotelParamsSchema,
        body: PriceLinkRequestSchema,
        response: { 201: PriceLinkSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(deps, request, "catalogue");
      const hotelId = requireHotel(staff, request.params.hotelId);
      const link = await createPriceLink(deps, staff, hotelId, request.body, await deps.linkBase(request));
      return reply.code(201).send(link);
    },
  );
}
