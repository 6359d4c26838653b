import { useContext, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { HotelContext } from "../../hotel/hotel-context";

export type CardToken = { token: string; last4: string };

export const CARD_MESSAGE_TYPE = "alloggio-card-token";

/** A message from the gateway's card page, checked: our origin, our type, a token and four digits — nothing more. */
export function readCardMessage(event: MessageEvent): CardToken | null {
  if (event.origin !== window.location.origin) return null;
  const data = event.data as { type?: unknown; token?: unknown; last4?: unknown } | null;
  if (!data || typeof data !== "object" || data.type !== CARD_MESSAGE_TYPE) return null;
  if (typeof data.token !== "string" || data.token === "" || data.token.length > 500) return null;
  if (typeof data.last4 !== "string" || !/^\d{4}$/.test(data.last4)) return null;
  return { token: data.token, last4: data.last4 };
}

/** The sandbox page is on our origin: the frame takes its height. A gateway elsewhere keeps the CSS height. */
function fitToContent(frame: HTMLIFrameElement) {
  try {
    const doc = frame.contentDocument;
    if (!doc?.body || doc.URL === "about:blank") return;
    // Measure the content, not the frame: shrink first, then take what the page needs.
    frame.style.height = "0px";
    const height = doc.documentElement.scrollHeight;
    frame.style.height = height > 0 ? `${height + 8}px` : "";
  } catch {
    // Another origin: its document is not ours to measure.
  }
}

/** The gateway's card page for a return path, in the page's language (SPEC §3 id; the gateway answers English otherwise). */
export function cardPageUrl(returnPath: string, language: number): string {
  return `/sandbox-gateway/card?return=${encodeURIComponent(returnPath)}&language=${language}`;
}

/**
 * The payment gateway's hosted card page in a frame: the card number, expiry, holder and CVV are typed there and
 * never reach this page; when the guest saves the card, the page posts back a token and the last four digits.
 * The gateway's page speaks the checkout's language.
 */
export function CardFrame(props: {
  returnPath: string;
  onToken: (card: CardToken) => void;
  describedBy?: string;
}) {
  const { t } = useTranslation("checkout");
  const language = useContext(HotelContext)?.ids.language ?? 1;
  const onToken = useRef(props.onToken);
  onToken.current = props.onToken;
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      const card = readCardMessage(event);
      if (card) onToken.current(card);
    };
    const refit = () => {
      if (frame.current) fitToContent(frame.current);
    };
    window.addEventListener("message", listener);
    window.addEventListener("resize", refit);
    return () => {
      window.removeEventListener("message", listener);
      window.removeEventListener("resize", refit);
    };
  }, []);
  return (
    <iframe
      ref={frame}
      className="card-frame"
      title={t("payment.cardFrameTitle")}
      src={cardPageUrl(props.returnPath, language)}
      aria-describedby={props.describedBy}
      onLoad={(event) => fitToContent(event.currentTarget)}
    />
  );
}
