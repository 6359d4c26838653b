import { findLanguage, pickText } from "@alloggio/domain/i18n/languages";
import { decimalTextOf } from "@alloggio/domain/money/amounts";
import { todayInZone, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import type { Database } from "../../db/client";
import { auditSystem } from "../backoffice";
import { findReservations, type StoredReservation } from "../booking";
import type { AlpineBitsClient } from "./clients";
import {
  type DeliveryKind,
  type DueRecord,
  findDueRecords,
  findQuoteRequests,
  findSentRecords,
  markAcked,
  markSent,
  type QuoteRow,
} from "./guest-requests-repository";
import { findClientHotelByCode, findRatePlanCodes, findRoomTypeCodes } from "./repository";
import { attr, type BuildNode, child, children, type XmlNode } from "./xml";

/** An OTA_ReadRQ as understood: the hotel and, when given, the instant from which every change is sent again. */
export type GuestRequestsRead = { hotelCode: string; start: Date | null };

/** Reads an OTA_ReadRQ of GuestRequests (chapter 4.2.1): a HotelCode and an optional SelectionCriteria Start. */
export function readGuestRequestsRead(root: XmlNode): GuestRequestsRead | { errors: string[] } {
  const request = child(child(root, "ReadRequests"), "HotelReadRequest");
  const hotelCode = attr(request, "HotelCode");
  if (!hotelCode) return { errors: ["ReadRequests/HotelReadRequest with a HotelCode is required"] };
  const startText = attr(child(request, "SelectionCriteria"), "Start");
  if (startText === undefined) return { hotelCode, start: null };
  // A dateTime without a zone is read as UTC: the standard leaves it open, and a PMS sends what it last received.
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(startText) ? startText : `${startText}Z`;
  const start = new Date(zoned);
  if (Number.isNaN(start.getTime()))
    return { errors: [`SelectionCriteria Start ${startText} is not a dateTime`] };
  return { hotelCode, start };
}

type Codes = { roomTypes: Map<number, string>; ratePlans: Map<number, string> };

const invert = (codes: Map<string, number>) => new Map([...codes].map(([code, id]) => [id, code]));
const money = (minor: number, decimalDigits: number) => decimalTextOf(minor, decimalDigits);
const text = (value: string | null | undefined) => (value ?? "").trim();
const english = (name: unknown) => pickText(name as Record<string, string>, 1);
/** A phone number as the schema takes it: digits, with a leading +. */
const phoneOf = (value: string | null | undefined) => {
  const raw = text(value);
  const digits = raw.replace(/\D/g, "");
  return digits === ""
    ? null
    : `${raw.startsWith("+") || raw.startsWith("00") ? "+" : ""}${digits.replace(/^00/, "")}`;
};
/** An instant as the hotel's local "YYYY-MM-DD HH:MM". */
const hotelTime = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "short" }).format(
    new Date(instant),
  );
const cut = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

/** A full name as GivenName and Surname: the last word is the surname (one word is both). */
function personName(fullName: string): BuildNode {
  const words = text(fullName).split(/\s+/).filter(Boolean);
  const surname = words.length > 0 ? (words.at(-1) as string) : "-";
  const given = words.length > 1 ? words.slice(0, -1).join(" ") : surname;
  return { GivenName: cut(given, 64), Surname: cut(surname, 64) };
}

/** Adults as one GuestCount without age, children one per age (as the standard counts them); null for nobody. */
function guestCounts(adults: number, ages: readonly number[]): BuildNode | null {
  const counts: BuildNode[] = adults > 0 ? [{ "@_Count": adults }] : [];
  const byAge = new Map<number, number>();
  for (const age of ages) byAge.set(age, (byAge.get(age) ?? 0) + 1);
  for (const [age, n] of [...byAge].sort((a, b) => a[0] - b[0])) counts.push({ "@_Count": n, "@_Age": age });
  return counts.length > 0 ? { GuestCount: counts } : null;
}

