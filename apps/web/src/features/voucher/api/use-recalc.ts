import type { RecalcResponse, ReservationChange } from "@alloggio/domain/contract/booking/manage";
import { postJson } from "../../../lib/api-client";
import { managePath } from "./manage-paths";

/** `bol/reservation/:code/recalc`: the "already debited / was / becomes" preview of a change. Reads only. */
export function recalc(
  holder: { code: string; mail: string },
  change: ReservationChange,
  signal?: AbortSignal,
): Promise<RecalcResponse> {
  return postJson<RecalcResponse>(
    managePath("recalc", { code: holder.code }),
    { mail: holder.mail, change },
    { signal: signal ?? null },
  );
}
