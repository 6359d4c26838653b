// What the voucher PDF says, in the guest's language: the confirmation mail's facts (../mail), laid out as a
// hotel voucher. Every amount is the mail data's own, formatted like the mail (SPEC §9): nothing is recomputed.
import { findLanguage, pickText } from "@alloggio/domain/i18n/languages";
import {
  addDaysIso,
  cancellationPolicyOf,
  countryName,
  flightRow,
  formatDay,
  formatInstant,
  mailTextsFor,
  moneyFor,
  occupancyText,
  paymentFacts,
  type ReservationMailData,
  roomPriceText,
  stayRows,
  totalsRows,
} from "../mail";
import { VOUCHER_PDF_TEXTS } from "./texts";

export type Tone = "ok" | "warning" | "danger" | "neutral";

export type VoucherBlock =
  /** Label and value rows; `numeric` aligns the values right (totals). */
  | { kind: "facts"; rows: { label: string; value: string; strong?: boolean }[]; numeric?: boolean }
  | {
      kind: "table";
      columns: { header: string; align: "left" | "right"; weight: number }[];
      rows: string[][];
    }
  | { kind: "paragraphs"; lines: string[] }
  /** A room's own heading: its name, a mark when cancelled or waiting, its total on the right. */
  | { kind: "heading"; text: string; badge: { text: string; tone: Tone } | null; amount: string | null }
  | { kind: "subheading"; text: string }
  /** Short label–value cells several to a row: the nightly prices. */
  | { kind: "pairs"; cells: { label: string; value: string }[] }
  /** Blocks kept on one page when they fit on one: a room. */
  | { kind: "group"; blocks: VoucherBlock[] };

export type VoucherSection = { title: string; blocks: VoucherBlock[] };

/** The voucher as words, ready to be laid out: every string already translated and formatted. */
export type VoucherDocument = {
  /** BCP 47, for the PDF's /Lang */
  lang: string;
  /** ja, zh or a Latin-script language: picks the fonts */
  textLanguage: string;
  title: string;
  hotel: { name: string; address: string; contacts: string };
  code: { label: string; value: string };
  status: { label: string; value: string; tone: Tone };
  notes: string[];
  /** Side by side under the code: the stay and who booked it. */
  overview: [VoucherSection, VoucherSection];
  sections: VoucherSection[];
  footer: { left: string; generatedAt: string; page: (n: number, total: number) => string };
  filename: string;
  metadata: { title: string; author: string; subject: string };
};

const STATUS_TONES: Record<ReservationMailData["status"], Tone> = {
  confirmed: "ok",
  pending_confirmation: "warning",
  payment_required: "warning",
  preauth_required: "warning",
  cancelled: "danger",
};

