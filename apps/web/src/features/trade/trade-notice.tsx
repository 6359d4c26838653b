import { useTranslation } from "react-i18next";
import { useTrade } from "./trade-context";

/**
 * Why the page logged the trade user out by itself (SPEC §4, §8): 60 minutes passed, the server no longer knows
 * the login, or the user is not enabled here (SPEC §6's message). Announced, in the page's flow, until dismissed.
 */
export function TradeNotices() {
  const { t } = useTranslation(["trade", "errors"]);
  const trade = useTrade();
  if (!trade?.notice) return null;
  const text =
    trade.notice === "trade_not_enabled" ? t("errors:trade_not_enabled") : t(`trade:notice.${trade.notice}`);
  return (
    <div className="trade-notice" role="alert">
      <p>{text}</p>
      <div className="trade-notice__actions">
        <button type="button" className="button" onClick={trade.openLogin}>
          {t("trade:header.login")}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => trade.session.dismissNotice()}
        >
          {t("trade:notice.dismiss")}
        </button>
      </div>
    </div>
  );
}
