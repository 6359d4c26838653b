import type { PortalHotel } from "@alloggio/domain/contract/portal/avail-channel-check";
import { Hotel, MapPin } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../../ui/app-link";
import { HotelPrice } from "./hotel-status";

/**
 * What a card shows before the search answers, from the hotel list (its first picture is the search's `image`):
 * the server draws the same card into the page's HTML (ADR 0079), so the card and its picture come with it.
 */
export type ListedHotel = Pick<PortalHotel, "id" | "name" | "city" | "image">;

export type PortalHotelCardProps = {
  /** The hotel's line of the search, or the listed hotel while the search runs (its price's place is kept). */
  hotel: PortalHotel | ListedHotel;
  nights: number;
  destinationNames: string[];
  /** The hotel's rooms with the search kept. */
  roomsHref: string;
  compared: boolean;
  onCompare: (on: boolean) => void;
  /** The list's first card: its picture is the page's largest paint, asked for at once and first. */
  first?: boolean;
};

/** One hotel of the portal list: picture, place, price for the stay or why none, compare, and its rooms. */
export function PortalHotelCard({
  hotel,
  nights,
  destinationNames,
  roomsHref,
  compared,
  onCompare,
  first = false,
}: PortalHotelCardProps) {
  const { t } = useTranslation("portal");
  const id = useId();
  // Until the search answers, the rooms are offered as to an available hotel (the rooms page tells the rest).
  const found = "available" in hotel ? hotel : null;
  const available = found?.available ?? true;
  return (
    <article className="portal-hotel card" aria-labelledby={`${id}-name`}>
      <div className="portal-hotel__picture">
        {hotel.image ? (
          <img
            src={hotel.image}
            alt=""
            width={320}
            height={240}
            loading={first ? "eager" : "lazy"}
            fetchPriority={first ? "high" : "auto"}
            decoding="async"
          />
        ) : (
          <Hotel aria-hidden="true" size={48} />
        )}
      </div>
      <div className="portal-hotel__body">
        <h3 id={`${id}-name`} className="portal-hotel__name">
          <AppLink to={roomsHref}>{hotel.name}</AppLink>
        </h3>
        <p className="portal-hotel__place muted">
          <MapPin aria-hidden="true" size={16} /> {hotel.city}
          {destinationNames.length > 0 ? ` · ${destinationNames.join(", ")}` : null}
        </p>
        {found ? (
          <HotelPrice hotel={found} nights={nights} />
        ) : (
          <div className="skeleton portal-hotel__pending" />
        )}
      </div>
      <div className="portal-hotel__actions">
        <div className="portal-hotel__compare">
          <input
            id={`${id}-compare`}
            type="checkbox"
            checked={compared}
            onChange={(e) => onCompare(e.target.checked)}
          />
          <label htmlFor={`${id}-compare`}>
            {t("compare.add")}
            <span className="visually-hidden"> {hotel.name}</span>
          </label>
        </div>
        {/* Every visible button can be reached by keyboard; its name says which hotel. */}
        <AppLink className={available ? "button" : "button button--secondary"} to={roomsHref}>
          {available ? t("seeRooms") : t("otherDates")}
          <span className="visually-hidden"> {t("atHotel", { hotel: hotel.name })}</span>
        </AppLink>
      </div>
    </article>
  );
}
