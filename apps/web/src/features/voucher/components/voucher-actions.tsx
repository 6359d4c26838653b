import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import {
  CalendarRange,
  CircleCheck,
  CreditCard,
  Info,
  PlusCircle,
  ShieldCheck,
  Split,
  XCircle,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { type ManageAction, type ManageContextValue, useManage } from "../manage-context";
import { useVoucherFormat } from "../use-voucher-format";
import { AddServicesDialog } from "./add-services-dialog";
import { CancelDialog } from "./cancel-dialog";
import { ChangeDatesDialog } from "./change-dates-dialog";
import { AuthoriseDialog, InstallmentsDialog, PayNowDialog } from "./payment-dialogs";
import { TransferDialog } from "./transfer-dialog";
import "../manage.css";

type Room = Reservation["rooms"][number];
type Extra = Reservation["extra"][number];

/** The dialog of the open action. */
function ActiveDialog({ manage, action }: { manage: ManageContextValue; action: ManageAction }) {
  switch (action.kind) {
    case "cancel":
      return <CancelDialog manage={manage} room={action.room} />;
    case "dates":
      return <ChangeDatesDialog manage={manage} room={action.room} />;
    case "services":
      return <AddServicesDialog manage={manage} room={action.room} />;
    case "pay":
      return <PayNowDialog manage={manage} />;
    case "authorise":
      return <AuthoriseDialog manage={manage} />;
    case "installments":
      return <InstallmentsDialog manage={manage} />;
    case "transfer":
      return <TransferDialog manage={manage} service={action.service} />;
  }
}

/**
 * The voucher's actions (SPEC §2 Voucher, §4 Reservation): pay now, authorise now, installments, change dates, add
 * services, cancel — each shown only when the reservation allows it, with the reason when something is not
 * possible; the outcome of the last action is announced here. Hidden in print.
 */
export function VoucherActions(_props: { reservation: Reservation }) {
  const { t } = useTranslation("manage");
  const manage = useManage();
  const format = useVoucherFormat(manage?.reservation.currency ?? "EUR");
  if (!manage) return null;
  const { abilities: can, reservation, open } = manage;
  const hasActions =
    can.payNow ||
    can.authoriseNow ||
    can.installmentCounts.length > 0 ||
    can.changeDates ||
    can.addServices.size > 0 ||
    can.cancelReservation;
  const notes = reservation.status === "cancelled" ? [] : can.notes;
  // A cancelled booking has nothing to manage; right after cancelling it, the panel still says so.
  if (reservation.status === "cancelled" && !manage.outcome && !manage.action) return null;

  return (
    <section className="manage-panel" aria-labelledby="manage-title">
      <h2 id="manage-title" ref={manage.fallbackFocus} tabIndex={-1}>
        {t("panel.title")}
      </h2>
      <p role="status" className={manage.outcome ? "manage-outcome" : "visually-hidden"}>
        {manage.outcome ? (
          <>
            <CircleCheck aria-hidden="true" focusable="false" size={20} />
            <span>{manage.outcome}</span>
          </>
        ) : null}
      </p>
      {hasActions ? (
        <div className="manage-buttons">
          {can.payNow ? (
            <button type="button" className="button" onClick={() => open({ kind: "pay" })}>
              <CreditCard aria-hidden="true" focusable="false" size={18} />
              {can.payNowAmount > 0
                ? t("panel.payAmount", { amount: format.money(can.payNowAmount) })
                : t("panel.pay")}
            </button>
          ) : null}
          {can.authoriseNow ? (
            <button type="button" className="button" onClick={() => open({ kind: "authorise" })}>
              <ShieldCheck aria-hidden="true" focusable="false" size={18} />
              {t("panel.authorise")}
            </button>
          ) : null}
          {can.installmentCounts.length > 0 ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => open({ kind: "installments" })}
            >
              <Split aria-hidden="true" focusable="false" size={18} />
              {t("panel.installments")}
            </button>
          ) : null}
          {can.changeDates ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => open({ kind: "dates" })}
            >
              <CalendarRange aria-hidden="true" focusable="false" size={18} />
              {t("panel.dates")}
            </button>
          ) : null}
          {can.addServices.size > 0 ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => open({ kind: "services" })}
            >
              <PlusCircle aria-hidden="true" focusable="false" size={18} />
              {t("panel.services")}
            </button>
          ) : null}
          {can.cancelReservation ? (
            <button
              type="button"
              className="button button--secondary button--danger-outline"
              onClick={() => open({ kind: "cancel" })}
            >
              <XCircle aria-hidden="true" focusable="false" size={18} />
              {t("panel.cancel")}
            </button>
          ) : null}
        </div>
      ) : reservation.status === "cancelled" ? null : (
        <p className="muted">{t("panel.nothing")}</p>
      )}
      {notes.length > 0 ? (
        <ul className="manage-notes">
          {notes.map((note) => (
            <li key={note}>
              <Info aria-hidden="true" focusable="false" size={18} />
              <span>{t(`note.${note}`)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {manage.action ? <ActiveDialog manage={manage} action={manage.action} /> : null}
    </section>
  );
}

/** A room's own actions (with more than one room): cancel it, or change its dates. */
export function RoomActions({ room, number }: { room: Room; number: number }) {
  const { t } = useTranslation("manage");
  const manage = useManage();
  if (!manage) return null;
  const { abilities: can, open } = manage;
  const cancel = can.cancelRooms.has(room.id);
  const dates = can.changeRoomDates.has(room.id);
  if (!cancel && !dates) return null;
  return (
    <div className="room-actions">
      {dates ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => open({ kind: "dates", room: room.id })}
        >
          <CalendarRange aria-hidden="true" focusable="false" size={18} />
          {t("room.dates", { number })}
        </button>
      ) : null}
      {cancel ? (
        <button
          type="button"
          className="button button--secondary button--danger-outline"
          onClick={() => open({ kind: "cancel", room: room.id })}
        >
          <XCircle aria-hidden="true" focusable="false" size={18} />
          {t("room.cancel", { number })}
        </button>
      ) : null}
    </div>
  );
}

/** "Edit transfer details" under a transfer service that may still be edited. */
export function TransferEditButton({ service }: { service: Extra }) {
  const { t } = useTranslation("manage");
  const manage = useManage();
  if (!manage?.abilities.editTransfers.has(service.id)) return null;
  return (
    <button
      type="button"
      className="button button--secondary transfer-edit"
      aria-label={t("transfer.editLabel", { name: service.name })}
      onClick={() => manage.open({ kind: "transfer", service: service.id })}
    >
      {t("transfer.edit")}
    </button>
  );
}
