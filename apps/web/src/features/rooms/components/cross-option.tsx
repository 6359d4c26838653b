import type { CrossOption } from "@alloggio/domain/contract/search/avail";
import { Shuffle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/format";
import { CityTaxNote } from "../../currency/city-tax-note";
import { useFormatPrice } from "../../currency/use-format-price";
import { useHotel } from "../../hotel/hotel-context";

/** A cross-booking option for a room with no single room type free: the stay split across room types. */
export function CrossOptionCard({
  option,
  currency,
  onSelect,
}: {
  option: CrossOption;
  currency: string;
  onSelect: () => void;
}) {
  const { t } = useTranslation("rooms");
  const { locale } = useHotel();
  const formatPrice = useFormatPrice();
  return (
    <article className="cross card" aria-labelledby={`cross-${option.slot}`}>
      <h3 className="cross__title" id={`cross-${option.slot}`}>
        <Shuffle aria-hidden="true" focusable="false" size={20} />
        {t("cross.title")}
      </h3>
      <p>{t("cross.text", { rate: option.rate.ratePlanName })}</p>
      <ol className="cross__segments">
        {option.segments.map((s) => (
          <li key={`${s.roomId}-${s.arrival}`}>
            {t("cross.segment", {
              room: s.name,
              arrival: formatDay(s.arrival, locale),
              departure: formatDay(s.departure, locale),
              price: formatPrice(s.total, currency),
            })}
          </li>
        ))}
      </ol>
      <div className="cross__footer">
        <p className="cross__total">
          <strong>{t("cross.total", { price: formatPrice(option.stayTotal, currency) })}</strong>{" "}
          <CityTaxNote cityTax={option.cityTax} currency={currency} />
        </p>
        <button type="button" className="button" onClick={onSelect}>
          {t("cross.select")}
        </button>
      </div>
    </article>
  );
}
