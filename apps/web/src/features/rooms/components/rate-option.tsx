import { RATE_PAYMENT_KINDS } from "@alloggio/domain/booking/rate-payment-methods";
import type { Rate } from "@alloggio/domain/contract/search/avail";
import { currencyRules } from "@alloggio/domain/currency/currencies";
import { rateCardFigures, undiscountedCardTotal } from "@alloggio/domain/pricing/selection";
import {
  Award,
  BadgePercent,
  CalendarCheck,
  CalendarX,
  Check,
  CreditCard,
  Gift,
  HandCoins,
  Receipt,
  Utensils,
} from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/format";
import { CityTaxNote } from "../../currency/city-tax-note";
import { useFormatPrice } from "../../currency/use-format-price";
import { useHotel } from "../../hotel/hotel-context";
import { FlightDetails } from "../../packages/components/flight-details";
import { useSearchState } from "../../search/search-state";
import { RateCommission } from "../../trade-booking/rate-commission";

const MEAL_PLANS = [
  "room_only",
  "breakfast",
  "half_board",
  "full_board",
  "all_inclusive",
  "unspecified",
] as const;

const known = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
  (list as readonly string[]).includes(value) ? (value as T) : fallback;

export type RateOptionProps = {
  rate: Rate;
  roomName: string;
  currency: string;
  nights: number;
  /** Hotel-local today (YYYYMMDD): a free-cancellation deadline before it no longer applies. */
  today: string;
  selected: boolean;
  /** Refund protection as chosen: the slot's choice when this rate is selected, else the guest's tick. */
  refund: boolean;
  onRefundChange: (refund: boolean) => void;
  onSelect: () => void;
};

