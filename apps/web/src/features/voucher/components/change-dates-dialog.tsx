import { checkSwapDates } from "@alloggio/domain/booking/modification";
import type { ReservationChange } from "@alloggio/domain/contract/booking/manage";
import { todayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHotel } from "../../hotel/hotel-context";
import { type DateRange, DateRangePicker } from "../../search/components/date-range-picker";
import { recalc } from "../api/use-recalc";
import { verifyDispo } from "../api/use-verify-dispo";
import type { ManageContextValue } from "../manage-context";
import { roomDates } from "../manage-rules";
import { asApiError } from "../use-manage-action";
import { useManageError } from "../use-manage-error";
import { useVoucherFormat } from "../use-voucher-format";
import { ActionDialog } from "./action-dialog";
import { ChangeCheckButtons, ChangeDecision, useChangeDecision } from "./change-decision";

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
  // A price or an availability that moved needs a new check.
  const decision = useChangeDecision(manage, format, "dates", ["prices_changed", "swap_not_available"]);
  const { preview, setPreview, onDrop } = decision;
  const busy = checking || decision.sending;
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
          <ChangeDecision decision={decision} busy={busy} />
        </>
      ) : (
        <form noValidate onSubmit={check} className="manage-form">
          <DateRangePicker value={dates} onChange={setDates} />
          <ChangeCheckButtons decision={decision} problem={problem} checking={checking} busy={busy} />
        </form>
      )}
    </ActionDialog>
  );
}
