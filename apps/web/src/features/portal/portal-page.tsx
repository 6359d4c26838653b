import type { PortalHotel } from "@alloggio/domain/contract/portal/avail-channel-check";
import { nextHotels, PORTAL_HOTELS_AT_ONCE } from "@alloggio/domain/portal/hotels-at-once";
import {
  memo,
  type RefObject,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearch } from "wouter";
import { href } from "../../app/routes";
import { formatDay } from "../../lib/format";
import { useHotelList } from "../boot/api/use-hotel-list";
import { useHotel } from "../hotel/hotel-context";
import { SearchBar } from "../search/components/search-bar";
import { useSearchState } from "../search/search-state";
import { toPortalParams, useAvailChannelCheck } from "./api/use-avail-channel-check";
import { useDestinations } from "./api/use-destinations";
import { CompareTable } from "./components/compare-table";
import { type ListedHotel, PortalHotelCard } from "./components/portal-hotel-card";
import { PropertyPicker } from "./components/property-picker";
import { PortalShell } from "./portal-shell";
import { roomsHrefOf } from "./rooms-href";
import "./portal.css";

/** The most hotels compared side by side. */
export const MAX_COMPARED = 3;

function parseHotels(value: string | undefined): number[] {
  if (!value) return [];
  return value
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

type ShownHotel = { hotel: PortalHotel | ListedHotel; names: string[] };

/**
 * The list's cards. Rendered again only when what they show changes, and, fed a deferred list, in React's
 * background render, which yields to the browser: the cards that the prices reorder, or the next ones a guest asks
 * for, come without one long task (ADR 0085). The first newly shown card takes the focus once it is there, so that
 * keyboard and screen-reader users keep their place.
 */
const PortalHotelCards = memo(function PortalHotelCards({
  items,
  nights,
  compared,
  onCompare,
  roomsOf,
  focusAt,
}: {
  items: readonly ShownHotel[];
  nights: number;
  compared: readonly number[];
  onCompare: (hotel: number, on: boolean) => void;
  roomsOf: (hotel: number) => string;
  focusAt: RefObject<number | null>;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const at = focusAt.current;
    if (at === null || at >= items.length) return;
    focusAt.current = null;
    listRef.current?.children[at]?.querySelector<HTMLElement>(".portal-hotel__name a")?.focus();
  }, [items, focusAt]);
  return (
    <ul className="portal-list" ref={listRef}>
      {items.map(({ hotel: h, names }, index) => (
        <li key={h.id}>
          <PortalHotelCard
            first={index === 0}
            hotel={h}
            nights={nights}
            destinationNames={names}
            roomsHref={roomsOf(h.id)}
            compared={compared.includes(h.id)}
            onCompare={(on) => onCompare(h.id, on)}
          />
        </li>
      ))}
    </ul>
  );
});

