import { useTranslation } from "react-i18next";
import { useTrade } from "./trade-context";

/**
 * On a trade channel without a login: the search shows the prices any visitor may see (the server prices
 * for the session's customer only, ADR 0029) and says how to see the trade ones.
 */
export function TradePricesNotice() {
  const { t } = useTranslation("trade");
  const trade = useTrade();
  if (!trade || trade.user) return null;
  return (
    <section className="trade-prices-notice" aria-label={t("prices.label")}>
      <p>{t("prices.loginToSee")}</p>
      <button type="button" className="button" aria-haspopup="dialog" onClick={trade.openLogin}>
        {t("header.login")}
      </button>
    </section>
  );
}
