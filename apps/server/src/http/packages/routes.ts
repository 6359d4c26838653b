import { ErrorSchema } from "@alloggio/domain/contract/common";
import {
  PackageAirportsParamsSchema,
  PackageAirportsResponseSchema,
} from "@alloggio/domain/contract/packages/airports";
import { PackageQuerySchema, PackageResponseSchema } from "@alloggio/domain/contract/packages/package";
import { listPackageAirports, listPackages, type PackageDeps } from "../../features/packages";
import type { App } from "../app-type";

export function registerPackageRoutes(app: App, deps: PackageDeps): void {
  app.get(
    "/api/package.do",
    {
      schema: {
        tags: ["packages"],
        summary: "Packages and special offers of a hotel on a channel, with what the landing page shows",
        querystring: PackageQuerySchema,
        response: { 200: PackageResponseSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    (request) => listPackages(deps, request.query),
  );
  app.get(
    "/api/club-package/:pcId/airports",
    {
      schema: {
        tags: ["packages"],
        summary: "Origin airports of a flight-included package, with their flights",
        params: PackageAirportsParamsSchema,
        response: { 200: PackageAirportsResponseSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    (request) => listPackageAirports(deps.database, request.params.pcId),
  );
}
