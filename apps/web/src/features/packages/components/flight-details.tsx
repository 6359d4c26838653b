import type { Rate } from "@alloggio/domain/contract/search/avail";
import { Plane } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/format";
import { useHotel } from "../../hotel/hotel-context";

type Flight = NonNullable<Rate["selectedFlight"]>;

/** The flights of a flight-included rate: code, date and time out and back (SPEC §3). */
export function FlightDetails({ flight }: { flight: Flight }) {
  const { t } = useTranslation("packages");
  const { locale } = useHotel();
  const leg = (l: Flight["departure"]) => ({
    code: l.code,
    airport: l.airport ?? "",
    date: l.date ? formatDay(l.date, locale, { weekday: "short", day: "numeric", month: "short" }) : "",
    time: l.time ?? "",
  });
  return (
    <div className="flight-details">
      <Plane aria-hidden="true" size={18} />
      <dl className="flight-details__list">
        <div>
          <dt>{t("flight.outbound")}</dt>
          <dd>{t("flight.leg", leg(flight.departure))}</dd>
        </div>
        <div>
          <dt>{t("flight.return")}</dt>
          <dd>{t("flight.leg", leg(flight.return))}</dd>
        </div>
      </dl>
    </div>
  );
}
