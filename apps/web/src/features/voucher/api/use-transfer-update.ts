import type { TransferDetails, TransferUpdateResponse } from "@alloggio/domain/contract/booking/manage";
import { postJson } from "../../../lib/api-client";
import { managePath, withKey } from "./manage-paths";

/** `bol/transfer-update/:prId/:seId`: replaces a transfer's details; `prId` is the reservation code. */
export function updateTransfer(
  holder: { code: string; mail: string },
  serviceId: number,
  transfer: TransferDetails,
  key: string,
): Promise<TransferUpdateResponse> {
  return postJson<TransferUpdateResponse>(
    managePath("transferUpdate", { prId: holder.code, seId: serviceId }),
    { mail: holder.mail, transfer },
    withKey(key),
  );
}
