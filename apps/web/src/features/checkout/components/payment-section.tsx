import { cardEntryOf } from "@alloggio/domain/booking/card";
import { atHotelMinor } from "@alloggio/domain/booking/reservation-money";
import type { PrepaidCheckResponse } from "@alloggio/domain/contract/booking/guestdata";
import { amountOf, moneyOf } from "@alloggio/domain/money/amounts";
import { AlertTriangle, CreditCard, Lock } from "lucide-react";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/format";
import { useFormatPrice } from "../../currency/use-format-price";
import { useHotel } from "../../hotel/hotel-context";
import { type CheckoutValues, fieldId, isCardPayment } from "../checkout-form";
import { CardFrame, type CardToken } from "./card-frame";
import { useErrorText } from "./form-fields";

const KNOWN_METHODS = [
  "card_payment",
  "card_guarantee",
  "pre_authorisation",
  "bank_transfer",
  "pay_at_hotel",
  "instant_bank",
  "wallet",
  "mobile",
  "pay_by_link",
] as const;

/** SPEC §9 prepayment timing: what is due when booking, what on later dates, what at the hotel. */
export function PaymentSchedule({ prepaid }: { prepaid: PrepaidCheckResponse }) {
  const { t } = useTranslation("checkout");
  const { locale } = useHotel();
  const formatPrice = useFormatPrice();
  const money = (amount: number) => formatPrice(amount, prepaid.currency);
  const minor = (amount: number) => moneyOf(amount, prepaid.currency).minor;
  const atHotel = amountOf({
    minor: atHotelMinor(
      minor(prepaid.total),
      minor(prepaid.dueNow),
      prepaid.dueLater.map((d) => minor(d.amount)),
    ),
    currency: prepaid.currency,
  });
  return (
    <dl className="schedule">
      {prepaid.dueNow > 0 ? (
        <div>
          <dt>{t("schedule.now")}</dt>
          <dd>{money(prepaid.dueNow)}</dd>
        </div>
      ) : null}
      {prepaid.dueLater.map((d) => (
        <div key={d.date}>
          <dt>{t("schedule.on", { date: formatDay(d.date, locale) })}</dt>
          <dd>{money(d.amount)}</dd>
        </div>
      ))}
      {atHotel > 0 ? (
        <div>
          <dt>{t("schedule.atHotel")}</dt>
          <dd>{money(atHotel)}</dd>
        </div>
      ) : null}
      {prepaid.cityTax > 0 ? (
        <div>
          <dt>{t("schedule.cityTax")}</dt>
          <dd>{money(prepaid.cityTax)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function methodText(
  t: (key: string, options?: Record<string, unknown>) => string,
  method: string,
  prepaid: PrepaidCheckResponse,
  money: (n: number) => string,
) {
  switch (method) {
    case "card_payment":
      return prepaid.dueNow > 0
        ? t("method.card_payment.text", { amount: money(prepaid.dueNow) })
        : t("method.card_payment.nothingNow");
    case "pre_authorisation":
      return t("method.pre_authorisation.text", { amount: money(prepaid.total) });
    default:
      return t(`method.${method}.text`);
  }
}

/** The methods the booking may use (from the prepaid check), the schedule, and the gateway's card page when needed. */
export function PaymentSection(props: {
  prepaid: PrepaidCheckResponse;
  returnPath: string;
  onCard: (card: CardToken | null) => void;
}) {
  const { prepaid } = props;
  const { t } = useTranslation("checkout");
  const { hotel } = useHotel();
  const formatPrice = useFormatPrice();
  const money = (amount: number) => formatPrice(amount, prepaid.currency);
  const { register, control } = useFormContext<CheckoutValues>();
  const method = useWatch({ control, name: "payment.method" });
  const cardLast4 = useWatch({ control, name: "payment.cardLast4" });
  const cardToken = useWatch({ control, name: "payment.cardToken" });
  const { errors } = useFormState({ control, name: "payment.cardToken" });
  const errorText = useErrorText();
  const cardError = errors.payment?.cardToken?.message;
  const methods = prepaid.paymentMethods.filter((m) => (KNOWN_METHODS as readonly string[]).includes(m));
  const cardId = fieldId("payment.cardToken");

  return (
    <section className="checkout-section card" aria-labelledby="payment-title">
      <h2 id="payment-title">{t("payment.title")}</h2>
      <h3 className="subheading">{t("schedule.title")}</h3>
      <PaymentSchedule prepaid={prepaid} />

      <fieldset className="methods">
        <legend>{t("payment.method")}</legend>
        {methods.map((m) => {
          const id = fieldId(`payment.method.${m}`);
          return (
            <div key={m} className={`method${method === m ? " method--chosen" : ""}`}>
              <input
                id={id}
                type="radio"
                value={m}
                aria-describedby={`${id}-text`}
                {...register("payment.method")}
              />
              <div className="method__text">
                <label htmlFor={id}>{t(`method.${m}.label`)}</label>
                <span id={`${id}-text`} className="muted">
                  {methodText(t, m, prepaid, money)}
                </span>
              </div>
            </div>
          );
        })}
      </fieldset>

      {method === "bank_transfer" ? (
        <p className="notice notice--warning">
          <AlertTriangle aria-hidden="true" focusable="false" size={18} />
          <span>{t("method.bank_transfer.warning")}</span>
        </p>
      ) : null}

      {isCardPayment(method) && cardEntryOf(hotel.gateway) === "redirect" ? (
        // The card is typed on the gateway's own page after the booking: nothing to fill in here.
        <p className="notice card-redirect" id={cardId} tabIndex={-1}>
          <Lock aria-hidden="true" focusable="false" size={18} />
          <span>{t("payment.cardOnGateway")}</span>
        </p>
      ) : isCardPayment(method) ? (
        <fieldset
          className={`card-area${cardError ? " card-area--invalid" : ""}`}
          id={cardId}
          tabIndex={-1}
          aria-describedby={cardError ? `${cardId}-error` : undefined}
        >
          <legend className="subheading">{t("payment.card")}</legend>
          <p className="card-saved__status" role="status">
            {cardToken ? (
              <>
                <CreditCard aria-hidden="true" focusable="false" size={18} />
                {t("payment.cardSaved", { last4: cardLast4 })}
              </>
            ) : null}
          </p>
          {cardToken ? (
            <div className="card-saved">
              <button type="button" className="button button--secondary" onClick={() => props.onCard(null)}>
                {t("payment.cardChange")}
              </button>
            </div>
          ) : (
            <>
              <p className="muted section-note" id={`${cardId}-hint`}>
                {t("payment.cardHint")}
              </p>
              <CardFrame
                returnPath={props.returnPath}
                onToken={props.onCard}
                describedBy={`${cardId}-hint`}
              />
            </>
          )}
          {cardError ? (
            <p className="field__error" id={`${cardId}-error`}>
              {errorText("payment.cardToken", cardError)}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </section>
  );
}
