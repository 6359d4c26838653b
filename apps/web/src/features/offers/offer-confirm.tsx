import { cardEntryOf } from "@alloggio/domain/booking/card";
import type { PrepaidCheckResponse } from "@alloggio/domain/contract/booking/guestdata";
import type { CustomPrivacyResponse } from "@alloggio/domain/contract/channels/custom-privacy";
import type { ConfirmOfferRequestSchema } from "@alloggio/domain/contract/offers/confirm";
import type { Offer } from "@alloggio/domain/contract/offers/view";
import { ArrowLeft } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { href } from "../../app/routes";
import { languageOf } from "../../i18n/i18n";
import { ApiError } from "../../lib/api-client";
import { useNavigateTo } from "../../ui/app-link";
import { useCustomPrivacy } from "../checkout/api/use-custom-privacy";
import {
  cardSetter,
  checkoutFieldLabel,
  focusPaymentForm,
  useCheckoutFocus,
} from "../checkout/checkout-controls";
import {
  type CheckoutContext,
  type CheckoutValues,
  checkoutResolver,
  defaultValues,
  flattenErrors,
  type GuestSlot,
  guestDataPayload,
  isCardPayment,
  messageCode,
  toFormPath,
} from "../checkout/checkout-form";
import { BookerSection } from "../checkout/components/booker-section";
import { BookingProblem, type Problem, toProblemCode } from "../checkout/components/booking-problem";
import { ConsentsSection } from "../checkout/components/consents-section";
import { ErrorSummary } from "../checkout/components/error-summary";
import { GuestsSection } from "../checkout/components/guests-section";
import { InvoiceSection } from "../checkout/components/invoice-section";
import { PaymentSchedule, PaymentSection } from "../checkout/components/payment-section";
import { forgetIdempotencyKey, idempotencyKeyFor, isUnsettled } from "../checkout/idempotency-key";
import { defaultDialCode } from "../checkout/regions";
import { useHotel } from "../hotel/hotel-context";
import { confirmOffer, useOptionPayment } from "./api";
import { formatMoney } from "./format";
import "../checkout/checkout.css";
import { OptionLines } from "./option-lines";

type Option = Offer["options"][number];

/** Answers after which this offer cannot be confirmed any more: the page reloads into its final state. */
export const OFFER_GONE = new Set([
  "offer_closed",
  "offer_expired",
  "offer_unavailable",
  "sold_out",
  "offer_unlock_required",
]);

/** Methods that charge what is due now while booking. */
const PAY_NOW_METHODS = new Set(["card_payment", "instant_bank", "wallet", "mobile"]);

const sessionStore = () => (typeof window === "undefined" ? undefined : window.sessionStorage);

/** The option's rooms as the guest form reads them (names per room, no refund protection on an offer). */
export function slotsOf(option: Option): GuestSlot[] {
  return option.rooms.map((room, i) => ({
    id: i + 1,
    adults: room.adults,
    ages: room.ages,
    arrival: null,
    selectedRoom: { name: room.roomName },
    selectedRate: { refund: false },
  }));
}

/**
 * The confirmation of one option, on the offer's page: its summary with the price breakdown of
 * `…/options/:position/payment`, then the checkout's own sections (booker prefilled with the recipient, guests,
 * invoice, consents, payment), then `POST …/confirm` with an Idempotency-Key.
 */
export function ConfirmStep(props: {
  offer: Offer;
  option: Option;
  email: string;
  onBack: () => void;
  onGone: () => void;
}) {
  const { t } = useTranslation("offers");
  const { ids } = useHotel();
  const payment = useOptionPayment(props.offer.offerCode, props.option.position);
  const privacy = useCustomPrivacy(ids);
  const heading = useRef<HTMLHeadingElement>(null);
  const { onGone } = props;
  useEffect(() => heading.current?.focus(), []);
  const paymentError = payment.error;
  useEffect(() => {
    if (paymentError instanceof ApiError && OFFER_GONE.has(paymentError.code)) onGone();
  }, [paymentError, onGone]);

  const title = props.option.title ?? t("options.untitled", { position: props.option.position });
  return (
    <div className="offer-confirm">
      <button type="button" className="offer-back" onClick={props.onBack}>
        <ArrowLeft aria-hidden="true" focusable="false" size={18} />
        {t("confirm.back")}
      </button>
      <p className="offer-eyebrow">{props.offer.hotel.name}</p>
      <h1 ref={heading} tabIndex={-1}>
        {t("confirm.title", { option: title })}
      </h1>
      {payment.isPending || privacy.isPending ? (
        <div className="checkout-skeleton" aria-busy="true">
          <p className="visually-hidden" role="status">
            {t("confirm.loading")}
          </p>
          <div className="skeleton skeleton-card" />
          <div className="skeleton skeleton-card" />
        </div>
      ) : payment.isError || privacy.isError ? (
        <BookingProblem
          problem={{
            code:
              payment.error instanceof ApiError ? toProblemCode(payment.error.code) : ("network" as const),
          }}
          searchQuery={{}}
          newSearch={false}
          onRetry={() => {
            void payment.refetch();
            void privacy.refetch();
          }}
        />
      ) : (
        <ConfirmForm
          offer={props.offer}
          option={props.option}
          email={props.email}
          prepaid={payment.data}
          policies={privacy.data.policies}
          onGone={props.onGone}
        />
      )}
    </div>
  );
}