function PortalHotelList() {
  const { t } = useTranslation("portal");
  const { ids, locale } = useHotel();
  const [search] = useSearchState();
  // Nothing searched yet: a hotel's rooms open on their own defaults, without a query.
  const searched = useSearch() !== "";
  const roomsOf = useCallback(
    (hotel: number) => (searched ? roomsHrefOf(hotel, ids, search) : href("rooms", { ...ids, hotel })),
    [searched, ids, search],
  );
  const destinations = useDestinations({ channel: ids.channel, language: ids.language });
  const urlHotels = useMemo(() => parseHotels(search.hotels), [search.hotels]);
  const [chosen, setChosen] = useState<number[]>(urlHotels);
  const [compared, setCompared] = useState<number[]>([]);
  const onCompare = useCallback(
    (hotel: number, on: boolean) =>
      setCompared((c) =>
        on ? [...c.filter((id) => id !== hotel), hotel].slice(-MAX_COMPARED) : c.filter((id) => id !== hotel),
      ),
    [],
  );
  const params = useMemo(() => toPortalParams(ids, search, urlHotels), [ids, search, urlHotels]);
  const result = useAvailChannelCheck(params);
  // The list's first hotels, then so many more at a guest's request (ADR 0085); a new search starts again.
  const searchKey = JSON.stringify(params);
  const [more, setMore] = useState({ searchKey, count: PORTAL_HOTELS_AT_ONCE });
  if (more.searchKey !== searchKey) setMore({ searchKey, count: PORTAL_HOTELS_AT_ONCE });
  const count = more.searchKey === searchKey ? more.count : PORTAL_HOTELS_AT_ONCE;
  const focusAt = useRef<number | null>(null);
  // While the search runs, the hotels it asks about as the list gives them (the server drew the same, ADR 0079).
  const list = useHotelList({ channel: ids.channel, language: ids.language });
  const listed = useMemo(
    () =>
      (list.data?.hotels ?? [])
        .filter((h) => urlHotels.length === 0 || urlHotels.includes(h.id))
        .map((h) => ({
          hotel: { id: h.id, name: h.name, city: h.city, image: h.images[0] ?? null },
          names: h.destinations.map((d) => d.name),
        })),
    [list.data, urlHotels],
  );

  const destinationName = useMemo(
    () => new Map((destinations.data?.destinations ?? []).map((d) => [d.id, d.name])),
    [destinations.data],
  );
  const namesOf = useCallback(
    (h: PortalHotel) => h.destinations.flatMap((d) => destinationName.get(d) ?? []),
    [destinationName],
  );
  const hotels = result.data?.hotels ?? [];
  const nights = result.data?.nights ?? 1;
  const available = hotels.filter((h) => h.available);
  const all = useMemo<readonly ShownHotel[]>(() => {
    if (!result.data) return result.isPending ? listed : [];
    const found = result.data.hotels;
    const free = found.filter((h) => h.available);
    // Cheapest first when the prices can be compared (one currency); the hotels without a price after them.
    const oneCurrency = new Set(free.map((h) => h.currency)).size <= 1;
    const ordered = oneCurrency ? [...free].sort((a, b) => (a.minTotal ?? 0) - (b.minTotal ?? 0)) : free;
    return [...ordered, ...found.filter((h) => !h.available)].map((h) => ({ hotel: h, names: namesOf(h) }));
  }, [result.data, result.isPending, listed, namesOf]);
  const shown = useMemo(() => all.slice(0, count), [all, count]);
  const cards = useDeferredValue(shown);
  const next = nextHotels(shown.length, all.length);
  const comparedHotels = compared.flatMap((id) => hotels.find((h) => h.id === id) ?? []);
  const dates = t("dates", {
    arrival: formatDay(search.arrival, locale),
    departure: formatDay(search.departure, locale),
  });

  const status = result.isPending
    ? t("status.loading")
    : result.isError
      ? t("status.error")
      : available.length === 0
        ? t("status.none")
        : t("status.found", { count: available.length, total: hotels.length, dates });

  return (
    <main className="page portal-page" id="main">
      <h1>{t("title")}</h1>
      <p className="portal-page__intro">{t("intro")}</p>
      <SearchBar
        noCalendar
        completeSearch={(next) => ({ ...next, hotels: chosen.length > 0 ? chosen.join(",") : undefined })}
        fields={
          <PropertyPicker
            destinations={destinations.data?.destinations ?? []}
            value={chosen}
            onChange={setChosen}
          />
        }
      />

      <section className="portal-results" aria-labelledby="portal-results-title">
        <h2 id="portal-results-title" className="visually-hidden">
          {t("results")}
        </h2>
        <div role="status" aria-live="polite" className="portal-results__status">
          <p className={available.length === 0 && !result.isPending ? "portal-results__none" : undefined}>
            {status}
          </p>
        </div>
        {comparedHotels.length >= 2 ? (
          <CompareTable
            hotels={comparedHotels}
            nights={nights}
            destinationNames={namesOf}
            roomsHref={(h) => roomsOf(h.id)}
            onRemove={(h) => setCompared((c) => c.filter((id) => id !== h.id))}
          />
        ) : comparedHotels.length === 1 ? (
          <p className="muted portal-results__hint">{t("compare.hint")}</p>
        ) : null}
        {result.isPending && listed.length === 0 ? (
          <div className="skeleton portal-results__skeleton" />
        ) : (
          <PortalHotelCards
            items={cards}
            nights={nights}
            compared={compared}
            onCompare={onCompare}
            roomsOf={roomsOf}
            focusAt={focusAt}
          />
        )}
        {next ? (
          <div className="portal-results__more">
            <p className="muted">{t("more.shown", { count: all.length, shown: shown.length })}</p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                focusAt.current = shown.length;
                setMore({ searchKey, count: shown.length + next.count });
              }}
            >
              {t(next.last ? "more.last" : "more.next", { count: next.count })}
            </button>
          </div>
        ) : null}
      </section>
    </main>
  );
}

/** portalHotelList: one search across the group, each hotel with its lowest price or why none, compare, rooms. */
export default function PortalPage() {
  const params = useParams<{ channel: string; language: string }>();
  const ids = { channel: Number(params.channel), language: Number(params.language) || 1 };
  return (
    <PortalShell ids={ids}>
      <PortalHotelList />
    </PortalShell>
  );
}