/** One rate of a room: meal plan, terms in words, prepayment, services, price with the nightly breakdown, Select. */
export function RateOption(props: RateOptionProps) {
  const { rate, roomName, currency, nights, today, selected, refund } = props;
  const [search] = useSearchState();
  const { t } = useTranslation("rooms");
  const { locale } = useHotel();
  const formatPrice = useFormatPrice();
  const [showNights, setShowNights] = useState(false);
  const id = useId();
  const money = (amount: number) => formatPrice(amount, currency);
  const day = (ymd: string) => formatDay(ymd, locale);

  const { freeUntil } = rate.cancellation;
  const refundable = rate.cancellation.refundable && (freeUntil ?? today) >= today;
  // A refundable rate whose free period is over says so, rather than contradicting its own name.
  const cancellation = !rate.cancellation.refundable
    ? t("cancellation.nonRefundable")
    : freeUntil && freeUntil < today
      ? t("cancellation.deadlinePassed", { date: day(freeUntil) })
      : freeUntil
        ? t("cancellation.freeUntil", { date: day(freeUntil) })
        : t("cancellation.free");
  const meal = known(MEAL_PLANS, rate.mealPlan, "unspecified");
  const payment = known(RATE_PAYMENT_KINDS, rate.payment, "pay_at_hotel");
  // With the protection ticked the card counts it, as the selection bar and the booking do.
  const figures = rateCardFigures(rate, refund, currencyRules(currency).decimalDigits);
  const prepayment = figures.prepaids
    .map((p) =>
      p.date > today
        ? t("prepay.on", { percent: p.percent, amount: money(p.amount), date: day(p.date) })
        : t("prepay.today", { percent: p.percent, amount: money(p.amount) }),
    )
    .join("; ");
  // The extras the total includes (a free one, such as a basic cover, needs no mention).
  const extras = rate.additionalServices.filter((s) => s.mandatory && s.price > 0);

  return (
    <article className={`rate${selected ? " rate--selected" : ""}`} aria-labelledby={`${id}-name`}>
      <div className="rate__head">
        <h4 className="rate__name" id={`${id}-name`}>
          {rate.name}
        </h4>
        <div className="rate__marks">
          {rate.best ? (
            <span className="mark mark--best">
              <Award aria-hidden="true" focusable="false" size={16} />
              {t("rate.best")}
            </span>
          ) : null}
          {rate.promo ? (
            <span className="mark mark--promo">
              <BadgePercent aria-hidden="true" focusable="false" size={16} />
              {/* A hidden code (SPEC §3) is not named. */}
              {!search.promoCode && search.hiddenPromocode
                ? t("rate.specialPrice")
                : t("rate.promo", { code: rate.promo })}
            </span>
          ) : null}
        </div>
      </div>

      <ul className="rate__terms">
        <li>
          <Utensils aria-hidden="true" focusable="false" size={16} />
          <span>{t(`meal.${meal}`)}</span>
        </li>
        <li className={refundable ? "rate__term--good" : undefined}>
          {refundable ? (
            <CalendarCheck aria-hidden="true" focusable="false" size={16} />
          ) : (
            <CalendarX aria-hidden="true" focusable="false" size={16} />
          )}
          <span>{cancellation}</span>
        </li>
        <li>
          <CreditCard aria-hidden="true" focusable="false" size={16} />
          <span>{t(`payment.${payment}`)}</span>
        </li>
        <li>
          <HandCoins aria-hidden="true" focusable="false" size={16} />
          {rate.prepaids.length === 0 ? (
            <span>{t("prepay.none")}</span>
          ) : (
            <span>
              {t("prepay.title")} {prepayment}
            </span>
          )}
        </li>
        {rate.freeServices.length > 0 ? (
          <li>
            <Gift aria-hidden="true" focusable="false" size={16} />
            <span>{t("rate.included", { services: rate.freeServices.map((s) => s.name).join(", ") })}</span>
          </li>
        ) : null}
        {extras.length > 0 ? (
          <li>
            <Receipt aria-hidden="true" focusable="false" size={16} />
            <span>
              {t("rate.extras", {
                services: extras.map((s) => `${s.name} ${money(s.price)}`).join(", "),
              })}
            </span>
          </li>
        ) : null}
        <RateCommission rate={rate} currency={currency} />
      </ul>
      {rate.selectedFlight ? <FlightDetails flight={rate.selectedFlight} currency={currency} /> : null}

      {rate.refundPrice !== null ? (
        <label className="rate__refund">
          <input
            type="checkbox"
            checked={refund}
            onChange={(event) => props.onRefundChange(event.target.checked)}
          />
          <span>{t("rate.refund", { price: money(rate.refundPrice) })}</span>
        </label>
      ) : null}

      <div className="rate__footer">
        <div className="rate__price">
          {rate.fullPrice > rate.total ? (
            <span className="rate__full">
              {t("rate.fullPrice", {
                price: money(
                  undiscountedCardTotal(rate, figures.total, currencyRules(currency).decimalDigits),
                ),
              })}
            </span>
          ) : null}
          <span className="rate__total-label">{t("rate.total", { count: nights })}</span>
          <strong className="rate__total">{money(figures.total)}</strong>
          <CityTaxNote cityTax={rate.cityTax} currency={currency} className="rate__tax" />
          <button
            type="button"
            className="link-button"
            aria-expanded={showNights}
            aria-controls={`${id}-nights`}
            onClick={() => setShowNights((v) => !v)}
          >
            {t("rate.perNight")}
          </button>
        </div>
        <button
          type="button"
          className={`button rate__select${selected ? "" : " button--secondary"}`}
          aria-pressed={selected}
          onClick={props.onSelect}
        >
          {selected ? <Check aria-hidden="true" focusable="false" size={18} /> : null}
          {selected ? t("rate.selected") : t("rate.select")}
          {/* "Select Half board, Double room": a colon here would be read as a stray " : ". */}
          <span className="visually-hidden">
            {" "}
            {rate.name}, {roomName}
          </span>
        </button>
      </div>
      <div id={`${id}-nights`} hidden={!showNights}>
        <table className="rate__nights">
          <caption className="visually-hidden">{t("rate.perNightCaption", { rate: rate.name })}</caption>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">{t("rate.night")}</th>
              <th scope="col">{t("rate.price")}</th>
            </tr>
          </thead>
          <tbody>
            {rate.nightly.map((n) => (
              <tr key={n.date}>
                <th scope="row">
                  {formatDay(n.date, locale, { weekday: "short", day: "numeric", month: "short" })}
                </th>
                <td>{money(n.price)}</td>
              </tr>
            ))}
            {extras.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.name}</th>
                <td>{money(s.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}
