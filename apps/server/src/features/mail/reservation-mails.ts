import { bankTransferDetailsOf } from "@alloggio/domain/booking/bank-transfer";
import { MANAGE_PATHS } from "@alloggio/domain/contract/booking/manage";
import { findLanguage, pickText } from "@alloggio/domain/i18n/languages";
import { decimalTextOf } from "@alloggio/domain/money/amounts";
import { formatMinorFor } from "@alloggio/domain/money/format-amount";
import { postalAddressOf } from "@alloggio/domain/seo/schema-org";
import { isoToYmd, todayInZone, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import type { MailRecipe } from "../../db/schema";
import { AGENCY_MAIL_TEXTS } from "./agency-texts";
import {
  buildChangeSection,
  changeTextKey,
  changeTextsFor,
  hotelCancelledBy,
  type MailChange,
} from "./changes";
import { guestViewOf } from "./guest-view";
import { hotelTextsFor } from "./hotel-texts";
import { writeAllDayEvent } from "./ics";
import {
  addDaysIso,
  type Block,
  countryName,
  formatDay,
  formatInstant,
  formatShortDay,
  type MailDocument,
  nightsOf,
  renderHtml,
  renderText,
  type Section,
  shortTime,
  zonedIso,
} from "./mail-document";
import { insertOutboxMails, insertReservationRecipes, type MailExecutor } from "./repository";
import type { MailHotel, StoredReservation } from "./reservation-facts";
import { type MailTexts, mailTextsFor, type RefundStatusKey } from "./texts";
import type { MailAttachment, OutgoingMail } from "./transport";

/**
 * The facts of a reservation and the public address of the web app (for the voucher link); `pricesHidden` when
 * the reader is the guest of a net-rate trade booking (`guestViewOf`): then no amount is written but the city tax.
 */
export type ReservationMailData = StoredReservation & { baseUrl: string; pricesHidden?: boolean };
export type { MailChange } from "./changes";

/** The hotel-local day (ISO) of an instant. */
const localDay = (instant: string, timeZone: string) => ymdToIso(todayInZone(new Date(instant), timeZone));

/** The guest's voucher page (SPEC §2): /hotel/:hotel/channel/:channel/language/:language/voucher/code/:code/email/:email */
export function buildVoucherUrl(data: ReservationMailData, languageId: number): string {
  const base = data.baseUrl.replace(/\/+$/, "");
  return `${base}/hotel/${data.hotel.id}/channel/${data.channelId}/language/${languageId}/voucher/code/${encodeURIComponent(data.code)}/email/${encodeURIComponent(data.email)}`;
}

type Money = (minor: number) => string;

/** The totals of a reservation, as its mail and its PDF list them: the city tax beside the total, at the hotel. */
export function totalsRows(data: ReservationMailData, texts: MailTexts, money: Money): [string, string][] {
  const totals: [string, string][] = [];
  if (!data.pricesHidden) totals.push(...priceTotalsRows(data, texts, money));
  if (data.cityTaxMinor > 0) {
    const rate = data.hotel.cityTaxMinor > 0 ? `; ${texts.cityTaxRate(money(data.hotel.cityTaxMinor))}` : "";
    totals.push([texts.cityTax, `${money(data.cityTaxMinor)} (${texts.cityTaxAtHotel}${rate})`]);
  } else if (data.hotel.cityTaxMinor > 0)
    totals.push([
      texts.cityTax,
      `${texts.cityTaxRate(money(data.hotel.cityTaxMinor))}, ${texts.cityTaxAtHotel}`,
    ]);
  return totals;
}

function priceTotalsRows(data: ReservationMailData, texts: MailTexts, money: Money): [string, string][] {
  const totals: [string, string][] = [[texts.roomsTotal, money(data.roomsTotalMinor)]];
  if (data.servicesTotalMinor > 0 || data.services.length > 0)
    totals.push([texts.servicesTotal, money(data.servicesTotalMinor)]);
  if (data.refundProtectionMinor > 0)
    totals.push([texts.refundProtection, money(data.refundProtectionMinor)]);
  totals.push([texts.total, money(data.totalMinor)]);
  return totals;
}

/** What each room's rate and package include ("Included: Welcome prosecco"), one line per room that has any. */
function includedLines(data: ReservationMailData, texts: MailTexts, languageId: number): Block[] {
  const lines = data.rooms.flatMap((room, i) => {
    const names = (room.included ?? []).map((name) => pickText(name, languageId)).filter(Boolean);
    if (names.length === 0) return [];
    const prefix = data.rooms.length > 1 ? `${texts.room} ${i + 1}: ` : "";
    return [`${prefix}${texts.includedServices}: ${names.join(", ")}`];
  });
  return lines.length > 0 ? [{ kind: "paragraphs", lines }] : [];
}

/**
 * A bank-transfer booking's beneficiary, IBAN, BIC, reference (the code) and next due date, as the mail and the PDF
 * show them (the voucher's bank box: booking/bank-transfer.ts); the warning only while a payment is due.
 */
export function bankTransferFacts(
  data: ReservationMailData,
  texts: MailTexts,
  locale: string,
): { rows: [string, string][]; warning: string | null } | null {
  const details = bankTransferDetailsOf({
    paymentMethod: data.paymentMethod,
    settings: data.hotel.bankTransfer,
    code: data.code,
    bookingDay: isoToYmd(localDay(data.createdAt, data.hotel.timeZone)),
    arrival: isoToYmd(data.arrival.slice(0, 10)),
    payments: data.payments
      .filter((p) => p.status !== "replaced")
      .map((p) => ({ date: isoToYmd(p.dueDate.slice(0, 10)), status: p.status, amountMinor: p.amountMinor })),
  });
  if (!details) return null;
  const rows: [string, string][] = [
    [texts.bank.owner, details.owner],
    [texts.bank.iban, details.iban],
  ];
  if (details.bic) rows.push([texts.bank.bic, details.bic]);
  rows.push([texts.bank.reference, details.reference]);
  const due = details.dueDate ? formatDay(ymdToIso(details.dueDate), locale) : null;
  if (due) rows.push([texts.bank.due, due]);
  return { rows, warning: due ? texts.bankWarning(due) : null };
}

/**
 * The payment schedule as the mail and the PDF list it (date, amount, status): the payments due and made, and the
 * refunds on the day they were made, in date order. Rows an installment plan replaced stay in the database for
 * the record, not in the schedule.
 */
export function scheduleRows(
  data: ReservationMailData,
  texts: MailTexts,
  locale: string,
  money: Money,
): string[][] {
  if (data.pricesHidden) return [];
  return [
    ...data.payments
      .filter((p) => p.status !== "replaced")
      .map((p) => ({
        day: p.dueDate,
        row: [
          formatDay(p.dueDate, locale),
          money(p.amountMinor),
          p.status in texts.paymentStatus
            ? texts.paymentStatus[p.status as keyof MailTexts["paymentStatus"]]
            : p.status,
        ],
      })),
    ...data.refunds.map((r) => {
      const day = localDay(r.at, data.hotel.timeZone);
      const status = r.status in texts.refundStatus ? (r.status as RefundStatusKey) : "pending";
      return { day, row: [formatDay(day, locale), `−${money(r.amountMinor)}`, texts.refundStatus[status]] };
    }),
  ]
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
    .map((line) => line.row);
}

/** What a room's price cell says: its price, or for a cancelled room that it is cancelled and its penalty. */
export function roomPriceText(
  room: ReservationMailData["rooms"][number],
  texts: MailTexts,
  money: Money,
  pricesHidden = false,
): string {
  if (pricesHidden) return room.status === "C" ? texts.cancelledMark : texts.viaAgency;
  if (room.status !== "C") return money(room.totalMinor);
  return [texts.cancelledMark, room.penaltyMinor > 0 ? texts.penaltyOf(money(room.penaltyMinor)) : ""]
    .filter(Boolean)
    .join(", ");
}

type MailRoom = ReservationMailData["rooms"][number];

/** One flight as the mail and the PDF write it: `EZY8421 LGW → VRN, Sat 12 Jan 2030, 09:40`. */
export function flightLegText(leg: NonNullable<MailRoom["flights"]>["outbound"], locale: string): string {
  const date = /^\d{8}$/.test(leg.date) ? ymdToIso(leg.date) : leg.date;
  return `${leg.code} ${leg.from} → ${leg.to}, ${formatDay(date, locale)}, ${leg.time}`;
}

/** A fly & stay room's flights as one row: the outbound and return legs and their price (null without flights). */
export function flightRow(
  room: MailRoom,
  texts: MailTexts,
  locale: string,
  money: Money,
  pricesHidden = false,
): { outbound: string; return: string; price: string } | null {
  if (!room.flights) return null;
  return {
    outbound: flightLegText(room.flights.outbound, locale),
    return: flightLegText(room.flights.return, locale),
    // The flights of a cancelled room went with it.
    price:
      room.status === "C"
        ? texts.cancelledMark
        : pricesHidden
          ? texts.viaAgency
          : money(room.flightMinor ?? 0),
  };
}

export function cancellationPolicyOf(
  room: ReservationMailData["rooms"][number],
  texts: MailTexts,
  locale: string,
): string {
  const days = room.freeCancellationDays;
  if (!room.refundable || days === null) return texts.nonRefundable;
  if (days <= 0) return texts.freeUntilArrival(formatDay(room.arrival, locale));
  return texts.freeUntil(formatDay(addDaysIso(room.arrival, -days), locale));
}

/** The stay as every mail and the voucher PDF list it: arrival, departure, nights, check-in and check-out times. */
export function stayRows(
  stay: { arrival: string; departure: string },
  hotel: Pick<MailHotel, "checkInFrom" | "checkInUntil" | "checkOutUntil">,
  texts: MailTexts,
  locale: string,
): [string, string][] {
  return [
    [texts.arrival, formatDay(stay.arrival, locale)],
    [texts.departure, formatDay(stay.departure, locale)],
    [texts.lengthOfStay, texts.nights(nightsOf(stay.arrival, stay.departure))],
    [texts.checkIn, texts.checkInTimes(shortTime(hotel.checkInFrom), shortTime(hotel.checkInUntil))],
    [texts.checkOut, texts.checkOutTime(shortTime(hotel.checkOutUntil))],
  ];
}

/** The hotel's contacts section closing a guest's mail (a reservation's or a quote's). */
export function hotelContactsSection(hotel: MailHotel, texts: MailTexts, locale: string): Section {
  const contacts: [string, string][] = [
    [texts.hotel, hotel.name],
    [texts.address, `${hotel.address}, ${hotel.city}, ${countryName(hotel.country, locale)}`],
  ];
  if (hotel.phone) contacts.push([texts.phone, hotel.phone]);
  contacts.push([texts.email, hotel.email]);
  return { title: texts.hotel, blocks: [{ kind: "facts", rows: contacts }] };
}

/** A room's guests as the mails and the voucher PDF write them: "2 adults, 1 child (8)". */
export function occupancyText(texts: MailTexts, adults: number, childAges: readonly number[]): string {
  const children = childAges.length > 0 ? `, ${texts.children(childAges.length, childAges.join(", "))}` : "";
  return `${texts.adults(adults)}${children}`;
}

/** The rooms table of a mail (a reservation's or a quote's): one row per room, in the mails' columns. */
export function roomsTable(texts: MailTexts, rows: string[][]): Block {
  return {
    kind: "table",
    caption: texts.rooms,
    headers: [texts.room, texts.rate, texts.meals, texts.occupancy, texts.price],
    rows,
  };
}

/**
 * What the payment section says, in the mail and in the voucher PDF alike (each draws it its own way): the method
 * (null: paid through the agency), the bank's details, the schedule, whether to say nothing is paid before the
 * stay, and the payment link while something is due.
 */
export function paymentFacts(data: ReservationMailData, texts: MailTexts, locale: string, money: Money) {
  const schedule = scheduleRows(data, texts, locale, money);
  const shown = !data.pricesHidden;
  return {
    method: shown ? texts.paymentMethodLabel[data.paymentMethod] : null,
    bank: shown ? bankTransferFacts(data, texts, locale) : null,
    schedule,
    noPrepayment:
      shown &&
      schedule.length === 0 &&
      (data.paymentMethod === "pay_at_hotel" || data.paymentMethod === "card_guarantee"),
    // Alloggio's own link, which opens the gateway's page as it stands (a gateway's page may expire first).
    payLink:
      shown && data.paymentLink && data.payments.some((p) => p.status === "due")
        ? new URL(
            `${MANAGE_PATHS.paymentLink.replace(":code", data.code)}?mail=${encodeURIComponent(data.email)}`,
            data.baseUrl,
          ).toString()
        : null,
  };
}

/** Money as the guest's mails and voucher PDF write it, in their language's style (SPEC §9, ADR 0019). */
export function moneyFor(data: ReservationMailData, languageId: number): (minor: number) => string {
  const rules = { code: data.currency, decimalDigits: data.decimalDigits, rounding: 0 };
  return (minor) => formatMinorFor(minor, rules, languageId);
}

/** The sections both mails share: stay, rooms, services, guests, totals, payment, cancellation, hotel. */
function buildSections(data: ReservationMailData, languageId: number, stayTitle?: string): Section[] {
  const { texts, locale } = mailTextsFor(languageId);
  const money = moneyFor(data, languageId);
  const roomIndex = new Map(data.rooms.map((room, i) => [room.id, i + 1]));
  const roomRef = (roomId: number | null) => {
    const n = roomId === null ? undefined : roomIndex.get(roomId);
    return n === undefined ? "—" : `${texts.room} ${n}`;
  };
  const cancelledRooms = new Set(data.rooms.filter((room) => room.status === "C").map((room) => room.id));
  const sections: Section[] = [];

  const stay: [string, string][] = [
    [texts.reservationCode, data.code],
    [texts.status, texts.statusLabel[data.status]],
    ...stayRows(data, data.hotel, texts, locale),
  ];
  if (data.booker.arrivalTime) stay.push([texts.expectedArrival, data.booker.arrivalTime]);
  const blocks: Block[] = [{ kind: "facts", rows: stay }];
  if (data.optionExpiresAt && data.status === "pending_confirmation")
    blocks.push({
      kind: "paragraphs",
      lines: [texts.optionExpires(formatInstant(data.optionExpiresAt, locale, data.hotel.timeZone))],
    });
  sections.push({ title: stayTitle ?? texts.stay, blocks });

  const rooms = data.rooms.map((room, i) => {
    const dates =
      room.arrival === data.arrival && room.departure === data.departure
        ? ""
        : ` (${formatDay(room.arrival, locale)} – ${formatDay(room.departure, locale)})`;
    const cancelled = room.status === "C";
    return [
      `${i + 1}. ${pickText(room.name, languageId)}${dates}${cancelled ? ` — ${texts.cancelledMark}` : ""}`,
      pickText(room.rateName, languageId),
      texts.mealPlan[room.mealPlan],
      occupancyText(texts, room.adults, room.childAges),
      // A cancelled room costs its penalty, if any, and no longer its price.
      roomPriceText(room, texts, money, data.pricesHidden),
    ];
  });
  sections.push({
    title: texts.rooms,
    blocks: [roomsTable(texts, rooms), ...includedLines(data, texts, languageId)],
  });

  const flights = data.rooms.flatMap((room, i) => {
    const row = flightRow(room, texts, locale, money, data.pricesHidden);
    return row ? [[`${texts.room} ${i + 1}`, row.outbound, row.return, row.price]] : [];
  });
  if (flights.length > 0)
    sections.push({
      title: texts.flights,
      blocks: [
        {
          kind: "table",
          caption: texts.flights,
          headers: [texts.room, texts.outbound, texts.returnFlight, texts.price],
          rows: flights,
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
            // A service of a cancelled room went with it.
            const cancelled = s.roomId !== null && cancelledRooms.has(s.roomId);
            return [
              transfer.length > 0 ? `${name} (${transfer.join(", ")})` : name,
              roomRef(s.roomId),
              [day, s.timeSlot ?? ""].filter(Boolean).join(" ") || "—",
              String(s.quantity),
              cancelled ? texts.cancelledMark : data.pricesHidden ? texts.viaAgency : money(s.priceMinor),
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

  const totals = totalsRows(data, texts, money);
  if (totals.length > 0) sections.push({ title: texts.totals, blocks: [{ kind: "facts", rows: totals }] });

  const pay = paymentFacts(data, texts, locale, money);
  const payment: Block[] =
    pay.method === null
      ? [{ kind: "paragraphs", lines: [texts.paymentViaAgency] }]
      : [{ kind: "facts", rows: [[texts.paymentMethod, pay.method]] }];
  if (pay.bank)
    payment.push({ kind: "paragraphs", lines: [texts.bank.title] }, { kind: "facts", rows: pay.bank.rows });
  if (pay.bank?.warning) payment.push({ kind: "paragraphs", lines: [pay.bank.warning] });
  if (pay.schedule.length > 0)
    payment.push({
      kind: "table",
      caption: texts.prepaymentSchedule,
      headers: [texts.dueDate, texts.amount, texts.status],
      rows: pay.schedule,
    });
  if (pay.noPrepayment) payment.push({ kind: "paragraphs", lines: [texts.noPrepayment] });
  if (pay.payLink)
    payment.push({
      kind: "link",
      text: texts.payByLinkText,
      label: texts.payByLinkButton,
      href: pay.payLink,
    });
  sections.push({ title: texts.payment, blocks: payment });

  const policies = new Map<string, string>();
  for (const room of data.rooms) {
    const line = `${pickText(room.rateName, languageId)}: ${cancellationPolicyOf(room, texts, locale)}`;
    policies.set(line, line);
  }
  sections.push({
    title: texts.cancellationPolicy,
    blocks: [{ kind: "paragraphs", lines: [...policies.keys()] }],
  });

  sections.push(hotelContactsSection(data.hotel, texts, locale));
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
      address: postalAddressOf(hotel),
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
    ...(data.pricesHidden
      ? {}
      : {
          totalPrice: decimalTextOf(data.totalMinor, data.decimalDigits),
          priceCurrency: data.currency,
        }),
    url: voucherUrl,
    modifyReservationUrl: voucherUrl,
  };
}

/** The stay as an all-day calendar event; DTEND is exclusive, so it is the day after departure to show that day. */
function buildCalendarFile(
  data: ReservationMailData,
  languageId: number,
  voucherUrl: string,
): MailAttachment {
  const { texts, locale } = mailTextsFor(languageId);
  const hotel = data.hotel;
  const content = writeAllDayEvent({
    start: data.arrival,
    end: addDaysIso(data.departure, 1),
    summary: `${hotel.name} – ${data.code}`,
    description: [
      `${texts.reservationCode}: ${data.code}`,
      `${texts.checkIn}: ${texts.checkInTimes(shortTime(hotel.checkInFrom), shortTime(hotel.checkInUntil))}`,
      `${texts.checkOut}: ${texts.checkOutTime(shortTime(hotel.checkOutUntil))}`,
      `${texts.viewReservation}: ${voucherUrl}`,
    ].join("\n"),
    location: `${hotel.name}, ${hotel.address}, ${hotel.city}, ${countryName(hotel.country, locale)}`,
    url: voucherUrl,
    uid: `${data.code}@alloggio`,
    productId: "alloggio/reservation-mail",
    status:
      data.status === "confirmed" ? "CONFIRMED" : data.status === "cancelled" ? "CANCELLED" : "TENTATIVE",
    // DTSTAMP from the booking time, so the same reservation renders the same file.
    stamp: new Date(data.createdAt),
  });
  return {
    filename: `reservation-${data.code}.ics`,
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content,
  };
}

/** Comma list of the booker's addresses (the alternative one too), without duplicates. */
function guestRecipients(data: ReservationMailData): string {
  const all = [data.booker.email, data.booker.alternativeEmail].filter((e): e is string =>
    Boolean(e?.trim()),
  );
  return [...new Map(all.map((e) => [e.trim().toLowerCase(), e.trim()])).values()].join(", ");
}

/**
 * The guest's mail in a language (1 en … 9 ja; ru reads English): HTML with JSON-LD, text, and the .ics file.
 * With a `change`, its subject and heading say what happened and "What changed" comes first, before the
 * reservation as it now stands.
 */
export function renderReservationMail(
  facts: ReservationMailData,
  languageId: number,
  change?: MailChange,
): OutgoingMail {
  const data = guestViewOf(facts);
  const { texts, lang } = mailTextsFor(languageId);
  const language = findLanguage(languageId);
  const voucherUrl = buildVoucherUrl(data, language.id);
  const c = changeTextsFor(language.id);
  const key = change ? changeTextKey(change) : null;
  const subject = key
    ? c.subject[key](data.code, data.hotel.name)
    : data.status === "confirmed"
      ? texts.subjectConfirmed(data.code, data.hotel.name)
      : texts.subjectOther(data.code, data.hotel.name);
  const sections = buildSections(data, language.id);
  const changeSections = change ? [buildChangeSection(data, change, language.id, "guest", voucherUrl)] : [];
  const cancelled = data.status === "cancelled";
  const doc: MailDocument = {
    lang,
    subject,
    heading: key ? c.heading[key] : texts.heading[data.status],
    intro: key
      ? [texts.greeting(data.booker.fullname)]
      : [texts.greeting(data.booker.fullname), texts.intro(data.hotel.name)],
    code: { label: texts.reservationCode, value: data.code },
    link: { label: texts.viewReservation, href: voucherUrl },
    sections: [...changeSections, ...sections],
    closing: cancelled ? [data.hotel.name] : [texts.calendarHint, texts.closing, data.hotel.name],
    jsonLd: buildJsonLd(data, language.id, voucherUrl),
  };
  if (data.booker.note)
    doc.sections.splice(changeSections.length + 1, 0, {
      title: texts.yourNote,
      blocks: [{ kind: "paragraphs", lines: [data.booker.note] }],
    });
  if (data.propertyNote)
    doc.sections.splice(changeSections.length + 1, 0, {
      title: texts.hotelNote,
      blocks: [{ kind: "paragraphs", lines: [data.propertyNote] }],
    });
  return {
    to: guestRecipients(data),
    subject,
    html: renderHtml(doc),
    text: renderText(doc),
    attachments: [buildCalendarFile(data, language.id, voucherUrl)],
  };
}

/**
 * The activation e-mail of one installment, to the guest only, in their language: the amount and the day it is
 * charged, the button to the voucher where it is paid, the plan, then the reservation. No calendar file.
 */
export function renderInstallmentNotice(facts: ReservationMailData, paymentDueId: number): OutgoingMail {
  const data = guestViewOf(facts);
  const change: MailChange = { kind: "installment_notice", paymentDueId };
  const { texts, lang } = mailTextsFor(data.languageId);
  const language = findLanguage(data.languageId);
  const voucherUrl = buildVoucherUrl(data, language.id);
  const c = changeTextsFor(language.id);
  const subject = c.subject.installment_notice(data.code, data.hotel.name);
  const doc: MailDocument = {
    lang,
    subject,
    heading: c.heading.installment_notice,
    intro: [texts.greeting(data.booker.fullname)],
    code: { label: texts.reservationCode, value: data.code },
    link: { label: texts.viewReservation, href: voucherUrl },
    sections: [
      buildChangeSection(data, change, language.id, "guest", voucherUrl),
      ...buildSections(data, language.id),
    ],
    closing: [texts.closing, data.hotel.name],
  };
  return {
    to: guestRecipients(data),
    subject,
    html: renderHtml(doc),
    text: renderText(doc),
    attachments: [],
  };
}

/**
 * The hotel's notice, in the hotel's mail language: the booker's contacts and invoice data, then the same facts as
 * the guest's.
 */
export function renderHotelNotice(data: ReservationMailData, change?: MailChange): OutgoingMail {
  const hotelTexts = hotelTextsFor({ mailLanguage: data.hotel.mailLanguage });
  const { languageId, code: lang } = hotelTexts;
  const { texts, locale } = mailTextsFor(languageId);
  const n = hotelTexts.notice;
  const voucherUrl = buildVoucherUrl(data, languageId);
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
  bookerRows.push([n.country, countryName(booker.country, locale)]);
  if (booker.cf) bookerRows.push([n.taxCode, booker.cf]);
  if (booker.arrivalTime) bookerRows.push([texts.expectedArrival, booker.arrivalTime]);
  if (data.promoCode) bookerRows.push([n.promoCode, data.promoCode]);
  const extra: Section[] = [];
  // A trade booking says which agency booked it, its reference and what it earns (ADR 0062).
  if (data.agency) {
    const money = moneyFor(data, languageId);
    const commission = agencyCommissionOf(data);
    const percents = [
      ...new Set(
        data.rooms.flatMap((r) =>
          r.status !== "C" && r.commissionPercent != null ? [r.commissionPercent] : [],
        ),
      ),
    ];
    const rows: [string, string][] = [[texts.name, data.agency.fullname]];
    if (data.agency.code) rows.push([n.agencyReference, data.agency.code]);
    const contact = [data.agency.referentName, data.agency.mail, data.agency.phone]
      .filter(Boolean)
      .join(", ");
    if (contact) rows.push([n.agencyContact, contact]);
    rows.push([
      n.commission,
      commission === null ? n.netRate : n.commissionOf(money(commission), percents.join(" / ")),
    ]);
    extra.push({ title: n.agency, blocks: [{ kind: "facts", rows }] });
  }
  extra.push({ title: n.booker, blocks: [{ kind: "facts", rows: bookerRows }] });
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
  const key = change ? changeTextKey(change) : null;
  const hotelKey = key === "installment_notice" ? null : key;
  const by = hotelCancelledBy(change, languageId);
  const changeTexts = hotelTexts.change;
  const subject = by
    ? by.subject(data.code, booker.fullname)
    : hotelKey
      ? changeTexts.subject[hotelKey](data.code, booker.fullname)
      : n.subject(
          data.code,
          formatShortDay(data.arrival, locale),
          formatShortDay(data.departure, locale),
          booker.fullname,
        );
  const changeSections = change ? [buildChangeSection(data, change, languageId, "hotel", voucherUrl)] : [];
  const doc: MailDocument = {
    lang,
    subject,
    heading: `${by?.heading ?? (hotelKey ? changeTexts.heading[hotelKey] : n.heading)}: ${texts.statusLabel[data.status]}`,
    intro: [hotelKey ? n.changeIntro(data.hotel.name) : n.intro(data.hotel.name)],
    code: { label: texts.reservationCode, value: data.code },
    link: { label: n.viewReservation, href: voucherUrl },
    sections: [...changeSections, ...extra, ...buildSections(data, languageId, n.stay)],
    closing: [],
  };
  return { to: data.hotel.email, subject, html: renderHtml(doc), text: renderText(doc), attachments: [] };
}

/**
 * What the agency earns on a trade booking's rooms still booked (what each stored when sold, ADR 0031); null when
 * none of them carries a commission. The mails, the PDFs, the agency's list and the back office all say this.
 */
export function agencyCommissionOf(data: {
  rooms: readonly Pick<MailRoom, "status" | "commissionPercent" | "commissionMinor">[];
}): number | null {
  const earning = data.rooms.filter((room) => room.status !== "C" && room.commissionPercent != null);
  return earning.length === 0 ? null : earning.reduce((sum, room) => sum + (room.commissionMinor ?? 0), 0);
}

/**
 * A trade booking's mail to its agency (ADR 0062), in the language the agent booked in: its reference, the
 * reservation as the agency sold it (its rate names and amounts, unlike the guest's), what changed, and the agency
 * PDF (drawn by the documents layer, which gives it here). With `optionReminder`, it says the option runs out soon
 * and until when.
 */
export function renderAgencyMail(
  data: ReservationMailData,
  pdf: { filename: string; content: Buffer },
  options: { change?: MailChange | undefined; optionReminder?: boolean | undefined } = {},
): OutgoingMail {
  const language = findLanguage(data.languageId);
  const { texts, lang, locale } = mailTextsFor(language.id);
  const a = AGENCY_MAIL_TEXTS[language.text];
  const c = changeTextsFor(language.id);
  const key = options.change ? changeTextKey(options.change) : null;
  const agency = data.agency;
  const guest = data.booker.fullname;
  const voucherUrl = buildVoucherUrl(data, language.id);
  const subject = options.optionReminder
    ? a.reminderSubject(data.code, guest)
    : key
      ? c.subject[key](data.code, data.hotel.name)
      : a.subject(data.code, guest, data.hotel.name);
  const lead: Section[] = [];
  if (options.optionReminder && data.optionExpiresAt)
    lead.push({
      title: a.reminderHeading,
      blocks: [
        {
          kind: "paragraphs",
          lines: [a.reminderLead(formatInstant(data.optionExpiresAt, locale, data.hotel.timeZone))],
        },
      ],
    });
  if (options.change) lead.push(buildChangeSection(data, options.change, language.id, "hotel", voucherUrl));
  const facts: [string, string][] = [];
  if (agency?.fullname) facts.push([a.agency, agency.fullname]);
  if (agency?.code) facts.push([a.reference, agency.code]);
  const doc: MailDocument = {
    lang,
    subject,
    heading: options.optionReminder ? a.reminderHeading : key ? c.heading[key] : a.heading,
    intro: [a.intro(guest, data.hotel.name)],
    code: { label: texts.reservationCode, value: data.code },
    link: { label: texts.viewReservation, href: voucherUrl },
    sections: [
      ...lead,
      ...(facts.length > 0 ? [{ title: a.agency, blocks: [{ kind: "facts" as const, rows: facts }] }] : []),
      ...buildSections(data, language.id),
    ],
    closing: [a.pdfNote, data.hotel.name],
  };
  return {
    to: agency?.mail?.trim() || data.agencyAccountEmail || data.hotel.email,
    subject,
    html: renderHtml(doc),
    text: renderText(doc),
    attachments: [
      {
        filename: pdf.filename,
        contentType: "application/pdf",
        content: pdf.content.toString("base64"),
        encoding: "base64",
      },
    ],
  };
}

/**
 * Puts the guest's mail (in the reservation's language, with the .ics and the voucher PDF) and the hotel's notice
 * in the outbox, with the executor given (pass the booking transaction): two small rows saying what to send,
 * rendered by the outbox worker just before it sends them, from the reservation as it then stands (ADR 0047).
 * `baseUrl` is the web app's public origin (voucher link); `now` the caller's clock; `change` what happened after
 * the booking (the mails then say so first; without it they are the booking's confirmation). One statement;
 * returns the row ids.
 */
export async function enqueueReservationMails(
  executor: MailExecutor,
  reservationId: number,
  options: { baseUrl: string; now?: Date; change?: MailChange | undefined },
): Promise<{ guestMailId: number; hotelMailId: number }> {
  const { baseUrl, now, change } = options;
  // A trade booking's agency is told too, in the same statement (ADR 0062); an installment is the guest's alone.
  const [guestMailId, hotelMailId] = await insertReservationRecipes(
    executor,
    reservationId,
    reservationMailRecipes(baseUrl, change, change?.kind !== "installment_notice"),
    now,
  );
  if (guestMailId === undefined || hotelMailId === undefined)
    throw new Error("enqueueReservationMails: the insert returned no rows");
  return { guestMailId, hotelMailId };
}

/**
 * The recipes of a reservation's mails, the guest's then the hotel's, then the agency's on a trade booking (a
 * booking writes them in its own statement).
 */
export function reservationMailRecipes(baseUrl: string, change?: MailChange, trade = false): MailRecipe[] {
  return [
    { kind: "reservation_guest", baseUrl, ...(change ? { change } : {}) },
    { kind: "reservation_hotel", baseUrl, ...(change ? { change } : {}) },
    ...(trade ? [agencyMailRecipe(baseUrl, change)] : []),
  ];
}

export function agencyMailRecipe(baseUrl: string, change?: MailChange, optionReminder = false): MailRecipe {
  return {
    kind: "reservation_agency",
    baseUrl,
    ...(change ? { change } : {}),
    ...(optionReminder ? { optionReminder } : {}),
  };
}

/** Puts one installment's activation e-mail (guest only) in the outbox, rendered by the worker; returns the row id. */
export async function enqueueInstallmentNotice(
  executor: MailExecutor,
  reservationId: number,
  paymentDueId: number,
  options: { baseUrl: string; now?: Date },
): Promise<number> {
  const [id] = await insertOutboxMails(executor, [
    {
      reservationId,
      now: options.now,
      render: { kind: "installment_notice", baseUrl: options.baseUrl, paymentDueId },
    },
  ]);
  if (id === undefined) throw new Error("enqueueInstallmentNotice: the insert returned no row");
  return id;
}

/**
 * The guest's mail of the reservation as it now stands (the booking's confirmation, with the .ics and the voucher
 * PDF), once more, without the hotel's notice: the back office's "resend the confirmation". Rendered by the
 * worker; returns the row id.
 */
export async function enqueueGuestConfirmation(
  executor: MailExecutor,
  reservationId: number,
  options: { baseUrl: string; now?: Date },
): Promise<number> {
  const [id] = await insertOutboxMails(executor, [
    { reservationId, now: options.now, render: { kind: "reservation_guest", baseUrl: options.baseUrl } },
  ]);
  if (id === undefined) throw new Error("enqueueGuestConfirmation: the insert returned no rows");
  return id;
}
