import { Minus, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";

/** − value + within min and max; the value is announced when it changes. */
export function QuantityStepper(props: {
  label: string;
  /** Names the thing counted in the buttons' accessible names. */
  name: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation("services");
  const { value, min, max } = props;
  return (
    <fieldset className="quantity">
      <legend className="quantity__label">{props.label}</legend>
      <div className="quantity__row">
        <button
          type="button"
          className="button button--secondary quantity__button"
          aria-label={t("quantity.less", { name: props.name })}
          disabled={value <= min}
          onClick={() => props.onChange(Math.max(min, value - 1))}
        >
          <Minus aria-hidden="true" focusable="false" size={18} />
        </button>
        <output className="quantity__value" aria-live="polite">
          {value}
        </output>
        <button
          type="button"
          className="button button--secondary quantity__button"
          aria-label={t("quantity.more", { name: props.name })}
          disabled={value >= max}
          onClick={() => props.onChange(Math.min(max, value + 1))}
        >
          <Plus aria-hidden="true" focusable="false" size={18} />
        </button>
      </div>
    </fieldset>
  );
}
