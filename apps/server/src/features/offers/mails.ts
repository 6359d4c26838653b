// The offer's mails: the recipient's invitation in their language, with the link to the offer page,
// and the hotel's notices (in the hotel's mail language) when the recipient rejects it or confirms an option.
import type { ReservationStatus } from "@alloggio/domain/booking/reservation-state";
import { findLanguage, pickText } from "@alloggio/domain/i18n/languages";
import { formatAmountFor } from "@alloggio/domain/money/format-amount";
import type { LocalizedText } from "../../db/schema";
import type { OutgoingMail } from "../mail";
import {
  formatDay,
  hotelTextsFor,
  type MailDocument,
  mailTextsFor,
  renderHtml,
  renderText,
  type Section,
} from "../mail";
import { HOTEL_OFFER_TEXTS, OFFER_MAIL_TEXTS } from "./mail-texts";

export type OfferMailData = {
  code: string;
  url: string;
  languageId: number;
  recipient: { name: string; email: string };
  /** `mailLanguage`: `settings.mailLanguage`, unchecked, the language of the hotel's notices. */
  hotel: { name: string; email: string; timeZone: string; mailLanguage?: string | null };
  /** ISO dates */
  arrival: string;
  departure: string;
  expiresAt: Date;
  message: string | null;
};

const nights = (arrival: string, departure: string) =>
  Math.round((Date.parse(`${departure}T00:00:00Z`) - Date.parse(`${arrival}T00:00:00Z`)) / 86_400_000);

/** The expiry as the hotel's guests read it: the day and time in the hotel's zone, with the zone named. */
function formatInstant(at: Date, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone,
  }).format(at);
}

/** The recipient's mail: who offers, the stay, until when, the hotel's message, and the link. */
export function renderOfferMail(data: OfferMailData): OutgoingMail {
  const { texts, locale, lang } = mailTextsFor(data.languageId);
  const o = OFFER_MAIL_TEXTS[findLanguage(data.languageId).text];
  const subject = o.subject(data.hotel.name);
  const validUntil = o.validUntil(formatInstant(data.expiresAt, locale, data.hotel.timeZone));
  const sections: Section[] = [
    {
      title: texts.stay,
      blocks: [
        {
          kind: "facts",
          rows: [
            [texts.arrival, formatDay(data.arrival, locale)],
            [texts.departure, formatDay(data.departure, locale)],
            [texts.lengthOfStay, texts.nights(nights(data.arrival, data.departure))],
          ],
        },
        { kind: "paragraphs", lines: [validUntil] },
      ],
    },
  ];
  if (data.message)
    sections.push({ title: o.message, blocks: [{ kind: "paragraphs", lines: [data.message] }] });
  const doc: MailDocument = {
    lang,
    subject,
    heading: o.heading,
    intro: [texts.greeting(data.recipient.name), o.intro(data.hotel.name), o.unlock],
    code: { label: o.offerCode, value: data.code },
    link: { label: o.button, href: data.url },
    sections,
    closing: [texts.closing, data.hotel.name],
  };
  return { to: data.recipient.email, subject, html: renderHtml(doc), text: renderText(doc), attachments: [] };
}

/** The hotel's mail language: its id, texts, locale and `lang`, and its offer lines. */
function hotelLanguageOf(data: OfferMailData) {
  const { languageId, code } = hotelTextsFor({ mailLanguage: data.hotel.mailLanguage });
  return { languageId, ...mailTextsFor(languageId), lang: code, n: HOTEL_OFFER_TEXTS[code] };
}

/** The hotel's notices' section on the recipient and the stay, in the hotel's mail language. */
function recipientSection(data: OfferMailData): Section {
  const { texts, locale, n } = hotelLanguageOf(data);
  const rows: [string, string][] = [
    [texts.name, data.recipient.name],
    [texts.email, data.recipient.email],
    [texts.arrival, formatDay(data.arrival, locale)],
    [texts.departure, formatDay(data.departure, locale)],
  ];
  return { title: n.recipient, blocks: [{ kind: "facts", rows }] };
}

/** The hotel's notice of a rejection, in the hotel's mail language, with the recipient's reason. */
export function renderRejectedNotice(data: OfferMailData & { reason: string }): OutgoingMail {
  const { lang, n } = hotelLanguageOf(data);
  const subject = n.rejectedSubject(data.code, data.recipient.name);
  const doc: MailDocument = {
    lang,
    subject,
    heading: n.rejectedHeading,
    intro: [n.rejectedIntro(data.hotel.name)],
    code: { label: n.offer, value: data.code },
    link: { label: n.offer, href: data.url },
    sections: [
      { title: n.reason, blocks: [{ kind: "paragraphs", lines: [data.reason] }] },
      recipientSection(data),
    ],
    closing: [],
  };
  return { to: data.hotel.email, subject, html: renderHtml(doc), text: renderText(doc), attachments: [] };
}

/**
 * The hotel's notice of a confirmation, in the hotel's mail language: the option, the reservation it became and
 * its status, the total in that language's money style.
 */
export function renderConfirmedNotice(
  data: OfferMailData & {
    option: { position: number; title: string | null; rooms: LocalizedText[] };
    /** `total` in major units of `currency`, as the booking answers it. */
    reservation: { code: string; status: string; total: number; currency: string };
  },
): OutgoingMail {
  const { languageId, texts, lang, n } = hotelLanguageOf(data);
  const subject = n.confirmedSubject(data.code, data.recipient.name, data.reservation.code);
  const option = data.option.title
    ? `${data.option.position}. ${data.option.title}`
    : `${data.option.position}`;
  const doc: MailDocument = {
    lang,
    subject,
    heading: n.confirmedHeading,
    intro: [n.confirmedIntro(data.hotel.name)],
    code: { label: n.reservation, value: data.reservation.code },
    link: { label: n.offer, href: data.url },
    sections: [
      {
        title: n.reservation,
        blocks: [
          {
            kind: "facts",
            rows: [
              [n.offer, data.code],
              [n.option, option],
              [n.rooms, data.option.rooms.map((name) => pickText(name, languageId)).join(", ")],
              [
                n.status,
                texts.statusLabel[data.reservation.status as ReservationStatus] ?? data.reservation.status,
              ],
              [n.total, formatAmountFor(data.reservation.total, data.reservation.currency, languageId)],
            ],
          },
        ],
      },
      recipientSection(data),
    ],
    closing: [],
  };
  return { to: data.hotel.email, subject, html: renderHtml(doc), text: renderText(doc), attachments: [] };
}
