// The mails of a quote request (quote.do): the guest's quote in their language and the hotel's copy in its own,
// with the guest's contacts and message. No reservation stands behind them.
import { findLanguage, pickText } from "@alloggio/domain/i18n/languages";
import { formatMinorFor } from "@alloggio/domain/money/format-amount";
import type { LocalizedText } from "../../db/schema";
import { hotelTextsFor } from "./hotel-texts";
import {
  type Block,
  formatDay,
  formatShortDay,
  languageName,
  type MailDocument,
  renderHtml,
  renderText,
  type Section,
} from "./mail-document";
import { HOTEL_QUOTE_TEXTS, QUOTE_TEXTS } from "./quote-texts";
import type { MailHotel } from "./reservation-facts";
import { hotelContactsSection, occupancyText, roomsTable, stayRows } from "./reservation-mails";
import { type MealPlanKey, mailTextsFor } from "./texts";
import type { OutgoingMail } from "./transport";

export type QuoteMailData = {
  /** The web app's public origin, for the link back to the search. */
  baseUrl: string;
  channelId: number;
  languageId: number;
  /** ISO dates */
  arrival: string;
  departure: string;
  promoCode?: string | undefined;
  currency: { code: string; decimalDigits: number };
  hotel: MailHotel;
  /** As asked, in order; a room without a chosen room type and rate has no names and no price. */
  rooms: {
    adults: number;
    ages: number[];
    roomName: LocalizedText | null;
    rateName: LocalizedText | null;
    mealPlan: MealPlanKey | null;
    /** Not chosen by the guest: the least expensive room and rate the search offered for it. */
    suggested: boolean;
    totalMinor: number | null;
  }[];
  /** Services a booking could not do without (a mandatory category), priced with the rooms. */
  services: { name: LocalizedText; priceMinor: number }[];
  /** Null when a room has no price. */
  totalMinor: number | null;
  cityTaxMinor: number | null;
  guest: { fullName: string; email: string; phone?: string | undefined; message?: string | undefined };
};

const compactYmd = (iso: string) => iso.replaceAll("-", "");

/**
 * The same search on the hotel's rooms page, in the guest's language: dates, adults, children and ages per room
 * (SPEC §2 query names, as the web app writes them), and the promo code.
 */
export function buildQuoteSearchUrl(data: QuoteMailData): string {
  const base = data.baseUrl.replace(/\/+$/, "");
  const query = [
    `arrival=${compactYmd(data.arrival)}`,
    `departure=${compactYmd(data.departure)}`,
    `adults=${data.rooms.map((r) => r.adults).join(",")}`,
  ];
  if (data.rooms.some((r) => r.ages.length > 0))
    query.push(
      `childs=${data.rooms.map((r) => r.ages.length).join(",")}`,
      `ages=${data.rooms.flatMap((r) => r.ages).join(",")}`,
    );
  if (data.promoCode) query.push(`promoCode=${encodeURIComponent(data.promoCode)}`);
  return `${base}/hotel/${data.hotel.id}/channel/${data.channelId}/language/${findLanguage(data.languageId).id}/rooms?${query.join("&")}`;
}

/** Stay, rooms, services, total and the hotel's contacts, in a language. */
function quoteSections(data: QuoteMailData, languageId: number, validity?: string): Section[] {
  const { texts, locale } = mailTextsFor(languageId);
  const q = QUOTE_TEXTS[findLanguage(languageId).text];
  const money = (minor: number) =>
    formatMinorFor(
      minor,
      { code: data.currency.code, decimalDigits: data.currency.decimalDigits, rounding: 0 },
      languageId,
    );
  const hotel = data.hotel;
  const stay = stayRows(data, hotel, texts, locale);
  if (data.promoCode) stay.push([q.promoCode, data.promoCode]);
  const sections: Section[] = [{ title: q.yourStay, blocks: [{ kind: "facts", rows: stay }] }];

  const rooms = data.rooms.map((room, i) => [
    `${i + 1}. ${room.roomName ? pickText(room.roomName, languageId) : texts.room}${room.suggested ? ` (${q.suggested})` : ""}`,
    room.rateName ? pickText(room.rateName, languageId) : "—",
    room.mealPlan ? texts.mealPlan[room.mealPlan] : "—",
    occupancyText(texts, room.adults, room.ages),
    room.totalMinor === null ? q.priceOnRequest : money(room.totalMinor),
  ]);
  sections.push({ title: texts.rooms, blocks: [roomsTable(texts, rooms)] });
  if (data.services.length > 0)
    sections.push({
      title: q.requiredServices,
      blocks: [
        {
          kind: "table",
          caption: q.requiredServices,
          headers: [texts.service, texts.price],
          rows: data.services.map((s) => [pickText(s.name, languageId), money(s.priceMinor)]),
        },
      ],
    });

  const totals: [string, string][] = [
    [texts.total, data.totalMinor === null ? q.priceOnRequest : money(data.totalMinor)],
  ];
  if (hotel.cityTaxMinor > 0) {
    const rate = texts.cityTaxRate(money(hotel.cityTaxMinor));
    totals.push([
      texts.cityTax,
      data.cityTaxMinor !== null && data.totalMinor !== null
        ? `${money(data.cityTaxMinor)} (${texts.cityTaxAtHotel}; ${rate})`
        : `${rate}, ${texts.cityTaxAtHotel}`,
    ]);
  }
  const valid = validity ?? q.validity;
  const notes = data.totalMinor === null ? [q.totalOnRequest, valid] : [valid];
  const totalBlocks: Block[] = [
    { kind: "facts", rows: totals },
    { kind: "paragraphs", lines: notes },
  ];
  sections.push({ title: texts.totals, blocks: totalBlocks });

  sections.push(hotelContactsSection(hotel, texts, locale));
  return sections;
}

