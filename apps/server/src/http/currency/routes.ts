import { ErrorSchema } from "@alloggio/domain/contract/common";
import { CurrencyParamsSchema, CurrencyResponseSchema } from "@alloggio/domain/contract/currency/currency";
import type { Database } from "../../db/client";
import { getConversion } from "../../features/currency";
import type { App } from "../app-type";

export function registerCurrencyRoutes(app: App, deps: { database: Database }): void {
  app.get(
    "/api/v1/exposed/bol/currency/:from/:to",
    {
      schema: {
        tags: ["currency"],
        summary: "Conversion rate from the hotel currency to another (field change)",
        params: CurrencyParamsSchema,
        response: { 200: CurrencyResponseSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    (request) => getConversion(deps.database, request.params),
  );
}
