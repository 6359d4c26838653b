import { findLanguage, pickText } from "@alloggio/domain/i18n/languages";
import { formatMoney } from "@alloggio/domain/money/money";
import { TZDate } from "@date-fns/tz";
import { createEvent, type EventAttributes } from "ics";
import { escapeHtml, jsonForScript } from "./html";
import {
  findReservationMailFacts,
  insertOutboxMails,
  type MailExecutor,
  type ReservationMailFacts,
} from "./repository";
import { HOTEL_NOTICE_TEXTS, type MailTexts, mailTextsFor } from "./texts";
import type { MailAttachment, OutgoingMail } from "./transport";

/** The facts of a reservation and the public address of the web app (for the voucher link). */
export type ReservationMailData = ReservationMailFacts & { baseUrl: string };

// ── A mail as a document: sections of facts, tables and paragraphs, rendered once as HTML and once as text ──

type Block =
  | { kind: "facts"; rows: [label: string, value: string][] }
  | { kind: "table"; caption: string; headers: string[]; rows: string[][] }
  | { kind: "paragraphs"; lines: string[] }
  | { kind: "link"; text: string; label: string; href: string };
type Section = { title: string; blocks: Block[] };
type MailDocument = {
  lang: string;
  subject: string;
  heading: string;
  intro: string[];
  code: { label: string; value: string };
  link: { label: string; href: string };
  sections: Section[];
  closing: string[];
  jsonLd?: unknown;
};

const DAY_MS = 86_400_000;

