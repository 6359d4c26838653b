import { chosenRooms, type GuestRoom } from "@alloggio/domain/occupancy/occupancy";
import { Search } from "lucide-react";
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../../lib/format";
import { useHotel } from "../../hotel/hotel-context";
import { type SearchState, useSearchState } from "../search-state";
import { type DateRange, DateRangePicker } from "./date-range-picker";
import { GuestsManager } from "./guests-manager";
import { PromoCodeField } from "./promo-code-field";
import { SearchCorrections } from "./search-corrections";
import "./search-bar.css";

// The quote form (and react-hook-form) load only when a guest asks for a quote.
const QuoteRequestForm = lazy(() => import("./quote-request-form"));

export type Airport = { code: string; name: string };

export type SearchBarProps = {
  /** Origin airports of a flight-included offer: the "flight need" choice shows only with them. */
  airports?: readonly Airport[] | undefined;
  /** Offer validity of a package (YYYYMMDD) for the calendar. */
  validFrom?: string | undefined;
  validTo?: string | undefined;
  /** A trade login: the calendar includes the trade-only rates. */
  login?: boolean | undefined;
  /** Portal mode: no single hotel's calendar applies. */
  noCalendar?: boolean | undefined;
  /** Fields shown before the dates (the portal's destination or property multi-select). */
  fields?: ReactNode;
  /** Adds what those fields hold to the search written on Search. */
  completeSearch?: ((next: SearchState) => SearchState) | undefined;
};

type Draft = { dates: DateRange; rooms: GuestRoom[]; promoCode: string; airport: string };

function draftOf(state: SearchState): Draft {
  return {
    dates: { arrival: state.arrival, departure: state.departure },
    rooms: state.rooms,
    promoCode: state.promoCode,
    airport: state.airport ?? "",
  };
}

/**
 * The search bar (SPEC §2): dates, guests and rooms, promo code, flight need, Search, and the quote request.
 * It starts from the search in the URL and, on Search, writes the new one there; the results follow the URL.
 */
export function SearchBar({
  airports,
  validFrom,
  validTo,
  login,
  noCalendar,
  fields,
  completeSearch,
}: SearchBarProps) {
  const { t } = useTranslation("search");
  const { locale } = useHotel();
  const [state, setState] = useSearchState();
  const [draft, setDraft] = useState(() => draftOf(state));
  const [quoteOpen, setQuoteOpen] = useState(false);
  const [missingAgeTries, setMissingAgeTries] = useState(0);
  const quoteButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  // A search started elsewhere (nearby dates, a link) replaces what is being edited.
  useEffect(() => setDraft(draftOf(state)), [state]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Every child's age must be chosen first: the guests panel opens on the missing one.
    const rooms = chosenRooms(draft.rooms);
    if (!rooms) {
      setMissingAgeTries((n) => n + 1);
      return;
    }
    const code = airports?.some((a) => a.code === draft.airport) ? draft.airport : undefined;
    const next = {
      ...state,
      ...draft.dates,
      rooms,
      promoCode: draft.promoCode.trim(),
      airport: code,
    };
    setState(completeSearch ? completeSearch(next) : next);
  };

  const adults = draft.rooms.reduce((sum, room) => sum + room.adults, 0);
  const children = draft.rooms.reduce((sum, room) => sum + room.ages.length, 0);
  const guests = {
    adults: t("guests.adultCount", { count: adults }),
    children: t("guests.childCount", { count: children }),
    rooms: t("guests.roomCount", { count: draft.rooms.length }),
  };
  const stay = t("quote.stay", {
    dates: t("dates.range", {
      arrival: formatDay(draft.dates.arrival, locale),
      departure: formatDay(draft.dates.departure, locale),
    }),
    guests: children ? t("guests.summary", guests) : t("guests.summaryNoChildren", guests),
  });

  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: the search landmark on the form itself, as WAI-ARIA shows it */}
      <form className="search-bar" role="search" aria-label={t("bar.label")} onSubmit={submit} noValidate>
        {fields}
        <DateRangePicker
          value={draft.dates}
          onChange={(dates) => setDraft((d) => ({ ...d, dates }))}
          validFrom={validFrom}
          validTo={validTo}
          login={login}
          noCalendar={noCalendar}
        />
        <GuestsManager
          value={draft.rooms}
          onChange={(rooms) => setDraft((d) => ({ ...d, rooms }))}
          missingAgeTries={missingAgeTries}
        />
        <PromoCodeField
          value={draft.promoCode}
          onChange={(promoCode) => setDraft((d) => ({ ...d, promoCode }))}
        />
        {airports?.length ? (
          <div className="search-field search-field--flight">
            <label className="search-field__label" htmlFor={`${id}-airport`}>
              {t("bar.flight")}
            </label>
            <select
              id={`${id}-airport`}
              className="search-field__input"
              value={draft.airport}
              onChange={(event) => setDraft((d) => ({ ...d, airport: event.target.value }))}
            >
              <option value="">{t("bar.noFlight")}</option>
              {airports.map((airport) => (
                <option key={airport.code} value={airport.code}>
                  {t("bar.airport", { name: airport.name, code: airport.code })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="search-bar__actions">
          <button type="submit" className="button search-bar__submit">
            <Search aria-hidden="true" size={20} />
            {t("bar.submit")}
          </button>
          <button
            ref={quoteButton}
            type="button"
            className="button button--secondary search-bar__quote"
            aria-haspopup="dialog"
            onClick={() => setQuoteOpen(true)}
          >
            {t("bar.quote")}
          </button>
        </div>
      </form>
      <SearchCorrections />
      {quoteOpen ? (
        <Suspense fallback={null}>
          <QuoteRequestForm
            stay={stay}
            onClose={() => {
              setQuoteOpen(false);
              quoteButton.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