// The rate's meal plan as the OpenTravel meal plan code the schema allows.
const MEAL_PLAN_CODES: Record<string, string> = {
  all_inclusive: "1",
  breakfast: "3",
  full_board: "10",
  half_board: "12",
  room_only: "14",
};

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Each night's price, consecutive equal nights as one Rate (the schema's Base must be above 0, else no amount). */
function ratesOf(arrival: string, nightly: readonly number[], currency: string, digits: number): BuildNode[] {
  const rates: BuildNode[] = [];
  let i = 0;
  while (i < nightly.length) {
    let j = i;
    while (j + 1 < nightly.length && nightly[j + 1] === nightly[i]) j++;
    const amount = nightly[i] as number;
    rates.push({
      "@_EffectiveDate": addDays(arrival, i),
      "@_ExpireDate": addDays(arrival, j + 1),
      "@_RateTimeUnit": "Day",
      "@_UnitMultiplier": j - i + 1,
      Base: amount > 0 ? { "@_AmountAfterTax": money(amount, digits), "@_CurrencyCode": currency } : {},
    });
    i = j + 1;
  }
  return rates;
}

function customerOf(
  r: { fullName: string; email: string; phone?: string | null; languageId: number },
  address?: {
    line?: string | undefined;
    city?: string | undefined;
    postalCode?: string | undefined;
    country?: string | undefined;
  },
): BuildNode {
  const phone = phoneOf(r.phone);
  const country = text(address?.country).toUpperCase();
  const addressNode: BuildNode = {};
  if (text(address?.line)) addressNode.AddressLine = cut(text(address?.line), 255);
  if (text(address?.city)) addressNode.CityName = cut(text(address?.city), 64);
  if (text(address?.postalCode)) addressNode.PostalCode = cut(text(address?.postalCode), 16);
  if (/^[A-Z]{2}$/.test(country)) addressNode.CountryName = { "@_Code": country };
  const email = text(r.email);
  return {
    ResGuest: {
      Profiles: {
        ProfileInfo: {
          Profile: {
            Customer: {
              "@_Language": findLanguage(r.languageId).lang.slice(0, 2).toLowerCase(),
              PersonName: personName(r.fullName),
              ...(phone ? { Telephone: { "@_PhoneNumber": phone } } : {}),
              ...(/^\S+@\S+$/.test(email) ? { Email: email } : {}),
              ...(Object.keys(addressNode).length > 0 ? { Address: addressNode } : {}),
            },
          },
        },
      },
    },
  };
}

/** The trade agency as the standard's travel agent profile (ProfileType 4); its IATA code when it has one. */
function agencyProfile(r: StoredReservation): BuildNode | null {
  const agency = r.agency;
  if (!agency && r.customerId === null) return null;
  const name = text(agency?.fullname) || text(r.customerName) || "Agency";
  const iata = text(agency?.iataCode);
  const company: BuildNode = {
    CompanyName: {
      "@_Code": iata || `customer-${r.customerId ?? 0}`,
      "@_CodeContext": iata ? "IATA" : "ALLOGGIO",
      "#text": name,
    },
  };
  const country = text(agency?.country).toUpperCase();
  if (text(agency?.address) && text(agency?.city) && text(agency?.cap) && /^[A-Z]{2}$/.test(country))
    company.AddressInfo = {
      AddressLine: cut(text(agency?.address), 255),
      CityName: cut(text(agency?.city), 64),
      PostalCode: cut(text(agency?.cap), 16),
      CountryName: { "@_Code": country },
    };
  const phone = phoneOf(agency?.phone);
  if (phone) company.TelephoneInfo = { "@_PhoneNumber": phone };
  const mail = text(agency?.mail) || text(r.agencyAccountEmail);
  if (mail) company.Email = mail;
  return { ProfileInfo: { Profile: { "@_ProfileType": "4", CompanyInfo: company } } };
}

