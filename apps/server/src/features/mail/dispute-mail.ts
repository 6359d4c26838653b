// The mail a hotel's owners get when a card holder's bank disputes a payment (a chargeback, ADR 0075): in each
// owner's back-office language, with the evidence deadline in hotel time and a link to the reservation.
import { STAFF_LANGUAGES, type StaffLanguage } from "@alloggio/domain/contract/backoffice/users";
import { languageOfText } from "@alloggio/domain/i18n/languages";
import { formatMinorFor } from "@alloggio/domain/money/format-amount";
import { formatInstant, type MailDocument, renderHtml, renderText } from "./mail-document";
import type { OutgoingMail } from "./transport";

type DisputeTexts = {
  subject: (code: string, amount: string) => string;
  heading: string;
  intro: (amount: string, code: string, guest: string, hotel: string) => string;
  dueBy: (when: string) => string;
  button: string;
  closing: string;
};

const TEXTS: Record<StaffLanguage, DisputeTexts> = {
  en: {
    subject: (code, amount) => `Payment disputed: ${amount} on reservation ${code}`,
    heading: "A payment was disputed",
    intro: (amount, code, guest, hotel) =>
      `The card holder's bank disputed ${amount} paid for reservation ${code} (${guest}) at ${hotel}.`,
    dueBy: (when) => `Answer with your evidence in the payment gateway's dashboard by ${when}.`,
    button: "Open the reservation",
    closing: "Alloggio",
  },
  it: {
    subject: (code, amount) => `Pagamento contestato: ${amount} sulla prenotazione ${code}`,
    heading: "Un pagamento è stato contestato",
    intro: (amount, code, guest, hotel) =>
      `La banca del titolare della carta ha contestato ${amount} pagati per la prenotazione ${code} (${guest}) presso ${hotel}.`,
    dueBy: (when) => `Rispondi con le tue prove nella dashboard del gateway di pagamento entro il ${when}.`,
    button: "Apri la prenotazione",
    closing: "Alloggio",
  },
  de: {
    subject: (code, amount) => `Zahlung angefochten: ${amount} für Reservierung ${code}`,
    heading: "Eine Zahlung wurde angefochten",
    intro: (amount, code, guest, hotel) =>
      `Die Bank des Karteninhabers hat ${amount} angefochten, bezahlt für Reservierung ${code} (${guest}) im ${hotel}.`,
    dueBy: (when) => `Antworten Sie mit Ihren Nachweisen im Dashboard des Zahlungsanbieters bis ${when}.`,
    button: "Reservierung öffnen",
    closing: "Alloggio",
  },
  fr: {
    subject: (code, amount) => `Paiement contesté : ${amount} sur la réservation ${code}`,
    heading: "Un paiement a été contesté",
    intro: (amount, code, guest, hotel) =>
      `La banque du titulaire de la carte a contesté ${amount} payés pour la réservation ${code} (${guest}) à ${hotel}.`,
    dueBy: (when) =>
      `Répondez avec vos preuves dans le tableau de bord du prestataire de paiement avant le ${when}.`,
    button: "Ouvrir la réservation",
    closing: "Alloggio",
  },
  es: {
    subject: (code, amount) => `Pago disputado: ${amount} en la reserva ${code}`,
    heading: "Se ha disputado un pago",
    intro: (amount, code, guest, hotel) =>
      `El banco del titular de la tarjeta disputó ${amount} pagados por la reserva ${code} (${guest}) en ${hotel}.`,
    dueBy: (when) => `Responda con sus pruebas en el panel de la pasarela de pago antes del ${when}.`,
    button: "Abrir la reserva",
    closing: "Alloggio",
  },
  pt: {
    subject: (code, amount) => `Pagamento contestado: ${amount} na reserva ${code}`,
    heading: "Um pagamento foi contestado",
    intro: (amount, code, guest, hotel) =>
      `O banco do titular do cartão contestou ${amount} pagos pela reserva ${code} (${guest}) em ${hotel}.`,
    dueBy: (when) => `Responda com as suas provas no painel do gateway de pagamento até ${when}.`,
    button: "Abrir a reserva",
    closing: "Alloggio",
  },
  zh: {
    subject: (code, amount) => `付款争议：预订 ${code} 的 ${amount}`,
    heading: "有一笔付款被提出争议",
    intro: (amount, code, guest, hotel) =>
      `持卡人的银行对 ${hotel} 预订 ${code}（${guest}）所付的 ${amount} 提出了争议。`,
    dueBy: (when) => `请在 ${when} 前在支付网关后台提交证据答复。`,
    button: "打开预订",
    closing: "Alloggio",
  },
  ja: {
    subject: (code, amount) => `支払いへの異議申し立て：予約 ${code} の ${amount}`,
    heading: "支払いに異議が申し立てられました",
    intro: (amount, code, guest, hotel) =>
      `カード会員の銀行が、${hotel} の予約 ${code}（${guest}）で支払われた ${amount} に異議を申し立てました。`,
    dueBy: (when) => `${when} までに決済代行会社のダッシュボードで証拠を提出して回答してください。`,
    button: "予約を開く",
    closing: "Alloggio",
  },
};

export type DisputeMailData = {
  to: string;
  /** The owner's back-office language (a text code: en, it, …). */
  language: string;
  hotel: string;
  code: string;
  guest: string;
  amountMinor: number;
  currency: string;
  decimalDigits: number;
  /** ISO instant; none when the gateway gives no deadline. */
  evidenceDueBy: string | null;
  timeZone: string;
  link: string;
};

/** The dispute notice in the owner's language (English when the language is not one of the eight). */
export function renderDisputeMail(data: DisputeMailData): OutgoingMail {
  const lang: StaffLanguage = (STAFF_LANGUAGES as readonly string[]).includes(data.language)
    ? (data.language as StaffLanguage)
    : "en";
  const t = TEXTS[lang];
  const language = languageOfText(lang);
  const amount = formatMinorFor(
    data.amountMinor,
    { code: data.currency, decimalDigits: data.decimalDigits, rounding: 0 },
    language.id,
  );
  const subject = t.subject(data.code, amount);
  const doc: MailDocument = {
    lang,
    subject,
    heading: t.heading,
    intro: [
      t.intro(amount, data.code, data.guest, data.hotel),
      ...(data.evidenceDueBy
        ? [t.dueBy(formatInstant(data.evidenceDueBy, language.locale, data.timeZone))]
        : []),
    ],
    link: { label: t.button, href: data.link },
    sections: [],
    closing: [t.closing],
  };
  return { to: data.to, subject, html: renderHtml(doc), text: renderText(doc), attachments: [] };
}
