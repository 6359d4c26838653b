// The lines of the offer mail that the reservation mails do not have, one typed entry per language.
// Dates, stay, greeting and closing are read from the mail feature's texts.ts.
import type { MailTextCode } from "../mail";

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

export type HotelOfferTexts = {
  rejectedSubject: (code: string, recipient: string) => string;
  rejectedHeading: string;
  rejectedIntro: (hotel: string) => string;
  reason: string;
  recipient: string;
  offer: string;
  options: string;
  confirmedSubject: (code: string, recipient: string, reservation: string) => string;
  confirmedHeading: string;
  confirmedIntro: (hotel: string) => string;
  option: string;
  reservation: string;
  status: string;
  total: string;
  rooms: string;
};

/** The hotel's notices, in the hotel's mail language like its reservation notices. */
export const HOTEL_OFFER_TEXTS: Record<MailTextCode, HotelOfferTexts> = {
  en: {
    rejectedSubject: (code, recipient) => `Offer ${code} rejected by ${recipient}`,
    rejectedHeading: "Offer rejected",
    rejectedIntro: (hotel) => `The recipient of an offer of ${hotel} has rejected it, with this reason.`,
    reason: "Reason",
    recipient: "Recipient",
    offer: "Offer",
    options: "Options",
    confirmedSubject: (code, recipient, reservation) =>
      `Offer ${code} confirmed by ${recipient}: reservation ${reservation}`,
    confirmedHeading: "Offer confirmed",
    confirmedIntro: (hotel) =>
      `The recipient of an offer of ${hotel} has confirmed one of its options: it is now a reservation.`,
    option: "Option",
    reservation: "Reservation",
    status: "Status",
    total: "Total",
    rooms: "Rooms",
  },
  it: {
    rejectedSubject: (code, recipient) => `Offerta ${code} rifiutata da ${recipient}`,
    rejectedHeading: "Offerta rifiutata",
    rejectedIntro: (hotel) => `Il destinatario di un'offerta di ${hotel} l'ha rifiutata, con questo motivo.`,
    reason: "Motivo",
    recipient: "Destinatario",
    offer: "Offerta",
    options: "Opzioni",
    confirmedSubject: (code, recipient, reservation) =>
      `Offerta ${code} confermata da ${recipient}: prenotazione ${reservation}`,
    confirmedHeading: "Offerta confermata",
    confirmedIntro: (hotel) =>
      `Il destinatario di un'offerta di ${hotel} ha confermato una delle sue opzioni: ora è una prenotazione.`,
    option: "Opzione",
    reservation: "Prenotazione",
    status: "Stato",
    total: "Totale",
    rooms: "Camere",
  },
  de: {
    rejectedSubject: (code, recipient) => `Angebot ${code} von ${recipient} abgelehnt`,
    rejectedHeading: "Angebot abgelehnt",
    rejectedIntro: (hotel) =>
      `Der Empfänger eines Angebots von ${hotel} hat es mit dieser Begründung abgelehnt.`,
    reason: "Begründung",
    recipient: "Empfänger",
    offer: "Angebot",
    options: "Optionen",
    confirmedSubject: (code, recipient, reservation) =>
      `Angebot ${code} von ${recipient} bestätigt: Buchung ${reservation}`,
    confirmedHeading: "Angebot bestätigt",
    confirmedIntro: (hotel) =>
      `Der Empfänger eines Angebots von ${hotel} hat eine seiner Optionen bestätigt: Sie ist jetzt eine Buchung.`,
    option: "Option",
    reservation: "Buchung",
    status: "Status",
    total: "Gesamt",
    rooms: "Zimmer",
  },
  fr: {
    rejectedSubject: (code, recipient) => `Offre ${code} refusée par ${recipient}`,
    rejectedHeading: "Offre refusée",
    rejectedIntro: (hotel) => `Le destinataire d'une offre de ${hotel} l'a refusée, pour la raison suivante.`,
    reason: "Raison",
    recipient: "Destinataire",
    offer: "Offre",
    options: "Options",
    confirmedSubject: (code, recipient, reservation) =>
      `Offre ${code} confirmée par ${recipient} : réservation ${reservation}`,
    confirmedHeading: "Offre confirmée",
    confirmedIntro: (hotel) =>
      `Le destinataire d'une offre de ${hotel} a confirmé l'une de ses options : c'est désormais une réservation.`,
    option: "Option",
    reservation: "Réservation",
    status: "Statut",
    total: "Total",
    rooms: "Chambres",
  },
  es: {
    rejectedSubject: (code, recipient) => `Oferta ${code} rechazada por ${recipient}`,
    rejectedHeading: "Oferta rechazada",
    rejectedIntro: (hotel) => `El destinatario de una oferta de ${hotel} la ha rechazado, con este motivo.`,
    reason: "Motivo",
    recipient: "Destinatario",
    offer: "Oferta",
    options: "Opciones",
    confirmedSubject: (code, recipient, reservation) =>
      `Oferta ${code} confirmada por ${recipient}: reserva ${reservation}`,
    confirmedHeading: "Oferta confirmada",
    confirmedIntro: (hotel) =>
      `El destinatario de una oferta de ${hotel} ha confirmado una de sus opciones: ahora es una reserva.`,
    option: "Opción",
    reservation: "Reserva",
    status: "Estado",
    total: "Total",
    rooms: "Habitaciones",
  },
  pt: {
    rejectedSubject: (code, recipient) => `Oferta ${code} recusada por ${recipient}`,
    rejectedHeading: "Oferta recusada",
    rejectedIntro: (hotel) => `O destinatário de uma oferta de ${hotel} recusou-a, com este motivo.`,
    reason: "Motivo",
    recipient: "Destinatário",
    offer: "Oferta",
    options: "Opções",
    confirmedSubject: (code, recipient, reservation) =>
      `Oferta ${code} confirmada por ${recipient}: reserva ${reservation}`,
    confirmedHeading: "Oferta confirmada",
    confirmedIntro: (hotel) =>
      `O destinatário de uma oferta de ${hotel} confirmou uma das suas opções: é agora uma reserva.`,
    option: "Opção",
    reservation: "Reserva",
    status: "Estado",
    total: "Total",
    rooms: "Quartos",
  },
  zh: {
    rejectedSubject: (code, recipient) => `报价 ${code} 已被 ${recipient} 拒绝`,
    rejectedHeading: "报价已被拒绝",
    rejectedIntro: (hotel) => `${hotel} 的一份报价的收件人拒绝了该报价，理由如下。`,
    reason: "理由",
    recipient: "收件人",
    offer: "报价",
    options: "选项",
    confirmedSubject: (code, recipient, reservation) =>
      `报价 ${code} 已由 ${recipient} 确认：预订 ${reservation}`,
    confirmedHeading: "报价已确认",
    confirmedIntro: (hotel) => `${hotel} 的一份报价的收件人确认了其中一个选项，现已成为预订。`,
    option: "选项",
    reservation: "预订",
    status: "状态",
    total: "总计",
    rooms: "客房",
  },
  ja: {
    rejectedSubject: (code, recipient) => `オファー ${code} が ${recipient} により辞退されました`,
    rejectedHeading: "オファーの辞退",
    rejectedIntro: (hotel) => `${hotel} のオファーの受信者が、以下の理由でオファーを辞退しました。`,
    reason: "理由",
    recipient: "受信者",
    offer: "オファー",
    options: "プラン",
    confirmedSubject: (code, recipient, reservation) =>
      `オファー ${code} が ${recipient} により確定されました：予約 ${reservation}`,
    confirmedHeading: "オファーの確定",
    confirmedIntro: (hotel) => `${hotel} のオファーの受信者がプランの1つを確定し、予約になりました。`,
    option: "プラン",
    reservation: "予約",
    status: "ステータス",
    total: "合計",
    rooms: "客室",
  },
};