function addDaysIso(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function nightsOf(arrival: string, departure: string): number {
  return Math.round((Date.parse(`${departure}T00:00:00Z`) - Date.parse(`${arrival}T00:00:00Z`)) / DAY_MS);
}

function formatDay(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${iso}T00:00:00Z`));
}

function formatInstant(iso: string, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone }).format(
    new Date(iso),
  );
}

/** "IT" → "Italia" in Italian; the code itself when the runtime does not know it. */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "14:00:00" → "14:00" */
function shortTime(time: string): string {
  return time.slice(0, 5);
}

function zonedIso(dateIso: string, time: string, timeZone: string): string {
  const [y, m, d] = dateIso.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return new TZDate(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0, 0, timeZone).toISOString();
}

/** The guest's voucher page (SPEC §2): /hotel/:hotel/channel/:channel/language/:language/voucher/code/:code/email/:email */
export function buildVoucherUrl(data: ReservationMailData, languageId: number): string {
  const base = data.baseUrl.replace(/\/+$/, "");
  return `${base}/hotel/${data.hotel.id}/channel/${data.channelId}/language/${languageId}/voucher/code/${encodeURIComponent(data.code)}/email/${encodeURIComponent(data.email)}`;
}

function isCityTaxIncluded(data: ReservationMailData): boolean {
  return (
    data.roomsTotalMinor + data.servicesTotalMinor + data.refundProtectionMinor + data.cityTaxMinor ===
    data.totalMinor
  );
}

function cancellationPolicyOf(
  room: ReservationMailData["rooms"][number],
  texts: MailTexts,
  locale: string,
): string {
  const days = room.rate.freeCancellationDays;
  if (!room.rate.refundable || days === null) return texts.nonRefundable;
  if (days <= 0) return texts.freeUntilArrival(formatDay(room.arrival, locale));
  return texts.freeUntil(formatDay(addDaysIso(room.arrival, -days), locale));
}

/** The sections both mails share: stay, rooms, services, guests, totals, payment, cancellation, hotel. */
function buildSections(data: ReservationMailData, languageId: number, stayTitle?: string): Section[] {
  const { texts, locale } = mailTextsFor(languageId);
  const money = (minor: number) =>
    formatMoney(minor, { code: data.currency.code, decimalDigits: data.currency.decimalDigits, rounding: 0 });
  const roomIndex = new Map(data.rooms.map((room, i) => [room.id, i + 1]));
  const roomRef = (roomId: number | null) => {
    const n = roomId === null ? undefined : roomIndex.get(roomId);
    return n === undefined ? "—" : `${texts.room} ${n}`;
  };
  const sections: Section[] = [];

  const stay: [string, string][] = [
    [texts.reservationCode, data.code],
    [texts.status, texts.statusLabel[data.status]],
    [texts.arrival, formatDay(data.arrival, locale)],
    [texts.departure, formatDay(data.departure, locale)],
    [texts.lengthOfStay, texts.nights(nightsOf(data.arrival, data.departure))],
    [
      texts.checkIn,
      texts.checkInTimes(shortTime(data.hotel.checkInFrom), shortTime(data.hotel.checkInUntil)),
    ],
    [texts.checkOut, texts.checkOutTime(shortTime(data.hotel.checkOutUntil))],
  ];
  if (data.booker.arrivalTime) stay.push([texts.expectedArrival, data.booker.arrivalTime]);
  const blocks: Block[] = [{ kind: "facts", rows: stay }];
  if (data.optionExpiresAt && data.status === "pending_confirmation")
    blocks.push({
      kind: "paragraphs",
      lines: [texts.optionExpires(formatInstant(data.optionExpiresAt, locale, data.hotel.timeZone))],
    });
  sections.push({ title: stayTitle ?? texts.stay, blocks });

  sections.push({
    title: texts.rooms,
    blocks: [
      {
        kind: "table",
        caption: texts.rooms,
        headers: [texts.room, texts.rate, texts.meals, texts.occupancy, texts.price],
        rows: data.rooms.map((room, i) => {
          const dates =
            room.arrival === data.arrival && room.departure === data.departure
              ? ""
              : ` (${formatDay(room.arrival, locale)} – ${formatDay(room.departure, locale)})`;
          const children =
            room.childAges.length > 0
              ? `, ${texts.children(room.childAges.length, room.childAges.join(", "))}`
              : "";
          return [
            `${i + 1}. ${pickText(room.name, languageId)}${dates}`,
            pickText(room.rate.name, languageId),
            texts.mealPlan[room.rate.mealPlan],
            `${texts.adults(room.adults)}${children}`,
            money(room.totalMinor),
          ];
        }),
      },
    ],
  });

  if (data.services.length > 0)
    sections.push({
      title: texts.services,
      blocks: [
        {
          kind: "table",
          caption: texts.services,
          headers: [texts.service, texts.room, texts.date, texts.quantity, texts.price],
          rows: data.services.map((s) => {
            const transfer = s.transfer
              ? [s.transfer.transportNumber, s.transfer.time, s.transfer.placeCode, s.transfer.note].filter(
                  Boolean,
                )
              : [];
            const name = pickText(s.name, languageId);
            const day = s.day ? formatDay(s.day, locale) : "";
            return [
              transfer.length > 0 ? `${name} (${transfer.join(", ")})` : name,
              roomRef(s.roomId),
              [day, s.timeSlot ?? ""].filter(Boolean).join(" ") || "—",
              String(s.quantity),
              money(s.priceMinor),
            ];
          }),
        },
      ],
    });

  if (data.guests.length > 0)
    sections.push({
      title: texts.guests,
      blocks: [
        {
          kind: "table",
          caption: texts.guests,
          headers: [texts.name, texts.guestKind, texts.room],
          rows: data.guests.map((g) => [
            `${g.firstName} ${g.lastName}`,
            g.type === "adult" || g.type === "child" ? texts.guestType[g.type] : g.type,
            roomRef(g.roomId),
          ]),
        },
      ],
    });

  const totals: [string, string][] = [[texts.roomsTotal, money(data.roomsTotalMinor)]];
  if (data.servicesTotalMinor > 0 || data.services.length > 0)
    totals.push([texts.servicesTotal, money(data.servicesTotalMinor)]);
  if (data.refundProtectionMinor > 0)
    totals.push([texts.refundProtection, money(data.refundProtectionMinor)]);
  totals.push([texts.total, money(data.totalMinor)]);
  if (data.cityTaxMinor > 0) {
    const where = isCityTaxIncluded(data) ? texts.cityTaxIncluded : texts.cityTaxAtHotel;
    const rate = data.hotel.cityTaxMinor > 0 ? `; ${texts.cityTaxRate(money(data.hotel.cityTaxMinor))}` : "";
    totals.push([texts.cityTax, `${money(data.cityTaxMinor)} (${where}${rate})`]);
  } else if (data.hotel.cityTaxMinor > 0) {
    totals.push([
      texts.cityTax,
      `${texts.cityTaxRate(money(data.hotel.cityTaxMinor))}, ${texts.cityTaxAtHotel}`,
    ]);
  }
  sections.push({ title: texts.totals, blocks: [{ kind: "facts", rows: totals }] });

  const payment: Block[] = [
    { kind: "facts", rows: [[texts.paymentMethod, texts.paymentMethodLabel[data.paymentMethod]]] },
  ];
  if (data.payments.length > 0)
    payment.push({
      kind: "table",
      caption: texts.prepaymentSchedule,
      headers: [texts.dueDate, texts.amount, texts.status],
      rows: data.payments.map((p) => [
        formatDay(p.dueDate, locale),
        money(p.amountMinor),
        p.status in texts.paymentStatus
          ? texts.paymentStatus[p.status as keyof MailTexts["paymentStatus"]]
          : p.status,
      ]),
    });
  else if (data.paymentMethod === "pay_at_hotel" || data.paymentMethod === "card_guarantee")
    payment.push({ kind: "paragraphs", lines: [texts.noPrepayment] });
  if (data.paymentLink && data.payments.some((p) => p.status === "due"))
    payment.push({
      kind: "link",
      text: texts.payByLinkText,
      label: texts.payByLinkButton,
      href: new URL(data.paymentLink, data.baseUrl).toString(),
    });
  sections.push({ title: texts.payment, blocks: payment });

  const policies = new Map<string, string>();
  for (const room of data.rooms) {
    const line = `${pickText(room.rate.name, languageId)}: ${cancellationPolicyOf(room, texts, locale)}`;
    policies.set(line, line);
  }
  sections.push({
    title: texts.cancellationPolicy,
    blocks: [{ kind: "paragraphs", lines: [...policies.keys()] }],
  });

  const hotel = data.hotel;
  const contacts: [string, string][] = [
    [texts.hotel, hotel.name],
    [texts.address, `${hotel.address}, ${hotel.city}, ${countryName(hotel.country, locale)}`],
  ];
  if (hotel.phone) contacts.push([texts.phone, hotel.phone]);
  contacts.push([texts.email, hotel.email]);
  sections.push({ title: texts.hotel, blocks: [{ kind: "facts", rows: contacts }] });
  return sections;
}

function reservationStatusUrl(status: ReservationMailData["status"]): string {
  if (status === "confirmed") return "https://schema.org/ReservationConfirmed";
  if (status === "cancelled") return "https://schema.org/ReservationCancelled";
  return "https://schema.org/ReservationPending";
}

/** schema.org LodgingReservation (with the names Gmail reads too: reservationNumber, checkinDate). */
function buildJsonLd(data: ReservationMailData, languageId: number, voucherUrl: string): unknown {
  const hotel = data.hotel;
  const checkin = zonedIso(data.arrival, hotel.checkInFrom, hotel.timeZone);
  const checkout = zonedIso(data.departure, hotel.checkOutUntil, hotel.timeZone);
  return {
    "@context": "https://schema.org",
    "@type": "LodgingReservation",
    reservationId: data.code,
    reservationNumber: data.code,
    reservationStatus: reservationStatusUrl(data.status),
    bookingTime: data.createdAt,
    underName: { "@type": "Person", name: data.booker.fullname, email: data.booker.email },
    reservationFor: {
      "@type": "LodgingBusiness",
      name: hotel.name,
      address: {
        "@type": "PostalAddress",
        streetAddress: hotel.address,
        addressLocality: hotel.city,
        addressCountry: hotel.country,
      },
      email: hotel.email,
      ...(hotel.phone ? { telephone: hotel.phone } : {}),
    },
    checkinTime: checkin,
    checkoutTime: checkout,
    checkinDate: checkin,
    checkoutDate: checkout,
    lodgingUnitDescription: data.rooms.map((r) => pickText(r.name, languageId)).join(", "),
    numAdults: data.rooms.reduce((n, r) => n + r.adults, 0),
    numChildren: data.rooms.reduce((n, r) => n + r.childAges.length, 0),
    totalPrice: (data.totalMinor / 10 ** data.currency.decimalDigits).toFixed(data.currency.decimalDigits),
    priceCurrency: data.currency.code,
    url: voucherUrl,
    modifyReservationUrl: voucherUrl,
  };
}

function toDateArray(iso: string): [number, number, number] {
  const [y, m, d] = iso.split("-").map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

/** The stay as an all-day calendar event; DTEND is exclusive, so it is the day after departure to show that day. */
function buildCalendarFile(
  data: ReservationMailData,
  languageId: number,
  voucherUrl: string,
): MailAttachment {
  const { texts } = mailTextsFor(languageId);
  const hotel = data.hotel;
  const attributes: EventAttributes & { timestamp: number } = {
    start: toDateArray(data.arrival),
    end: toDateArray(addDaysIso(data.departure, 1)),
    title: `${hotel.name} – ${data.code}`,
    description: [
      `${texts.reservationCode}: ${data.code}`,
      `${texts.checkIn}: ${texts.checkInTimes(shortTime(hotel.checkInFrom), shortTime(hotel.checkInUntil))}`,
      `${texts.checkOut}: ${texts.checkOutTime(shortTime(hotel.checkOutUntil))}`,
      `${texts.viewReservation}: ${voucherUrl}`,
    ].join("\n"),
    location: `${hotel.name}, ${hotel.address}, ${hotel.city}, ${countryName(hotel.country, "en-GB")}`,
    url: voucherUrl,
    uid: `${data.code}@alloggio`,
    productId: "alloggio/reservation-mail",
    status:
      data.status === "confirmed" ? "CONFIRMED" : data.status === "cancelled" ? "CANCELLED" : "TENTATIVE",
    // DTSTAMP from the booking time, so the same reservation renders the same file.
    timestamp: Date.parse(data.createdAt),
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error("ics: no calendar produced");
  return {
    filename: `reservation-${data.code}.ics`,
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: value,
  };
}

// ── Rendering ───────────────────────────────────────────────────────────────────────────────────────────────

const CELL = "text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid #e4e4e7";
const TABLE = "border-collapse:collapse;width:100%;margin:0 0 16px;font-size:14px";

function renderBlockHtml(block: Block): string {
  if (block.kind === "link")
    return `<p style="margin:0 0 12px">${escapeHtml(block.text)}</p>\n<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}" style="color:#1d4ed8;font-weight:600">${escapeHtml(block.label)}</a></p>`;
  if (block.kind === "paragraphs")
    return block.lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join("\n");
  if (block.kind === "facts")
    return `<table style="${TABLE}">\n${block.rows
      .map(
        ([label, value]) =>
          `<tr><th scope="row" style="${CELL};width:40%;font-weight:600">${escapeHtml(label)}</th><td style="${CELL}">${escapeHtml(value)}</td></tr>`,
      )
      .join("\n")}\n</table>`;
  const head = block.headers.map(
    (h) => `<th scope="col" style="${CELL};font-weight:600">${escapeHtml(h)}</th>`,
  );
  const rows = block.rows.map(
    (cells) => `<tr>${cells.map((c) => `<td style="${CELL}">${escapeHtml(c)}</td>`).join("")}</tr>`,
  );
  return `<table style="${TABLE}">\n<caption style="text-align:left;font-weight:600;padding:4px 0">${escapeHtml(block.caption)}</caption>\n<thead><tr>${head.join("")}</tr></thead>\n<tbody>\n${rows.join("\n")}\n</tbody>\n</table>`;
}

