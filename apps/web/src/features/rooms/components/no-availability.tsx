import type { AvailResponse, RestrictionNotice } from "@alloggio/domain/contract/search/avail";
import type { NearbyAvailResponse } from "@alloggio/domain/contract/search/nearby-avail";
import { CalendarSearch, CircleAlert } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/format";
import { useFormatPrice } from "../../currency/use-format-price";
import { useHotel } from "../../hotel/hotel-context";
import { usePriceCalendar } from "../../search/api/use-price-calendar";
import { useSearchState } from "../../search/search-state";
import "./no-availability.css";

// uPlot and its CSS load only when the chart is shown.
const PriceChart = lazy(() => import("./price-chart"));

const RESTRICTIONS_WITH_COUNT = ["min_stay", "max_stay", "min_adults", "max_adults", "max_guests"] as const;

function useRestrictionText() {
  const { t } = useTranslation("rooms");
  return (notice: RestrictionNotice) => {
    const kind = notice.kind;
    if ((RESTRICTIONS_WITH_COUNT as readonly string[]).includes(kind) && notice.value !== null)
      return t(`restriction.${kind as (typeof RESTRICTIONS_WITH_COUNT)[number]}`, { count: notice.value });
    if (kind === "closed_to_arrival" || kind === "closed_to_departure" || kind === "closed")
      return t(`restriction.${kind}`);
    return null;
  };
}

export type NoAvailabilityProps = {
  result: AvailResponse;
  nearby: NearbyAvailResponse | null;
  nearbyLoading: boolean;
};

/**
 * Nothing free for the search (SPEC §2): why (restrictions), nearby dates that are free (one click searches them),
 * and the cheapest price per day for the next 12 months, as a chart and as a table.
 */
export function NoAvailability({ result, nearby, nearbyLoading }: NoAvailabilityProps) {
  const { t } = useTranslation("rooms");
  const { hotel, ids, locale } = useHotel();
  const [search, setSearch] = useSearchState();
  const format = useFormatPrice();
  const restrictionText = useRestrictionText();
  // Too many guests for any room: other dates would not help, so neither nearby dates nor the chart are shown.
  const tooManyGuests = result.restrictions.some((r) => r.kind === "max_guests");
  const showChart = hotel.settings.showPriceChart !== false && !tooManyGuests;
  const calendar = usePriceCalendar(
    { hotel: ids.hotel, channel: ids.channel, language: ids.language, adults: search.rooms[0]?.adults ?? 2 },
    { enabled: showChart },
  );
  const chartCurrency = calendar.data?.currency ?? result.currency;
  const formatChartPrice = useCallback(
    (amount: number) => format(amount, chartCurrency),
    [format, chartCurrency],
  );
  const restrictions = result.restrictions
    .map(restrictionText)
    .filter((text): text is string => text !== null);
  const dates = useMemo(
    () => [...(nearby?.availabilityList ?? [])].sort((a, b) => a.arrival.localeCompare(b.arrival)),
    [nearby],
  );
  useEffect(() => {
    if (calendar.error) console.error("price calendar failed", calendar.error);
  }, [calendar.error]);

  return (
    <section className="no-availability" aria-labelledby="no-availability-title">
      <h2 id="no-availability-title">{t("none.title")}</h2>
      {restrictions.length > 0 ? (
        <ul className="no-availability__restrictions">
          {restrictions.map((text) => (
            <li key={text}>
              <CircleAlert aria-hidden="true" focusable="false" size={18} />
              {text}
            </li>
          ))}
        </ul>
      ) : null}
      <p>{tooManyGuests ? t("none.guestsText") : t("none.text")}</p>

      {tooManyGuests ? null : <h3 id="nearby-title">{t("none.nearby")}</h3>}
      {tooManyGuests ? null : nearbyLoading ? (
        <div className="skeleton nearby-skeleton" aria-hidden="true" />
      ) : dates.length > 0 ? (
        <ul className="nearby" aria-labelledby="nearby-title">
          {dates.map((d) => (
            <li key={d.arrival}>
              <button
                type="button"
                className="nearby__button"
                onClick={() => setSearch({ ...search, arrival: d.arrival, departure: d.departure })}
              >
                <CalendarSearch aria-hidden="true" focusable="false" size={20} />
                <span className="nearby__dates">
                  {t("none.dates", {
                    arrival: formatDay(d.arrival, locale, {
                      weekday: "short",
                      day: "numeric",
                      month: "short",
                    }),
                    departure: formatDay(d.departure, locale, {
                      weekday: "short",
                      day: "numeric",
                      month: "short",
                    }),
                  })}
                </span>
                <span className="nearby__price">
                  {t("none.from", { price: format(d.minTotal, nearby?.currency ?? result.currency) })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t("none.noNearby")}</p>
      )}

      {showChart ? (
        <>
          <h3 id="price-chart-title">{t("none.chart")}</h3>
          <div className="price-chart-box">
            {calendar.data ? (
              <Suspense fallback={<div className="skeleton price-chart-skeleton" />}>
                <PriceChart
                  days={calendar.data.days}
                  locale={locale}
                  formatPrice={formatChartPrice}
                  labelledBy="price-chart-title"
                  seriesLabel={t("none.chartSeries")}
                  dateLabel={t("none.chartDate")}
                />
              </Suspense>
            ) : calendar.isError ? (
              <p className="muted">{t("none.chartError")}</p>
            ) : (
              <div className="skeleton price-chart-skeleton" />
            )}
          </div>
          {calendar.data ? (
            <details className="price-table">
              <summary>{t("none.table")}</summary>
              <table>
                <caption className="visually-hidden">{t("none.tableCaption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("none.month")}</th>
                    <th scope="col">{t("none.lowest")}</th>
                  </tr>
                </thead>
                <tbody>
                  {calendar.data.months.map((m) => (
                    <tr key={m.month}>
                      <th scope="row">
                        {formatDay(`${m.month}01`, locale, { month: "long", year: "numeric" })}
                      </th>
                      <td>{m.price === null ? t("none.soldOut") : formatChartPrice(m.price)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
