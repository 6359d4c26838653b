// The lines of the offer mail that the reservation mails do not have, one typed entry per language.
// Dates, stay, greeting and closing are read from the mail feature's texts.ts.
import type { MailTextCode } from "../mail/texts";

export type OfferMailTexts = {
  subject: (hotel: string) => string;
  heading: string;
  intro: (hotel: string) => string;
  unlock: string;
  button: string;
  validUntil: (when: string) => string;
  message: string;
  offerCode: string;
};

const en: OfferMailTexts = {
  subject: (hotel) => `Your personal offer from ${hotel}`,
  heading: "Your personal offer",
  intro: (hotel) => `${hotel} has prepared a personal offer for your stay.`,
  unlock: "Open the link and enter this e-mail address to see the offer, choose an option and confirm it.",
  button: "View your offer",
  validUntil: (when) => `The offer is valid until ${when}.`,
  message: "The hotel's message",
  offerCode: "Offer code",
};

const it: OfferMailTexts = {
  subject: (hotel) => `La tua offerta personale da ${hotel}`,
  heading: "La tua offerta personale",
  intro: (hotel) => `${hotel} ha preparato un'offerta personale per il tuo soggiorno.`,
  unlock:
    "Apri il link e inserisci questo indirizzo e-mail per vedere l'offerta, scegliere un'opzione e confermarla.",
  button: "Vedi la tua offerta",
  validUntil: (when) => `L'offerta è valida fino al ${when}.`,
  message: "Il messaggio dell'hotel",
  offerCode: "Codice offerta",
};

const de: OfferMailTexts = {
  subject: (hotel) => `Ihr persönliches Angebot von ${hotel}`,
  heading: "Ihr persönliches Angebot",
  intro: (hotel) => `${hotel} hat ein persönliches Angebot für Ihren Aufenthalt erstellt.`,
  unlock:
    "Öffnen Sie den Link und geben Sie diese E-Mail-Adresse ein, um das Angebot zu sehen, eine Option zu wählen und sie zu bestätigen.",
  button: "Angebot ansehen",
  validUntil: (when) => `Das Angebot gilt bis ${when}.`,
  message: "Die Nachricht des Hotels",
  offerCode: "Angebotscode",
};

const fr: OfferMailTexts = {
  subject: (hotel) => `Votre offre personnelle de ${hotel}`,
  heading: "Votre offre personnelle",
  intro: (hotel) => `${hotel} a préparé une offre personnelle pour votre séjour.`,
  unlock:
    "Ouvrez le lien et saisissez cette adresse e-mail pour voir l'offre, choisir une option et la confirmer.",
  button: "Voir votre offre",
  validUntil: (when) => `L'offre est valable jusqu'au ${when}.`,
  message: "Le message de l'hôtel",
  offerCode: "Code de l'offre",
};

const es: OfferMailTexts = {
  subject: (hotel) => `Tu oferta personal de ${hotel}`,
  heading: "Tu oferta personal",
  intro: (hotel) => `${hotel} ha preparado una oferta personal para tu estancia.`,
  unlock:
    "Abre el enlace e introduce esta dirección de correo para ver la oferta, elegir una opción y confirmarla.",
  button: "Ver tu oferta",
  validUntil: (when) => `La oferta es válida hasta el ${when}.`,
  message: "El mensaje del hotel",
  offerCode: "Código de la oferta",
};

const pt: OfferMailTexts = {
  subject: (hotel) => `A sua oferta pessoal de ${hotel}`,
  heading: "A sua oferta pessoal",
  intro: (hotel) => `${hotel} preparou uma oferta pessoal para a sua estadia.`,
  unlock:
    "Abra a ligação e introduza este endereço de e-mail para ver a oferta, escolher uma opção e confirmá-la.",
  button: "Ver a sua oferta",
  validUntil: (when) => `A oferta é válida até ${when}.`,
  message: "A mensagem do hotel",
  offerCode: "Código da oferta",
};

const zh: OfferMailTexts = {
  subject: (hotel) => `${hotel} 为您准备的专属报价`,
  heading: "您的专属报价",
  intro: (hotel) => `${hotel} 为您的住宿准备了一份专属报价。`,
  unlock: "请打开链接并输入此电子邮件地址，即可查看报价、选择方案并确认。",
  button: "查看报价",
  validUntil: (when) => `报价有效期至 ${when}。`,
  message: "酒店留言",
  offerCode: "报价代码",
};

const ja: OfferMailTexts = {
  subject: (hotel) => `${hotel} からのお客様専用オファー`,
  heading: "お客様専用のオファー",
  intro: (hotel) => `${hotel} がご滞在のための専用オファーをご用意しました。`,
  unlock: "リンクを開き、このメールアドレスを入力すると、オファーの確認、プランの選択と確定ができます。",
  button: "オファーを見る",
  validUntil: (when) => `オファーの有効期限：${when}`,
  message: "ホテルからのメッセージ",
  offerCode: "オファーコード",
};

export const OFFER_MAIL_TEXTS: Record<MailTextCode, OfferMailTexts> = { en, it, de, fr, es, pt, zh, ja };

/** The hotel's notices are in English, like its reservation notices. */
export const HOTEL_OFFER_TEXTS = {
  rejectedSubject: (code: string, recipient: string) => `Offer ${code} rejected by ${recipient}`,
  rejectedHeading: "Offer rejected",
  rejectedIntro: (hotel: string) =>
    `The recipient of an offer of ${hotel} has rejected it, with this reason.`,
  reason: "Reason",
  recipient: "Recipient",
  offer: "Offer",
  options: "Options",
  confirmedSubject: (code: string, recipient: string, reservation: string) =>
    `Offer ${code} confirmed by ${recipient}: reservation ${reservation}`,
  confirmedHeading: "Offer confirmed",
  confirmedIntro: (hotel: string) =>
    `The recipient of an offer of ${hotel} has confirmed one of its options: it is now a reservation.`,
  option: "Option",
  reservation: "Reservation",
  status: "Status",
  total: "Total",
  rooms: "Rooms",
};
