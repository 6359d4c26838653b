import { useTranslation } from "react-i18next";
import { ChatPanel } from "./chat-panel";
import "./chat.css";

/**
 * The chat of an unlocked offer's page with the hotel (ADR 0037). The access cookie of the unlock
 * authorises its calls (`/api/v2/offers/:code/chat`); the recipient's name is known, so no name is asked.
 */
export function OfferChat({ offerCode, hotelName }: { offerCode: string; hotelName: string }) {
  const { t } = useTranslation("chat");
  return (
    <section className="offer-chat" aria-labelledby="offer-chat-title">
      <h2 id="offer-chat-title">{t("offer.title", { hotel: hotelName })}</h2>
      <p className="chat-hint">{t("offer.intro")}</p>
      <ChatPanel path={`v2/offers/${offerCode}/chat`} hotelName={hotelName} />
    </section>
  );
}
