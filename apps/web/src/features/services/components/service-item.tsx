import type { AvailableService } from "@alloggio/domain/contract/booking/service-avail";
import { Check, Gift, Lock } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/format";
import { useFormatPrice } from "../../currency/use-format-price";
import { useHotel } from "../../hotel/hotel-context";
import {
  type ChosenService,
  defaultChoice,
  EMPTY_TRANSFER,
  isLocked,
  maxQuantity,
  type ServiceChoice,
  type SlotGuests,
} from "../chosen-services";
import { QuantityStepper } from "./quantity-stepper";
import { TransferFields } from "./transfer-fields";

/** The pricing basis in words: per person, per unit or the whole stay, and per night. */
export function usePriceText() {
  const { t } = useTranslation("services");
  const formatPrice = useFormatPrice();
  return (service: AvailableService, currency: string) =>
    t(`basis.${service.pricingBasis}${service.perNight ? "_night" : ""}`, {
      price: formatPrice(service.price, currency),
    });
}

/** One extra service: add it (or see it locked when mandatory), with its quantity, day, time and transfer details. */
export function ServiceItem(props: {
  service: AvailableService;
  currency: string;
  guests: SlotGuests;
  chosen: ChosenService | undefined;
  onChange: (choice: ServiceChoice | null) => void;
}) {
  const { service, chosen, guests, currency } = props;
  const { t } = useTranslation("services");
  const { locale } = useHotel();
  const formatPrice = useFormatPrice();
  const priceText = usePriceText();
  const id = useId();
  const locked = isLocked(service);
  const max = maxQuantity(service, guests);
  const update = (patch: Partial<ServiceChoice>) => {
    if (chosen) props.onChange({ ...chosen, ...patch });
  };

  const marks: { key: string; text: string }[] = [];
  // A free service says "Free" as its price; one the rate includes keeps its price and says so.
  if (service.free && service.price > 0) marks.push({ key: "free", text: t("mark.included") });
  if (service.mandatoryFor === "all_adults") marks.push({ key: "adults", text: t("mark.allAdults") });
  if (service.mandatoryFor === "all_children") marks.push({ key: "children", text: t("mark.allChildren") });

  return (
    <li className={`service${chosen ? " service--chosen" : ""}`}>
      <div className="service__head">
        <input
          id={`${id}-add`}
          className="service__check"
          type="checkbox"
          checked={chosen !== undefined}
          disabled={locked}
          aria-describedby={`${id}-price${locked ? ` ${id}-locked` : ""}`}
          onChange={(event) => props.onChange(event.target.checked ? defaultChoice(service, guests) : null)}
        />
        <div className="service__text">
          <label htmlFor={`${id}-add`} className="service__name">
            {service.name}
          </label>
          {service.description ? <p className="service__description">{service.description}</p> : null}
          <p className="service__price" id={`${id}-price`}>
            {service.free && service.price === 0 ? t("mark.free") : priceText(service, currency)}
          </p>
          {marks.length > 0 ? (
            <ul className="service__marks">
              {marks.map((mark) => (
                <li key={mark.key} className={`mark mark--${mark.key}`}>
                  {mark.key === "free" ? (
                    <Gift aria-hidden="true" focusable="false" size={14} />
                  ) : (
                    <Check aria-hidden="true" focusable="false" size={14} />
                  )}
                  {mark.text}
                </li>
              ))}
            </ul>
          ) : null}
          {locked ? (
            <p className="service__locked" id={`${id}-locked`}>
              <Lock aria-hidden="true" focusable="false" size={14} />
              {t("mark.locked")}
            </p>
          ) : null}
        </div>
        {chosen ? (
          <p className="service__amount">
            <span className="visually-hidden">{t("amount")} </span>
            {chosen.amount === 0 ? t("mark.free") : formatPrice(chosen.amount, currency)}
          </p>
        ) : null}
      </div>

      {chosen ? (
        <div className="service__options">
          {!locked && max > 1 ? (
            <QuantityStepper
              label={service.pricingBasis === "per_person" ? t("quantity.people") : t("quantity.units")}
              name={service.name}
              value={chosen.quantity}
              min={1}
              max={max}
              onChange={(quantity) => update({ quantity })}
            />
          ) : null}
          {service.needsDate && service.dates.length > 0 ? (
            <div className="field">
              <label htmlFor={`${id}-date`}>{t("date")}</label>
              <select
                id={`${id}-date`}
                value={chosen.date ?? ""}
                onChange={(e) => update({ date: e.target.value })}
              >
                {service.dates.map((date) => (
                  <option key={date} value={date}>
                    {formatDay(date, locale, { weekday: "short", day: "numeric", month: "short" })}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {service.timeSlots.length > 0 ? (
            <div className="field">
              <label htmlFor={`${id}-time`}>{t("timeSlot")}</label>
              <select
                id={`${id}-time`}
                value={chosen.timeSlot ?? ""}
                onChange={(e) => update({ timeSlot: e.target.value })}
              >
                {service.timeSlots.map((slot) => (
                  <option key={slot} value={slot}>
                    {slot}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {service.transfer ? (
            <TransferFields
              serviceName={service.name}
              value={chosen.transfer ?? EMPTY_TRANSFER}
              onChange={(transfer) => update({ transfer })}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
