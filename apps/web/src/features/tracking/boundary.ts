import { documentClassOf, type PageKind } from "@alloggio/domain/tracking/pages";

/**
 * The payment boundary (ADR 0041): the card and 3-D Secure steps never share a document with a third-party
 * script. The server gives each document one CSP by its class (tracked or strict); the SPA crossing the boundary
 * reloads the new URL when the document it is in does not fit the page it moves to.
 */
export function crossesBoundary(args: {
  /** The page kind the SPA moved to. */
  to: PageKind;
  /** The class of the document (from the server's meta). */
  document: "tracked" | "strict";
  /** Whether this document has run a third-party script. */
  ranThirdParty: boolean;
  /** Whether the guest's consent would load something (a script, a conversion) on the new page. */
  wouldLoad: boolean;
}): boolean {
  if (documentClassOf(args.to) === "strict") return args.ranThirdParty;
  return args.document === "strict" && args.wouldLoad;
}

/** The one-shot flag for "reload this page without any third-party script" (the voucher's card dialogs). */
export const SKIP_SCRIPTS_KEY = "alloggio.tracking.skipOnce";

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Reloads the page once with no third-party script (the loader consumes the flag on the next load). */
export function reloadWithoutScripts(): void {
  session()?.setItem(SKIP_SCRIPTS_KEY, "1");
  window.location.reload();
}

let skipThisDocument: boolean | null = null;

/** Whether this document was asked to run no third-party script: read once per document, then forgotten. */
export function scriptsSkipped(): boolean {
  if (skipThisDocument === null) {
    const storage = session();
    skipThisDocument = storage?.getItem(SKIP_SCRIPTS_KEY) === "1";
    storage?.removeItem(SKIP_SCRIPTS_KEY);
  }
  return skipThisDocument;
}

/** For tests: forget the document's reading. */
export function resetSkipForTests(): void {
  skipThisDocument = null;
}
