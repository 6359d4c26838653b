import type { ModifyResponse, ReservationChange } from "@alloggio/domain/contract/booking/manage";
import { postJson } from "../../../lib/api-client";
import { managePath, withKey } from "./manage-paths";

/** The reservation, the holder's e-mail, and the language the answer names rooms and services in. */
type Holder = { code: string; mail: string; language: number };

/** `bol/reservation/:code/modify` confirm: makes the previewed change at the previewed total (`expectedBecomes`). */
export function confirmChange(
  holder: Holder,
  change: ReservationChange,
  expectedBecomes: number,
  key: string,
): Promise<ModifyResponse> {
  return postJson<ModifyResponse>(
    managePath("modify", { code: holder.code }),
    { action: "confirm", mail: holder.mail, change, expectedBecomes, language: holder.language },
    withKey(key),
  );
}

/** `bol/reservation/:code/modify` cancel: the guest drops the previewed change; only the history records it. */
export function dropChange(holder: Holder, change: ReservationChange, key: string): Promise<ModifyResponse> {
  return postJson<ModifyResponse>(
    managePath("modify", { code: holder.code }),
    { action: "cancel", mail: holder.mail, change, language: holder.language },
    withKey(key),
  );
}
