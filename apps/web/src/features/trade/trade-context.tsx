import { createContext, lazy, type ReactNode, Suspense, useContext } from "react";
import { useHotel } from "../hotel/hotel-context";
import type { TradeSession, TradeSessionState } from "./trade-session";

// Only what every page needs to ask "is there a trade login here?": the session, its dialogs, header and notices
// load on a trade channel only, so the guest pages of a direct channel carry none of them.
const TradeChannel = lazy(() => import("./trade-channel"));
/** On a direct channel linked to a trade channel: the offer to open the trade engine (SPEC §2, ADR 0033). */
const DirectTradeRedirect = lazy(() => import("./direct-trade"));

export type TradeContextValue = TradeSessionState & {
  session: TradeSession;
  /** Opens the login dialog (the header's "Agency login", the search's "log in to see trade prices"). */
  openLogin: () => void;
};

export const TradeContext = createContext<TradeContextValue | null>(null);

/** The trade login of the page: null on a direct channel (no trade login there). */
export function useTrade(): TradeContextValue | null {
  return useContext(TradeContext);
}

/** On a trade channel: the session of the channel, its dialogs and notices; elsewhere only the children. */
export function TradeProvider({ children }: { children: ReactNode }) {
  const { channel } = useHotel();
  return channel.trade ? (
    <Suspense fallback={null}>
      <TradeChannel>{children}</TradeChannel>
    </Suspense>
  ) : (
    <>
      {children}
      {channel.tradeAssociated ? (
        <Suspense fallback={null}>
          <DirectTradeRedirect />
        </Suspense>
      ) : null}
    </>
  );
}

const Header = lazy(() => import("./trade-header").then((m) => ({ default: m.TradeHeader })));
const Notices = lazy(() => import("./trade-notice").then((m) => ({ default: m.TradeNotices })));
const PricesNotice = lazy(() =>
  import("./trade-prices-notice").then((m) => ({ default: m.TradePricesNotice })),
);

/** A trade part of a page, loaded only where there is a trade login to show. */
function OnTrade({ children }: { children: ReactNode }) {
  return useTrade() ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The header's "Agency login" or the agency's name with "Log out". */
export const TradeHeaderSlot = () => (
  <OnTrade>
    <Header />
  </OnTrade>
);
/** Why the page logged the trade user out. */
export const TradeNoticesSlot = () => (
  <OnTrade>
    <Notices />
  </OnTrade>
);
/** "Log in to see trade prices" on the search. */
export const TradePricesNoticeSlot = () => (
  <OnTrade>
    <PricesNotice />
  </OnTrade>
);
