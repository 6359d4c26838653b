import type { PrepaidCheckResponse } from "@alloggio/domain/contract/booking/guestdata";
import { nightsBetween } from "@alloggio/domain/stay-dates/stay-dates";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/format";
import { useFormatPrice } from "../../currency/use-format-price";
import { useHotel } from "../../hotel/hotel-context";
import type { SearchState } from "../../search/search-state";
import type { SavedServices } from "../../services/chosen-services";
import type { ChosenSlot } from "../../services/use-chosen-rooms";
import { useGuestsText } from "../../services/use-guests-text";

/** What is booked: the stay, each room with its rate and services, and the totals of the prepaid check. */
export function BookingSummary(props: {
  search: SearchState;
  slots: readonly ChosenSlot[];
  services: SavedServices;
  prepaid: PrepaidCheckResponse;
}) {
  const { t } = useTranslation("checkout");
  const { hotel, locale } = useHotel();
  const formatPrice = useFormatPrice();
  const guestsText = useGuestsText();
  const { prepaid, search } = props;
  const money = (amount: number) => formatPrice(amount, prepaid.currency);
  const nights = nightsBetween(search.arrival, search.departure);
  const day = (ymd: string) => formatDay(ymd, locale, { weekday: "short", day: "numeric", month: "short" });
  return (
    <section className="summary card" aria-labelledby="summary-title">
      <h2 id="summary-title">{t("summary.title")}</h2>
      <p className="summary__hotel">{hotel.name}</p>
      <p className="summary__stay">
        {t("summary.stay", {
          arrival: formatDay(search.arrival, locale),
          departure: formatDay(search.departure, locale),
          count: nights,
        })}
      </p>
      <ul className="summary__rooms">
        {props.slots.map((slot, i) => {
          const services = props.services.slots[i] ?? [];
          return (
            <li key={`${slot.id}-${slot.arrival ?? ""}`} className="summary__room">
              <p className="summary__line">
                <strong>{t("summary.room", { index: i + 1, room: slot.selectedRoom.name })}</strong>
                <span>{money(slot.selectedRate.total)}</span>
              </p>
              <p className="muted summary__detail">
                {slot.selectedRate.name} · {guestsText(slot)}
              </p>
              {slot.selectedRate.refund && slot.selectedRate.refundPrice !== null ? (
                <p className="summary__line summary__detail">
                  <span>{t("summary.refundProtection")}</span>
                  <span>{money(slot.selectedRate.refundPrice)}</span>
                </p>
              ) : null}
              {services.length > 0 ? (
                <ul className="summary__services" aria-label={t("summary.servicesOf", { index: i + 1 })}>
                  {services.map((s) => (
                    <li key={s.serviceId} className="summary__line summary__detail">
                      <span>
                        {s.quantity > 1
                          ? t("summary.serviceQuantity", { name: s.name, count: s.quantity })
                          : s.name}
                        {s.date ? ` · ${day(s.date)}` : ""}
                        {s.timeSlot ? ` · ${s.timeSlot}` : ""}
                      </span>
                      <span>{s.amount === 0 ? t("summary.free") : money(s.amount)}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
      <dl className="summary__totals">
        <div>
          <dt>{t("summary.roomsTotal")}</dt>
          <dd>{money(prepaid.roomsTotal)}</dd>
        </div>
        {prepaid.servicesTotal > 0 ? (
          <div>
            <dt>{t("summary.servicesTotal")}</dt>
            <dd>{money(prepaid.servicesTotal)}</dd>
          </div>
        ) : null}
        {prepaid.refundProtection > 0 ? (
          <div>
            <dt>{t("summary.refundProtection")}</dt>
            <dd>{money(prepaid.refundProtection)}</dd>
          </div>
        ) : null}
        <div className="summary__grand">
          <dt>{t("summary.total")}</dt>
          <dd>{money(prepaid.total)}</dd>
        </div>
        <div>
          <dt>{t("summary.dueNow")}</dt>
          <dd>{money(prepaid.dueNow)}</dd>
        </div>
        {prepaid.dueLater.map((d) => (
          <div key={d.date}>
            <dt>{t("summary.dueOn", { date: formatDay(d.date, locale) })}</dt>
            <dd>{money(d.amount)}</dd>
          </div>
        ))}
        {prepaid.cityTax > 0 ? (
          <div>
            <dt>{t("summary.cityTax")}</dt>
            <dd>{money(prepaid.cityTax)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
