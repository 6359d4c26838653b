import { lazy, memo, Suspense, useDeferredValue } from "react";
import { useTranslation } from "react-i18next";
import { useHotel } from "../hotel/hotel-context";
import { SearchBar } from "../search/components/search-bar";
import { useSearchFlow } from "../search/use-search-flow";
import { TradePricesNoticeSlot, useTrade } from "../trade/trade-context";
import { RoomResults } from "./components/room-results";
import { Stepper } from "./components/stepper";

// Cross-selling: the group's other properties free for the same search, loaded on demand.
const CrossSelling = lazy(() => import("../portal/cross-selling"));

// The results render from a deferred copy of the search flow: at transition priority, in slices the browser can
// interrupt, instead of one long task when the answer comes in (ADR 0051). Memoised, so the urgent render that
// carries the new answer skips them; the flow is one object per state (useSearchFlow), so nothing restarts it.
const DeferredResults = memo(RoomResults);

/** Room search and results: the search bar, the booking steps, rooms and rates per slot, the no-availability page. */
export function RoomsPage() {
  const { t } = useTranslation("rooms");
  const { hotel } = useHotel();
  const flow = useSearchFlow();
  const shown = useDeferredValue(flow);
  const trade = useTrade();
  return (
    <main className="page rooms-page" id="main">
      <h1 className="visually-hidden">{t("title", { hotel: hotel.name })}</h1>
      {/* search bar */}
      <SearchBar login={Boolean(trade?.user)} />
      <Stepper current="rooms" />
      <TradePricesNoticeSlot />
      <DeferredResults flow={shown} />
      {flow.roomSearched ? (
        <Suspense fallback={null}>
          <CrossSelling />
        </Suspense>
      ) : null}
    </main>
  );
}
