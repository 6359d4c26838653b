import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { useTranslation } from "react-i18next";
import { type CancelTarget, cancelReservation, useCancellationPreview } from "../api/use-cancel";
import type { ManageContextValue } from "../manage-context";
import { asApiError, useManageAction } from "../use-manage-action";
import { useManageError } from "../use-manage-error";
import { useVoucherFormat } from "../use-voucher-format";
import { ActionButtons, ActionDialog, ActionLoading, ActionProblem } from "./action-dialog";

const cancelCall = (target: CancelTarget, key: string) => cancelReservation(target, key);
const itself = (reservation: Reservation) => reservation;

/** Cancel the reservation or one room: the preview (free, or the fee; refund; new total), then the confirmation. */
export function CancelDialog({ manage, room }: { manage: ManageContextValue; room?: number | undefined }) {
  const { t } = useTranslation("manage");
  const { reservation, holder } = manage;
  const format = useVoucherFormat(reservation.currency);
  const errorText = useManageError();
  const target: CancelTarget = {
    channel: holder.channel,
    reservation: holder.code,
    mail: holder.mail,
    room,
    language: holder.language,
  };
  const preview = useCancellationPreview(target);
  const action = useManageAction(cancelCall, itself);
  const sending = action.state.kind === "sending";
  const roomInfo = room === undefined ? null : reservation.rooms.find((r) => r.id === room);
  const title = roomInfo
    ? t("cancel.roomTitle", { number: manage.roomNumber(roomInfo.id), name: roomInfo.name })
    : t("cancel.title");

  const confirm = async () => {
    const outcome = await action.run(target);
    if (!outcome.ok) return;
    const result = outcome.result;
    const quote = preview.data;
    manage.close(
      result.status === "cancelled" || !roomInfo
        ? t("cancel.doneReservation")
        : t("cancel.doneRoom", {
            number: manage.roomNumber(roomInfo.id),
            total: format.money(result.total),
          }) +
            (quote && quote.refund > 0
              ? ` ${t("cancel.doneRefund", { amount: format.money(quote.refund) })}`
              : ""),
    );
  };

  const quote = preview.data;
  const lateRoom = quote?.rooms.find((r) => r.outcome === "penalty");
  return (
    <ActionDialog title={title} onClose={() => manage.close()} busy={sending}>
      {preview.isPending ? (
        <ActionLoading text={t("cancel.loading")} />
      ) : preview.isError ? (
        <>
          <ActionProblem message={errorText(asApiError(preview.error))} />
          <ActionButtons
            backLabel={t("close")}
            onBack={() => manage.close()}
            label={t("retry")}
            onAction={() => void preview.refetch()}
          />
        </>
      ) : quote ? (
        <>
          <p className={`manage-verdict${quote.free ? " manage-verdict--free" : " manage-verdict--fee"}`}>
            {quote.free ? t("cancel.free") : t("cancel.fee", { amount: format.money(quote.penalty) })}
          </p>
          {lateRoom ? (
            <p className="muted">
              {lateRoom.reason === "non_refundable" || !lateRoom.freeUntil
                ? t("cancel.whyNonRefundable")
                : t("cancel.whyLate", { date: format.day(lateRoom.freeUntil) })}
            </p>
          ) : null}
          {roomInfo && quote.cancelsReservation ? <p>{t("cancel.lastRoom")}</p> : null}
          <dl className="manage-figures">
            <div>
              <dt>{t("cancel.penalty")}</dt>
              <dd>{quote.penalty > 0 ? format.money(quote.penalty) : t("cancel.none")}</dd>
            </div>
            <div>
              <dt>{t("cancel.refund")}</dt>
              <dd>{format.money(quote.refund)}</dd>
            </div>
            <div>
              <dt>{t("cancel.newTotal")}</dt>
              <dd>{format.money(quote.newTotal)}</dd>
            </div>
            {quote.stillOwed > 0 ? (
              <div>
                <dt>{t("cancel.stillOwed")}</dt>
                <dd>{format.money(quote.stillOwed)}</dd>
              </div>
            ) : null}
          </dl>
          <ActionProblem message={action.state.kind === "failed" ? errorText(action.state.error) : null} />
          <ActionButtons
            backLabel={t("cancel.keep")}
            onBack={() => manage.close()}
            backDisabled={sending}
            label={sending ? t("sending") : roomInfo ? t("cancel.confirmRoom") : t("cancel.confirm")}
            onAction={confirm}
            disabled={sending}
            danger
          />
        </>
      ) : null}
    </ActionDialog>
  );
}