function renderHtml(doc: MailDocument): string {
  const sections = doc.sections.map(
    (s) =>
      `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(s.title)}</h2>\n${s.blocks.map(renderBlockHtml).join("\n")}`,
  );
  const jsonLd =
    doc.jsonLd === undefined
      ? ""
      : `\n<script type="application/ld+json">${jsonForScript(doc.jsonLd)}</script>`;
  return `<!doctype html>
<html lang="${escapeHtml(doc.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.subject)}</title>${jsonLd}
</head>
<body style="margin:0;padding:0;background:#f4f4f5;color:#18181b;font-family:Arial,Helvetica,sans-serif;line-height:1.5">
<main style="max-width:640px;margin:0 auto;padding:24px;background:#ffffff">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(doc.heading)}</h1>
${doc.intro.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join("\n")}
<p style="margin:0 0 12px;font-size:18px">${escapeHtml(doc.code.label)}: <strong>${escapeHtml(doc.code.value)}</strong></p>
<p style="margin:0 0 16px"><a href="${escapeHtml(doc.link.href)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(doc.link.label)}</a></p>
${sections.join("\n")}
${doc.closing.map((l) => `<p style="margin:16px 0 0">${escapeHtml(l)}</p>`).join("\n")}
</main>
</body>
</html>
`;
}

