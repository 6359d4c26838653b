import { ErrorSchema } from "@alloggio/domain/contract/common";
import { PackageQuerySchema, PackageResponseSchema } from "@alloggio/domain/contract/packages/package";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { listPackages } from "./service";

export function registerPackageRoutes(app: App, deps: { database: Database }): void {
  app.get(
    "/api/package.do",
    {
      schema: {
        tags: ["packages"],
        summary: "Packages and special offers of a hotel on a channel",
        querystring: PackageQuerySchema,
        response: { 200: PackageResponseSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    (request) => listPackages(deps.database, request.query),
  );
}
