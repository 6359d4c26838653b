/**
 * The id of the server's first paint of the search page (ADR 0051), which the web app removes once its own header
 * and notice are on the page. A module of its own: the web app's entry imports it without the renderer.
 */
export const FIRST_PAINT_ID = "first-paint";

/** The window property where the first paint's inline script remembers a button pressed before the app took over. */
export const FIRST_CLICK = "alloggioFirstClick";

export type FirstClick = { className: string; text: string };

/**
 * Where the web app keeps, per offer, when the unlock's access cookie ends (ISO instant): until then the offer page
 * shows the open offer, and its first paint draws no lock (ADR 0079). The cookie itself is HttpOnly and on the API's path.
 */
export const offerOpenKey = (code: string) => `alloggio.offerOpen.${code}`;

/**
 * The web app's text bundles the server's first paints read (ADR 0051, 0079): the web build writes them beside
 * index.html as `first-paint-texts.json`, so the drawn pages and the app say the same.
 */
export const FIRST_PAINT_NAMESPACES = [
  "common",
  "hotel",
  "global",
  "consent",
  "chat",
  "portal",
  "search",
  "offers",
  "voucher",
  "packages",
] as const;