/** The guest's quote in their language (1 en … 9 ja; Russian reads English). */
export function renderQuoteMail(data: QuoteMailData): OutgoingMail {
  const { texts, lang } = mailTextsFor(data.languageId);
  const q = QUOTE_TEXTS[findLanguage(data.languageId).text];
  const subject = q.subject(data.hotel.name);
  const sections = quoteSections(data, data.languageId);
  if (data.guest.message)
    sections.splice(sections.length - 1, 0, {
      title: q.yourMessage,
      blocks: [{ kind: "paragraphs", lines: [data.guest.message] }],
    });
  const doc: MailDocument = {
    lang,
    subject,
    heading: q.heading,
    intro: [texts.greeting(data.guest.fullName), q.intro(data.hotel.name), q.bookText],
    link: { label: q.bookButton, href: buildQuoteSearchUrl(data) },
    sections,
    closing: [texts.closing, data.hotel.name],
  };
  return { to: data.guest.email, subject, html: renderHtml(doc), text: renderText(doc), attachments: [] };
}

/**
 * The hotel's copy, in the hotel's mail language: the guest's contacts and message first, then what the guest was
 * quoted.
 */
export function renderHotelQuote(data: QuoteMailData): OutgoingMail {
  const { languageId, code } = hotelTextsFor({ mailLanguage: data.hotel.mailLanguage });
  const { texts, locale } = mailTextsFor(languageId);
  const lang = code;
  const n = HOTEL_QUOTE_TEXTS[code];
  const guest: [string, string][] = [
    [texts.name, data.guest.fullName],
    [texts.email, data.guest.email],
  ];
  if (data.guest.phone) guest.push([texts.phone, data.guest.phone]);
  guest.push([n.language, languageName(findLanguage(data.languageId).text, locale)]);
  const first: Section[] = [{ title: n.guest, blocks: [{ kind: "facts", rows: guest }] }];
  if (data.guest.message)
    first.push({ title: n.message, blocks: [{ kind: "paragraphs", lines: [data.guest.message] }] });
  const subject = n.subject(
    formatShortDay(data.arrival, locale),
    formatShortDay(data.departure, locale),
    data.guest.fullName,
  );
  const doc: MailDocument = {
    lang,
    subject,
    heading: n.heading,
    intro: [
      n.intro(data.hotel.name),
      ...(data.rooms.some((r) => r.totalMinor === null) ? [n.answerRooms] : []),
    ],
    link: { label: n.link, href: buildQuoteSearchUrl(data) },
    sections: [...first, ...quoteSections(data, languageId)],
    closing: [],
  };
  return { to: data.hotel.email, subject, html: renderHtml(doc), text: renderText(doc), attachments: [] };
}

/**
 * The hotel's answer to a quote request (back office), in the guest's language: the stay priced as
 * the hotel set it, its note, and the reservation link that books it at that price until the link expires.
 */
export function renderAnsweredQuoteMail(
  data: QuoteMailData,
  answer: { linkUrl: string; note: string | null; validUntil: string },
): OutgoingMail {
  const { texts, lang, locale } = mailTextsFor(data.languageId);
  const q = QUOTE_TEXTS[findLanguage(data.languageId).text];
  const a = q.answered;
  const subject = a.subject(data.hotel.name);
  const validUntil = a.validUntil(formatDay(answer.validUntil, locale));
  const sections = quoteSections(data, data.languageId, validUntil);
  if (answer.note)
    sections.unshift({ title: a.note, blocks: [{ kind: "paragraphs", lines: [answer.note] }] });
  const doc: MailDocument = {
    lang,
    subject,
    heading: a.heading,
    intro: [texts.greeting(data.guest.fullName), a.intro(data.hotel.name), a.bookText, validUntil],
    link: { label: a.bookButton, href: answer.linkUrl },
    sections,
    closing: [texts.closing, data.hotel.name],
  };
  return { to: data.guest.email, subject, html: renderHtml(doc), text: renderText(doc), attachments: [] };
}
