// The guest's mail when a hotel's chat message stays unread (ADR 0037), in the guest's language, with the
// message and a link back to the chat (the offer page, or the hotel's site).
import { findLanguage } from "@alloggio/domain/i18n/languages";
import type { OutgoingMail } from "../mail";
import { type MailDocument, type MailTextCode, mailTextsFor, renderHtml, renderText } from "../mail";

type ChatMailTexts = {
  subject: (hotel: string) => string;
  heading: string;
  intro: (hotel: string) => string;
  button: string;
  answer: string;
};

const TEXTS: Record<MailTextCode, ChatMailTexts> = {
  en: {
    subject: (hotel) => `${hotel} has answered your message`,
    heading: "A new message for you",
    intro: (hotel) => `${hotel} has written to you in the chat:`,
    button: "Read and answer",
    answer: "You can answer in the chat: open the link above.",
  },
  it: {
    subject: (hotel) => `${hotel} ha risposto al tuo messaggio`,
    heading: "Un nuovo messaggio per te",
    intro: (hotel) => `${hotel} ti ha scritto nella chat:`,
    button: "Leggi e rispondi",
    answer: "Puoi rispondere nella chat: apri il link qui sopra.",
  },
  de: {
    subject: (hotel) => `${hotel} hat auf Ihre Nachricht geantwortet`,
    heading: "Eine neue Nachricht für Sie",
    intro: (hotel) => `${hotel} hat Ihnen im Chat geschrieben:`,
    button: "Lesen und antworten",
    answer: "Sie können im Chat antworten: Öffnen Sie den Link oben.",
  },
  fr: {
    subject: (hotel) => `${hotel} a répondu à votre message`,
    heading: "Un nouveau message pour vous",
    intro: (hotel) => `${hotel} vous a écrit dans le chat :`,
    button: "Lire et répondre",
    answer: "Vous pouvez répondre dans le chat : ouvrez le lien ci-dessus.",
  },
  es: {
    subject: (hotel) => `${hotel} ha respondido a tu mensaje`,
    heading: "Un nuevo mensaje para ti",
    intro: (hotel) => `${hotel} te ha escrito en el chat:`,
    button: "Leer y responder",
    answer: "Puedes responder en el chat: abre el enlace de arriba.",
  },
  pt: {
    subject: (hotel) => `${hotel} respondeu à sua mensagem`,
    heading: "Uma nova mensagem para si",
    intro: (hotel) => `${hotel} escreveu-lhe no chat:`,
    button: "Ler e responder",
    answer: "Pode responder no chat: abra a ligação acima.",
  },
  zh: {
    subject: (hotel) => `${hotel} 回复了您的消息`,
    heading: "您有一条新消息",
    intro: (hotel) => `${hotel} 在聊天中给您留言：`,
    button: "阅读并回复",
    answer: "您可以在聊天中回复：请打开上方的链接。",
  },
  ja: {
    subject: (hotel) => `${hotel}からメッセージへの返信があります`,
    heading: "新しいメッセージが届いています",
    intro: (hotel) => `${hotel}からチャットでメッセージが届きました：`,
    button: "読んで返信する",
    answer: "チャットで返信できます。上のリンクを開いてください。",
  },
};

export type ChatReplyMailData = {
  to: string;
  guestName: string;
  languageId: number;
  hotelName: string;
  /** The hotel's unread messages, oldest first. */
  messages: string[];
  url: string;
};

export function renderChatReplyMail(data: ChatReplyMailData): OutgoingMail {
  const { texts, lang } = mailTextsFor(data.languageId);
  const t = TEXTS[findLanguage(data.languageId).text];
  const subject = t.subject(data.hotelName);
  const doc: MailDocument = {
    lang,
    subject,
    heading: t.heading,
    intro: [texts.greeting(data.guestName), t.intro(data.hotelName)],
    link: { label: t.button, href: data.url },
    sections: [
      { title: data.hotelName, blocks: [{ kind: "paragraphs", lines: [...data.messages, t.answer] }] },
    ],
    closing: [data.hotelName],
  };
  return { to: data.to, subject, html: renderHtml(doc), text: renderText(doc), attachments: [] };
}
