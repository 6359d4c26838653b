import { COUNTRY_CODES } from "@alloggio/domain/booking/countries";

/** A small list of dial codes, one country each (no phone library): the guest may type any other in the number. */
export const DIAL_CODES: readonly { country: string; code: string }[] = [
  { country: "AE", code: "+971" },
  { country: "AR", code: "+54" },
  { country: "AT", code: "+43" },
  { country: "AU", code: "+61" },
  { country: "BE", code: "+32" },
  { country: "BR", code: "+55" },
  { country: "CH", code: "+41" },
  { country: "CN", code: "+86" },
  { country: "CZ", code: "+420" },
  { country: "DE", code: "+49" },
  { country: "DK", code: "+45" },
  { country: "EG", code: "+20" },
  { country: "ES", code: "+34" },
  { country: "FI", code: "+358" },
  { country: "FR", code: "+33" },
  { country: "GB", code: "+44" },
  { country: "GR", code: "+30" },
  { country: "HK", code: "+852" },
  { country: "HR", code: "+385" },
  { country: "HU", code: "+36" },
  { country: "IE", code: "+353" },
  { country: "IL", code: "+972" },
  { country: "IN", code: "+91" },
  { country: "IT", code: "+39" },
  { country: "JP", code: "+81" },
  { country: "KR", code: "+82" },
  { country: "LU", code: "+352" },
  { country: "MA", code: "+212" },
  { country: "MT", code: "+356" },
  { country: "MX", code: "+52" },
  { country: "NL", code: "+31" },
  { country: "NO", code: "+47" },
  { country: "NZ", code: "+64" },
  { country: "PL", code: "+48" },
  { country: "PT", code: "+351" },
  { country: "RO", code: "+40" },
  { country: "RU", code: "+7" },
  { country: "SE", code: "+46" },
  { country: "SG", code: "+65" },
  { country: "SI", code: "+386" },
  { country: "SM", code: "+378" },
  { country: "TR", code: "+90" },
  { country: "US", code: "+1" },
  { country: "ZA", code: "+27" },
];

/** The dial code the phone field starts with, by the page's language (the guest changes it when it is not theirs). */
export function defaultDialCode(text: string): string {
  const byLanguage: Record<string, string> = {
    it: "+39",
    de: "+49",
    fr: "+33",
    es: "+34",
    pt: "+351",
    zh: "+86",
    ja: "+81",
    en: "+44",
  };
  return byLanguage[text] ?? "+44";
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

/** The name of a country in the guest's language (`Intl.DisplayNames`), or its code where the browser has none. */
export function regionName(code: string, locale: string): string {
  let names = displayNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: "region" });
    } catch {
      names = null;
    }
    displayNames.set(locale, names);
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

export type RegionOption = { value: string; label: string };

/** Every country of the domain's list, by name in the guest's language. */
export function countryOptions(locale: string): RegionOption[] {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ value: code, label: regionName(code, locale) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}

/** The dial codes, labelled "+39 Italy", by country name. */
export function dialCodeOptions(locale: string): RegionOption[] {
  const collator = new Intl.Collator(locale);
  // The code first: a narrow select still shows it.
  return DIAL_CODES.map(({ country, code }) => ({ value: code, name: regionName(country, locale) }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ value, name }) => ({ value, label: `${value} ${name}` }));
}
