import { useTranslation } from "react-i18next";
import { useFormatPrice } from "./use-format-price";

/**
 * What stands beside a total shown before the checkout: "+ X city tax, paid at the hotel", or "Taxes included"
 * when the hotel has none (the city tax is never part of the total: packages/domain pricing/stay-charges).
 */
export function CityTaxNote({
  cityTax,
  currency,
  className,
}: {
  cityTax: number;
  currency: string;
  className?: string;
}) {
  const { t } = useTranslation("common");
  const formatPrice = useFormatPrice();
  return (
    <span className={className ?? "tax-note"}>
      {cityTax > 0 ? t("cityTax.atHotel", { price: formatPrice(cityTax, currency) }) : t("cityTax.included")}
    </span>
  );
}
