import { type CurrencyDisplay, formatMoneyIn, type Money } from "@alloggio/domain/money/amounts";
import { moneyLocaleOf } from "@alloggio/domain/money/format-amount";

export type { Money } from "@alloggio/domain/money/amounts";
export { moneyOf } from "@alloggio/domain/money/amounts";

/**
 * Where money is read: a product language (SPEC §9's style with the ISO code, ADR 0019), or a back-office screen's
 * locale with a symbol where the screen has always shown one (catalogue, quotes, calendar: ADR 0069).
 */
export type MoneyStyle = (
  | { language: number }
  | { locale: string; display: Exclude<CurrencyDisplay, "code"> }
) & {
  /** A price staff set (a rate, an audit entry), shown as set: the cash step applies to what is charged. */
  asSet?: boolean;
};

/** The web's one money formatter: minor units and their currency, rounded to its cash step, written by Intl. */
export function formatMoney(money: Money, style: MoneyStyle): string {
  return "language" in style
    ? formatMoneyIn(money, moneyLocaleOf(style.language), "code", style.asSet)
    : formatMoneyIn(money, style.locale, style.display, style.asSet);
}
