import type { Rate } from "@alloggio/domain/contract/search/avail";
import { Plane } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/format";
import { useFormatPrice } from "../../currency/use-format-price";
import { useHotel } from "../../hotel/hotel-context";

type Flight = NonNullable<Rate["selectedFlight"]>;

/**
 * The flights of a flight-included rate (SPEC §3): code, from → to, date and time out and back, and what each
 * costs a passenger when the rate's price does not include it (it is in the rate's total).
 */
export function FlightDetails({ flight, currency }: { flight: Flight; currency: string }) {
  const { t } = useTranslation("packages");
  const { locale } = useHotel();
  const formatPrice = useFormatPrice();
  const leg = (l: Flight["departure"]) => ({
    code: l.code,
    airport: l.airport ?? "",
    to: l.to ?? "",
    date: l.date ? formatDay(l.date, locale, { weekday: "short", day: "numeric", month: "short" }) : "",
    time: l.time ?? "",
  });
  const price = (l: Flight["departure"]) =>
    l.price ? ` · ${t("flight.price", { price: formatPrice(l.price, currency) })}` : "";
  return (
    <div className="flight-details">
      <Plane aria-hidden="true" size={18} />
      <dl className="flight-details__list">
        <div>
          <dt>{t("flight.outbound")}</dt>
          <dd>
            {t("flight.leg", leg(flight.departure))}
            {price(flight.departure)}
          </dd>
        </div>
        <div>
          <dt>{t("flight.return")}</dt>
          <dd>
            {t("flight.leg", leg(flight.return))}
            {price(flight.return)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