/** `Hotel Lago & Spa`, `ABC123` → `Hotel-Lago-Spa-ABC123.pdf`: ASCII, for the Content-Disposition filename. */
export function voucherFilename(hotelName: string, code: string): string {
  const ascii = hotelName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${ascii || "voucher"}-${code.replace(/[^A-Za-z0-9]/g, "")}.pdf`;
}

/**
 * The voucher of `data` in `languageId` (1 en … 9 ja; Russian reads English), generated at `now`: the stay, the
 * booker, each room with its nightly prices and services, the stay's services, totals and city tax, the payment
 * schedule, the cancellation terms and the guest's note.
 */
export function buildVoucherDocument(
  data: ReservationMailData,
  languageId: number,
  now: Date,
): VoucherDocument {
  const { texts, locale } = mailTextsFor(languageId);
  const language = findLanguage(languageId);
  const pdf = VOUCHER_PDF_TEXTS[language.text];
  const money = moneyFor(data, languageId);
  const day = (iso: string) => formatDay(iso, locale);
  const hotel = data.hotel;
  const sections: VoucherSection[] = [];

  const stay = stayRows(data, hotel, texts, locale).map(([label, value]) => ({ label, value }));
  if (data.booker.arrivalTime) stay.push({ label: texts.expectedArrival, value: data.booker.arrivalTime });
  const booker = [
    { label: texts.name, value: data.booker.fullname },
    { label: texts.email, value: data.booker.email },
  ];
  if (data.booker.phone) booker.push({ label: texts.phone, value: data.booker.phone });

  const serviceRow = (s: ReservationMailData["services"][number]) => {
    const transfer = s.transfer
      ? [s.transfer.transportNumber, s.transfer.time, s.transfer.placeCode, s.transfer.note].filter(Boolean)
      : [];
    const name = pickText(s.name, languageId);
    // A service of a cancelled room went with it.
    const cancelled = data.rooms.some((room) => room.id === s.roomId && room.status === "C");
    return [
      transfer.length > 0 ? `${name} (${transfer.join(", ")})` : name,
      [s.day ? day(s.day) : "", s.timeSlot ?? ""].filter(Boolean).join(" ") || "—",
      String(s.quantity),
      cancelled ? texts.cancelledMark : data.pricesHidden ? texts.viaAgency : money(s.priceMinor),
    ];
  };
  const serviceColumns = [
    { header: texts.service, align: "left" as const, weight: 5 },
    { header: texts.date, align: "left" as const, weight: 3 },
    { header: texts.quantity, align: "right" as const, weight: 1.4 },
    { header: texts.price, align: "right" as const, weight: 2 },
  ];

  const rooms = data.rooms.map((room, i): VoucherBlock => {
    const status = room.status === "C" || room.status === "W" ? room.status : null;
    const blocks: VoucherBlock[] = [];
    blocks.push({
      kind: "heading",
      text: pdf.roomHeading(i + 1, pickText(room.name, languageId)),
      badge: status ? { text: pdf.roomStatus[status], tone: status === "C" ? "danger" : "warning" } : null,
      amount: roomPriceText(room, texts, money, data.pricesHidden),
    });
    const facts = [
      { label: texts.rate, value: pickText(room.rateName, languageId) },
      { label: texts.meals, value: texts.mealPlan[room.mealPlan] },
      { label: texts.occupancy, value: occupancyText(texts, room.adults, room.childAges) },
    ];
    if (room.arrival !== data.arrival || room.departure !== data.departure)
      facts.push({ label: texts.date, value: `${day(room.arrival)} – ${day(room.departure)}` });
    const guests = data.guests.filter((g) => g.roomId === room.id);
    if (guests.length > 0)
      facts.push({
        label: pdf.guestNames,
        value: guests.map((g) => `${g.firstName} ${g.lastName}`.trim()).join(", "),
      });
    const included = (room.included ?? []).map((name) => pickText(name, languageId)).filter(Boolean);
    if (included.length > 0) facts.push({ label: texts.includedServices, value: included.join(", ") });
    if (room.refundProtection) facts.push({ label: texts.refundProtection, value: pdf.included });
    const flights = flightRow(room, texts, locale, money, data.pricesHidden);
    if (flights)
      facts.push({
        label: texts.flights,
        value: `${texts.outbound}: ${flights.outbound}; ${texts.returnFlight}: ${flights.return} · ${flights.price}`,
      });
    blocks.push({ kind: "facts", rows: facts });
    if (room.nightlyMinor.length > 0 && !data.pricesHidden)
      blocks.push(
        { kind: "subheading", text: pdf.nightlyPrices },
        {
          kind: "pairs",
          cells: room.nightlyMinor.map((price, n) => ({
            label: day(addDaysIso(room.arrival, n)),
            value: money(price),
          })),
        },
      );
    const own = data.services.filter((s) => s.roomId === room.id);
    if (own.length > 0)
      blocks.push(
        { kind: "subheading", text: pdf.roomServices },
        { kind: "table", columns: serviceColumns, rows: own.map(serviceRow) },
      );
    return { kind: "group", blocks };
  });
  sections.push({ title: texts.rooms, blocks: rooms });

  const roomIds = new Set(data.rooms.map((r) => r.id));
  const stayServices = data.services.filter((s) => s.roomId === null || !roomIds.has(s.roomId));
  if (stayServices.length > 0)
    sections.push({
      title: pdf.stayServices,
      blocks: [{ kind: "table", columns: serviceColumns, rows: stayServices.map(serviceRow) }],
    });

  // The same lines, in the same order, as the mail's totals.
  const totals: { label: string; value: string; strong?: boolean }[] = totalsRows(data, texts, money).map(
    ([label, value]) => ({ label, value, strong: label === texts.total }),
  );
  if (totals.length > 0)
    sections.push({ title: texts.totals, blocks: [{ kind: "facts", rows: totals, numeric: true }] });

  const pay = paymentFacts(data, texts, locale, money);
  const payment: VoucherBlock[] =
    pay.method === null
      ? [{ kind: "paragraphs", lines: [texts.paymentViaAgency] }]
      : [{ kind: "facts", rows: [{ label: texts.paymentMethod, value: pay.method }] }];
  if (pay.bank)
    payment.push(
      { kind: "subheading", text: texts.bank.title },
      { kind: "facts", rows: pay.bank.rows.map(([label, value]) => ({ label, value })) },
    );
  if (pay.bank?.warning) payment.push({ kind: "paragraphs", lines: [pay.bank.warning] });
  if (pay.schedule.length > 0)
    payment.push(
      { kind: "subheading", text: texts.prepaymentSchedule },
      {
        kind: "table",
        columns: [
          { header: texts.dueDate, align: "left", weight: 4 },
          { header: texts.amount, align: "right", weight: 3 },
          { header: texts.status, align: "left", weight: 3 },
        ],
        rows: pay.schedule,
      },
    );
  if (pay.noPrepayment) payment.push({ kind: "paragraphs", lines: [texts.noPrepayment] });
  if (pay.payLink) payment.push({ kind: "paragraphs", lines: [texts.payByLinkText, pay.payLink] });
  sections.push({ title: texts.payment, blocks: payment });

  const policies = new Set(
    data.rooms.map(
      (room) => `${pickText(room.rateName, languageId)}: ${cancellationPolicyOf(room, texts, locale)}`,
    ),
  );
  sections.push({ title: texts.cancellationPolicy, blocks: [{ kind: "paragraphs", lines: [...policies] }] });

  if (data.booker.note)
    sections.push({ title: texts.yourNote, blocks: [{ kind: "paragraphs", lines: [data.booker.note] }] });
  if (data.propertyNote)
    sections.push({ title: texts.hotelNote, blocks: [{ kind: "paragraphs", lines: [data.propertyNote] }] });

  const notes: string[] = [];
  if (data.optionExpiresAt && data.status === "pending_confirmation")
    notes.push(texts.optionExpires(formatInstant(data.optionExpiresAt, locale, hotel.timeZone)));
  notes.push(pdf.bookedOn(formatInstant(data.createdAt, locale, hotel.timeZone)));
  if (data.status !== "cancelled") notes.push(pdf.showAtCheckIn);

  const contacts = [hotel.phone ? `${texts.phone} ${hotel.phone}` : "", `${texts.email} ${hotel.email}`]
    .filter(Boolean)
    .join("   ·   ");
  const title = `${pdf.title} ${data.code} – ${hotel.name}`;
  return {
    lang: language.lang,
    textLanguage: language.text,
    title: pdf.title,
    hotel: {
      name: hotel.name,
      address: `${hotel.address}, ${hotel.city}, ${countryName(hotel.country, locale)}`,
      contacts,
    },
    code: { label: texts.reservationCode, value: data.code },
    status: { label: texts.status, value: texts.statusLabel[data.status], tone: STATUS_TONES[data.status] },
    notes,
    overview: [
      { title: texts.stay, blocks: [{ kind: "facts", rows: stay }] },
      { title: pdf.bookedBy, blocks: [{ kind: "facts", rows: booker }] },
    ],
    sections,
    footer: {
      left: `${hotel.name} · ${texts.reservationCode} ${data.code}`,
      generatedAt: pdf.generatedAt(formatInstant(now.toISOString(), locale, hotel.timeZone)),
      page: pdf.page,
    },
    filename: voucherFilename(hotel.name, data.code),
    metadata: { title, author: hotel.name, subject: texts.subjectOther(data.code, hotel.name) },
  };
}
