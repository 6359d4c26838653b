import { type ReactNode, Suspense, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { href } from "../../app/routes";
import { AppLink } from "../../ui/app-link";
import { HeaderFrame } from "../../ui/header-frame";
import { PageSkeleton } from "../../ui/page-skeleton";
import { useHotelList } from "../boot/api/use-hotel-list";
import { LanguageSwitcher } from "../global/language-switcher";
import { OfflineDialog } from "../hotel/components/offline-dialog";
import { HotelContext, type HotelContextValue } from "../hotel/hotel-context";
import { usePageLanguage } from "../hotel/use-hotel-value";
import { useThirdPartyScripts } from "../tracking/use-third-party-scripts";

export type PortalIds = { channel: number; language: number };

/** The group's largest room: what the guests picker may allow when any of its hotels could take the guests. */
function largestOf(hotels: HotelContextValue["hotel"][]): HotelContextValue["hotel"]["largestRoom"] {
  const rooms = hotels.flatMap((h) => (h.largestRoom ? [h.largestRoom] : []));
  if (rooms.length === 0) return null;
  return {
    maxAdults: Math.max(...rooms.map((r) => r.maxAdults)),
    maxGuests: Math.max(...rooms.map((r) => r.maxGuests)),
  };
}

/**
 * Portal mode (/channel/:channel/language/:language): the channel's hotels, its branding and texts. The search bar
 * needs a hotel context; here it is the group's: the first hotel's time zone and currency, no age groups of its own
 * (every child is kept as a child, SPEC §5), and no single hotel's calendar.
 */
export function PortalShell({ ids, children }: { ids: PortalIds; children: ReactNode }) {
  const { t } = useTranslation("portal");
  const language = usePageLanguage(ids.language);
  const list = useHotelList({ channel: ids.channel, language: ids.language });

  const value = useMemo<HotelContextValue | null>(() => {
    const first = list.data?.hotels[0];
    if (!list.data || !first) return null;
    const { channel } = list.data;
    return {
      hotel: {
        ...first,
        name: channel.branding?.pageTitle ?? channel.name,
        ageGroup: [],
        largestRoom: largestOf(list.data.hotels),
      },
      channel,
      ids: { hotel: first.id, channel: ids.channel, language: ids.language },
      locale: language.locale,
      portal: true,
    };
  }, [list.data, ids.channel, ids.language, language.locale]);

  // The channel's third-party scripts on the portal's pages too, with consent (ADR 0041).
  useThirdPartyScripts(value?.channel ?? null, ids.language);

  useEffect(() => {
    if (!value) return;
    document.title = t("pageTitle", { name: value.hotel.name });
    const root = document.documentElement.style;
    root.setProperty("--color-primary", value.channel.colors.primary);
    root.setProperty("--color-secondary", value.channel.colors.secondary);
  }, [value, t]);

  if (list.isError || (list.data && !value)) {
    console.error("portal failed to load", list.error);
    return <OfflineDialog />;
  }
  if (!value) return <PageSkeleton />;
  return (
    <HotelContext.Provider value={value}>
      <HeaderFrame
        skipLabel={t("skip")}
        brand={value.hotel.name}
        navLabel={t("navigation")}
        nav={
          <>
            <AppLink to={href("portalHotelList", ids)}>{t("allProperties")}</AppLink>
            <AppLink to={href("portalRecover", ids)}>{t("myBooking")}</AppLink>
          </>
        }
        tools={<LanguageSwitcher />}
      />
      <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
    </HotelContext.Provider>
  );
}
