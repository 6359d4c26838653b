// What happened to a reservation after it was booked, as the first section of the change mails: the guest's in
// their language, the hotel's in the hotel's mail language. The rest of each mail is the reservation as it now stands.
import { INSTALLMENT_NOTICE_DAYS } from "@alloggio/domain/booking/installments";
import type { HotelMailLanguage } from "@alloggio/domain/contract/property/property-file";
import { findLanguage, pickText } from "@alloggio/domain/i18n/languages";
import { formatMinorFor } from "@alloggio/domain/money/format-amount";
import { addDays, isoToYmd, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import { CHANGE_TEXTS, type ChangeTextKey, type ChangeTexts } from "./change-texts";
import { hotelTextsFor } from "./hotel-texts";
import { type Block, formatDay, type Section } from "./mail-document";
import type { StoredReservation } from "./reservation-facts";
import { mailTextsFor } from "./texts";

/** The ISO day before an ISO day. */
function dayBefore(iso: string): string {
  return ymdToIso(addDays(isoToYmd(iso), -1));
}

/** A stay's dates, ISO (YYYY-MM-DD). */
type Dates = { arrival: string; departure: string };

/** Transfer details as stored (time, placeCode, transportNumber, note); anything else is ignored. */
export type TransferDetailsRecord = Record<string, unknown>;

/**
 * The event a change mail tells. Amounts are minor units; rooms and services are the reservation's own ids
 * (reservation_room.id, reservation_service.id), which the mail names from the reservation it loads.
 */
export type MailChange =
  /** One room (or some) was cancelled; the reservation goes on. Without `by`, the guest from the voucher. */
  | {
      kind: "room_cancelled";
      roomIds: number[];
      penaltyMinor: number;
      refundMinor: number;
      by?: CancelledBy;
    }
  /** The whole reservation was cancelled. Without `by`, the guest from the voucher. */
  | { kind: "cancelled"; penaltyMinor: number; refundMinor: number; by?: CancelledBy }
  /** Dates swapped and/or services added: was → becomes, and how the difference settles. */
  | {
      kind: "modified";
      rooms: { id: number; was: Dates; becomes: Dates }[];
      servicesAdded: {
        serviceId: number;
        roomId: number | null;
        quantity: number;
        day: string | null;
        priceMinor: number;
      }[];
      wasMinor: number;
      becomesMinor: number;
      payNowMinor: number;
      refundMinor: number;
    }
  /** A payment after the booking went through (`authorised`: a card authorisation, not a charge). */
  | { kind: "payment_received"; amountMinor: number; authorised?: boolean }
  /** The hotel charged the card it holds and the bank asks the holder: the payment section carries the link. */
  | { kind: "payment_requested"; amountMinor: number }
  | {
      kind: "transfer_updated";
      serviceId: number;
      was: TransferDetailsRecord;
      becomes: TransferDetailsRecord;
    }
  /** The plan is read from the reservation's payments due of kind `installment`. */
  | { kind: "installments_activated" }
  /** An option the hotel or the agency confirmed: not a new reservation (ADR 0062). */
  | { kind: "option_confirmed" }
  | { kind: "option_expired" }
  | { kind: "bank_transfer_overdue" }
  /** The activation e-mail of one installment (guest only): its payment due id. */
  | { kind: "installment_notice"; paymentDueId: number }
  /** Rooms put up for resale (ADR 0065): on sale until 23:59 hotel time the day before their arrival. */
  | { kind: "resale_listed"; roomIds: number[]; feePercent: number }
  /** Nights of a room resold (ISO days) and the holder's refund (`resaleRefund`). */
  | {
      kind: "resale_sold";
      roomId: number;
      nights: string[];
      recoveredMinor: number;
      feeMinor: number;
      refundMinor: number;
      toCardMinor: number;
    }
  /** The resale closed with the rooms' nights unsold: nothing changes. */
  | { kind: "resale_expired"; roomIds: number[] };

export type MailChangeKind = MailChange["kind"];

/** Who cancelled, when not the guest: the agency (its name) or the hotel's staff (the user's e-mail). */
export type CancelledBy = { who: "agency" | "property"; name: string };

/** The hotel's wording of a cancellation made by the agency or by its own staff; null for the guest's. */
export function hotelCancelledBy(change: MailChange | undefined, languageId: number) {
  if (!change || (change.kind !== "cancelled" && change.kind !== "room_cancelled") || !change.by) return null;
  const texts = hotelTextsOf(languageId).cancelledBy[change.by.who];
  return {
    subject: (code: string, guest: string) => texts.subject[change.kind](code, guest),
    heading: texts.heading[change.kind],
    lead: texts.lead[change.kind](change.by.name),
  };
}

/** The text entry a change reads: a card authorisation has its own wording. */
export function changeTextKey(change: MailChange): ChangeTextKey {
  if (change.kind === "payment_received" && change.authorised) return "payment_authorised";
  return change.kind;
}

export function changeTextsFor(languageId: number): ChangeTexts {
  return CHANGE_TEXTS[findLanguage(languageId).text];
}

/** The hotel's own lines in a language id's text language (the hotel's mail language, or the agent's). */
export function hotelTextsOf(languageId: number) {
  return hotelTextsFor(findLanguage(languageId).text as HotelMailLanguage);
}

const TRANSFER_FIELDS = ["time", "placeCode", "transportNumber", "note"] as const;

function transferValue(details: TransferDetailsRecord, key: string): string {
  const value = details[key];
  return typeof value === "string" && value.trim() !== "" ? value : "—";
}

/**
 * The "What changed" section: the lead line (the guest's, or the hotel's), in `languageId`, then the facts of the
 * event. `link` is the voucher, for the installment notice's button.
 */
export function buildChangeSection(
  data: StoredReservation & { pricesHidden?: boolean },
  change: MailChange,
  languageId: number,
  audience: "guest" | "hotel",
  link: string,
): Section {
  const { texts, locale } = mailTextsFor(languageId);
  const c = changeTextsFor(languageId);
  const key = changeTextKey(change);
  const money = (minor: number) =>
    formatMinorFor(
      minor,
      { code: data.currency, decimalDigits: data.decimalDigits, rounding: 0 },
      languageId,
    );
  const roomIndex = new Map(data.rooms.map((room, i) => [room.id, i + 1]));
  const dates = (d: Dates) => `${formatDay(d.arrival, locale)} – ${formatDay(d.departure, locale)}`;
  /** "Room 2: Lake view double" */
  const roomName = (roomId: number) => {
    const room = data.rooms.find((r) => r.id === roomId);
    return `${texts.room} ${roomIndex.get(roomId) ?? "?"}${room ? `: ${pickText(room.name, languageId)}` : ""}`;
  };
  /** "Room 2: Lake view double (Thu, 10 January 2030 – Sun, 13 January 2030)" */
  const roomWithDates = (roomId: number) => {
    const room = data.rooms.find((r) => r.id === roomId);
    return room ? `${roomName(roomId)} (${dates(room)})` : roomName(roomId);
  };
  const dueMinor = data.payments.filter((p) => p.status === "due").reduce((s, p) => s + p.amountMinor, 0);
  const lead =
    audience === "hotel" && key !== "installment_notice"
      ? (hotelCancelledBy(change, languageId)?.lead ?? hotelTextsOf(languageId).change.lead[key])
      : c.lead[key];
  const blocks: Block[] = [{ kind: "paragraphs", lines: [lead] }];
  const notes: string[] = [];
  const facts: [string, string][] = [];

  switch (change.kind) {
    case "room_cancelled":
    case "cancelled": {
      if (change.kind === "room_cancelled")
        for (const id of change.roomIds) facts.push([c.cancelledRoom, roomWithDates(id)]);
      facts.push([c.penalty, change.penaltyMinor > 0 ? money(change.penaltyMinor) : c.noPenalty]);
      if (change.refundMinor > 0) facts.push([c.refund, money(change.refundMinor)]);
      if (change.kind === "room_cancelled") facts.push([c.newTotal, money(data.totalMinor)]);
      if (dueMinor > 0) facts.push([c.stillToPay, money(dueMinor)]);
      if (change.refundMinor > 0 && audience === "guest") notes.push(c.refundNote);
      break;
    }
    case "modified": {
      if (change.rooms.length > 0)
        blocks.push({
          kind: "table",
          caption: texts.rooms,
          headers: [texts.room, c.before, c.now],
          rows: change.rooms.map((r) => [roomName(r.id), dates(r.was), dates(r.becomes)]),
        });
      if (change.servicesAdded.length > 0)
        blocks.push({
          kind: "table",
          caption: c.servicesAdded,
          headers: [texts.service, texts.room, texts.date, texts.quantity, texts.price],
          rows: change.servicesAdded.map((s) => {
            const booked = data.services.find((x) => x.serviceId === s.serviceId);
            return [
              booked ? pickText(booked.name, languageId) : `#${s.serviceId}`,
              s.roomId === null ? "—" : `${texts.room} ${roomIndex.get(s.roomId) ?? "?"}`,
              s.day ? formatDay(s.day, locale) : "—",
              String(s.quantity),
              money(s.priceMinor),
            ];
          }),
        });
      facts.push([c.previousTotal, money(change.wasMinor)], [c.newTotal, money(change.becomesMinor)]);
      if (change.becomesMinor !== change.wasMinor)
        facts.push([c.difference, money(change.becomesMinor - change.wasMinor)]);
      if (change.payNowMinor > 0) facts.push([c.payNow, money(change.payNowMinor)]);
      if (change.refundMinor > 0) facts.push([c.refund, money(change.refundMinor)]);
      if (dueMinor > 0) facts.push([c.stillToPay, money(dueMinor)]);
      if (audience === "guest") {
        if (change.payNowMinor > 0) notes.push(c.payNowNote);
        if (change.refundMinor > 0) notes.push(c.refundNote);
      }
      break;
    }
    case "payment_received": {
      facts.push([change.authorised ? c.amountAuthorised : c.amountReceived, money(change.amountMinor)]);
      if (dueMinor > 0) facts.push([c.stillToPay, money(dueMinor)]);
      break;
    }
    case "payment_requested": {
      facts.push([c.payNow, money(change.amountMinor)]);
      break;
    }
    case "transfer_updated": {
      const service = data.services.find((s) => s.id === change.serviceId);
      const labels = {
        time: c.transferTime,
        placeCode: c.transferPlace,
        transportNumber: c.transferNumber,
        note: c.transferNote,
      };
      const name = service ? pickText(service.name, languageId) : texts.service;
      const day = service?.day ? ` (${formatDay(service.day, locale)})` : "";
      blocks.push({
        kind: "table",
        caption: `${name}${day}`,
        headers: [c.detail, c.before, c.now],
        rows: TRANSFER_FIELDS.map((f) => [
          labels[f],
          transferValue(change.was, f),
          transferValue(change.becomes, f),
        ]).filter(([, was, now]) => was !== "—" || now !== "—"),
      });
      break;
    }
    case "installments_activated":
    case "installment_notice": {
      const plan = data.payments.filter(
        (p) => p.kind === "installment" && p.status !== "replaced" && p.status !== "cancelled",
      );
      if (change.kind === "installment_notice") {
        const due = data.payments.find((p) => p.id === change.paymentDueId);
        if (due)
          blocks.push({
            kind: "link",
            text: c.noticeText(money(due.amountMinor), formatDay(due.dueDate, locale)),
            label: c.noticeButton,
            href: link,
          });
      }
      blocks.push({
        kind: "table",
        caption: c.installmentPlan,
        headers: [c.installment, c.chargeDate, texts.amount, texts.status],
        rows: plan.map((p, i) => [
          String(i + 1),
          formatDay(p.dueDate, locale),
          money(p.amountMinor),
          p.status in texts.paymentStatus
            ? texts.paymentStatus[p.status as keyof typeof texts.paymentStatus]
            : p.status,
        ]),
      });
      if (audience === "guest") notes.push(c.installmentsNote(INSTALLMENT_NOTICE_DAYS));
      break;
    }
    case "resale_listed":
    case "resale_expired": {
      for (const id of change.roomIds) {
        facts.push([c.resaleRoom, roomName(id)]);
        const room = data.rooms.find((r) => r.id === id);
        // The deadline is 23:59 hotel time the day before arrival (ADR 0065), the hotel's own calendar day.
        if (room && change.kind === "resale_listed")
          facts.push([c.resaleUntil, `23:59, ${formatDay(dayBefore(room.arrival), locale)}`]);
      }
      if (change.kind === "resale_listed") {
        facts.push([c.resaleFee, `${change.feePercent}%`]);
        if (audience === "guest") notes.push(c.resaleNote);
      }
      break;
    }
    case "resale_sold": {
      facts.push(
        [c.resaleRoom, roomName(change.roomId)],
        [c.resoldNights, change.nights.map((d) => formatDay(d, locale)).join(", ")],
        [c.recovered, money(change.recoveredMinor)],
        [c.resaleFee, money(change.feeMinor)],
        [c.refund, money(change.refundMinor)],
      );
      if (dueMinor > 0) facts.push([c.stillToPay, money(dueMinor)]);
      if (audience === "guest") {
        if (change.toCardMinor > 0) notes.push(c.refundNote);
        if (change.refundMinor > change.toCardMinor) notes.push(c.resaleDueNote);
      }
      break;
    }
    case "option_confirmed":
    case "option_expired":
    case "bank_transfer_overdue":
      break;
  }
  // The guest of a net-rate trade booking reads what happened, never an amount (ADR 0062).
  if (audience === "guest" && data.pricesHidden)
    return {
      title: c.whatChanged,
      blocks: blocks.filter(
        (b) =>
          b.kind === "paragraphs" ||
          (b.kind === "table" && !b.headers.includes(texts.price) && !b.headers.includes(texts.amount)),
      ),
    };
  if (facts.length > 0) blocks.push({ kind: "facts", rows: facts });
  if (notes.length > 0) blocks.push({ kind: "paragraphs", lines: notes });
  return { title: c.whatChanged, blocks };
}
