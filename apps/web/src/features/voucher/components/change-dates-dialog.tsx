import { checkSwapDates } from "@alloggio/domain/booking/modification";
import type {
  ModifyResponse,
  RecalcResponse,
  ReservationChange,
} from "@alloggio/domain/contract/booking/manage";
import { todayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHotel } from "../../hotel/hotel-context";
import { type DateRange, DateRangePicker } from "../../search/components/date-range-picker";
import { confirmChange, dropChange } from "../api/use-modify";
import { recalc } from "../api/use-recalc";
import { verifyDispo } from "../api/use-verify-dispo";
import type { ManageContextValue } from "../manage-context";
import { roomDates } from "../manage-rules";
import { asApiError, useManageAction } from "../use-manage-action";
import { useManageError } from "../use-manage-error";
import { useVoucherFormat } from "../use-voucher-format";
import { ActionButtons, ActionDialog, ActionProblem } from "./action-dialog";
import { ChangePreview } from "./change-preview";

type Holder = ManageContextValue["holder"];
type Confirm = { holder: Holder; change: ReservationChange; becomes: number };
const confirmCall = ({ holder, change, becomes }: Confirm, key: string) =>
  confirmChange(holder, change, becomes, key);
const reservationOf = (answer: ModifyResponse) => answer.reservation;
const dropCall = ({ holder, change }: Omit<Confirm, "becomes">, key: string) =>
  dropChange(holder, change, key);

/** The rule texts we have words for; anything else is the general "not selectable". */
const SWAP_DETAILS = new Set([
  "same_dates",
  "in_the_past",
  "departure_not_after_arrival",
  "below_min_stay",
  "above_max_stay",
  "after_deadline",
  "non_refundable",
  "resellable",
  "stay_started",
  "payment_pending",
]);

/**
 * Swap the dates of one room or of the whole stay: pick the dates, `verifyDispo` checks them, `recalc` previews
 * the price; the guest confirms (`modify`) or cancels the change.
 */
export function ChangeDatesDialog({
  manage,
  room,
}: {
  manage: ManageContextValue;
  room?: number | undefined;
}) {
  const { t } = useTranslation("manage");
  const { hotel } = useHotel();
  const { reservation, holder } = manage;
  const format = useVoucherFormat(reservation.currency);
  const errorText = useManageError();
  const roomInfo = room === undefined ? null : reservation.rooms.find((r) => r.id === room);
  const current = roomInfo
    ? roomDates(roomInfo, reservation)
    : { arrival: reservation.arrival, departure: reservation.departure };
  const [dates, setDates] = useState<DateRange>(current);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ change: ReservationChange; result: RecalcResponse } | null>(null);
  const confirm = useManageAction(confirmCall, reservationOf);
  const drop = useManageAction(dropCall, reservationOf);
  const busy = checking || confirm.state.kind === "sending" || drop.state.kind === "sending";
  const title = roomInfo
    ? t("dates.roomTitle", { number: manage.roomNumber(roomInfo.id), name: roomInfo.name })
    : t("dates.title");

  const reasonText = (reason: string, detail: string | null) =>
    detail && SWAP_DETAILS.has(detail)
      ? `${t(`errors:${reason}`)} ${t(`dates.detail.${detail}`)}`
      : t(`errors:${reason}`);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    setPreview(null);
    const today = todayInZone(new Date(), hotel.timeZone);
    const rooms = roomInfo ? [roomInfo] : reservation.rooms.filter((r) => r.status !== "C");
    const checks = rooms.map((r) =>
      checkSwapDates({ ...roomDates(r, reservation), minStay: 1, maxStay: null }, dates, today),
    );
    const refused = checks.find((c) => !c.selectable && (rooms.length === 1 || c.reason !== "same_dates"));
    const allSame = checks.every((c) => !c.selectable && c.reason === "same_dates");
    if ((refused && !refused.selectable) || allSame) {
      const reason = refused && !refused.selectable ? refused.reason : "same_dates";
      setProblem(reasonText("swap_dates_not_selectable", reason));
      return;
    }
    setChecking(true);
    try {
      const dispo = await verifyDispo({ reservation: holder.code, mail: holder.mail }, { room, ...dates });
      if (!dispo.available) {
        setProblem(reasonText(dispo.reason ?? "swap_not_available", dispo.detail));
        return;
      }
      const change: ReservationChange = { kind: "dates", room, ...dates };
      const result = await recalc({ code: holder.code, mail: holder.mail }, change);
      setPreview({ change, result });
    } catch (err) {
      // SPEC §8: a verifyDispo failure is logged; the guest hears only that it did not work.
      console.error("verifyDispo/recalc failed", err);
      setProblem(errorText(asApiError(err)));
    } finally {
      setChecking(false);
    }
  };

  const onConfirm = async () => {
    if (!preview) return;
    const outcome = await confirm.run({ holder, change: preview.change, becomes: preview.result.becomes });
    if (outcome.ok) {
      const result = outcome.result;
      manage.close(
        result.payNow > 0
          ? t("dates.donePayNow", {
              total: format.money(result.reservation.total),
              amount: format.money(result.payNow),
            })
          : t("dates.done", { total: format.money(result.reservation.total) }),
      );
    } else if (outcome.error?.code === "prices_changed" || outcome.error?.code === "swap_not_available") {
      // A price or an availability that moved needs a new check.
      setPreview(null);
    }
  };

  const onDrop = async () => {
    if (!preview) return;
    const outcome = await drop.run({ holder, change: preview.change });
    if (outcome.ok) manage.close(t("dates.dropped"));
  };

  const failure =
    confirm.state.kind === "failed"
      ? confirm.state.error
      : drop.state.kind === "failed"
        ? drop.state.error
        : null;

  return (
    <ActionDialog title={title} onClose={() => (preview ? void onDrop() : manage.close())} busy={busy} wide>
      <p className="muted">
        {t("dates.current", {
          arrival: format.stayDay(current.arrival),
          departure: format.stayDay(current.departure),
        })}
      </p>
      {preview ? (
        <>
          <p>
            {t("dates.proposed", {
              arrival: format.stayDay(dates.arrival),
              departure: format.stayDay(dates.departure),
            })}
          </p>
          <ChangePreview preview={preview.result} format={format} />
          <ActionProblem message={failure ? errorText(failure) : null} />
          <ActionButtons
            backLabel={t("dates.drop")}
            onBack={onDrop}
            backDisabled={busy}
            label={busy ? t("sending") : t("dates.confirm")}
            onAction={onConfirm}
            disabled={busy}
          />
        </>
      ) : (
        <form noValidate onSubmit={check} className="manage-form">
          <DateRangePicker value={dates} onChange={setDates} />
          <ActionProblem message={problem ?? (failure ? errorText(failure) : null)} />
          <ActionButtons
            backLabel={t("close")}
            onBack={() => manage.close()}
            backDisabled={busy}
            label={checking ? t("dates.checking") : t("dates.check")}
            disabled={busy}
          />
        </form>
      )}
    </ActionDialog>
  );
}
