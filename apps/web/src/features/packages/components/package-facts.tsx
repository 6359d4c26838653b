import type { PackageResponse } from "@alloggio/domain/contract/packages/package";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/format";
import { CityTaxNote } from "../../currency/city-tax-note";
import { useFormatPrice } from "../../currency/use-format-price";
import { useHotel } from "../../hotel/hotel-context";

type Package = PackageResponse["packages"][number];

/** A range in words: "2–4", "from 2", or the one value. */
function useRange() {
  const { t } = useTranslation("packages");
  return (min: number, max: number | null, unit: "nights" | "adults") =>
    max === null
      ? t(`facts.${unit}From`, { count: min })
      : min === max
        ? t(`facts.${unit}Exactly`, { count: min })
        : t(`facts.${unit}Range`, { min, max, count: max });
}

/** What the offer's rules are: validity, nights, adults, closed seasons, included services, price from. */
export function PackageFacts({ pack, full = false }: { pack: Package; full?: boolean }) {
  const { t } = useTranslation("packages");
  const { locale } = useHotel();
  const formatPrice = useFormatPrice();
  const range = useRange();
  const day = (ymd: string) => formatDay(ymd, locale);
  return (
    <dl className="package-facts">
      <div>
        <dt>{t("facts.validity")}</dt>
        <dd>{t("facts.validityRange", { from: day(pack.validFrom), to: day(pack.validTo) })}</dd>
      </div>
      <div>
        <dt>{t("facts.nights")}</dt>
        <dd>{range(pack.minNights, pack.maxNights, "nights")}</dd>
      </div>
      {full ? (
        <div>
          <dt>{t("facts.adults")}</dt>
          <dd>{range(pack.minAdults, pack.maxAdults, "adults")}</dd>
        </div>
      ) : null}
      {full && pack.closedSeasons.length > 0 ? (
        <div>
          <dt>{t("facts.closed")}</dt>
          <dd>
            <ul className="package-facts__list">
              {pack.closedSeasons.map((s) => (
                <li key={s.from}>{t("facts.validityRange", { from: day(s.from), to: day(s.to) })}</li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
      {full && pack.includedServices.length > 0 ? (
        <div>
          <dt>{t("facts.included")}</dt>
          <dd>
            <ul className="package-facts__list">
              {pack.includedServices.map((s) => (
                <li key={s.id}>{s.name}</li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
      {full && pack.airports.length > 0 ? (
        <div>
          <dt>{t("facts.airports")}</dt>
          <dd>{pack.airports.map((a) => t("facts.airport", { name: a.name, code: a.code })).join(", ")}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t("facts.priceFrom")}</dt>
        <dd className="package-facts__price">
          {pack.priceFrom ? (
            <>
              {t("facts.priceFromText", {
                price: formatPrice(pack.priceFrom.total, pack.currency),
                count: pack.priceFrom.nights,
                adults: pack.priceFrom.adults,
              })}{" "}
              <CityTaxNote cityTax={pack.priceFrom.cityTax} currency={pack.currency} />
              {pack.priceFrom.flightsFrom ? (
                <span className="package-facts__flights">
                  {" "}
                  {t("facts.flightsFrom", { price: formatPrice(pack.priceFrom.flightsFrom, pack.currency) })}
                </span>
              ) : null}
            </>
          ) : (
            t("facts.noPrice")
          )}
        </dd>
      </div>
    </dl>
  );
}
