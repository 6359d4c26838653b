import { FIRST_PAINT_ID } from "@alloggio/domain/first-paint/first-paint-id";

// The server draws the search page's header and cookie notice into the HTML (ADR 0051), in #first-paint before
// #root, which stays hidden meanwhile (app.css). React renders into #root as always; the drawn copy goes as soon as
// React's header and notice read the same, in the same frame (a MutationObserver runs before the next paint): no
// flash, no layout shift, and until then the first paint is the HTML's.

/** What the guest sees at the top: the header and the notice, each with its text. */
const TOP = ".site-header, .consent-banner, .cookie-notice";
const signature = (root: ParentNode) =>
  [...root.querySelectorAll(TOP)].map((el) => `${el.className}:${el.textContent}`).join("\n");

/**
 * Keeps the server's first paint until `root` shows the same top. A header that stays different (texts changed
 * since the HTML was drawn) takes over after `graceMs`; a page without a header (the offline dialog, another page)
 * at once. Whether there is a first paint to keep.
 */
export function keepFirstPaintUntilReady(root: HTMLElement, graceMs = 3000): boolean {
  const painted = document.getElementById(FIRST_PAINT_ID);
  if (!painted) return false;
  const expected = signature(painted);
  let timer: number | undefined;
  const reveal = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    painted.remove();
  };
  const check = () => {
    if (signature(root) === expected) reveal();
    else if (root.querySelector(".site-header")) timer ??= window.setTimeout(reveal, graceMs);
    else if (root.firstElementChild && !root.querySelector(".page-skeleton")) reveal();
  };
  const observer = new MutationObserver(check);
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  return true;
}
