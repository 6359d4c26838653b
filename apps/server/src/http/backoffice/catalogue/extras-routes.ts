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
import type { z } from "zod";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  choicesOf,
  createPriceLink,
  deleteExtra,
  type ExtraKind,
  listExtras,
  saveExtra,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { staffRoutes } from "../staff-routes";

/** Extra services and their categories, promo codes, packages, signed price overrides (hpcc links). */
export function registerExtrasRoutes(app: App, deps: BackOfficeDeps): void {
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

  const route = staffRoutes(app, deps, "catalogue");
  for (const e of entities) {
    route.get(
      e.list,
      { summary: `The hotel's ${e.what}s`, params: HotelParamsSchema, answer: e.many },
      ({ params }) => listExtras(deps.database.db, e.kind, params.hotelId),
    );
    route.post(
      e.list,
      {
        summary: `Add a ${e.what} (validated like the property file's)`,
        params: HotelParamsSchema,
        body: e.input,
        created: e.one,
      },
      ({ staff, params, body }) => saveExtra(deps.database.db, staff, e.kind, params.hotelId, null, body),
    );
    route.put(
      e.item,
      { summary: `Change a ${e.what}`, params: ItemParamsSchema, body: e.input, answer: e.one },
      ({ staff, params, body }) =>
        saveExtra(deps.database.db, staff, e.kind, params.hotelId, params.itemId, body),
    );
    route.delete(
      e.item,
      {
        summary: `Delete a ${e.what}; 409 while reservations or other entities use it`,
        params: ItemParamsSchema,
        answer: "Deleted",
      },
      ({ staff, params }) => deleteExtra(deps.database.db, staff, e.kind, params.hotelId, params.itemId),
    );
  }

  route.get(
    EXTRAS_PATHS.choices,
    {
      summary: "The room types, rate plans and channels the catalogue's forms pick from",
      params: HotelParamsSchema,
      answer: ExtrasChoicesSchema,
    },
    ({ params }) => choicesOf(deps.database.db, params.hotelId),
  );

  route.post(
    EXTRAS_PATHS.priceLinks,
    {
      summary:
        "Sign a price for a room type, rate, dates and guests: the guest link with its hpcc (ADR 0002)",
      params: HotelParamsSchema,
      body: PriceLinkRequestSchema,
      created: PriceLinkSchema,
    },
    async ({ staff, params, body, request }) =>
      createPriceLink(deps, staff, params.hotelId, body, await deps.linkBase(request)),
  );
}
