import {
  IdempotencyHeadersSchema,
  MANAGE_PATHS,
  ModifyRequestSchema,
  ModifyResponseSchema,
  RecalcRequestSchema,
  RecalcResponseSchema,
  ReservationCodeParamsSchema,
  VerifyDispoRequestSchema,
  VerifyDispoResponseSchema,
} from "@alloggio/domain/contract/booking/manage";
import { ErrorSchema } from "@alloggio/domain/contract/common";
import type { ManageDeps } from "../../features/manage";
import { modifyReservation, recalcChange, verifyDispo } from "../../features/manage";
import type { App } from "../app-type";
import { replyIdempotent } from "../idempotency";
import type { LinkBase } from "../link-base";

const errors = {
  400: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  422: ErrorSchema,
  429: ErrorSchema,
};

/** verifyDispo, recalc and modify (SPEC §7; ADR 0010): swap dates or add services, with the preview. */
export function registerModifyRoutes(app: App, deps: ManageDeps & { linkBase: LinkBase }): void {
  app.post(
    MANAGE_PATHS.verifyDispo,
    {
      schema: {
        tags: ["manage"],
        summary:
          "Are these new dates selectable and free for a room or the whole stay (its own nights count as free)? Reads only",
        body: VerifyDispoRequestSchema,
        response: { 200: VerifyDispoResponseSchema, ...errors },
      },
    },
    (request) => verifyDispo(deps, request.body),
  );
  app.post(
    MANAGE_PATHS.recalc,
    {
      schema: {
        tags: ["manage"],
        summary: "The preview of a change: already debited, was, becomes, and how the difference settles",
        params: ReservationCodeParamsSchema,
        body: RecalcRequestSchema,
        response: { 200: RecalcResponseSchema, ...errors },
      },
    },
    (request) => recalcChange(deps, request.params.code, request.body),
  );
  app.post(
    MANAGE_PATHS.modify,
    {
      schema: {
        tags: ["manage"],
        summary:
          "Confirms the previewed change (expectedBecomes, else prices_changed) or drops it; Idempotency-Key header",
        params: ReservationCodeParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: ModifyRequestSchema,
        response: { 200: ModifyResponseSchema, ...errors },
      },
    },
    (request, reply) => {
      const { code } = request.params;
      return replyIdempotent(
        deps.database,
        "bol/reservation/modify",
        request,
        reply,
        { code, body: request.body },
        async (key) => modifyReservation(deps, code, request.body, key, await deps.linkBase(request)),
      );
    },
  );
}
