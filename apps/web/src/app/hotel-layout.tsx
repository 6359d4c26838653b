import { type ReactNode, Suspense, useEffect, useMemo, useRef } from "react";
import { useParams } from "wouter";
import { SiteChatWindow } from "../features/chat/site-chat";
import { ConsentNotice } from "../features/consent/consent-banner";
import { ConsentUiProvider } from "../features/consent/consent-ui";
import { SiteFooter } from "../features/consent/site-footer";
import { CurrencyProvider } from "../features/currency/currency-context";
import { WalkInPrompt } from "../features/global/walk-in-prompt";
import { OfflineDialog } from "../features/hotel/components/offline-dialog";
import { HotelContext, type HotelContextValue } from "../features/hotel/hotel-context";
import { useHotelValue } from "../features/hotel/use-hotel-value";
import { useThirdPartyScripts } from "../features/tracking/use-third-party-scripts";
import { TradeNoticesSlot, TradeProvider } from "../features/trade/trade-context";
import { PageSkeleton } from "../ui/page-skeleton";
import { SiteHeader } from "./site-header";

function useIds() {
  const params = useParams<{ hotel: string; channel: string; language: string }>();
  const hotel = Number(params.hotel);
  const channel = Number(params.channel);
  const language = Number(params.language) || 1;
  return useMemo(() => ({ hotel, channel, language }), [hotel, channel, language]);
}

/** Applies the channel's branding: page title and icon by host name, primary and secondary colors. */
function useBranding(value: HotelContextValue | null) {
  useEffect(() => {
    if (!value) return;
    const { channel, hotel } = value;
    document.title = channel.branding?.pageTitle ?? hotel.name;
    if (channel.branding?.icon) {
      let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (!link) {
        link = document.createElement("link");
        link.rel = "icon";
        document.head.append(link);
      }
      link.href = channel.branding.icon;
    }
    const root = document.documentElement.style;
    root.setProperty("--color-primary", channel.colors.primary);
    root.setProperty("--color-secondary", channel.colors.secondary);
  }, [value]);
}

/** Everything under /hotel/:hotel/channel/:channel/language/:language: the hotel, its branding, header, texts. */
export function HotelLayout({ children }: { children: ReactNode }) {
  const ids = useIds();

  // SPEC §2: when the channel or hotel in the route changes, the page reloads.
  const first = useRef(ids);
  useEffect(() => {
    if (first.current.hotel !== ids.hotel || first.current.channel !== ids.channel) window.location.reload();
  }, [ids.hotel, ids.channel]);

  const { query, value } = useHotelValue(ids);
  useBranding(value);
  // The channel's third-party scripts, with consent, never on the payment step (ADR 0041).
  useThirdPartyScripts(value?.channel ?? null, ids.language);

  if (query.isError || (query.data && !value)) {
    console.error("hotel failed to load", query.error);
    return <OfflineDialog />;
  }
  if (!value) return <PageSkeleton />;
  return (
    <HotelContext.Provider value={value}>
      <CurrencyProvider>
        {/* On a trade channel: the agency's login, kept per channel and checked every 10 s. */}
        <TradeProvider>
          {/* The consent manager (ADR 0040): the banner or cookie notice, the dialog, the footer's link. */}
          <ConsentUiProvider>
            <SiteHeader />
            {/* The site chat window, opened by the header's button: in the flow too (ADR 0022). */}
            <Suspense fallback={null}>
              <SiteChatWindow />
            </Suspense>
            <TradeNoticesSlot />
            {/* In the page's flow, never fixed over it: it cannot cover a price or a button (ADR 0022). */}
            <Suspense fallback={null}>
              <ConsentNotice />
            </Suspense>
            <Suspense fallback={<PageSkeleton />}>
              <WalkInPrompt />
              {children}
            </Suspense>
            <Suspense fallback={null}>
              <SiteFooter />
            </Suspense>
          </ConsentUiProvider>
        </TradeProvider>
      </CurrencyProvider>
    </HotelContext.Provider>
  );
}