function OptionSummary(props: { offer: Offer; option: Option; prepaid: PrepaidCheckResponse }) {
  const { t } = useTranslation(["offers", "checkout"]);
  const { ids } = useHotel();
  const { offer, option, prepaid } = props;
  const money = (amount: number) => formatMoney(amount, offer.currency.code, ids.language);
  return (
    <section className="card offer-summary" aria-labelledby="offer-summary-title">
      <h2 id="offer-summary-title">{t("offers:confirm.summary")}</h2>
      <OptionLines rooms={option.rooms} services={option.services} money={money} servicesHeading="h3" />
      <dl className="offer-breakdown">
        <div>
          <dt>{t("offers:confirm.rooms")}</dt>
          <dd>{money(prepaid.roomsTotal)}</dd>
        </div>
        {prepaid.servicesTotal > 0 ? (
          <div>
            <dt>{t("offers:confirm.services")}</dt>
            <dd>{money(prepaid.servicesTotal)}</dd>
          </div>
        ) : null}
        <div className="offer-breakdown__total">
          <dt>{t("offers:options.total")}</dt>
          <dd>{money(prepaid.total)}</dd>
        </div>
      </dl>
      <h3 className="subheading">{t("checkout:schedule.title")}</h3>
      <PaymentSchedule prepaid={prepaid} />
    </section>
  );
}

