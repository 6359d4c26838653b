import { MAX_ADULTS, MIN_ADULTS } from "@alloggio/domain/occupancy/occupancy";
import { Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/format";
import { useHotel } from "../../hotel/hotel-context";
import { type SearchCorrection, useSearchCorrections } from "../search-state";

/**
 * Says politely what was changed in a search that could not be made as the URL asked. The URL
 * itself is replaced by the corrected search; the notice stays until the next correction.
 */
export function SearchCorrections() {
  const { t } = useTranslation("search");
  const { locale } = useHotel();
  const corrections = useSearchCorrections();
  const day = (ymd: string) => formatDay(ymd, locale);
  const text = (c: SearchCorrection): string => {
    switch (c.kind) {
      case "arrivalPast":
      case "arrivalInvalid":
        return t(`corrected.${c.kind}`, { date: day(c.arrival) });
      case "departureBeforeArrival":
      case "departureInvalid":
        return t(`corrected.${c.kind}`, { date: day(c.departure) });
      case "tooLong":
        return t("corrected.tooLong", { count: c.nights, date: day(c.departure) });
      case "adults":
        return t("corrected.adults", { min: MIN_ADULTS, max: MAX_ADULTS });
      case "rooms":
        return t("corrected.rooms", { count: c.count });
      case "children":
        return t("corrected.children");
    }
  };
  return (
    <div className="search-corrections" role="status">
      {corrections.length > 0 ? (
        <>
          <p className="search-corrections__title">
            <Info aria-hidden="true" focusable="false" size={18} />
            {t("corrected.title")}
          </p>
          <ul>
            {corrections.map((c) => (
              <li key={c.kind}>{text(c)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
