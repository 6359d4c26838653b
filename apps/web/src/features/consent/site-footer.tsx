import { useTranslation } from "react-i18next";
import { findCookiePolicyUrl } from "../global/cookie-notice";
import { useHotel } from "../hotel/hotel-context";
import { useConsentUi } from "./consent-ui";
import "./consent.css";

/** The hotel pages' small footer: "Cookie settings" opens the consent dialog at any time. */
export function SiteFooter() {
  const { t } = useTranslation("consent");
  const { hotel, channel } = useHotel();
  const ui = useConsentUi();
  const url = findCookiePolicyUrl(hotel, channel);
  return (
    <footer className="site-footer">
      <ul className="site-footer__links">
        <li>
          <button
            type="button"
            className="site-footer__link"
            data-consent-settings=""
            aria-haspopup="dialog"
            onClick={(event) => ui.open(event.currentTarget)}
          >
            {t("footer.settings")}
          </button>
        </li>
        {url ? (
          <li>
            <a className="site-footer__link" href={url} target="_blank" rel="noopener">
              {t("footer.policy")}
              <span className="visually-hidden">{t("newTab")}</span>
            </a>
          </li>
        ) : null}
      </ul>
    </footer>
  );
}
