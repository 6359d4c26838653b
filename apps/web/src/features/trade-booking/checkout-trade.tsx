import type { TradeUser } from "@alloggio/domain/contract/trade/login";
import { useTranslation } from "react-i18next";
import type { AgencyValues } from "../checkout/checkout-form";
import type { TradeContextValue } from "../trade/trade-context";

/** The booking's agency data, prefilled from the logged account (SPEC §3); the user is the contact person. */
export function agencyValuesOf(user: TradeUser): AgencyValues {
  const a = user.agency;
  return {
    fullname: a.name,
    type: a.type === 2 ? "2" : "1",
    address: a.address,
    cap: a.zip,
    city: a.city,
    country: a.country,
    mail: a.email,
    phone: a.phone,
    referentName: user.name,
    referentMail: user.email,
    vatNumber: a.vatNumber ?? "",
    iataCode: a.iataCode ?? "",
    code: "",
  };
}

/** The label of the invoice's "copy agency data" checkbox. */
export function CopyAgencyLabel() {
  const { t } = useTranslation("trade-booking");
  return <>{t("invoice.copyAgency")}</>;
}

/** On a trade channel without a trade login: booking needs one (the server answers 401 otherwise). */
export function TradeLoginRequired({ trade }: { trade: TradeContextValue }) {
  const { t } = useTranslation("trade-booking");
  return (
    <div className="card booking-empty" role="status">
      <p>{t("login.required")}</p>
      <button type="button" className="button" onClick={trade.openLogin}>
        {t("login.action")}
      </button>
    </div>
  );
}
