import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { ChevronRight } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FlightLegs } from "../../packages/components/flight-details";
import type { VoucherFormat } from "../use-voucher-format";
import { RoomResale } from "./room-resale";
import { Fact, Facts } from "./section";
import { ServiceList } from "./service-list";
import { RoomActions } from "./voucher-actions";

type Room = Reservation["rooms"][number];

const MEAL_PLANS = ["room_only", "breakfast", "half_board", "full_board", "all_inclusive"] as const;
const mealKey = (plan: string) => ((MEAL_PLANS as readonly string[]).includes(plan) ? plan : "unspecified");

/** One room of the reservation: status, occupancy, rate and meals, the price night by night, services, guests. */
export function ReservationRoom({
  room,
  number,
  format,
  pricesHidden = false,
  stay,
}: {
  room: Room;
  number: number;
  format: VoucherFormat;
  /** A net-rate trade booking: the agency sets the guest's price, so no amount is shown. */
  pricesHidden?: boolean;
  /** The booking's stay: a room of a split stay with other dates says its own. */
  stay?: { arrival: string; departure: string };
}) {
  const { t } = useTranslation("voucher");
  const id = useId();
  const occupancy = [
    t("room.adults", { count: room.adults }),
    room.children.length > 0
      ? t("room.children", { count: room.children.length, ages: room.children.join(", ") })
      : null,
  ]
    .filter(Boolean)
    .join(", ");

  return (
    <article className={`voucher-room voucher-room--${room.status}`} aria-labelledby={`${id}-name`}>
      <header className="voucher-room__head">
        <h3 id={`${id}-name`}>{t("room.heading", { number, name: room.name })}</h3>
        <span className={`badge badge--${room.status}`}>{t(`room.status.${room.status}`)}</span>
      </header>
      <Facts>
        {room.arrival &&
        room.departure &&
        stay &&
        (room.arrival !== stay.arrival || room.departure !== stay.departure) ? (
          <Fact
            label={t("room.dates")}
            value={t("room.datesValue", {
              from: format.stayDay(room.arrival),
              to: format.stayDay(room.departure),
            })}
          />
        ) : null}
        <Fact label={t("room.guests")} value={occupancy} />
        <Fact label={t("room.rate")} value={room.rateName} />
        <Fact label={t("room.meals")} value={t(`meal.${mealKey(room.mealPlan)}`)} />
        {room.included && room.included.length > 0 ? (
          <Fact label={t("room.included")} value={room.included.join(", ")} />
        ) : null}
        <Fact
          label={t("room.refundProtection")}
          value={room.refundProtection ? t("room.refundIncluded") : t("room.refundNone")}
        />
        {room.flights && room.status !== "C" && !pricesHidden ? (
          <Fact label={t("room.flights")} value={format.money(room.flights.flightTotal)} />
        ) : null}
        {pricesHidden ? (
          <Fact label={t("room.total")} value={t("agencyPrice.value")} />
        ) : room.status === "C" ? (
          <Fact label={t("room.penalty")} value={<strong>{format.money(room.penalty ?? 0)}</strong>} />
        ) : (
          <Fact label={t("room.total")} value={<strong>{format.money(room.roomTotal)}</strong>} />
        )}
      </Facts>
      {room.flights ? (
        <section className="voucher-room__part" aria-label={t("room.flightsTitle")}>
          <FlightLegs outbound={room.flights.outbound} back={room.flights.return} />
        </section>
      ) : null}
      <RoomActions room={room} number={number} />
      {pricesHidden ? null : <RoomResale room={room} number={number} format={format} />}
      {room.nightly.length > 0 && !pricesHidden ? (
        <details className="voucher-room__nights">
          <summary>
            <ChevronRight className="disclosure-icon" aria-hidden="true" focusable="false" size={18} />
            {t("room.nightly")}
          </summary>
          <table className="voucher-table">
            <thead>
              <tr>
                <th scope="col">{t("room.night")}</th>
                <th scope="col" className="voucher-table__amount">
                  {t("room.price")}
                </th>
              </tr>
            </thead>
            <tbody>
              {room.nightly.map((night) => (
                <tr key={night.date}>
                  <td>{format.stayDay(night.date)}</td>
                  <td className="voucher-table__amount">{format.money(night.price)}</td>
                </tr>
              ))}
            </tbody>
            {room.flights ? (
              <tfoot>
                <tr>
                  <th scope="row">{t("room.flights")}</th>
                  <td className="voucher-table__amount">{format.money(room.flights.flightTotal)}</td>
                </tr>
              </tfoot>
            ) : null}
          </table>
        </details>
      ) : null}
      {room.extra.length > 0 ? (
        <div className="voucher-room__part">
          <h4>{t("room.services")}</h4>
          <ServiceList services={room.extra} format={format} pricesHidden={pricesHidden} />
        </div>
      ) : null}
      {room.guests.length > 0 ? (
        <div className="voucher-room__part">
          <h4>{t("room.guestList")}</h4>
          <ul className="guest-list">
            {room.guests.map((guest, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list; two guests may share a name.
              <li key={`${guest.firstName}-${guest.lastName}-${i}`}>
                <span className="guest-list__name">
                  {guest.firstName} {guest.lastName}
                </span>
                <span className="guest-list__meta">
                  {[
                    t(`room.guestType.${guest.type}`),
                    guest.birthDate ? t("room.born", { date: guest.birthDate }) : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
}
