import type { PortalHotel } from "@alloggio/domain/contract/portal/avail-channel-check";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../../ui/app-link";
import { useFormatPrice } from "../../currency/use-format-price";
import { useReasonText } from "./hotel-status";

export type CompareTableProps = {
  hotels: readonly PortalHotel[];
  nights: number;
  destinationNames: (hotel: PortalHotel) => string[];
  roomsHref: (hotel: PortalHotel) => string;
  onRemove: (hotel: PortalHotel) => void;
};

/** The chosen hotels side by side: place, price of the stay, price a night, and the way into their rooms. */
export function CompareTable({ hotels, nights, destinationNames, roomsHref, onRemove }: CompareTableProps) {
  const { t } = useTranslation("portal");
  const formatPrice = useFormatPrice();
  const reasonText = useReasonText();
  const price = (h: PortalHotel, total: number | null) =>
    h.available && total !== null ? formatPrice(total, h.currency) : reasonText(h);
  return (
    <section className="portal-compare card" aria-labelledby="portal-compare-title">
      <h2 id="portal-compare-title">{t("compare.title", { count: hotels.length })}</h2>
      <div className="portal-compare__scroll">
        <table className="portal-compare__table">
          <caption className="visually-hidden">{t("compare.caption")}</caption>
          <thead>
            <tr>
              <td />
              {hotels.map((h) => (
                <th key={h.id} scope="col">
                  {h.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t("compare.place")}</th>
              {hotels.map((h) => (
                <td key={h.id}>{[h.city, ...destinationNames(h)].join(" · ")}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{t("compare.total", { count: nights })}</th>
              {hotels.map((h) => (
                <td key={h.id}>{price(h, h.minTotal)}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{t("compare.perNight")}</th>
              {hotels.map((h) => (
                <td key={h.id}>
                  {h.available && h.minTotal !== null ? formatPrice(h.minTotal / nights, h.currency) : "—"}
                </td>
              ))}
            </tr>
            <tr>
              <td />
              {hotels.map((h) => (
                <td key={h.id}>
                  <div className="portal-compare__actions">
                    <AppLink className="button" to={roomsHref(h)}>
                      {t("seeRooms")}
                      <span className="visually-hidden"> {t("atHotel", { hotel: h.name })}</span>
                    </AppLink>
                    <button type="button" className="button button--secondary" onClick={() => onRemove(h)}>
                      {t("compare.remove")}
                      <span className="visually-hidden"> {h.name}</span>
                    </button>
                  </div>
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
