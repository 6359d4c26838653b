import type { Rate } from "@alloggio/domain/contract/search/avail";
import { Plane } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/format";
import { useFormatPrice } from "../../currency/use-format-price";
import { useHotel } from "../../hotel/hotel-context";
import "./flight-details.css";

type Flight = NonNullable<Rate["selectedFlight"]>;

/** One flight: its code, airports (from → to), day (YYYYMMDD) and time; `price` per passenger when it has one. */
export type FlightLeg = {
  code: string;
  from: string;
  to: string;
  date: string;
  time: string;
  price?: number;
};

/**
 * A flight out and one back (SPEC §3): code, from → to, date and time, and what each costs a passenger when the
 * price is given. The rate's flights on the rooms page, the booked ones on the voucher.
 */
export function FlightLegs({
  outbound,
  back,
  currency,
}: {
  outbound: FlightLeg;
  back: FlightLeg;
  /** The prices' currency: only legs with a price need it. */
  currency?: string;
}) {
  const { t } = useTranslation("packages");
  const { locale } = useHotel();
  const formatPrice = useFormatPrice();
  const leg = (l: FlightLeg) => ({
    code: l.code,
    airport: l.from,
    to: l.to,
    date: l.date ? formatDay(l.date, locale, { weekday: "short", day: "numeric", month: "short" }) : "",
    time: l.time,
  });
  const price = (l: FlightLeg) =>
    l.price ? ` · ${t("flight.price", { price: formatPrice(l.price, currency ?? "") })}` : "";
  return (
    <div className="flight-details">
      <Plane aria-hidden="true" size={18} />
      <dl className="flight-details__list">
        <div>
          <dt>{t("flight.outbound")}</dt>
          <dd>
            {t("flight.leg", leg(outbound))}
            {price(outbound)}
          </dd>
        </div>
        <div>
          <dt>{t("flight.return")}</dt>
          <dd>
            {t("flight.leg", leg(back))}
            {price(back)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** The flights of a flight-included rate, with each one's price per passenger (in the rate's total). */
export function FlightDetails({ flight, currency }: { flight: Flight; currency: string }) {
  const leg = (l: Flight["departure"]): FlightLeg => ({
    code: l.code,
    from: l.airport ?? "",
    to: l.to ?? "",
    date: l.date ?? "",
    time: l.time ?? "",
    ...(l.price ? { price: l.price } : {}),
  });
  return <FlightLegs outbound={leg(flight.departure)} back={leg(flight.return)} currency={currency} />;
}
