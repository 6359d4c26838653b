import {
  RESALE_PATHS,
  ResaleCodeParamsSchema,
  ResaleListRequestSchema,
  ResaleOfferParamsSchema,
  ResaleResponseSchema,
  ResaleWithdrawRequestSchema,
} from "@alloggio/domain/contract/booking/resale";
import { ErrorSchema } from "@alloggio/domain/contract/common";
import type { ManageDeps } from "../../features/manage";
import { listForResale, withdrawFromResale } from "../../features/resale";
import type { App } from "../app-type";
import { replyIdempotent } from "../idempotency";
import type { LinkBase } from "../link-base";
import { replyCodeAction } from "../manage/routes";

const errors = { 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema, 429: ErrorSchema };

/** The voucher's resale calls (ADR 0065). */
export function registerResaleRoutes(app: App, deps: ManageDeps & { linkBase: LinkBase }): void {
  app.post(
    RESALE_PATHS.list,
    {
      schema: {
        tags: ["manage"],
        summary:
          "Put rooms of a resellable rate up for resale until 23:59 hotel time the day before arrival (Idempotency-Key). 409 `not_resellable`, `resale_closed`, `reservation_cancelled`, `resale_listed`",
        params: ResaleCodeParamsSchema,
        body: ResaleListRequestSchema,
        response: { 200: ResaleResponseSchema, ...errors },
      },
    },
    (request, reply) => replyCodeAction(deps, "resale", request, reply, listForResale),
  );
  app.delete(
    RESALE_PATHS.withdraw,
    {
      schema: {
        tags: ["manage"],
        summary:
          "Withdraw a resale offer none of whose nights sold (Idempotency-Key). 409 `resale_not_listed`",
        params: ResaleOfferParamsSchema,
        body: ResaleWithdrawRequestSchema,
        response: { 200: ResaleResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      replyIdempotent(
        deps.database,
        "resale_withdraw",
        request,
        reply,
        { code: request.params.code, offerId: request.params.offerId, ...request.body },
        async () => withdrawFromResale(deps, request.params.code, request.params.offerId, request.body.mail),
      ),
  );
}
