import { checkTransferEdit } from "@alloggio/domain/booking/transfer";
import type {
  TransferUpdateParams,
  TransferUpdateRequest,
  TransferUpdateResponse,
} from "@alloggio/domain/contract/booking/manage";
import { isoToYmd } from "@alloggio/domain/stay-dates/stay-dates";
import { AppError } from "../../http/errors";
import { enqueueReservationMails } from "../mail";
import { lockHolderReservation, type ManageDeps } from "./holder";
import { setServiceTransfer, writeHistory } from "./repository";

const MESSAGES = {
  not_a_transfer: "This service is not a transfer",
  reservation_cancelled: "The reservation is cancelled",
  room_cancelled: "The room is cancelled",
  too_late: "Transfer details can be changed until the day before the transfer",
} as const;

/**
 * `bol/transfer-update/:prId/:seId`: replaces a transfer's details (time, place code, transport number, note)
 * until 23:59 hotel-local the day before it (ADR 0010), writes the history and tells the guest and the hotel.
 */
export async function updateTransfer(
  deps: ManageDeps,
  params: TransferUpdateParams,
  req: TransferUpdateRequest,
  baseUrl: string,
): Promise<TransferUpdateResponse> {
  return deps.database.db.transaction(async (tx) => {
    const r = await lockHolderReservation(deps, tx, { code: params.prId, mail: req.mail });
    const service = r.services.find((s) => s.id === params.seId);
    if (!service)
      throw new AppError("transfer_update_refused", 404, "No such service on this reservation", [
        { field: "seId", message: "not_found" },
      ]);
    const room = service.roomId === null ? null : r.rooms.find((x) => x.id === service.roomId);
    const check = checkTransferEdit(
      {
        isTransfer: service.isTransfer,
        day: service.day ? isoToYmd(service.day) : null,
        arrival: isoToYmd(room?.arrival ?? r.arrival),
        roomStatus: (room?.status as "A" | "C" | "W" | undefined) ?? null,
      },
      r.status,
      { timeZone: r.hotel.timeZone, now: deps.now() },
    );
    if (!check.allowed)
      throw new AppError("transfer_update_refused", 409, MESSAGES[check.reason], [
        { field: "transfer", message: check.reason },
      ]);
    const transfer = Object.fromEntries(
      Object.entries(req.transfer).filter(([, value]) => value !== undefined && value !== ""),
    );
    await setServiceTransfer(tx, r.id, service.id, transfer);
    await writeHistory(tx, {
      reservationId: r.id,
      actor: "guest",
      action: "transfer_updated",
      fromStatus: r.status,
      toStatus: r.status,
      details: { service: service.id, was: service.transfer ?? {}, becomes: transfer },
    });
    await enqueueReservationMails(tx, r.id, {
      baseUrl,
      now: deps.now(),
      change: {
        kind: "transfer_updated",
        serviceId: service.id,
        was: service.transfer ?? {},
        becomes: transfer,
      },
    });
    const value = (key: string) => (typeof transfer[key] === "string" ? (transfer[key] as string) : null);
    return {
      id: service.id,
      transfer: {
        time: value("time"),
        placeCode: value("placeCode"),
        transportNumber: value("transportNumber"),
        note: value("note"),
      },
      editBefore: check.editBefore.toISOString(),
    };
  });
}
