import { useId } from "react";
import { useTranslation } from "react-i18next";
import { listDisplayCurrencies } from "./convert-price";
import { useDisplayCurrency } from "./currency-context";
import "./currency-selector.css";

/** The display currency (SPEC §4): the hotel's first, then a short list; converted prices are marked indicative. */
export function CurrencySelector() {
  const { t } = useTranslation("global");
  const display = useDisplayCurrency();
  const id = useId();
  if (!display) return null;
  const converted = display.code !== display.hotelCurrency;
  return (
    <div className="currency-selector">
      <label className="visually-hidden" htmlFor={id}>
        {t("currency.label")}
      </label>
      <select
        id={id}
        className="currency-selector__select"
        value={display.code}
        aria-describedby={converted ? `${id}-note` : undefined}
        onChange={(event) => display.choose(event.target.value)}
      >
        {listDisplayCurrencies(display.hotelCurrency).map((code) => (
          // ISO codes, as the prices show them (SPEC §9): short enough for a phone's header.
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
      {converted ? (
        <p id={`${id}-note`} className="currency-selector__note" role="status">
          {display.status === "loading"
            ? t("currency.loading")
            : display.status === "error"
              ? t("currency.error", { currency: display.hotelCurrency })
              : t("currency.indicative", { currency: display.hotelCurrency })}
        </p>
      ) : null}
    </div>
  );
}