function ConfirmForm(props: {
  offer: Offer;
  option: Option;
  email: string;
  prepaid: PrepaidCheckResponse;
  policies: CustomPrivacyResponse["policies"];
  onGone: () => void;
}) {
  const { offer, option, prepaid, policies } = props;
  const { t } = useTranslation(["offers", "checkout", "errors"]);
  const { ids, hotel } = useHotel();
  const navigate = useNavigateTo();
  const slots = useMemo(() => slotsOf(option), [option]);
  const settings = hotel.settings as Record<string, unknown>;
  const context = useRef<CheckoutContext>(null as unknown as CheckoutContext);
  context.current = {
    arrival: offer.arrival,
    slots,
    settings: {
      addressMandatory: settings.addressMandatory === true,
      cityMandatory: settings.cityMandatory === true,
      guestsMandatory: hotel.guestsMandatory,
      mandatoryPrivacyIds: policies.filter((p) => p.mandatory).map((p) => p.id),
    },
    cardEntry: cardEntryOf(hotel.gateway),
  };
  const form = useForm<CheckoutValues>({
    defaultValues: (() => {
      const values = defaultValues({
        slots,
        policies,
        paymentMethods: prepaid.paymentMethods,
        dialCode: defaultDialCode(languageOf(ids.language).text),
      });
      // The recipient books: their name, and the e-mail they opened the offer with.
      values.booker.fullname = offer.recipient.name;
      values.booker.email = props.email;
      values.booker.emailConfirm = props.email;
      return values;
    })(),
    resolver: checkoutResolver(() => context.current),
    mode: "onTouched",
    reValidateMode: "onChange",
    shouldFocusError: false,
  });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [showSummary, setShowSummary] = useState(false);
  const [sending, setSending] = useState(false);
  const sendingNow = useRef(false);
  const { summaryRef, problemRef, focusNext } = useCheckoutFocus();
  const errors = flattenErrors(form.formState.errors);
  const method = form.watch("payment.method");

  const onCard = cardSetter(form);

  const labelOf = (path: string) => checkoutFieldLabel(t, path, slots, policies);

  const toPaymentForm = focusPaymentForm;

  const showProblem = (next: Problem) => {
    setProblem(next);
    focusNext.current = "problem";
  };

  const showServerError = (error: ApiError, values: CheckoutValues) => {
    if (OFFER_GONE.has(error.code)) {
      props.onGone();
      return;
    }
    if (error.code === "invalid_input" && error.details.length > 0) {
      let mapped = 0;
      for (const detail of error.details) {
        const path = toFormPath(detail.field.replace(/^guests\.(\d+)\./, "rooms.$1.guests."), values);
        if (path) {
          form.setError(path as never, { type: "server", message: messageCode(detail.message) });
          mapped++;
        }
      }
      if (mapped > 0) setShowSummary(true);
      if (mapped === error.details.length) {
        setProblem(null);
        focusNext.current = "summary";
        return;
      }
      showProblem({ code: "invalid_input" });
      return;
    }
    const code = toProblemCode(error.code);
    if (code === "card_declined" || code === "card_insufficient_funds" || code === "payment_failed")
      onCard(null);
    showProblem({ code });
  };

  const onValid = async (values: CheckoutValues) => {
    if (sendingNow.current) return;
    sendingNow.current = true;
    setSending(true);
    setProblem(null);
    setShowSummary(false);
    const storage = sessionStore();
    const { guests, booker, privacy, terms, payment, ...rest } = guestDataPayload(values, {
      slots,
      guestsMandatory: hotel.guestsMandatory,
      refund: false,
      cardEntry: context.current.cardEntry,
    });
    const body: z.input<typeof ConfirmOfferRequestSchema> = {
      option: option.position,
      booker,
      ...(guests.some((g) => g !== undefined) ? { guests: guests.map((g) => g ?? []) } : {}),
      privacy,
      terms,
      ...("invoice" in rest && rest.invoice ? { invoice: rest.invoice } : {}),
      payment,
      expectedTotal: prepaid.total,
    };
    const scope = `offer:${offer.offerCode}:${option.position}`;
    try {
      const answer = await confirmOffer(offer.offerCode, body, idempotencyKeyFor(storage, scope));
      forgetIdempotencyKey(storage);
      if (answer.next === "3ds" && answer.redirectUrl) {
        window.location.assign(answer.redirectUrl);
        return;
      }
      navigate(href("voucher", { ...ids, code: answer.reservation.code, email: answer.reservation.email }));
      return;
    } catch (err) {
      // No answer: the same key goes with the retry, so it cannot book twice.
      const error = err instanceof ApiError ? err : new ApiError(0, "network", String(err));
      if (!isUnsettled(error)) forgetIdempotencyKey(storage);
      showServerError(error, values);
    }
    sendingNow.current = false;
    setSending(false);
  };

  const onInvalid = () => {
    setProblem(null);
    setShowSummary(true);
    focusNext.current = "summary";
  };

  const payNow = PAY_NOW_METHODS.has(method) && prepaid.dueNow > 0;
  const returnPath =
    typeof window === "undefined" ? "/" : `${window.location.pathname}${window.location.search}`;
  const money = (amount: number) => formatMoney(amount, prepaid.currency, ids.language);

  return (
    <div className="checkout-layout">
      <aside className="checkout-layout__summary">
        <OptionSummary offer={offer} option={option} prepaid={prepaid} />
      </aside>
      <FormProvider {...form}>
        <form
          className="checkout-form"
          noValidate
          aria-labelledby="offer-form-title"
          onSubmit={form.handleSubmit(onValid, onInvalid)}
        >
          <h2 id="offer-form-title" className="visually-hidden">
            {t("checkout:formTitle")}
          </h2>
          {problem ? (
            <BookingProblem
              ref={problemRef}
              problem={problem}
              searchQuery={{}}
              newSearch={false}
              toPayment={{ card: isCardPayment(method), go: toPaymentForm }}
            />
          ) : null}
          {showSummary && errors.length > 0 ? (
            <ErrorSummary ref={summaryRef} errors={errors} labelOf={labelOf} />
          ) : null}
          <p className="muted section-note">{t("checkout:requiredNote")}</p>
          <BookerSection
            addressMandatory={context.current.settings.addressMandatory}
            cityMandatory={context.current.settings.cityMandatory}
          />
          {hotel.guestsMandatory ? <GuestsSection slots={slots} mandatory /> : null}
          <InvoiceSection />
          <ConsentsSection policies={policies} refundChosen={false} />
          <PaymentSection prepaid={prepaid} returnPath={returnPath} onCard={onCard} />
          <div className="submit-bar">
            <p className="submit-bar__total">
              <span>{t("checkout:summary.total")}</span> <strong>{money(prepaid.total)}</strong>
            </p>
            <button
              type="submit"
              className="button submit-bar__button"
              disabled={sending}
              aria-busy={sending || undefined}
            >
              {sending ? (
                <>
                  <span className="spinner" aria-hidden="true" />
                  {t("checkout:submit.sending")}
                </>
              ) : payNow ? (
                t("checkout:submit.pay", { amount: money(prepaid.dueNow) })
              ) : method === "pre_authorisation" ? (
                t("checkout:submit.authorise")
              ) : (
                t("offers:confirm.submit")
              )}
            </button>
            <p className="visually-hidden" role="status">
              {sending ? t("checkout:submit.sending") : ""}
            </p>
          </div>
        </form>
      </FormProvider>
    </div>
  );
}
