/** How a currency is stored and rounded; `rounding` is the cash step in major units (0 = none, 0.05 for CHF). */
export type CurrencyRules = { code: string; decimalDigits: number; rounding: number };

// A double holds 15 significant decimal digits exactly, so rounding to them removes drift such as 0.1 + 0.2;
// amounts stay exact up to 10^13 minor units, far above any booking.
function removeFloatDrift(value: number): number {
  return Number(value.toPrecision(15));
}

/** Moves the decimal point by `exponent` places through the decimal text, so 1.005 × 10² is 100.5 exactly. */
function shiftDecimal(value: number, exponent: number): number {
  const [mantissa, ownExponent = "0"] = String(value).split("e");
  return Number(`${mantissa}e${Number(ownExponent) + exponent}`);
}

function roundHalfAwayFromZero(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded;
}

function assertDigits(decimalDigits: number): void {
  if (!Number.isInteger(decimalDigits) || decimalDigits < 0 || decimalDigits > 6) {
    throw new RangeError(`Invalid decimal digits: ${decimalDigits}`);
  }
}

function assertMinor(minor: number): void {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Minor units must be a safe integer: ${minor}`);
}

const POWERS = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];

/** Major units to integer minor units, rounding half away from zero. */
export function toMinor(major: number, decimalDigits: number): number {
  assertDigits(decimalDigits);
  if (!Number.isFinite(major)) throw new RangeError(`Amount must be finite: ${major}`);
  // Fast path, the usual case: `major` is exactly a number of minor units (123.45 → 12345). Division by a power
  // of ten is correctly rounded, so the check is exact; anything else takes the decimal-text path below.
  const power = POWERS[decimalDigits]!;
  const guess = Math.round(major * power);
  if (guess / power === major && Number.isSafeInteger(guess)) return guess === 0 ? 0 : guess;
  const minor = roundHalfAwayFromZero(shiftDecimal(removeFloatDrift(major), decimalDigits));
  assertMinor(minor);
  return minor;
}

export function fromMinor(minor: number, decimalDigits: number): number {
  assertDigits(decimalDigits);
  assertMinor(minor);
  // IEEE division is correctly rounded and 10^d is exact: the double nearest the decimal, as Number("123.45").
  return minor / POWERS[decimalDigits]! || 0;
}

/** The cash step in minor units (5 for CHF), or 1 when the currency has no cash rounding. */
export function cashStepMinor(rules: CurrencyRules): number {
  return rules.rounding > 0 ? Math.max(1, toMinor(rules.rounding, rules.decimalDigits)) : 1;
}

/** Rounds to the currency's cash step, halves away from zero (up for positive amounts). */
export function roundForCurrency(minor: number, rules: CurrencyRules): number {
  assertMinor(minor);
  const step = cashStepMinor(rules);
  if (step === 1) return minor;
  const magnitude = Math.abs(minor);
  const remainder = magnitude % step;
  const rounded = magnitude - remainder + (remainder * 2 >= step ? step : 0);
  return minor < 0 && rounded > 0 ? -rounded : rounded;
}

/** The amount less `percent` of it, the discount rounded half up; never below 0. */
export function applyPercentDiscount(minor: number, percent: number): number {
  assertMinor(minor);
  if (!Number.isFinite(percent)) throw new RangeError(`Percent must be finite: ${percent}`);
  const exact = (minor * percent) / 100;
  const discount = Number.isInteger(exact) ? exact : roundHalfAwayFromZero(removeFloatDrift(exact));
  return Math.max(0, minor - discount);
}

/** `rate` is how many units of `to` one unit of `from` buys; the result follows `to`'s rounding. */
export function convertMinor(minor: number, from: CurrencyRules, to: CurrencyRules, rate: number): number {
  if (!Number.isFinite(rate) || rate < 0) throw new RangeError(`Invalid exchange rate: ${rate}`);
  const converted = toMinor(fromMinor(minor, from.decimalDigits) * rate, to.decimalDigits);
  return roundForCurrency(converted, to);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

// SPEC §9: amounts are shown Italian style with the currency code; a back-office grid may name it by symbol.
export function formatMoney(
  minor: number,
  rules: CurrencyRules,
  locale = "it-IT",
  currencyDisplay: "code" | "symbol" | "narrowSymbol" = "code",
): string {
  const key = `${locale}|${rules.code}|${rules.decimalDigits}|${currencyDisplay}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: rules.code,
      currencyDisplay,
      minimumFractionDigits: rules.decimalDigits,
      maximumFractionDigits: rules.decimalDigits,
    });
    moneyFormats.set(key, format);
  }
  return format.format(fromMinor(minor, rules.decimalDigits));
}
