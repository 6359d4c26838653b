import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { TEXT_CODES } from "../i18n/i18n";
import { AppLink, useNavigateTo } from "../ui/app-link";
import { boPost } from "./api";
import { ChatUnreadBadge } from "./chat/chat-badge";
import { useBoLanguage } from "./language";
import { GROUP_NAV, HOTEL_NAV, navFor } from "./nav";
import { boHref } from "./routes";
import { useStaff } from "./staff";
import { TradePendingBadge } from "./trade/trade-badge";

/** The hotel of the current path (`/admin/hotel/:hotel/…`), or the user's first. */
export function useCurrentHotel(): number | null {
  const staff = useStaff();
  const [location] = useLocation();
  const match = /^\/admin\/hotel\/(\d+)/.exec(location);
  if (match) return Number(match[1]);
  return staff.hotels[0]?.id ?? null;
}

/** The frame of every signed-in page: header (hotel, language, account), menu, content. Nothing is fixed. */
export function BoLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation("bo");
  const staff = useStaff();
  const hotelId = useCurrentHotel();
  const [location] = useLocation();
  const navigate = useNavigateTo();
  const queryClient = useQueryClient();
  const [language, setLanguage] = useBoLanguage();
  const signOut = useMutation({
    mutationFn: () => boPost("sign-out"),
    onSettled: () => {
      queryClient.clear();
      navigate(boHref("boSignIn", {}), { replace: true });
    },
  });

  const switchHotel = (next: string) => {
    const path = location.replace(/^\/admin\/hotel\/\d+(\/[^/]+)?.*$/, `/admin/hotel/${next}$1`);
    navigate(path.startsWith("/admin/hotel/") ? path : boHref("boReservations", { hotel: next }));
  };
  const hotelItems = hotelId === null ? [] : navFor(staff.role, HOTEL_NAV);
  const groupItems = navFor(staff.role, GROUP_NAV);
  const isCurrent = (to: string) => location === to || location.startsWith(`${to}/`);

  return (
    <div className="bo">
      <a className="skip-link" href="#bo-main">
        {t("skip")}
      </a>
      <header className="bo-header">
        <span className="bo-brand">{t("product")}</span>
        {staff.hotels.length > 1 && hotelId !== null ? (
          <label className="bo-hotel-picker">
            <span className="visually-hidden">{t("hotel")}</span>
            <select name="hotel" value={hotelId} onChange={(e) => switchHotel(e.target.value)}>
              {staff.hotels.map((h) => (
                <option key={h.id} value={h.id}>
                  {h.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <span className="bo-hotel-name">{staff.hotels.find((h) => h.id === hotelId)?.name}</span>
        )}
        <div className="bo-user">
          <label>
            <span className="visually-hidden">{t("language")}</span>
            <select name="language" value={language} onChange={(e) => setLanguage(e.target.value)}>
              {TEXT_CODES.map((code) => (
                <option key={code} value={code}>
                  {t(`languages.${code}`)}
                </option>
              ))}
            </select>
          </label>
          <AppLink to={boHref("boAccount", {})}>{staff.name || staff.email}</AppLink>
          <button type="button" className="bo-link-button" onClick={() => signOut.mutate()}>
            {t("signOut")}
          </button>
        </div>
      </header>
      <nav className="bo-nav" aria-label={t("menu")}>
        <ul>
          {hotelItems.map((item) => {
            const to = boHref(item.route, { hotel: hotelId ?? 0, ...item.params } as never);
            const base = item.route === "boCatalogue" ? to.replace(/\/[^/]+$/, "") : to;
            return (
              <li key={item.key}>
                <AppLink to={to} aria-current={isCurrent(base) ? "page" : undefined}>
                  {t(`nav.${item.key}`)}
                  {item.key === "chat" && hotelId !== null ? <ChatUnreadBadge hotel={hotelId} /> : null}
                </AppLink>
              </li>
            );
          })}
          {groupItems.map((item) => {
            const to = boHref(item.route, {} as never);
            return (
              <li key={item.key}>
                <AppLink to={to} aria-current={isCurrent(to) ? "page" : undefined}>
                  {t(`nav.${item.key}`)}
                  {item.key === "trade" ? <TradePendingBadge /> : null}
                </AppLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <main id="bo-main" className="bo-main" tabIndex={-1}>
        <Suspense fallback={<p className="muted">{t("loading")}</p>}>{children}</Suspense>
      </main>
    </div>
  );
}
