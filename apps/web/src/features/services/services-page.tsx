import type { ServiceAvailResponse } from "@alloggio/domain/contract/booking/service-avail";
import { sumAmounts } from "@alloggio/domain/money/amounts";
import { searchPromoCode } from "@alloggio/domain/pricing/promo";
import { beginCheckout, toEur } from "@alloggio/domain/tracking/events";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { href } from "../../app/routes";
import { formatDay } from "../../lib/format";
import { AppLink, useNavigateTo } from "../../ui/app-link";
import { CityTaxNote } from "../currency/city-tax-note";
import { useFormatPrice } from "../currency/use-format-price";
import { useHotel } from "../hotel/hotel-context";
import { Stepper } from "../rooms/components/stepper";
import { selectionTotals } from "../rooms/use-room-slots";
import { type SearchState, toSearchQuery } from "../search/search-state";
import { pushEcommerce } from "../tracking/events";
import { type ServiceAvailParams, useServiceAvailPerSlot } from "./api/use-service-avail";
import {
  type ChosenService,
  choicesFrom,
  missingCategories,
  resolveChoices,
  restoreServices,
  type ServiceChoice,
  type SlotGuests,
  saveServices,
  servicesTotal,
} from "./chosen-services";
import { CategoryGroup } from "./components/category-group";
import { NoRoomsChosen } from "./components/no-rooms-chosen";
import { type ChosenSlot, slotDates, useChosenRooms } from "./use-chosen-rooms";
import { useGuestsText } from "./use-guests-text";
import "./services.css";

const sessionStore = () => (typeof window === "undefined" ? undefined : window.sessionStorage);

/** The `serviceAvail.do` query of one slot: its room, rate, guests and dates, with the search's promo code. */
export function serviceAvailParams(
  ids: { hotel: number; channel: number; language: number },
  slot: ChosenSlot,
  search: SearchState,
): ServiceAvailParams {
  const { arrival, departure } = slotDates(slot, search);
  return {
    hotel: ids.hotel,
    channel: ids.channel,
    language: ids.language,
    arrival,
    departure,
    adults: slot.adults,
    childs: slot.ages.length,
    ages: slot.ages,
    room: slot.selectedRoom.id,
    rate: slot.selectedRate.id,
    promoCode: searchPromoCode(search),
    rlId: search.reservationLinkId,
  };
}

/** Step 2 (SPEC §2 "Extra services"): the services each chosen room may add, by category; Continue to checkout. */
export default function ServicesPage() {
  const { t } = useTranslation("services");
  const chosen = useChosenRooms();
  return (
    <main className="page services-page" id="main">
      <Stepper current="services" />
      <h1 className="booking-title">{t("title")}</h1>
      {chosen.slots ? (
        <ServicesStep
          slots={chosen.slots}
          search={chosen.search}
          scope={chosen.scope}
          roomsTotal={chosen.roomsTotal}
        />
      ) : (
        <NoRoomsChosen query={chosen.searchQuery} />
      )}
    </main>
  );
}

