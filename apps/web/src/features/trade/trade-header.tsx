import { Building2, ListChecks, LogIn, LogOut } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { href } from "../../app/routes";
import { AppLink } from "../../ui/app-link";
import { useHotel } from "../hotel/hotel-context";
import { useTrade } from "./trade-context";

/**
 * The header's trade part (SPEC §4), on a trade channel only: "Agency login", or the logged agency's name
 * with "Log out" and "My reservations" — on a phone one row, the two as icons keeping their names.
 */
export function TradeHeader() {
  const { t } = useTranslation(["trade", "agency"]);
  const trade = useTrade();
  const { ids } = useHotel();
  const [leaving, setLeaving] = useState(false);
  if (!trade) return null;
  if (!trade.user)
    return (
      <button type="button" className="trade-header__button" aria-haspopup="dialog" onClick={trade.openLogin}>
        <LogIn aria-hidden="true" size={18} />
        {t("header.login")}
      </button>
    );
  const logOut = async () => {
    setLeaving(true);
    try {
      await trade.session.logOut();
    } finally {
      setLeaving(false);
    }
  };
  return (
    <div className="trade-header">
      <p className="trade-header__agency">
        <Building2 aria-hidden="true" size={18} />
        <span className="visually-hidden">{t("header.loggedAs")} </span>
        <span className="trade-header__name">{trade.user.agency.name}</span>
      </p>
      <button type="button" className="trade-header__button" onClick={() => void logOut()} disabled={leaving}>
        <LogOut aria-hidden="true" size={18} />
        <span className="trade-header__label">{t("header.logout")}</span>
      </button>
      {/* After "Log out", which the login dialog focuses as the header's first button when it closes. */}
      <AppLink className="trade-header__button" to={href("agencyReservations", ids)}>
        <ListChecks aria-hidden="true" size={18} />
        <span className="trade-header__label">{t("agency:headerLink")}</span>
      </AppLink>
    </div>
  );
}
