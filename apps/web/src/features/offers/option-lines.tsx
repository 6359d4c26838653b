import { useTranslation } from "react-i18next";
import { useGuestsText, useMealText } from "./use-guests-text";

type RoomLine = {
  roomName: string;
  rateName: string;
  mealPlan: string;
  adults: number;
  ages: number[];
  price: number;
};
type ServiceLine = { name: string; quantity: number; price: number };

/**
 * An option's rooms (room, rate and meal plan, guests, price) and its included services ("free" at 0): the same lines
 * on the option's card, its confirmation and the reservation offer.
 */
export function OptionLines(props: {
  rooms: readonly RoomLine[];
  services: readonly ServiceLine[];
  money: (amount: number) => string;
  servicesHeading: "h3" | "h4";
}) {
  const { t } = useTranslation("offers");
  const guestsText = useGuestsText();
  const mealText = useMealText();
  const Heading = props.servicesHeading;
  return (
    <>
      <ul className="offer-rooms">
        {props.rooms.map((room, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a room is its position in the option
          <li key={i} className="offer-room">
            <p className="offer-room__name">{room.roomName}</p>
            <p className="muted">
              {room.rateName} · {mealText(room.mealPlan)}
            </p>
            <p className="muted">{guestsText(room)}</p>
            <p className="offer-room__price">{props.money(room.price)}</p>
          </li>
        ))}
      </ul>
      {props.services.length > 0 ? (
        <div className="offer-services">
          <Heading>{t("options.services")}</Heading>
          <ul>
            {props.services.map((service, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a service is its position in the option
              <li key={i}>
                <span>{t("options.service", { quantity: service.quantity, name: service.name })}</span>
                <span>{service.price > 0 ? props.money(service.price) : t("options.free")}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
