/**
 * The browser side of the script loader (ADR 0041): the page's CSP nonce, the document's class, the Google
 * and Meta queues, and the script elements. Every third-party script is marked `data-alloggio-script`, so a page
 * knows whether its document ever ran one (the payment boundary, ADR 0041).
 */
type Queue = { push: (...items: unknown[]) => number };
type Gtag = (...args: unknown[]) => void;
type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[]; callMethod?: (...args: unknown[]) => void };

declare global {
  interface Window {
    dataLayer?: Queue & unknown[];
    gtag?: Gtag;
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

export const SCRIPT_ATTRIBUTE = "data-alloggio-script";

/** The page's CSP nonce, as the server puts it in `<meta property="csp-nonce" nonce="…">`. */
export function cspNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute("nonce") || undefined;
}

/** The document's class (`<meta name="alloggio-document">`); missing (unit tests, dev server): tracked. */
export function documentClass(): "tracked" | "strict" {
  const content = document.querySelector<HTMLMetaElement>('meta[name="alloggio-document"]')?.content;
  return content === "strict" ? "strict" : "tracked";
}

/** Whether this document has run any third-party script. */
export function hasRunThirdParty(): boolean {
  return document.querySelector(`script[${SCRIPT_ATTRIBUTE}]`) !== null;
}

function element(id: string): HTMLScriptElement {
  const script = document.createElement("script");
  script.setAttribute(SCRIPT_ATTRIBUTE, id);
  const nonce = cspNonce();
  if (nonce) script.nonce = nonce;
  return script;
}

/** Adds a vendor's script by URL, once per document. */
export function addScriptOnce(id: string, src: string): void {
  if (document.querySelector(`script[${SCRIPT_ATTRIBUTE}="${CSS.escape(id)}"]`)) return;
  const script = element(id);
  script.async = true;
  script.src = src;
  document.head.append(script);
}

/** Runs inline code (a channel's custom script) with the page's nonce; `again` runs it anew. */
export function runInline(id: string, code: string, again = false): void {
  const old = document.querySelector(`script[${SCRIPT_ATTRIBUTE}="${CSS.escape(id)}"]`);
  if (old && !again) return;
  old?.remove();
  const script = element(id);
  script.text = code;
  document.head.append(script);
}

/** `window.dataLayer` and the `gtag` function (which queues its `arguments`, as Google's snippet does). */
export function googleQueue(): Gtag {
  window.dataLayer = window.dataLayer ?? ([] as unknown as Queue & unknown[]);
  if (!window.gtag)
    window.gtag = function gtag() {
      // Google's tags read the Arguments object, not an array.
      // biome-ignore lint/complexity/noArguments: the queue format gtag.js expects
      window.dataLayer?.push(arguments);
    };
  return window.gtag;
}

/** Meta's standard `fbq` queue stub (the pixel's script replays the queue when it loads). */
export function metaQueue(): Fbq {
  if (window.fbq) return window.fbq;
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue?.push(args);
  }) as Fbq;
  Object.assign(fbq, { push: fbq, loaded: true, version: "2.0", queue: [] });
  window.fbq = fbq;
  if (!window._fbq) window._fbq = fbq;
  return fbq;
}