function ServicesStep(props: {
  slots: ChosenSlot[];
  search: SearchState;
  scope: string;
  roomsTotal: number;
}) {
  const { slots, search, scope } = props;
  const { t } = useTranslation("services");
  const { ids, hotel, locale } = useHotel();
  const navigate = useNavigateTo();
  const formatPrice = useFormatPrice();
  const guestsText = useGuestsText();
  const paramsList = useMemo(
    () => slots.map((slot) => serviceAvailParams(ids, slot, search)),
    [ids, slots, search],
  );
  const queries = useServiceAvailPerSlot(paramsList);
  const [choices, setChoices] = useState<Record<number, ServiceChoice>[]>(() => {
    const saved = restoreServices(sessionStore(), scope);
    return slots.map((_, i) => choicesFrom(saved?.slots[i]));
  });
  const [showMissing, setShowMissing] = useState(false);
  const groups = useRef(new Map<string, HTMLFieldSetElement>());

  const guestsOf = (slot: ChosenSlot): SlotGuests => ({ adults: slot.adults, children: slot.ages.length });
  const data: (ServiceAvailResponse | undefined)[] = queries.map((q) => q.data);
  const resolved: ChosenService[][] = slots.map((slot, i) =>
    resolveChoices(data[i]?.categories ?? [], choices[i] ?? {}, guestsOf(slot)),
  );
  // A mandatory category needs one service for the whole booking (SPEC §5, as the server checks it): it is
  // missing only when no room has one, and asked for on the first room.
  const missingAnywhere = missingCategories(data[0]?.categories ?? [], resolved.flat());
  const missing = slots.map((_, i) => (i === 0 ? missingAnywhere : []));
  const currency = data.find(Boolean)?.currency ?? hotel.currency;
  const extras = servicesTotal(resolved);
  const total = sumAmounts([props.roomsTotal, extras]);
  const loading = queries.some((q) => q.isPending);
  const failed = queries.some((q) => q.isError);

  const change = (slotIndex: number, serviceId: number, choice: ServiceChoice | null) =>
    setChoices((all) =>
      all.map((slotChoices, i) => {
        if (i !== slotIndex) return slotChoices;
        const next = { ...slotChoices };
        if (choice) next[serviceId] = choice;
        else delete next[serviceId];
        return next;
      }),
    );

  const onContinue = () => {
    if (loading || failed) return;
    const firstMissing = missing.findIndex((m) => m.length > 0);
    if (firstMissing >= 0) {
      setShowMissing(true);
      const category = missing[firstMissing]![0]!;
      requestAnimationFrame(() => {
        const group = groups.current.get(`${firstMissing}-${category.id}`);
        group?.focus();
        group?.scrollIntoView({ block: "start", behavior: "smooth" });
      });
      return;
    }
    saveServices(sessionStore(), { scope, currency, slots: resolved });
    // GA4 begin_checkout, before the payment boundary's reload (GTM sends it with a beacon).
    pushEcommerce(
      beginCheckout(
        slots.map((slot) => ({
          roomTypeId: slot.selectedRoom.id,
          name: slot.selectedRoom.name,
          rateName: slot.selectedRate.name,
          price: toEur(slot.selectedRate.total, currency, null),
        })),
      ),
    );
    navigate(href("checkout", ids, toSearchQuery(search)));
  };

  const dates = `${formatDay(search.arrival, locale)} – ${formatDay(search.departure, locale)}`;
  const missingCount = showMissing ? missing.reduce((n, m) => n + m.length, 0) : 0;

  return (
    <>
      <p className="booking-dates">{dates}</p>
      {slots.map((slot, i) => {
        const query = queries[i]!;
        const headingId = `services-slot-${i}`;
        return (
          <section
            key={`${slot.id}-${slot.arrival ?? ""}`}
            className="services-slot"
            aria-labelledby={headingId}
          >
            <h2 id={headingId} className="services-slot__heading">
              {t("slot.heading", {
                index: i + 1,
                total: slots.length,
                room: slot.selectedRoom.name,
                rate: slot.selectedRate.name,
              })}
            </h2>
            <p className="muted services-slot__guests">{guestsText(slot)}</p>
            {query.isPending ? (
              <div className="services-skeleton" aria-busy="true">
                <span className="visually-hidden">{t("loading")}</span>
                <div className="skeleton services-skeleton__block" />
                <div className="skeleton services-skeleton__block" />
              </div>
            ) : query.isError ? (
              <div className="card empty-state" role="alert">
                <p>{t("error")}</p>
                <button type="button" className="button" onClick={() => void query.refetch()}>
                  {t("retry")}
                </button>
              </div>
            ) : query.data.categories.every((c) => c.services.length === 0) ? (
              <p className="muted">{t("none")}</p>
            ) : (
              query.data.categories.map((category) => (
                <CategoryGroup
                  key={category.id}
                  ref={(el) => {
                    const key = `${i}-${category.id}`;
                    if (el) groups.current.set(key, el);
                    else groups.current.delete(key);
                  }}
                  id={`category-${i}-${category.id}`}
                  category={category}
                  currency={query.data.currency}
                  guests={guestsOf(slot)}
                  chosen={resolved[i] ?? []}
                  missing={showMissing && (missing[i] ?? []).some((m) => m.id === category.id)}
                  onChange={(serviceId, choice) => change(i, serviceId, choice)}
                />
              ))
            )}
          </section>
        );
      })}

      <section className="services-total card" aria-labelledby="services-total-title">
        <h2 id="services-total-title" className="visually-hidden">
          {t("total.title")}
        </h2>
        <dl className="totals" aria-live="polite">
          <div>
            <dt>{t("total.rooms")}</dt>
            <dd>{formatPrice(props.roomsTotal, currency)}</dd>
          </div>
          <div>
            <dt>{t("total.services")}</dt>
            <dd>{formatPrice(extras, currency)}</dd>
          </div>
          <div className="totals__grand">
            <dt>{t("total.total")}</dt>
            <dd>
              {formatPrice(total, currency)}{" "}
              <CityTaxNote cityTax={selectionTotals(slots, currency).cityTax} currency={currency} />
            </dd>
          </div>
        </dl>
        <p className="services-total__status" role="status">
          {missingCount > 0 ? t("missingSummary", { count: missingCount }) : loading ? t("loading") : ""}
        </p>
        <div className="services-total__actions">
          <AppLink className="button button--secondary" to={href("rooms", ids, toSearchQuery(search))}>
            {t("back")}
          </AppLink>
          <button type="button" className="button" disabled={loading || failed} onClick={onContinue}>
            {t("continue")}
          </button>
        </div>
      </section>
    </>
  );
}
