import { CircleCheckBig } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/format";
import { useFormatPrice } from "../../currency/use-format-price";
import { useHotel } from "../../hotel/hotel-context";
import { type RoomSlot, selectionTotals } from "../use-room-slots";

/** What a room slot holds once chosen: room, rate (or the split-stay segments), price, refund protection. */
export function SlotChoice({ slots, currency }: { slots: readonly RoomSlot[]; currency: string }) {
  const { t } = useTranslation("rooms");
  const { locale } = useHotel();
  const formatPrice = useFormatPrice();
  return (
    <ul className="slot-choice">
      {slots.map((s) =>
        s.selectedRoom && s.selectedRate ? (
          <li key={`${s.selectedRoom.id}-${s.arrival ?? ""}`} className="slot-choice__item">
            <CircleCheckBig aria-hidden="true" focusable="false" size={20} className="slot-choice__icon" />
            <div className="slot-choice__text">
              <strong>{s.selectedRoom.name}</strong>
              <span>{s.cross ? t("cross.rateName") : s.selectedRate.name}</span>
              {s.cross && s.arrival && s.departure ? (
                <span className="muted">
                  {t("cross.dates", {
                    arrival: formatDay(s.arrival, locale),
                    departure: formatDay(s.departure, locale),
                  })}
                </span>
              ) : null}
              {s.selectedRate.refund && s.selectedRate.refundPrice !== null ? (
                <span className="muted">
                  {t("slot.refundAdded", { price: formatPrice(s.selectedRate.refundPrice, currency) })}
                </span>
              ) : null}
            </div>
            <strong className="slot-choice__price">
              {formatPrice(selectionTotals([s], currency).total, currency)}
            </strong>
          </li>
        ) : null,
      )}
    </ul>
  );
}
