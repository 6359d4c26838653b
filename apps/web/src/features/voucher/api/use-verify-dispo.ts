import type { VerifyDispoResponse } from "@alloggio/domain/contract/booking/manage";
import { postJson } from "../../../lib/api-client";
import { managePath } from "./manage-paths";

export type NewDates = { room?: number | undefined; arrival: string; departure: string };

/** `bol/reservation/verifyDispo`: are the new dates selectable and free for the room or the whole stay? Reads only. */
export function verifyDispo(
  holder: { reservation: string; mail: string },
  dates: NewDates,
  signal?: AbortSignal,
): Promise<VerifyDispoResponse> {
  return postJson<VerifyDispoResponse>(
    managePath("verifyDispo"),
    { ...holder, ...dates },
    { signal: signal ?? null },
  );
}
