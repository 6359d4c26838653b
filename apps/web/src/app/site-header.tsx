import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { SiteChatButton } from "../features/chat/site-chat";
import { CurrencySelector } from "../features/currency/currency-selector";
import { LanguageSwitcher } from "../features/global/language-switcher";
import { MessagingButton } from "../features/global/messaging-button";
import { HotelInfoButton } from "../features/hotel/components/hotel-info-button";
import { useHotel } from "../features/hotel/hotel-context";
import { TradeHeaderSlot } from "../features/trade/trade-context";
import { AppLink } from "../ui/app-link";
import { HeaderFrame } from "../ui/header-frame";
import { href } from "./routes";

/**
 * Header (SPEC §2): back to site, offers, my booking; the hotel's messaging link among its tools (ADR 0022); on a
 * trade channel the agency's login or name.
 */
export function SiteHeader() {
  const { t } = useTranslation("common");
  const { hotel, ids } = useHotel();
  const site = typeof hotel.settings.website === "string" ? hotel.settings.website : null;
  return (
    <HeaderFrame
      skipLabel={t("header.skip")}
      brand={hotel.name}
      navLabel={t("header.navigation")}
      nav={
        <>
          {site ? <a href={site}>{t("header.backToSite")}</a> : null}
          <AppLink to={href("packages", ids)}>{t("header.offers")}</AppLink>
          <AppLink to={href("recover", ids)}>{t("header.myBooking")}</AppLink>
        </>
      }
      tools={
        <Suspense fallback={null}>
          <TradeHeaderSlot />
          <HotelInfoButton />
          <MessagingButton />
          <SiteChatButton />
          <LanguageSwitcher />
          <CurrencySelector />
        </Suspense>
      }
    />
  );
}
