import { useId } from "react";
import { useTranslation } from "react-i18next";
import { CityTaxNote } from "../../currency/city-tax-note";
import { useFormatPrice } from "../../currency/use-format-price";
import type { ContinueCheck } from "../use-room-slots";

/** The chosen total with Clear and Continue; Continue is disabled, with the reason, until every slot is chosen. */
export function SelectionBar(props: {
  total: number;
  cityTax: number;
  currency: string;
  check: ContinueCheck;
  canClear: boolean;
  onClear: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation("rooms");
  const formatPrice = useFormatPrice();
  const id = useId();
  const { check } = props;
  return (
    <section className="selection-bar" aria-label={t("selection.label")}>
      <p className="selection-bar__total">
        <span>{t("selection.total")}</span> <strong>{formatPrice(props.total, props.currency)}</strong>{" "}
        <CityTaxNote cityTax={props.cityTax} currency={props.currency} className="selection-bar__tax" />
      </p>
      <p className="selection-bar__reason" id={id}>
        {check.ok ? t("selection.ready") : t("selection.missing", { index: check.slot })}
      </p>
      <div className="selection-bar__actions">
        {props.canClear ? (
          <button type="button" className="button button--secondary" onClick={props.onClear}>
            {t("selection.clear")}
          </button>
        ) : null}
        <button
          type="button"
          className="button"
          disabled={!check.ok}
          aria-describedby={id}
          onClick={props.onContinue}
        >
          {t("selection.continue")}
        </button>
      </div>
    </section>
  );
}
