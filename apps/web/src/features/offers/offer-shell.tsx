import { type ReactNode, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { href } from "../../app/routes";
import { AppLink } from "../../ui/app-link";
import { HeaderFrame } from "../../ui/header-frame";
import { PageSkeleton } from "../../ui/page-skeleton";
import "../global/header-tools.css";
import { LanguageSelect } from "../global/language-switcher";
import { OfflineDialog } from "../hotel/components/offline-dialog";
import { HotelContext } from "../hotel/hotel-context";
import { useHotelValue } from "../hotel/use-hotel-value";

export type OfferIds = { hotel: number; channel: number; language: number };

/**
 * The frame of the offer pages, which live outside the hotel's URL: the hotel, channel and language come from the
 * offer (ADR 0036). It wears the channel's branding and the hotel's header like the hotel layout, and gives the
 * page the hotel context the checkout's sections read.
 */
export function OfferShell(props: { ids: OfferIds; onLanguage: (id: number) => void; children: ReactNode }) {
  const { ids } = props;
  const { t } = useTranslation("common");
  const { query, value } = useHotelValue(ids);

  useEffect(() => {
    if (!value) return;
    const { channel, hotel } = value;
    document.title = channel.branding?.pageTitle ?? hotel.name;
    const root = document.documentElement.style;
    root.setProperty("--color-primary", channel.colors.primary);
    root.setProperty("--color-secondary", channel.colors.secondary);
  }, [value]);

  if (query.isError || (query.data && !value)) {
    console.error("hotel failed to load", query.error);
    return <OfflineDialog />;
  }
  if (!value) return <PageSkeleton />;
  const site = typeof value.hotel.settings.website === "string" ? value.hotel.settings.website : null;
  return (
    <HotelContext.Provider value={value}>
      <HeaderFrame
        skipLabel={t("header.skip")}
        brand={value.hotel.name}
        navLabel={t("header.navigation")}
        nav={
          <>
            {site ? <a href={site}>{t("header.backToSite")}</a> : null}
            <AppLink to={href("recover", ids)}>{t("header.myBooking")}</AppLink>
          </>
        }
        // The offer's own language, or the one the guest picked (kept in the URL's `?language=`).
        tools={<LanguageSelect language={ids.language} onLanguage={props.onLanguage} />}
      />
      <Suspense fallback={<PageSkeleton />}>{props.children}</Suspense>
    </HotelContext.Provider>
  );
}
