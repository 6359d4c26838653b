import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CookieNotice, findCookiePolicyUrl } from "../global/cookie-notice";
import { useHotel } from "../hotel/hotel-context";
import { ConsentDialog } from "./consent-dialog";
import { useConsentUi } from "./consent-ui";
import { useChannelConsent } from "./use-channel-consent";
import { ACCEPT_ALL, REJECT_ALL, useDecide } from "./use-decide";
import "./consent.css";

/**
 * The top of a hotel page (ADR 0040): the consent banner while a channel with something optional waits for
 * the guest's choice, else today's cookie notice; and the "Choose" dialog when opened. In the page's flow (ADR 0022).
 */
export function ConsentNotice() {
  const state = useChannelConsent();
  const ui = useConsentUi();
  let top: ReactNode = null;
  if (!state.manager) top = <CookieNotice />;
  else if (state.stored === null) top = <ConsentBanner />;
  return (
    <>
      {top}
      {ui.isOpen ? <ConsentDialog /> : null}
    </>
  );
}

/** Accept all, Reject all (equally prominent: same style, same size) and Choose, with the cookie policy link. */
export function ConsentBanner() {
  const { t } = useTranslation("consent");
  const { hotel, channel } = useHotel();
  const state = useChannelConsent();
  const decide = useDecide(state);
  const ui = useConsentUi();
  const url = findCookiePolicyUrl(hotel, channel);
  return (
    <section className="consent-banner" aria-label={t("banner.region")}>
      <p className="consent-banner__text">
        {t("banner.text")}{" "}
        {url ? (
          <a href={url} target="_blank" rel="noopener">
            {t("banner.policy")}
            <span className="visually-hidden">{t("newTab")}</span>
          </a>
        ) : null}
      </p>
      <div className="consent-banner__actions">
        <button type="button" className="button consent-banner__choice" onClick={() => decide(ACCEPT_ALL)}>
          {t("banner.acceptAll")}
        </button>
        <button type="button" className="button consent-banner__choice" onClick={() => decide(REJECT_ALL)}>
          {t("banner.rejectAll")}
        </button>
        <button
          type="button"
          className="button button--secondary consent-banner__choice"
          aria-haspopup="dialog"
          onClick={(event) => ui.open(event.currentTarget)}
        >
          {t("banner.choose")}
        </button>
      </div>
    </section>
  );
}