/** One reservation as a HotelReservation of OTA_ResRetrieveRS (chapter 4.2.2). */
function reservationNode(
  r: StoredReservation,
  due: DueRecord,
  resStatus: string,
  codes: Codes,
  hotelCode: string,
): BuildNode {
  const digits = r.decimalDigits;
  const currency = r.currency;
  const ids: BuildNode = {
    HotelReservationID: {
      "@_ResID_Type": "13",
      "@_ResID_Value": r.code,
      "@_ResID_Source": cut(text(r.channelName) || "Alloggio", 64),
      "@_ResID_SourceContext": "Alloggio",
    },
  };
  const property: BuildNode = { "@_HotelCode": hotelCode, "@_HotelName": cut(r.hotel.name, 128) };
  const head = {
    "@_CreateDateTime": new Date(r.createdAt).toISOString(),
    "@_LastModifyDateTime": due.modifiedAt,
    "@_ResStatus": resStatus,
  };
  if (resStatus === "Cancelled")
    return {
      ...head,
      UniqueID: { "@_Type": "15", "@_ID": r.code },
      ResGlobalInfo: { HotelReservationIDs: ids, BasicPropertyInfo: property },
    };
  const rooms = r.rooms.filter((room) => room.status !== "cancelled");
  const services = r.services.filter((s) => rooms.some((room) => room.id === s.roomId) || s.roomId === null);
  const rph = new Map(services.map((s, i) => [s.id, String(i + 1)]));
  const roomStays = rooms.map((room) => {
    const roomTypeCode = codes.roomTypes.get(room.roomTypeId);
    const ratePlanCode = codes.ratePlans.get(room.ratePlanId);
    const mealPlan = MEAL_PLAN_CODES[room.mealPlan];
    const percent = room.commissionPercent;
    const commission: BuildNode | null =
      room.commissionMinor > 0 || (percent !== null && percent > 0)
        ? {
            ...(percent !== null && Number.isInteger(percent) ? { "@_Percent": percent } : {}),
            CommissionPayableAmount: {
              "@_Amount": money(room.commissionMinor, digits),
              "@_CurrencyCode": currency,
            },
          }
        : null;
    const roomServices = services.filter((s) => s.roomId === room.id);
    const stay: BuildNode = {};
    // A room type or rate without the PMS's code is still delivered: without its code (ADR 0081).
    if (roomTypeCode) stay.RoomTypes = { RoomType: { "@_RoomTypeCode": roomTypeCode } };
    stay.RatePlans = {
      RatePlan: {
        ...(ratePlanCode ? { "@_RatePlanCode": ratePlanCode } : {}),
        ...(commission ? { Commission: commission } : {}),
        ...(mealPlan ? { MealsIncluded: { "@_MealPlanIndicator": "1", "@_MealPlanCodes": mealPlan } } : {}),
      },
    };
    if (roomTypeCode && ratePlanCode && room.nightlyMinor.length > 0)
      stay.RoomRates = {
        RoomRate: {
          "@_RatePlanCode": ratePlanCode,
          "@_RoomTypeCode": roomTypeCode,
          Rates: { Rate: ratesOf(room.arrival, room.nightlyMinor, currency, digits) },
        },
      };
    const counts = guestCounts(room.adults, room.childAges);
    if (counts) stay.GuestCounts = counts;
    stay.TimeSpan = { "@_Start": room.arrival, "@_End": room.departure };
    stay.Total = { "@_AmountAfterTax": money(room.totalMinor, digits), "@_CurrencyCode": currency };
    if (roomServices.length > 0)
      stay.ServiceRPHs = { ServiceRPH: roomServices.map((s) => ({ "@_RPH": rph.get(s.id) as string })) };
    return stay;
  });
  const serviceNodes: BuildNode[] = services.map((s) => ({
    "@_ID": String(s.serviceId),
    "@_Type": "16",
    "@_ServiceCategoryCode": s.isTransfer ? "TRANSFER" : "OTHER",
    "@_ServiceInventoryCode": cut(String(s.serviceId), 16),
    "@_ServiceRPH": rph.get(s.id) as string,
    "@_ServicePricingType": "Per use",
    "@_Inclusive": "false",
    "@_Quantity": Math.max(1, s.quantity),
    ServiceDetails: {
      ...(s.day
        ? {
            TimeSpan: {
              "@_Start": `${s.day}T${/^\d{2}:\d{2}$/.test(s.timeSlot ?? "") ? s.timeSlot : "00:00"}:00`,
            },
          }
        : {}),
      Total: { "@_AmountAfterTax": money(s.priceMinor, digits), "@_CurrencyCode": currency },
      ...(english(s.name)
        ? { ServiceDescription: { Text: { "@_TextFormat": "PlainText", "#text": english(s.name) } } }
        : {}),
    },
  }));
  if (r.cityTaxMinor > 0)
    serviceNodes.push({
      "@_ID": "CITYTAX",
      "@_Type": "16",
      "@_ServiceCategoryCode": "TOURISTTAX",
      "@_ServiceInventoryCode": "CITYTAX",
      "@_ServicePricingType": "Per stay",
      "@_Inclusive": "false",
      "@_Quantity": 1,
      ServiceDetails: {
        Total: { "@_AmountAfterTax": money(r.cityTaxMinor, digits), "@_CurrencyCode": currency },
        ServiceDescription: { Text: { "@_TextFormat": "PlainText", "#text": "City tax" } },
      },
    });
  // Names of the rooms and rates, and the stay guests: the schema has one ResGuest (the booker), no room names.
  const info = rooms.map((room, i) => {
    const guests = r.guests
      .filter((g) => g.roomId === room.id)
      .map((g) => `${g.firstName} ${g.lastName}`.trim())
      .filter(Boolean);
    return `Room ${i + 1}: ${english(room.name)}, ${english(room.rateName)}${guests.length > 0 ? `; guests: ${guests.join(", ")}` : ""}`;
  });
  if (r.status === "pending_confirmation" && r.optionExpiresAt)
    info.push(`Option until ${hotelTime(r.optionExpiresAt, r.hotel.timeZone)} (hotel time)`);
  const comments: BuildNode[] = [];
  if (text(r.booker.note)) comments.push({ "@_Name": "customer comment", Text: text(r.booker.note) });
  if (info.length > 0) comments.push({ "@_Name": "additional info", Text: info.join("\n") });
  const payments = r.payments.filter((p) => p.status !== "cancelled" && p.amountMinor > 0);
  const agency = agencyProfile(r);
  return {
    ...head,
    UniqueID: { "@_Type": "14", "@_ID": r.code },
    ...(roomStays.length > 0 ? { RoomStays: { RoomStay: roomStays } } : {}),
    ...(serviceNodes.length > 0 ? { Services: { Service: serviceNodes } } : {}),
    ResGuests: customerOf(
      {
        fullName: r.booker.fullname,
        email: r.booker.email || r.email,
        phone: r.booker.phone,
        languageId: r.languageId,
      },
      { line: r.booker.address, city: r.booker.city, postalCode: r.booker.cap, country: r.booker.country },
    ),
    ResGlobalInfo: {
      ...(comments.length > 0 ? { Comments: { Comment: comments } } : {}),
      ...(payments.length > 0
        ? {
            DepositPayments: {
              GuaranteePayment: payments.map((p) => ({
                "@_Start": p.dueDate,
                "@_GuaranteeCode": p.kind,
                AcceptedPayments: {
                  AcceptedPayment: {
                    ...(r.cardLast4 ? { PaymentCard: { CardNumber: { "@_Mask": r.cardLast4 } } } : {}),
                    ...(p.status === "paid" ? { "@_PaymentTransactionTypeCode": "charged" } : {}),
                  },
                },
                AmountPercent: { "@_Amount": money(p.amountMinor, digits), "@_CurrencyCode": currency },
              })),
            },
          }
        : {}),
      HotelReservationIDs: ids,
      ...(agency ? { Profiles: agency } : {}),
      BasicPropertyInfo: property,
    },
  };
}

