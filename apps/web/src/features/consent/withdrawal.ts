import type { Consent, OptionalCategory } from "@alloggio/domain/tracking/consent";

/**
 * Withdrawal (ADR 0040): when a category goes from on to off, the first-party cookies its tags set are
 * deleted and the page reloads, since a script already running cannot be unloaded.
 */
const COOKIES: Record<OptionalCategory, RegExp[]> = {
  // Google Analytics (gtag.js / GTM).
  analytics: [/^_ga$/, /^_ga_/, /^_gid$/],
  // Google Ads conversion linker and the Meta pixel.
  marketing: [/^_gcl_/, /^_fbp$/, /^_fbc$/],
};

/** The categories a new choice turns off that the previous one had on. */
export function withdrawnCategories(
  before: Pick<Consent, OptionalCategory> | null,
  after: Record<OptionalCategory, boolean>,
): OptionalCategory[] {
  return (["analytics", "marketing"] as const).filter((c) => before?.[c] === true && !after[c]);
}

/** The cookie names of a category among the document's cookies. */
export function cookiesOf(categories: OptionalCategory[], cookieHeader: string): string[] {
  const names = cookieHeader
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter(Boolean);
  const patterns = categories.flatMap((c) => COOKIES[c]);
  return [...new Set(names.filter((name) => patterns.some((p) => p.test(name))))];
}

/**
 * The domains a tag may have set its cookie on: none (the host itself), the host, and each parent domain of at least
 * two labels (`_ga` is set on the registrable domain; a public suffix refuses the deletion, which is harmless).
 */
export function cookieDomains(hostname: string): (string | null)[] {
  const out: (string | null)[] = [null];
  if (!hostname || /^[\d.]+$/.test(hostname) || hostname.includes(":")) return out;
  const labels = hostname.split(".");
  for (let i = 0; i <= labels.length - 2; i++) out.push(labels.slice(i).join("."));
  return out;
}

/** Deletes the category's cookies on the current host and its parent domains; returns the names it deleted. */
export function deleteTrackingCookies(categories: OptionalCategory[], doc: Document = document): string[] {
  const names = cookiesOf(categories, doc.cookie);
  const domains = cookieDomains(doc.location?.hostname ?? "");
  for (const name of names)
    for (const domain of domains)
      doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/${domain ? `; domain=${domain}` : ""}`;
  return names;
}

/** The page reload after a withdrawal; replaced in tests. */
export const pageReload = { run: () => window.location.reload() };
