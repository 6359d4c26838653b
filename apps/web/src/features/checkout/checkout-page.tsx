import { cardEntryOf } from "@alloggio/domain/booking/card";
import type { PrepaidCheckResponse } from "@alloggio/domain/contract/booking/guestdata";
import type { CustomPrivacyResponse } from "@alloggio/domain/contract/channels/custom-privacy";
import { useMemo, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { href } from "../../app/routes";
import { languageOf } from "../../i18n/i18n";
import { ApiError } from "../../lib/api-client";
import { AppLink, useNavigateTo } from "../../ui/app-link";
import { useFormatPrice } from "../currency/use-format-price";
import { useHotel } from "../hotel/hotel-context";
import { Stepper } from "../rooms/components/stepper";
import { STORAGE_KEY as ROOMS_STORAGE_KEY } from "../rooms/use-room-slots";
import type { SearchState } from "../search/search-state";
import { restoreServices, type SavedServices, SERVICES_STORAGE_KEY } from "../services/chosen-services";
import { NoRoomsChosen } from "../services/components/no-rooms-chosen";
import { type ChosenSlot, useChosenRooms } from "../services/use-chosen-rooms";
import { currentAttribution } from "../tracking/attribution-store";
import { markPurchase } from "../tracking/events";
import { useTrade } from "../trade/trade-context";
import { AgencySection } from "../trade-booking/agency-section";
import { agencyValuesOf, CopyAgencyLabel, TradeLoginRequired } from "../trade-booking/checkout-trade";
import { CopiedInvoice } from "../trade-booking/copied-invoice";
import { OptionHold } from "../trade-booking/option-hold";
import { confirmBooking, usePrepaidCheck } from "./api/guestdata";
import { useCustomPrivacy } from "./api/use-custom-privacy";
import { cardSetter, checkoutFieldLabel, focusPaymentForm, useCheckoutFocus } from "./checkout-controls";
import {
  bookingPayload,
  type CheckoutContext,
  type CheckoutValues,
  checkoutResolver,
  defaultValues,
  flattenErrors,
  isCardPayment,
  messageCode,
  prepaidPayload,
  refundChosen,
  toFormPath,
} from "./checkout-form";
import { BookerSection } from "./components/booker-section";
import { BookingProblem, type Problem, toProblemCode } from "./components/booking-problem";
import { BookingSummary } from "./components/booking-summary";
import { ConsentsSection } from "./components/consents-section";
import { ErrorSummary } from "./components/error-summary";
import { GuestsSection } from "./components/guests-section";
import { InvoiceSection } from "./components/invoice-section";
import { PaymentSection } from "./components/payment-section";
import { forgetIdempotencyKey, idempotencyKeyFor, isUnsettled } from "./idempotency-key";
import { defaultDialCode } from "./regions";
import "../services/services.css";
import "./checkout.css";

/** Methods that charge what is due now while booking (the card, or the gateway's page of a redirect method). */
const PAY_NOW_METHODS = new Set(["card_payment", "instant_bank", "wallet", "mobile"]);

const sessionStore = () => (typeof window === "undefined" ? undefined : window.sessionStorage);

type Selection = {
  ids: { hotel: number; channel: number; language: number };
  search: SearchState;
  scope: string;
  slots: ChosenSlot[];
  services: SavedServices;
  searchQuery: ReturnType<typeof useChosenRooms>["searchQuery"];
};

/** Step 3 (SPEC §2 "Checkout"): the summary, the guest's data, the terms, the payment; then the booking. */
export default function CheckoutPage() {
  const { t } = useTranslation(["checkout", "errors"]);
  const { ids } = useHotel();
  const chosen = useChosenRooms();
  const services = useMemo(() => restoreServices(sessionStore(), chosen.scope), [chosen.scope]);
  const { slots } = chosen;
  return (
    <main className="page checkout-page" id="main">
      <Stepper current="personal" />
      <h1 className="booking-title">{t("title")}</h1>
      {!slots ? (
        <NoRoomsChosen query={chosen.searchQuery} />
      ) : !services || services.slots.length !== slots.length ? (
        <div className="card booking-empty">
          <p>{t("noServices.text")}</p>
          <AppLink className="button" to={href("services", ids, chosen.searchQuery)}>
            {t("noServices.link")}
          </AppLink>
        </div>
      ) : (
        <CheckoutLoader
          selection={{
            ids,
            search: chosen.search,
            scope: chosen.scope,
            slots,
            services,
            searchQuery: chosen.searchQuery,
          }}
        />
      )}
    </main>
  );
}

function CheckoutLoader({ selection }: { selection: Selection }) {
  const trade = useTrade();
  // A trade channel books for a logged agency only (ADR 0031): ask for the login before pricing.
  if (trade && !trade.user) return <TradeLoginRequired trade={trade} />;
  return <CheckoutPricing selection={selection} />;
}

function CheckoutPricing({ selection }: { selection: Selection }) {
  const { t } = useTranslation("checkout");
  const { ids, search, slots, services } = selection;
  const body = useMemo(
    () => prepaidPayload({ ids, search, slots, services }),
    [ids, search, slots, services],
  );
  const prepaid = usePrepaidCheck(body);
  const privacy = useCustomPrivacy(selection.ids);
  if (prepaid.isPending || privacy.isPending)
    return (
      <div className="checkout-skeleton" aria-busy="true">
        <p className="visually-hidden" role="status">
          {t("loading")}
        </p>
        <div className="skeleton skeleton-card" />
        <div className="skeleton skeleton-card" />
      </div>
    );
  if (prepaid.isError) {
    const error = prepaid.error;
    const code = error instanceof ApiError ? toProblemCode(error.code) : "network";
    return (
      <BookingProblem
        problem={{
          code,
          services: error instanceof ApiError && error.details.some((d) => d.field.startsWith("services")),
        }}
        searchQuery={selection.searchQuery}
        onRetry={code === "network" || code === "booking_failed" ? () => void prepaid.refetch() : undefined}
      />
    );
  }
  if (privacy.isError)
    return (
      <BookingProblem
        problem={{ code: "network" }}
        searchQuery={selection.searchQuery}
        onRetry={() => void privacy.refetch()}
      />
    );
  return <CheckoutForm selection={selection} prepaid={prepaid.data} policies={privacy.data.policies} />;
}

function CheckoutForm(props: {
  selection: Selection;
  prepaid: PrepaidCheckResponse;
  policies: CustomPrivacyResponse["policies"];
}) {
  const { selection, prepaid, policies } = props;
  const { slots, search } = selection;
  const { t } = useTranslation(["checkout", "errors"]);
  const { ids, hotel } = useHotel();
  const tradeUser = useTrade()?.user ?? null;
  const navigate = useNavigateTo();
  const formatPrice = useFormatPrice();
  const settings = hotel.settings as Record<string, unknown>;
  const context = useRef<CheckoutContext>(null as unknown as CheckoutContext);
  context.current = {
    arrival: search.arrival,
    slots,
    settings: {
      addressMandatory: settings.addressMandatory === true,
      cityMandatory: settings.cityMandatory === true,
      guestsMandatory: hotel.guestsMandatory,
      mandatoryPrivacyIds: policies.filter((p) => p.mandatory).map((p) => p.id),
    },
    trade: tradeUser !== null,
    cardEntry: cardEntryOf(hotel.gateway),
  };
  const form = useForm<CheckoutValues>({
    defaultValues: defaultValues({
      slots,
      policies,
      paymentMethods: prepaid.paymentMethods,
      dialCode: defaultDialCode(languageOf(ids.language).text),
      ...(tradeUser ? { agency: agencyValuesOf(tradeUser) } : {}),
    }),
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
    if (error.code === "invalid_input" && error.details.length > 0) {
      let mapped = 0;
      let services = false;
      for (const detail of error.details) {
        const path = toFormPath(detail.field, values);
        if (path) {
          form.setError(path as never, { type: "server", message: messageCode(detail.message) });
          mapped++;
        } else if (detail.field.startsWith("services")) services = true;
      }
      if (mapped > 0) setShowSummary(true);
      if (mapped === error.details.length) {
        setProblem(null);
        focusNext.current = "summary";
        return;
      }
      showProblem({ code: "invalid_input", services });
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
    const booking = bookingPayload(values, {
      ...selection,
      guestsMandatory: hotel.guestsMandatory,
      expectedTotal: prepaid.total,
      trade: tradeUser !== null,
      cardEntry: context.current.cardEntry,
    });
    // The landing's metasearch and campaign references (ADR 0041).
    const tracking = currentAttribution();
    const payload = tracking ? { ...booking, tracking } : booking;
    try {
      const answer = await confirmBooking(payload, idempotencyKeyFor(storage, selection.scope));
      forgetIdempotencyKey(storage);
      // The voucher that follows reports this purchase once.
      markPurchase(answer.reservation.code);
      if (answer.next === "3ds" && answer.redirectUrl) {
        // The gateway's challenge page brings the guest back to the 3-D Secure return page.
        window.location.assign(answer.redirectUrl);
        return;
      }
      storage?.removeItem(ROOMS_STORAGE_KEY);
      storage?.removeItem(SERVICES_STORAGE_KEY);
      navigate(href("voucher", { ...ids, code: answer.reservation.code, email: answer.reservation.email }));
      return;
    } catch (err) {
      // A fetch that never got an answer: the same key goes with the retry, so it cannot book twice.
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

  return (
    <div className="checkout-layout">
      <aside className="checkout-layout__summary">
        <BookingSummary search={search} slots={slots} services={selection.services} prepaid={prepaid} />
        {tradeUser ? <OptionHold method={method} /> : null}
        <p className="summary-back">
          <AppLink to={href("services", ids, selection.searchQuery)}>{t("summary.changeServices")}</AppLink>
        </p>
      </aside>
      <FormProvider {...form}>
        <form
          className="checkout-form"
          noValidate
          aria-labelledby="checkout-form-title"
          onSubmit={form.handleSubmit(onValid, onInvalid)}
        >
          <h2 id="checkout-form-title" className="visually-hidden">
            {t("formTitle")}
          </h2>
          {problem ? (
            <BookingProblem
              ref={problemRef}
              problem={problem}
              searchQuery={selection.searchQuery}
              toPayment={{ card: isCardPayment(method), go: toPaymentForm }}
            />
          ) : null}
          {showSummary && errors.length > 0 ? (
            <ErrorSummary ref={summaryRef} errors={errors} labelOf={labelOf} />
          ) : null}
          <p className="muted section-note">{t("requiredNote")}</p>
          <BookerSection
            addressMandatory={context.current.settings.addressMandatory}
            cityMandatory={context.current.settings.cityMandatory}
          />
          {tradeUser ? <AgencySection /> : null}
          <GuestsSection slots={slots} mandatory={hotel.guestsMandatory} />
          <InvoiceSection
            copyAgency={
              tradeUser ? { label: <CopyAgencyLabel />, render: () => <CopiedInvoice /> } : undefined
            }
          />
          <ConsentsSection policies={policies} refundChosen={refundChosen(slots)} />
          <PaymentSection prepaid={prepaid} returnPath={returnPath} onCard={onCard} />
          <div className="submit-bar">
            <p className="submit-bar__total">
              <span>{t("summary.total")}</span>{" "}
              <strong>{formatPrice(prepaid.total, prepaid.currency)}</strong>
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
                  {t("submit.sending")}
                </>
              ) : payNow ? (
                t("submit.pay", { amount: formatPrice(prepaid.dueNow, prepaid.currency) })
              ) : isCardPayment(method) && method === "pre_authorisation" ? (
                t("submit.authorise")
              ) : (
                t("submit.book")
              )}
            </button>
            <p className="visually-hidden" role="status">
              {sending ? t("submit.sending") : ""}
            </p>
          </div>
        </form>
      </FormProvider>
    </div>
  );
}
