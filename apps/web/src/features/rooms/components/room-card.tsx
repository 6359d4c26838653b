import type { AvailableRoom, Rate } from "@alloggio/domain/contract/search/avail";
import { Link2, TriangleAlert, Users } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AmenityList } from "./amenities";
import { Gallery } from "./gallery";
import { RateOption } from "./rate-option";

/** Rooms with this many left or fewer show how many are left. */
export const FEW_LEFT = 5;
/** Rates shown before "all rates" is opened. */
const FIRST_RATES = 3;

export type RoomCardProps = {
  room: AvailableRoom;
  currency: string;
  nights: number;
  today: string;
  /** The slot's current choice, to show its rate as selected. */
  selected: { roomId: number; rateId: number; refund: boolean } | null;
  /** The room can be had for every room of the search at once (connected-room search). */
  connected?: boolean;
  onSelect: (rate: Rate, refund: boolean) => void;
  onRefundChange: (rate: Rate, refund: boolean) => void;
};

/** A room of the results: gallery, description, amenities, rooms left, and its rates. */
export function RoomCard({ room, currency, nights, today, selected, connected, ...props }: RoomCardProps) {
  const { t } = useTranslation("rooms");
  const id = useId();
  const selectedIndex =
    selected?.roomId === room.id ? room.rates.findIndex((r) => r.id === selected.rateId) : -1;
  const [allRates, setAllRates] = useState(selectedIndex >= FIRST_RATES);
  const [refunds, setRefunds] = useState<Record<number, boolean>>({});
  const rates = allRates ? room.rates : room.rates.slice(0, FIRST_RATES);

  return (
    <article className="room-card card" aria-labelledby={`${id}-name`}>
      <Gallery images={room.gallery} name={room.name} />
      <div className="room-card__info">
        <h3 className="room-card__name" id={`${id}-name`}>
          {room.name}
        </h3>
        <ul className="room-card__facts">
          <li>
            <Users aria-hidden="true" focusable="false" size={16} />
            {t("room.occupancy", { count: room.maxOccupancy })}
          </li>
          {room.count <= FEW_LEFT ? (
            <li className="room-card__left">
              <TriangleAlert aria-hidden="true" focusable="false" size={16} />
              {t("room.left", { count: room.count })}
            </li>
          ) : null}
          {connected ? (
            <li>
              <Link2 aria-hidden="true" focusable="false" size={16} />
              {t("room.connected")}
            </li>
          ) : null}
        </ul>
        {room.description ? <p className="room-card__description">{room.description}</p> : null}
        <AmenityList codes={room.amenities} />
      </div>
      <div className="room-card__rates">
        <ul
          className="room-card__rate-list"
          id={`${id}-rates`}
          aria-label={t("room.rates", { room: room.name })}
        >
          {rates.map((rate) => {
            const isSelected = selected?.roomId === room.id && selected.rateId === rate.id;
            return (
              <li key={rate.id}>
                <RateOption
                  rate={rate}
                  roomName={room.name}
                  currency={currency}
                  nights={nights}
                  today={today}
                  selected={isSelected}
                  refund={isSelected ? selected.refund : (refunds[rate.id] ?? false)}
                  onRefundChange={(refund) => {
                    setRefunds((r) => ({ ...r, [rate.id]: refund }));
                    if (isSelected) props.onRefundChange(rate, refund);
                  }}
                  onSelect={() =>
                    props.onSelect(rate, isSelected ? selected.refund : (refunds[rate.id] ?? false))
                  }
                />
              </li>
            );
          })}
        </ul>
        {room.rates.length > FIRST_RATES ? (
          <button
            type="button"
            className="link-button room-card__more"
            aria-expanded={allRates}
            aria-controls={`${id}-rates`}
            onClick={() => setAllRates((v) => !v)}
          >
            {allRates ? t("room.fewerRates") : t("room.allRates", { count: room.rates.length })}
          </button>
        ) : null}
      </div>
    </article>
  );
}
