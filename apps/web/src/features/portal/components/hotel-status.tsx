import type { PortalHotel } from "@alloggio/domain/contract/portal/avail-channel-check";
import type { RestrictionNotice } from "@alloggio/domain/contract/search/avail";
import { useTranslation } from "react-i18next";
import { CityTaxNote } from "../../currency/city-tax-note";
import { useFormatPrice } from "../../currency/use-format-price";

/** Why a hotel has no price, in words: nothing free, or the rule of the stay that failed (loosest value). */
export function useReasonText() {
  const { t } = useTranslation("portal");
  return (hotel: PortalHotel): string => {
    if (hotel.reason === "past") return t("reason.past");
    if (hotel.reason === "restricted") {
      const first: RestrictionNotice | undefined = hotel.restrictions[0];
      if (first && first.value !== null && first.kind in COUNTED)
        return t(`restriction.${first.kind as keyof typeof COUNTED}`, { count: first.value });
      if (first?.kind === "closed") return t("restriction.closed");
      return t("restriction.other");
    }
    return t("reason.soldOut");
  };
}

const COUNTED = {
  min_stay: true,
  max_stay: true,
  min_adults: true,
  max_adults: true,
  max_guests: true,
} as const;

/** The price of the stay (and per night) or the reason there is none. */
export function HotelPrice({ hotel, nights }: { hotel: PortalHotel; nights: number }) {
  const { t } = useTranslation("portal");
  const formatPrice = useFormatPrice();
  const reasonText = useReasonText();
  if (!hotel.available || hotel.minTotal === null)
    return <p className="portal-hotel__reason">{reasonText(hotel)}</p>;
  return (
    <p className="portal-hotel__price">
      <span className="portal-hotel__from">{t("price.from")}</span>{" "}
      <strong>{formatPrice(hotel.minTotal, hotel.currency)}</strong>{" "}
      <span className="muted">{t("price.nights", { count: nights })}</span>{" "}
      <CityTaxNote cityTax={hotel.cityTax ?? 0} currency={hotel.currency} />
    </p>
  );
}
