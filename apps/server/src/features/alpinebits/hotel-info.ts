import type { Database, Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { readProperty, saveHotelAs } from "../backoffice";
import type { AlpineBitsClient } from "./clients";
import {
  hotelOfInfoRequest,
  type InventoryOutcome,
  localized,
  type Texts,
  textsOf,
  type Warning,
} from "./inventory";
import { findClientHotelByCode } from "./repository";
import { attr, type BuildNode, child, children, textOf, type XmlNode } from "./xml";

/** What an Inventory/HotelInfo push sets of the hotel: each absent part leaves the stored value as it is. */
export type HotelInfoPush = {
  hotelCode: string;
  description: Texts | null;
  checkInFrom?: string;
  checkInUntil?: string;
  checkOutUntil?: string;
  phone?: string;
  email?: string;
  /** The parts of the message Alloggio has no place for, named in one warning. */
  notKept: string[];
};

const hhmm = (time: string) => time.slice(0, 5);

/**
 * Reads an OTA_HotelDescriptiveContentNotifRQ of Inventory/HotelInfo (chapter 4.4): the hotel's description
 * (InfoCode 1), its check-in and check-out times (StayRequirements) and its direct phone and e-mail (ContactInfo)
 * are what Alloggio keeps; every other part is named as not kept. Room categories (FacilityInfo) are Inventory's.
 */
export function readHotelInfo(root: XmlNode): HotelInfoPush | { errors: string[] } {
  const content = child(child(root, "HotelDescriptiveContents"), "HotelDescriptiveContent");
  const hotelCode = attr(content, "HotelCode");
  if (!content || !hotelCode) return { errors: ["HotelDescriptiveContent with a HotelCode is required"] };
  if (child(content, "FacilityInfo") !== undefined)
    return {
      errors: ["FacilityInfo is room categories (OTA_HotelDescriptiveContentNotif:Inventory), not Info"],
    };
  const errors: string[] = [];
  const notKept = new Set<string>();
  const info = child(content, "HotelInfo");
  for (const part of ["CategoryCodes", "Position", "Services"])
    if (child(info, part) !== undefined) notKept.add(part);
  let description: Texts | null = null;
  for (const md of children(
    child(child(info, "Descriptions"), "MultimediaDescriptions"),
    "MultimediaDescription",
  )) {
    const infoCode = attr(md, "InfoCode") ?? "";
    if (infoCode !== "1") {
      notKept.add(`MultimediaDescription InfoCode ${infoCode}`);
      continue;
    }
    if (description) errors.push("HotelInfo: InfoCode 1 is sent twice");
    description = textsOf(md, "HotelInfo InfoCode 1", errors);
  }
  const push: HotelInfoPush = { hotelCode, description, notKept: [] };
  for (const policy of children(child(content, "Policies"), "Policy"))
    for (const [name, value] of Object.entries(policy))
      if (name === "StayRequirements")
        for (const stay of children(value as XmlNode, "StayRequirement")) {
          const start = attr(stay, "Start");
          const end = attr(stay, "End");
          if (attr(stay, "StayContext") === "Checkin") {
            if (start) push.checkInFrom = hhmm(start);
            if (end) push.checkInUntil = hhmm(end);
          } else if (attr(stay, "StayContext") === "Checkout" && end) push.checkOutUntil = hhmm(end);
        }
      else if (!name.startsWith("@_") && name !== "#text") notKept.add(name);
  if (child(content, "AffiliationInfo") !== undefined) notKept.add("AffiliationInfo");
  const contact = child(child(content, "ContactInfos"), "ContactInfo");
  // PhoneTechType 1: voice; EmailType 5: property (OTA tables PTT and EAT).
  const phone = children(child(contact, "Phones"), "Phone").find((p) => attr(p, "PhoneTechType") === "1");
  if (phone) push.phone = attr(phone, "PhoneNumber") ?? "";
  const email = children(child(contact, "Emails"), "Email").find((e) => attr(e, "EmailType") === "5");
  if (email) push.email = textOf(email).trim();
  for (const part of ["Addresses", "URLs", "CompanyName"])
    if (child(contact, part) !== undefined) notKept.add(`ContactInfo ${part}`);
  push.notKept = [...notKept];
  return errors.length > 0 ? { errors } : push;
}

/**
 * Applies an Inventory/HotelInfo push in one transaction through the back office's own hotel write (its schema
 * and rules, its audit entry by `alpinebits:<username>`); a value those rules refuse refuses the message whole.
 */
export async function applyHotelInfo(
  database: Database,
  client: AlpineBitsClient,
  rq: HotelInfoPush,
): Promise<InventoryOutcome> {
  return database.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const hotel = await findClientHotelByCode(tx, client.id, rq.hotelCode);
    if (!hotel) return { errors: [`HotelCode ${rq.hotelCode} is unknown to this client`] };
    const warnings: Warning[] = [];
    if (rq.notKept.length > 0) warnings.push({ text: `not kept by this server: ${rq.notKept.join(", ")}` });
    try {
      await saveHotelAs(
        tx,
        { groupId: hotel.groupId, actor: `alpinebits:${client.username}` },
        hotel.hotelId,
        (h) => {
          const description =
            rq.description === null
              ? h.description
              : (localized(rq.description, h.description ?? {}, "description", rq.hotelCode, warnings) ??
                h.description);
          return {
            ...h,
            description,
            checkInFrom: rq.checkInFrom ?? h.checkInFrom,
            checkInUntil: rq.checkInUntil ?? h.checkInUntil,
            checkOutUntil: rq.checkOutUntil ?? h.checkOutUntil,
            phone: rq.phone ?? h.phone,
            email: rq.email ?? h.email,
          };
        },
      );
    } catch (error) {
      if (error instanceof AppError) return { errors: [error.message] };
      throw error;
    }
    return { warnings, changed: 1 };
  });
}

