// The packages list page in its first paint (ADR 0079): what the web app's packages page shows once `package.do`
// has answered — the title and a card per package (its picture, kind, name, description, validity, nights, price
// from with the city tax and the flights, the link to it), or the empty text — so that the first card's picture or
// the title, the page's largest paint, is drawn with the HTML instead of after the scripts and the list. The markup
// is the web app's (package-list-page, PackageFacts, CityTaxNote); a web test renders both and compares them.
import type { PackageResponse } from "../contract/packages/package";
import { ROUTES } from "../contract/web-routes";
import { findLanguage } from "../i18n/languages";
import { formatAmountFor } from "../money/format-amount";
import { counted, escapeHtml, formatStayDay, icon, routePath, type Text } from "./markup";

export type PackagesPageInput = {
  /** `package.do`'s answer for the page's hotel, channel and language. */
  packages: PackageResponse;
  /** The hotel's name, as the app's title names it (the hotel list's). */
  hotelName: string;
  ids: { hotel: number; channel: number; language: number };
  t: Text;
};

type Package = PackageResponse["packages"][number];

const PLANE = icon(
  "plane",
  '<path d="M17.8 19.2 16 11l3.5-3.5C21 6 21.5 4 21 3c-1-.5-3 0-4.5 1.5L13 8 4.8 6.2c-.5-.1-.9.1-1.1.5l-.3.5c-.2.5-.1 1 .3 1.3L9 12l-2 3H4l-1 1 3 2 2 3 1-1v-3l3-2 3.5 5.3c.3.4.8.5 1.3.3l.5-.2c.4-.3.6-.7.5-1.2z"></path>',
  16,
);
const GIFT = icon(
  "gift",
  '<path d="M12 7v14"></path><path d="M20 11v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8"></path><path d="M7.5 7a1 1 0 0 1 0-5A4.8 8 0 0 1 12 7a4.8 8 0 0 1 4.5-5 1 1 0 0 1 0 5"></path><rect x="3" y="7" width="18" height="4" rx="1"></rect>',
  16,
);

/** The web app's PackageFacts of a card (not `full`): validity, nights and the price from. */
function facts(input: PackagesPageInput, p: Package): string {
  const { t, ids } = input;
  const text = (key: string, values?: Record<string, string>) => t("packages", key, values);
  const { locale } = findLanguage(ids.language);
  const day = (ymd: string) => formatStayDay(ymd, locale, { dateStyle: "medium" });
  const price = (amount: number) => formatAmountFor(amount, p.currency, ids.language);
  const nights =
    p.maxNights === null
      ? counted(t, ids.language, "packages", "facts.nightsFrom", p.minNights)
      : p.minNights === p.maxNights
        ? counted(t, ids.language, "packages", "facts.nightsExactly", p.minNights)
        : counted(t, ids.language, "packages", "facts.nightsRange", p.maxNights, {
            min: String(p.minNights),
            max: String(p.maxNights),
          });
  const from = p.priceFrom;
  const priced = from
    ? `${escapeHtml(
        counted(t, ids.language, "packages", "facts.priceFromText", from.nights, {
          price: price(from.total),
          adults: String(from.adults),
        }),
      )} <span class="tax-note">${escapeHtml(
        from.cityTax > 0
          ? t("common", "cityTax.atHotel", { price: price(from.cityTax) })
          : t("common", "cityTax.included"),
      )}</span>${
        from.flightsFrom
          ? `<span class="package-facts__flights"> ${escapeHtml(text("facts.flightsFrom", { price: price(from.flightsFrom) }))}</span>`
          : ""
      }`
    : escapeHtml(text("facts.noPrice"));
  const row = (term: string, value: string, className = "") =>
    `<div><dt>${escapeHtml(term)}</dt><dd${className ? ` class="${className}"` : ""}>${value}</dd></div>`;
  return `<dl class="package-facts">${row(
    text("facts.validity"),
    escapeHtml(text("facts.validityRange", { from: day(p.validFrom), to: day(p.validTo) })),
  )}${row(text("facts.nights"), escapeHtml(nights))}${row(text("facts.priceFrom"), priced, "package-facts__price")}</dl>`;
}

/** The web app's package card; the first card's picture is the page's largest paint: asked for at once and first. */
function card(input: PackagesPageInput, p: Package, index: number): string {
  const { t, ids } = input;
  const id = `first-paint-package-${p.id}`;
  const image = p.gallery[0];
  const first = index === 0;
  const picture = image
    ? `<img class="package-card__image" src="${escapeHtml(image)}" alt="" width="480" height="320" loading="${first ? "eager" : "lazy"}" fetchpriority="${first ? "high" : "auto"}">`
    : "";
  const flight = p.airports.length > 0;
  const kind = flight ? t("packages", "kind.flight") : t("packages", `kind.${p.kind}`);
  const view = routePath(ROUTES.packageView, ids).replace(":packid", String(p.id));
  const name = escapeHtml(p.name);
  return `<article class="package-card card" aria-labelledby="${id}">${picture}<div class="package-card__body"><p class="package-card__kind">${flight ? PLANE : GIFT} ${escapeHtml(kind)}</p><h2 id="${id}" class="package-card__name">${name}</h2><p>${escapeHtml(p.description)}</p>${facts(input, p)}<a class="button" href="${view}">${escapeHtml(t("packages", "list.discover"))}<span class="visually-hidden"> ${name}</span></a></div></article>`;
}

/** The packages list page's `<main>` as the web app shows it once the hotel's packages are in. */
export function packagesPageHtml(input: PackagesPageInput): string {
  const { t, packages } = input;
  const list =
    packages.packages.length === 0
      ? `<p>${escapeHtml(t("packages", "list.empty"))}</p>`
      : `<ul class="package-list">${packages.packages.map((p, i) => `<li>${card(input, p, i)}</li>`).join("")}</ul>`;
  return `<main class="page packages-page" id="main"><h1>${escapeHtml(t("packages", "list.title", { hotel: input.hotelName }))}</h1>${list}</main>`;
}