/** A quote request as a HotelReservation of status Requested: the stay asked for, the guest, their message. */
function quoteNode(q: QuoteRow, codes: Codes, hotelCode: string): BuildNode {
  const roomStays = q.rooms.map((room) => {
    const roomTypeCode = room.roomTypeId === null ? undefined : codes.roomTypes.get(room.roomTypeId);
    const ratePlanCode = room.ratePlanId === null ? undefined : codes.ratePlans.get(room.ratePlanId);
    return {
      ...(roomTypeCode ? { RoomTypes: { RoomType: { "@_RoomTypeCode": roomTypeCode } } } : {}),
      ...(ratePlanCode ? { RatePlans: { RatePlan: { "@_RatePlanCode": ratePlanCode } } } : {}),
      ...(guestCounts(room.adults, room.ages)
        ? { GuestCounts: guestCounts(room.adults, room.ages) as BuildNode }
        : {}),
      TimeSpan: { "@_Start": q.arrival, "@_End": q.departure },
      ...(room.totalMinor !== null
        ? {
            Total: {
              "@_AmountAfterTax": money(room.totalMinor, q.decimalDigits),
              "@_CurrencyCode": q.currency,
            },
          }
        : {}),
    };
  });
  return {
    "@_CreateDateTime": q.createdAt,
    "@_ResStatus": "Requested",
    UniqueID: { "@_Type": "14", "@_ID": `Q${q.id}` },
    ...(roomStays.length > 0 ? { RoomStays: { RoomStay: roomStays } } : {}),
    ResGuests: customerOf({ fullName: q.fullName, email: q.email, phone: q.phone, languageId: q.languageId }),
    ResGlobalInfo: {
      ...(text(q.message)
        ? { Comments: { Comment: { "@_Name": "customer comment", Text: text(q.message) } } }
        : {}),
      BasicPropertyInfo: { "@_HotelCode": hotelCode, "@_HotelName": cut(q.hotelName, 128) },
    },
  };
}

