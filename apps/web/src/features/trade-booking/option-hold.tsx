import { Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import "./trade-booking.css";
import { useHotel } from "../hotel/hotel-context";

/** Methods that take nothing at booking: a trade booking with one is held as an option (server `options.ts`). */
const OPTION_METHODS = new Set(["pay_at_hotel", "bank_transfer"]);

/** SPEC §9 "Option hold: valid for {hour} hour(s)": the channel's tradeConfHour, for a method that pays nothing now. */
export function OptionHold({ method }: { method: string }) {
  const { t } = useTranslation("trade-booking");
  const { channel } = useHotel();
  const hours = channel.tradeConfHour;
  if (!OPTION_METHODS.has(method) || !(hours > 0)) return null;
  return (
    <p className="option-hold card" role="status">
      <Clock aria-hidden="true" focusable="false" size={18} />
      <span>{t("option.hold", { count: hours })}</span>
    </p>
  );
}
