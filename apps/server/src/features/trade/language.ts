// The language of a trade account's mails, from its country: the trade area's rule, which the back office's
// account mails follow too.

const TRADE_MAIL_LANGUAGES = ["en", "it", "de", "fr", "es", "pt", "ja", "zh"] as const;
export type TradeMailLanguage = (typeof TRADE_MAIL_LANGUAGES)[number];

const BY_COUNTRY: Record<string, TradeMailLanguage> = {
  IT: "it",
  SM: "it",
  VA: "it",
  DE: "de",
  AT: "de",
  CH: "de",
  LI: "de",
  FR: "fr",
  BE: "fr",
  LU: "fr",
  MC: "fr",
  ES: "es",
  AR: "es",
  MX: "es",
  CL: "es",
  CO: "es",
  PE: "es",
  UY: "es",
  PT: "pt",
  BR: "pt",
  AO: "pt",
  MZ: "pt",
  JP: "ja",
  CN: "zh",
  TW: "zh",
  HK: "zh",
  MO: "zh",
  SG: "zh",
};

/** The language of an account's mails: from its country (ISO alpha-2), English when none of the eight fits. */
export function tradeLanguageOf(country: string): TradeMailLanguage {
  return BY_COUNTRY[country.trim().toUpperCase()] ?? "en";
}