/** What OTA_ResRetrieveRS carries: its HotelReservation elements, or why the request was refused. */
export type GuestRequestsAnswer = { errors: string[] } | { reservations: BuildNode[] };

/**
 * OTA_Read:GuestRequests (chapter 4.2): the hotel's bookings, modifications, cancellations and quote requests the
 * client is due, oldest change first, each read through the one read model of a reservation. What is sent is
 * recorded per client; it stays due until the client acknowledges that version (OTA_NotifReport), so a crash
 * between read and acknowledgment loses nothing.
 */
export async function readGuestRequests(
  database: Database,
  client: AlpineBitsClient,
  rq: GuestRequestsRead,
  now: Date,
): Promise<GuestRequestsAnswer> {
  const db = database.db;
  const hotel = await findClientHotelByCode(db, client.id, rq.hotelCode);
  if (!hotel) return { errors: [`HotelCode ${rq.hotelCode} is unknown to this client`] };
  const today = ymdToIso(todayInZone(now, hotel.timeZone));
  const due = await findDueRecords(db, {
    clientId: client.id,
    hotelId: hotel.hotelId,
    today,
    start: rq.start,
  });
  const codes: Codes = {
    roomTypes: invert(await findRoomTypeCodes(db, hotel.hotelId)),
    ratePlans: invert(await findRatePlanCodes(db, hotel.hotelId)),
  };
  const byKind = (kind: DeliveryKind) => due.filter((d) => d.kind === kind).map((d) => d.id);
  const reservations = new Map(
    (await findReservations(database, byKind("reservation"))).map((r) => [r.id, r]),
  );
  const quotes = new Map((await findQuoteRequests(db, byKind("quote"))).map((q) => [q.id, q]));
  const nodes: BuildNode[] = [];
  const sent: { kind: DeliveryKind; id: number; version: string; status: string }[] = [];
  for (const d of due) {
    if (d.kind === "reservation") {
      const r = reservations.get(d.id);
      if (!r) continue;
      // Sent again unchanged (a read with Start), it keeps its status; a change after an acknowledgment is Modify.
      const status =
        d.status === "cancelled"
          ? "Cancelled"
          : d.ackedVersion === d.version && d.sentStatus
            ? d.sentStatus
            : d.ackedVersion !== null
              ? "Modify"
              : "Reserved";
      nodes.push(reservationNode(r, d, status, codes, rq.hotelCode));
      sent.push({ kind: d.kind, id: d.id, version: d.version, status });
    } else {
      const q = quotes.get(d.id);
      if (!q) continue;
      nodes.push(quoteNode(q, codes, rq.hotelCode));
      sent.push({ kind: d.kind, id: d.id, version: d.version, status: "Requested" });
    }
  }
  await markSent(db, client.id, sent, now);
  return { reservations: nodes };
}

