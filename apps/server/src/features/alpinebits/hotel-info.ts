import type { Database } from "../../db/client";
import { readProperty } from "../backoffice";
import type { AlpineBitsClient } from "./clients";
import { findClientHotelByCode } from "./repository";
import { attr, type BuildNode, child, type XmlNode } from "./xml";

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
  const hotelCode =
    attr(child(child(root, "HotelDescriptiveInfos"), "HotelDescriptiveInfo"), "HotelCode") ?? "";
  const found = await findClientHotelByCode(database.db, client.id, hotelCode);
  if (!found) return { errors: [`HotelCode ${hotelCode} is unknown to this client`] };
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
