import { isOptionMethod } from "@alloggio/domain/booking/rate-payment-methods";
import { Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import "./trade-booking.css";
import { useHotel } from "../hotel/hotel-context";

/** SPEC §9 "Option hold: valid for {hour} hour(s)": the channel's tradeConfHour, for a method that pays nothing now. */
export function OptionHold({ method }: { method: string }) {
  const { t } = useTranslation("trade-booking");
  const { channel } = useHotel();
  const hours = channel.tradeConfHour;
  if (!isOptionMethod(method) || !(hours > 0)) return null;
  return (
    <p className="option-hold card" role="status">
      <Clock aria-hidden="true" focusable="false" size={18} />
      <span>{t("option.hold", { count: hours })}</span>
    </p>
  );
}
