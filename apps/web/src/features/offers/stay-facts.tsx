import { useTranslation } from "react-i18next";
import { formatDay } from "../../lib/format";
import { useHotel } from "../hotel/hotel-context";
import { formatInstant } from "./format";

/** The stay of an offer or of the reservation booked from it: arrival, departure, nights and, while open, until when. */
export function StayFacts({
  stay,
  expiresAt,
}: {
  stay: { arrival: string; departure: string; nights: number };
  expiresAt?: string;
}) {
  const { t } = useTranslation("offers");
  const { locale, hotel } = useHotel();
  const day = (ymd: string) => formatDay(ymd, locale, { dateStyle: "full" });
  return (
    <dl className="offer-facts">
      <div>
        <dt>{t("stay.arrival")}</dt>
        <dd>{day(stay.arrival)}</dd>
      </div>
      <div>
        <dt>{t("stay.departure")}</dt>
        <dd>{day(stay.departure)}</dd>
      </div>
      <div>
        <dt>{t("stay.length")}</dt>
        <dd>{t("stay.nights", { count: stay.nights })}</dd>
      </div>
      {expiresAt !== undefined ? (
        <div>
          <dt>{t("stay.validUntil")}</dt>
          <dd>{formatInstant(expiresAt, locale, hotel.timeZone)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