/** An OTA_NotifReportRQ as understood: the UniqueID values acknowledged, and those the client refused (Warnings). */
export type GuestRequestsAck = { acked: string[]; refused: { id: string; text: string }[] };

export function readGuestRequestsAck(root: XmlNode): GuestRequestsAck {
  const reservations = children(
    child(child(child(root, "NotifDetails"), "HotelNotifReport"), "HotelReservations"),
    "HotelReservation",
  );
  const acked = reservations.map((r) => attr(child(r, "UniqueID"), "ID")).filter((id): id is string => !!id);
  const refused = children(child(root, "Warnings"), "Warning").flatMap((w) => {
    const id = attr(w, "RecordID");
    const t = w["#text"];
    return id ? [{ id, text: typeof t === "string" ? t : "" }] : [];
  });
  return { acked, refused };
}

/**
 * OTA_NotifReport:GuestRequests (chapter 4.2.3): each UniqueID the client names acknowledges the version of that
 * record it was last sent; a record it refused (a Warning with its RecordID) is acknowledged too, so it is not sent
 * forever, and the refusal is written to the audit log. An ID never sent to this client is answered with a warning.
 */
export async function acknowledgeGuestRequests(
  database: Database,
  client: AlpineBitsClient,
  rq: GuestRequestsAck,
  now: Date,
): Promise<{ warnings: { recordId: string; text: string }[] }> {
  return database.db.transaction(async (tx) => {
    const all = [...new Set([...rq.acked, ...rq.refused.map((r) => r.id)])];
    const quoteIds = all.flatMap((id) => (/^Q\d{1,9}$/.test(id) ? [Number(id.slice(1))] : []));
    const found = await findSentRecords(tx, client.id, { codes: all, quoteIds });
    const byId = new Map(found.map((f) => [f.uniqueId, f]));
    const warnings = all
      .filter((id) => !byId.has(id))
      .map((id) => ({
        recordId: cut(id, 64),
        text: `UniqueID ${id} was never sent to this client: nothing acknowledged`,
      }));
    const records = all.flatMap((id) => byId.get(id) ?? []);
    await markAcked(tx, client.id, records, now);
    const byHotel = new Map<number, typeof records>();
    for (const r of records) byHotel.set(r.hotelId, [...(byHotel.get(r.hotelId) ?? []), r]);
    for (const [hotelId, list] of byHotel)
      await auditSystem(tx, (list[0] as (typeof list)[number]).groupId, `alpinebits:${client.username}`, {
        hotelId,
        action: "reservations.alpinebits_acknowledged",
        entity: "alpinebits_delivery",
        entityId: list
          .map((r) => r.uniqueId)
          .join(",")
          .slice(0, 200),
        before: null,
        after: {
          acknowledged: list.map((r) => r.uniqueId),
          refused: rq.refused.filter((x) => list.some((r) => r.uniqueId === x.id)),
        },
      });
    return { warnings };
  });
}