function renderText(doc: MailDocument): string {
  const out: string[] = [doc.heading, "", ...doc.intro, "", `${doc.code.label}: ${doc.code.value}`];
  out.push(`${doc.link.label}: ${doc.link.href}`);
  for (const section of doc.sections) {
    out.push("", section.title.toUpperCase());
    for (const block of section.blocks) {
      if (block.kind === "paragraphs") out.push(...block.lines);
      else if (block.kind === "link") out.push(block.text, `${block.label}: ${block.href}`);
      else if (block.kind === "facts") out.push(...block.rows.map(([label, value]) => `${label}: ${value}`));
      else
        for (const row of block.rows)
          out.push(`- ${row.map((cell, i) => `${block.headers[i] ?? ""}: ${cell}`).join("; ")}`);
    }
  }
  out.push("", ...doc.closing);
  return `${out.join("\n")}\n`;
}

/** Comma list of the booker's addresses (the alternative one too), without duplicates. */
function guestRecipients(data: ReservationMailData): string {
  const all = [data.booker.email, data.booker.alternativeEmail].filter((e): e is string =>
    Boolean(e?.trim()),
  );
  return [...new Map(all.map((e) => [e.trim().toLowerCase(), e.trim()])).values()].join(", ");
}

/** The guest's mail in a language (1 en … 9 ja; ru reads English): HTML with JSON-LD, text, and the .ics file. */
export function renderReservationMail(data: ReservationMailData, languageId: number): OutgoingMail {
  const { texts, lang } = mailTextsFor(languageId);
  const language = findLanguage(languageId);
  const voucherUrl = buildVoucherUrl(data, language.id);
  const subject =
    data.status === "confirmed"
      ? texts.subjectConfirmed(data.code, data.hotel.name)
      : texts.subjectOther(data.code, data.hotel.name);
  const doc: MailDocument = {
    lang,
    subject,
    heading: texts.heading[data.status],
    intro: [texts.greeting(data.booker.fullname), texts.intro(data.hotel.name)],
    code: { label: texts.reservationCode, value: data.code },
    link: { label: texts.viewReservation, href: voucherUrl },
    sections: buildSections(data, language.id),
    closing: [texts.calendarHint, texts.closing, data.hotel.name],
    jsonLd: buildJsonLd(data, language.id, voucherUrl),
  };
  if (data.booker.note)
    doc.sections.splice(1, 0, {
      title: texts.yourNote,
      blocks: [{ kind: "paragraphs", lines: [data.booker.note] }],
    });
  return {
    to: guestRecipients(data),
    subject,
    html: renderHtml(doc),
    text: renderText(doc),
    attachments: [buildCalendarFile(data, language.id, voucherUrl)],
  };
}