const seconds = (hhmm: string) => (hhmm.length === 5 ? `${hhmm}:00` : hhmm);

/**
 * Inventory/HotelInfo (pull): what Alloggio holds of the hotel that the schema can carry — its description in each
 * of Alloggio's languages (InfoCode 1), its check-in and check-out times (StayRequirements, hotel time), and its
 * direct phone and e-mail (ContactInfo, Location 6) — as an OTA_HotelDescriptiveInfoRS's content. The HotelCode
 * must be one the client may touch.
 */
export async function pullHotelInfo(
  database: Database,
  client: AlpineBitsClient,
  root: XmlNode,
): Promise<{ errors: string[] } | { content: BuildNode }> {
  const found = await hotelOfInfoRequest(database, client, root);
  if ("errors" in found) return found;
  const { hotelCode } = found;
  const hotel = await readProperty(database.db, found.hotelId);
  const descriptions = Object.entries(hotel.description ?? {})
    .filter(([, text]) => text.trim() !== "")
    .map(([language, text]) => ({ "@_TextFormat": "PlainText", "@_Language": language, "#text": text }));
  const content: BuildNode = { "@_HotelCode": hotelCode, "@_HotelName": hotel.name.slice(0, 128) };
  if (descriptions.length > 0)
    content.HotelInfo = {
      Descriptions: {
        MultimediaDescriptions: {
          MultimediaDescription: {
            "@_InfoCode": "1",
            TextItems: { TextItem: { Description: descriptions } },
          },
        },
      },
    };
  const stay: BuildNode[] = [];
  if (hotel.checkInFrom)
    stay.push({
      "@_StayContext": "Checkin",
      "@_Start": seconds(hotel.checkInFrom),
      ...(hotel.checkInUntil ? { "@_End": seconds(hotel.checkInUntil) } : {}),
    });
  if (hotel.checkOutUntil) stay.push({ "@_StayContext": "Checkout", "@_End": seconds(hotel.checkOutUntil) });
  if (stay.length > 0) content.Policies = { Policy: { StayRequirements: { StayRequirement: stay } } };
  const phone = (hotel.phone ?? "").replace(/[^+0-9]/g, "").replace(/(?!^)\+/g, "");
  const contact: BuildNode = { "@_Location": "6" };
  // PhoneTechType 1: voice; EmailType 5: property (OTA tables PTT and EAT).
  if (/^\+?[0-9]+$/.test(phone))
    contact.Phones = { Phone: { "@_PhoneTechType": "1", "@_PhoneNumber": phone } };
  if (hotel.email) contact.Emails = { Email: { "@_EmailType": "5", "#text": hotel.email } };
  content.ContactInfos = { ContactInfo: contact };
  return { content: { HotelDescriptiveContents: { HotelDescriptiveContent: content } } };
}
