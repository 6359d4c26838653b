import { useId } from "react";
import { useTranslation } from "react-i18next";

/** The longest promo code the search accepts (contract/common promoCode). */
export const PROMO_CODE_MAX = 40;

export type PromoCodeFieldProps = { value: string; onChange: (value: string) => void };

/** The optional promo code of the search. */
export function PromoCodeField({ value, onChange }: PromoCodeFieldProps) {
  const { t } = useTranslation("search");
  const id = useId();
  return (
    <div className="search-field search-field--promo">
      <label className="search-field__label" htmlFor={id}>
        {t("promo.label")}
      </label>
      <input
        id={id}
        className="search-field__input"
        type="text"
        name="promoCode"
        maxLength={PROMO_CODE_MAX}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value.slice(0, PROMO_CODE_MAX))}
      />
    </div>
  );
}