/** The hotel's notice, in English: the booker's contacts and invoice data, then the same facts as the guest's. */
export function renderHotelNotice(data: ReservationMailData): OutgoingMail {
  const english = 1;
  const { texts } = mailTextsFor(english);
  const n = HOTEL_NOTICE_TEXTS;
  const voucherUrl = buildVoucherUrl(data, english);
  const booker = data.booker;
  const bookerRows: [string, string][] = [
    [texts.name, booker.fullname],
    [texts.email, booker.email],
  ];
  if (booker.alternativeEmail) bookerRows.push([n.alternativeEmail, booker.alternativeEmail]);
  bookerRows.push([texts.phone, booker.phone]);
  const address = [booker.address, [booker.cap, booker.city].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  if (address) bookerRows.push([texts.address, address]);
  bookerRows.push([n.country, countryName(booker.country, "en-GB")]);
  if (booker.cf) bookerRows.push([n.taxCode, booker.cf]);
  if (booker.arrivalTime) bookerRows.push([texts.expectedArrival, booker.arrivalTime]);
  if (data.promoCode) bookerRows.push([n.promoCode, data.promoCode]);
  const extra: Section[] = [{ title: n.booker, blocks: [{ kind: "facts", rows: bookerRows }] }];
  if (booker.note) extra.push({ title: n.guestNote, blocks: [{ kind: "paragraphs", lines: [booker.note] }] });
  if (data.invoice) {
    const inv = data.invoice;
    const rows: [string, string][] = [
      [texts.name, inv.name],
      [texts.address, `${inv.address}, ${inv.zip} ${inv.city}, ${inv.country}`],
    ];
    if (inv.vat) rows.push([n.vat, inv.vat]);
    if (inv.sdi) rows.push([n.sdi, inv.sdi]);
    extra.push({ title: n.invoice, blocks: [{ kind: "facts", rows }] });
  }
  const subject = n.subject(data.code, data.arrival, data.departure, booker.fullname);
  const doc: MailDocument = {
    lang: "en",
    subject,
    heading: `${n.heading}: ${texts.statusLabel[data.status]}`,
    intro: [n.intro(data.hotel.name)],
    code: { label: texts.reservationCode, value: data.code },
    link: { label: n.viewReservation, href: voucherUrl },
    sections: [...extra, ...buildSections(data, english, n.stay)],
    closing: [],
  };
  return { to: data.hotel.email, subject, html: renderHtml(doc), text: renderText(doc), attachments: [] };
}

/**
 * Loads the reservation (one statement) and puts the guest's confirmation, in the reservation's language, and
 * the hotel's notice in the outbox, with the executor given (pass the booking transaction). `baseUrl` is the web
 * app's public origin (voucher link); `now` the caller's clock. Returns the row ids.
 */
export async function enqueueReservationMails(
  executor: MailExecutor,
  reservationId: number,
  options: { baseUrl: string; now?: Date },
): Promise<{ guestMailId: number; hotelMailId: number }> {
  const facts = await findReservationMailFacts(executor, reservationId);
  if (!facts) throw new Error(`enqueueReservationMails: no reservation ${reservationId}`);
  const data: ReservationMailData = { ...facts, baseUrl: options.baseUrl };
  const guest = renderReservationMail(data, data.languageId);
  const hotel = renderHotelNotice(data);
  const [guestMailId, hotelMailId] = await insertOutboxMails(executor, [
    { ...guest, reservationId, now: options.now },
    { ...hotel, reservationId, now: options.now },
  ]);
  if (guestMailId === undefined || hotelMailId === undefined)
    throw new Error("enqueueReservationMails: the insert returned no rows");
  return { guestMailId, hotelMailId };
}
