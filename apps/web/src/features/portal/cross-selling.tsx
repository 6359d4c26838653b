import type { PortalHotel } from "@alloggio/domain/contract/portal/avail-channel-check";
import { memo, useDeferredValue, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useGrowingCount } from "../../lib/use-growing-count";
import { AppLink } from "../../ui/app-link";
import { useHotel } from "../hotel/hotel-context";
import { useSearchState } from "../search/search-state";
import { toPortalParams, useAvailChannelCheck } from "./api/use-avail-channel-check";
import { HotelPrice } from "./components/hotel-status";
import { roomsHrefOf } from "./rooms-href";
import "./portal.css";

/**
 * Cross-selling (SPEC §1): the other properties of the group with availability for the same search, with their
 * lowest price and a way into their rooms, the search kept. Nothing shows when there are none.
 */
/** Cards rendered per step (useGrowingCount): each step's commit and layout stays a short task (4: ADR 0059). */
const STEP = 4;

export default function CrossSelling() {
  const { t } = useTranslation("portal");
  const { ids, hotel } = useHotel();
  const [search] = useSearchState();
  const params = useMemo(() => toPortalParams(ids, search), [ids, search]);
  // The group's hotels may be a hundred cards: rendered in the background, in slices, after the answer (ADR 0046).
  const data = useDeferredValue(useAvailChannelCheck(params).data);
  const free = (data?.hotels ?? []).filter((h) => h.id !== hotel.id && h.available);
  // Cheapest first when the prices can be compared (one currency); otherwise the group's order.
  const others =
    new Set(free.map((h) => h.currency)).size <= 1
      ? [...free].sort((a, b) => (a.minTotal ?? 0) - (b.minTotal ?? 0))
      : free;
  // A hundred cards in one commit and one layout was a long task of its own: they come a few at a time (ADR 0054).
  const shown = useGrowingCount(data, others.length, STEP);
  if (others.length === 0) return null;
  return (
    <section className="cross-selling" aria-labelledby="cross-selling-title">
      <h2 id="cross-selling-title">{t("crossSelling.title")}</h2>
      <p className="muted">{t("crossSelling.intro")}</p>
      <ul className="cross-selling__list">
        {others.slice(0, shown).map((h) => (
          <CrossSellingCard
            key={h.id}
            hotel={h}
            nights={data?.nights ?? 1}
            href={roomsHrefOf(h.id, ids, search)}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * One hotel's card. Memoised: a step of the list renders its new cards only, not again every card before them
 * (a hundred cards cost their renders 6 times over; ADR 0058).
 */
const CrossSellingCard = memo(function CrossSellingCard({
  hotel,
  nights,
  href,
}: {
  hotel: PortalHotel;
  nights: number;
  href: string;
}) {
  const { t } = useTranslation("portal");
  return (
    <li className="card cross-selling__item">
      <h3 className="cross-selling__name">{hotel.name}</h3>
      <p className="muted">{hotel.city}</p>
      <HotelPrice hotel={hotel} nights={nights} />
      <AppLink className="button button--secondary" to={href}>
        {t("seeRooms")}
        <span className="visually-hidden"> {t("atHotel", { hotel: hotel.name })}</span>
      </AppLink>
    </li>
  );
});
