import { FIRST_CLICK, FIRST_PAINT_ID, type FirstClick } from "@alloggio/domain/first-paint/first-paint-id";

// The server draws the search page's header and cookie notice into the HTML (ADR 0051), in #first-paint before
// #root, which stays hidden meanwhile (app.css). React renders into #root as always; the drawn copy goes as soon as
// React's header and notice read the same, in the same frame (a MutationObserver runs before the next paint): no
// flash, no layout shift, and until then the first paint is the HTML's.

/**
 * What the guest sees at the top: the header, the notice and the walk-in prompt (ADR 0054), or an offer's lock
 * (ADR 0079), each with its text.
 */
const TOP = ".site-header, .consent-banner, .cookie-notice, .walk-in, .offer-locked";
/**
 * A page drawn below its top (ADR 0079): the app's page must be there too and read the same — the portal's intro
 * (its cards wait for the search), the whole packages list (its cards, prices included), the voucher's title.
 */
const PAGE = ".portal-page__intro, .packages-page, .voucher__title";
const signature = (root: ParentNode, selectors: string) =>
  [...root.querySelectorAll(selectors)].map((el) => `${el.className}:${el.textContent}`).join("\n");

/** The app's control that stands where `el` of the first paint stood: same element, same class, same text. */
function sameIn(root: HTMLElement, el: { tagName: string; className: string; textContent: string | null }) {
  return [...root.querySelectorAll<HTMLElement>(el.tagName)].find(
    (other) => other.className === el.className && other.textContent === el.textContent,
  );
}

/**
 * What a guest typed into the first paint's fields (an offer's e-mail, the portal's promo code) goes into the app's
 * same fields, as typing would (React reads the input event); not a box ticked (the portal's compare: its value is
 * not what the guest chose). Whether anything was typed.
 */
function carryTyped(painted: HTMLElement, root: HTMLElement): boolean {
  let typed = false;
  for (const input of painted.querySelectorAll<HTMLInputElement>(
    "input:not([type=checkbox]):not([type=radio])",
  )) {
    const same = input.value
      ? [...root.querySelectorAll("input")].find(
          (o) => o.type === input.type && o.className === input.className,
        )
      : undefined;
    if (!same) continue;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(same, input.value);
    same.dispatchEvent(new Event("input", { bubbles: true }));
    typed = true;
  }
  return typed;
}

/** A button of the first paint pressed before the app took over, pressed again on the app's same button. */
function pressAgain(root: HTMLElement) {
  const store = window as unknown as Record<string, FirstClick | undefined>;
  const click = store[FIRST_CLICK];
  if (!click) return;
  delete store[FIRST_CLICK];
  sameIn(root, { tagName: "button", className: click.className, textContent: click.text })?.click();
}

/**
 * Keeps the server's first paint until `root` shows the same top. A header that stays different (texts changed
 * since the HTML was drawn) takes over after `graceMs`; a page without a header (the offline dialog, another page)
 * at once. Whether there is a first paint to keep.
 */
export function keepFirstPaintUntilReady(root: HTMLElement, graceMs = 3000): boolean {
  const painted = document.getElementById(FIRST_PAINT_ID);
  if (!painted) return false;
  const selectors = painted.querySelector(PAGE) ? `${TOP}, ${PAGE}` : TOP;
  const expected = signature(painted, selectors);
  let timer: number | undefined;
  const reveal = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    // A keyboard guest already in the first paint keeps their place: the focus moves to the app's same control.
    const focused = painted.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
    const typed = carryTyped(painted, root);
    painted.remove();
    if (focused) sameIn(root, focused)?.focus();
    // After React has rendered what was typed: the button's handler reads it from its state.
    if (typed) window.setTimeout(() => pressAgain(root), 0);
    else pressAgain(root);
  };
  const check = () => {
    if (signature(root, selectors) === expected) reveal();
    // The offer was open already (its cookie is not the page's): the app's offer replaces the drawn lock at once.
    else if (
      painted.querySelector(".offer-locked") &&
      root.querySelector("main") &&
      !root.querySelector(".offer-locked, .page-skeleton")
    )
      reveal();
    // A hotel page drawn below its top (the voucher's title, the packages list) whose app page is there, without its
    // skeleton, and reads otherwise (a voucher link that finds no reservation, an error, a list changed since the
    // HTML was drawn): the app's page replaces the drawn one at once, not after the header's grace time.
    else if (
      painted.querySelector(".voucher__title, .packages-page") &&
      root.querySelector("main") &&
      !root.querySelector(".page-skeleton")
    )
      reveal();
    else if (root.querySelector(".site-header")) timer ??= window.setTimeout(reveal, graceMs);
    else if (root.firstElementChild && !root.querySelector(".page-skeleton")) reveal();
  };
  const observer = new MutationObserver(check);
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  return true;
}
