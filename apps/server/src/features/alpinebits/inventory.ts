import type { BoRoomType } from "@alloggio/domain/contract/backoffice/property";
import type { RoomTypeFile } from "@alloggio/domain/contract/property/property-file";
import { LANGUAGES } from "@alloggio/domain/i18n/languages";
import type { Database, Db } from "../../db/client";
import { lockRoomTypesOfHotel, readRoomTypesOfHotel, saveRoomTypesAs } from "../backoffice";
import type { AlpineBitsClient } from "./clients";
import { findClientHotelByCode, findRoomTypeCodes } from "./repository";
import { attr, type BuildNode, child, children, textOf, type XmlNode } from "./xml";

/** The languages Alloggio keeps a room type's texts in (ISO 639-1, as AlpineBits writes them). */
const TEXT_LANGUAGES = new Set<string>(LANGUAGES.map((l) => l.text));

/** MultimediaDescription InfoCodes of a room category (OTA table INF): long name, description, pictures. */
const LONG_NAME = "25";
const DESCRIPTION = "1";
const PICTURES = "23";

export type Texts = { plain: Map<string, string>; htmlOnly: string[] };

type Category = {
  code: string;
  minOccupancy: number;
  maxOccupancy: number;
  names: Texts;
  /** Absent (null) when the message has no InfoCode 1: the stored description is kept. */
  descriptions: Texts | null;
  /** Absent (null) when the message has no InfoCode 23: the stored pictures are kept. */
  pictures: string[] | null;
};

export type InventoryPush = { hotelCode: string; categories: Category[] };

export type Warning = { recordId?: string | undefined; text: string };
export type InventoryOutcome = { errors: string[] } | { warnings: Warning[]; changed: number };

const count = (v: string | undefined) => (v === undefined ? undefined : Number(v));

/** The texts of one MultimediaDescription: per language its PlainText, and the languages sent only as HTML. */
export function textsOf(md: XmlNode, where: string, errors: string[]): Texts {
  const plain = new Map<string, string>();
  const html = new Set<string>();
  for (const item of children(child(md, "TextItems"), "TextItem"))
    for (const d of children(item, "Description")) {
      const language = attr(d, "Language") ?? "";
      const format = attr(d, "TextFormat");
      const text = textOf(d).trim();
      if (format === "HTML") {
        if (html.has(language)) errors.push(`${where}: two HTML texts in the language ${language}`);
        html.add(language);
      } else {
        if (plain.has(language)) errors.push(`${where}: two PlainText texts in the language ${language}`);
        plain.set(language, text);
      }
    }
  return { plain, htmlOnly: [...html].filter((l) => !plain.has(l)) };
}

/**
 * Reads an OTA_HotelDescriptiveContentNotifRQ of Inventory/Basic (chapter 4.4 of HotelData 2024-10) the way this
 * server takes it: room categories only (a heading GuestRoom per Code; the rooms that follow one are distinct
 * rooms, not supported), each with MinOccupancy and MaxOccupancy and its long name (InfoCode 25), optionally its
 * description (1) and pictures (23). MaxChildOccupancy (the occupancy_children capability), a renaming ID, an empty
 * GuestRooms (deleting every category) and hotel information are refused with the reason.
 */
export function readInventory(root: XmlNode): InventoryPush | { errors: string[] } {
  const content = child(child(root, "HotelDescriptiveContents"), "HotelDescriptiveContent");
  const hotelCode = attr(content, "HotelCode");
  if (!content || !hotelCode) return { errors: ["HotelDescriptiveContent with a HotelCode is required"] };
  const errors: string[] = [];
  for (const info of ["HotelInfo", "Policies", "AffiliationInfo", "ContactInfos"])
    if (child(content, info) !== undefined)
      errors.push(`${info} is hotel information (OTA_HotelDescriptiveContentNotif:Info), not Inventory`);
  const guestRooms = child(child(content, "FacilityInfo"), "GuestRooms");
  if (!guestRooms) return { errors: [...errors, "FacilityInfo with GuestRooms is required"] };
  const list = children(guestRooms, "GuestRoom");
  if (list.length === 0)
    errors.push(
      "an empty GuestRooms would delete every room category: this server never deletes room types " +
        "(the hotel removes them in the back office)",
    );
  const categories: Category[] = [];
  list.forEach((room, i) => {
    const code = attr(room, "Code") ?? "";
    const where = `GuestRoom ${i + 1} (Code ${code})`;
    const typeRoom = child(room, "TypeRoom");
    if (attr(typeRoom, "RoomID") !== undefined) {
      errors.push(`${where}: distinct rooms (RoomID) are not supported by this server, only room categories`);
      return;
    }
    if (categories.some((c) => c.code === code)) {
      errors.push(`${where}: the category is defined twice`);
      return;
    }
    const id = attr(room, "ID");
    if (id !== undefined && id !== code)
      errors.push(
        `${where}: renaming a category (ID ${id}) is not supported; codes are mapped in the back office`,
      );
    if (attr(room, "MaxChildOccupancy") !== undefined)
      errors.push(`${where}: MaxChildOccupancy (occupancy_children) is not supported by this server`);
    const min = count(attr(room, "MinOccupancy"));
    const max = count(attr(room, "MaxOccupancy"));
    const standard = count(attr(typeRoom, "StandardOccupancy"));
    if (min === undefined || max === undefined) {
      errors.push(`${where}: MinOccupancy and MaxOccupancy are required`);
      return;
    }
    if (min > max) errors.push(`${where}: MinOccupancy ${min} is above MaxOccupancy ${max}`);
    if (standard !== undefined && (standard < min || standard > max))
      errors.push(`${where}: StandardOccupancy ${standard} is outside MinOccupancy..MaxOccupancy`);
    const seen = new Set<string>();
    let names: Texts | null = null;
    let descriptions: Texts | null = null;
    let pictures: string[] | null = null;
    for (const md of children(child(room, "MultimediaDescriptions"), "MultimediaDescription")) {
      const infoCode = attr(md, "InfoCode") ?? "";
      if (seen.has(infoCode)) errors.push(`${where}: InfoCode ${infoCode} is sent twice`);
      seen.add(infoCode);
      if (infoCode === LONG_NAME) names = textsOf(md, `${where} InfoCode 25`, errors);
      else if (infoCode === DESCRIPTION) descriptions = textsOf(md, `${where} InfoCode 1`, errors);
      else if (infoCode === PICTURES)
        pictures = children(child(md, "ImageItems"), "ImageItem").map((item) =>
          textOf(child(child(item, "ImageFormat"), "URL")).trim(),
        );
    }
    if (!names) {
      errors.push(`${where}: the long name (MultimediaDescription InfoCode 25) is required`);
      return;
    }
    categories.push({ code, minOccupancy: min, maxOccupancy: max, names, descriptions, pictures });
  });
  return errors.length > 0 ? { errors } : { hotelCode, categories };
}

/**
 * A text of the message in Alloggio's shape: the languages Alloggio has (others are left out, with a warning);
 * English is required by Alloggio, so without one the stored English text is kept (with a warning) — and without
 * either, the text is not written. A language sent only as HTML is left out (Alloggio's texts are plain).
 */
export function localized(
  pushed: Texts,
  stored: Record<string, string>,
  what: string,
  code: string,
  warnings: Warning[],
): Record<string, string> | null {
  const text: Record<string, string> = {};
  const ignored: string[] = [];
  for (const [language, value] of pushed.plain)
    if (TEXT_LANGUAGES.has(language) && value !== "") text[language] = value;
    else ignored.push(language);
  if (ignored.length > 0)
    warnings.push({
      recordId: code,
      text: `${code}: the ${what} in ${ignored.join(", ")} is not kept (Alloggio's languages: ${[...TEXT_LANGUAGES].join(", ")})`,
    });
  if (pushed.htmlOnly.length > 0)
    warnings.push({
      recordId: code,
      text: `${code}: the ${what} in ${pushed.htmlOnly.join(", ")} is sent as HTML only: Alloggio keeps PlainText`,
    });
  if (text.en === undefined) {
    if (!stored.en) {
      if (Object.keys(text).length > 0)
        warnings.push({ recordId: code, text: `${code}: the ${what} has no English (en) text: not changed` });
      return null;
    }
    text.en = stored.en;
    warnings.push({
      recordId: code,
      text: `${code}: the ${what} has no English (en) text: the stored one is kept`,
    });
  }
  return text;
}

const absolute = (url: string) => /^https?:\/\//i.test(url);

/**
 * A gallery picture as a PMS can fetch it: an absolute address as it is; one uploaded to Alloggio (a path on the
 * site) at the site's https address; none without one (a PMS cannot fetch a picture from `localhost`).
 */
function pictureUrl(url: string, publicUrl: string | undefined): string[] {
  if (absolute(url)) return [url];
  if (!url.startsWith("/") || !publicUrl?.startsWith("https://")) return [];
  return [new URL(url, publicUrl).href];
}

/** The new gallery: the message's https pictures in its order, then the hotel's own (uploaded or relative) ones. */
function galleryOf(pushed: string[] | null, stored: string[], code: string, warnings: Warning[]): string[] {
  if (pushed === null) return stored;
  const insecure = pushed.filter((url) => !/^https:\/\//i.test(url));
  if (insecure.length > 0)
    warnings.push({
      recordId: code,
      text: `${code}: ${insecure.length} picture(s) not on https are left out: the guest pages load images over https only`,
    });
  const own = stored.filter((url) => !absolute(url));
  return [...new Set(pushed.filter((url) => /^https:\/\//i.test(url)))].concat(own);
}

function entityOf(before: BoRoomType, c: Category, warnings: Warning[]): RoomTypeFile {
  const name = localized(c.names, before.name, "name", c.code, warnings) ?? before.name;
  const description =
    c.descriptions === null
      ? before.description
      : (localized(c.descriptions, before.description ?? {}, "description", c.code, warnings) ??
        before.description);
  return {
    id: before.id,
    code: before.code,
    name,
    ...(description && Object.keys(description).length > 0 ? { description } : {}),
    gallery: galleryOf(c.pictures, before.gallery, c.code, warnings),
    amenities: before.amenities,
    minOccupancy: c.minOccupancy,
    maxOccupancy: c.maxOccupancy,
    // AlpineBits says nothing of adults: the back office's limit stays, never above the category's maximum.
    maxAdults: Math.min(before.maxAdults, c.maxOccupancy),
    maxChildren: before.maxChildren,
    sortOrder: before.sortOrder,
  };
}

const sameContent = (a: BoRoomType, b: RoomTypeFile) =>
  JSON.stringify([a.name, a.description ?? {}, a.gallery, a.minOccupancy, a.maxOccupancy, a.maxAdults]) ===
  JSON.stringify([b.name, b.description ?? {}, b.gallery, b.minOccupancy, b.maxOccupancy, b.maxAdults]);

/**
 * Applies an Inventory/Basic push in ONE transaction: each category's occupancy, names, description and pictures
 * become its mapped room type's, written through the back office's own room type write (its schema and rules), one
 * audit entry per changed room type. A HotelCode the client may not touch, an unknown category code, or a room type
 * the back office's rules refuse refuses the whole message. Mapped room types the message does not name are kept.
 */
export async function applyInventory(
  database: Database,
  client: AlpineBitsClient,
  rq: InventoryPush,
): Promise<InventoryOutcome> {
  return database.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const hotel = await findClientHotelByCode(tx, client.id, rq.hotelCode);
    if (!hotel) return { errors: [`HotelCode ${rq.hotelCode} is unknown to this client`] };
    const codes = await findRoomTypeCodes(tx, hotel.hotelId);
    const unknown = rq.categories.map((c) => c.code).filter((c) => !codes.has(c));
    if (unknown.length > 0)
      return {
        errors: unknown.map(
          (c) =>
            `Code ${c} is unknown for HotelCode ${rq.hotelCode}: this server creates no room types; ` +
            "the hotel maps its room types' codes in the back office",
        ),
      };
    const current = new Map((await lockRoomTypesOfHotel(tx, hotel.hotelId)).map((r) => [r.id, r]));
    const warnings: Warning[] = [];
    const changes: { before: BoRoomType; after: RoomTypeFile }[] = [];
    for (const c of rq.categories) {
      const before = current.get(codes.get(c.code) as number);
      if (!before) return { errors: [`Code ${c.code}: its room type no longer exists`] };
      const after = entityOf(before, c, warnings);
      if (!sameContent(before, after)) changes.push({ before, after });
    }
    const named = new Set(rq.categories.map((c) => c.code));
    for (const code of [...codes.keys()].filter((c) => !named.has(c)).sort())
      warnings.push({
        recordId: code,
        text: `${code} is not in the message: its room type is kept (room types are removed in the back office)`,
      });
    const { refused } = await saveRoomTypesAs(
      tx,
      { groupId: hotel.groupId, actor: `alpinebits:${client.username}` },
      hotel.hotelId,
      changes,
    );
    if (refused.length > 0) return { errors: refused };
    return { warnings, changed: changes.length };
  });
}

const descriptionsOf = (text: Record<string, string>): BuildNode[] =>
  Object.entries(text)
    .filter(([, value]) => value.trim() !== "")
    .map(([language, value]) => ({ "@_TextFormat": "PlainText", "@_Language": language, "#text": value }));

/** Chooses the usual number of guests AlpineBits asks for: the adults Alloggio allows, within min..max. */
const standardOccupancy = (r: BoRoomType) =>
  Math.max(r.minOccupancy ?? 1, Math.min(r.maxAdults, r.maxOccupancy));

/** The hotel an OTA_HotelDescriptiveInfoRQ names, when the client may touch it; else the error to answer. */
export async function hotelOfInfoRequest(
  database: Database,
  client: AlpineBitsClient,
  root: XmlNode,
): Promise<{ hotelCode: string; hotelId: number } | { errors: string[] }> {
  const hotelCode =
    attr(child(child(root, "HotelDescriptiveInfos"), "HotelDescriptiveInfo"), "HotelCode") ?? "";
  const hotel = await findClientHotelByCode(database.db, client.id, hotelCode);
  return hotel
    ? { hotelCode, hotelId: hotel.hotelId }
    : { errors: [`HotelCode ${hotelCode} is unknown to this client`] };
}

/**
 * Inventory/Basic (pull): the hotel's mapped room types as the push would send them — occupancy, the long name and
 * description in each of Alloggio's languages, the pictures at an absolute address (uploaded ones at the site's) — as the FacilityInfo of an
 * OTA_HotelDescriptiveInfoRS; the HotelCode must be one the client may touch.
 */
export async function pullInventory(
  database: Database,
  client: AlpineBitsClient,
  root: XmlNode,
  /** The site's address: a picture uploaded to Alloggio (a path on the site) is sent at it, when it is https. */
  publicUrl?: string,
): Promise<{ errors: string[] } | { content: BuildNode }> {
  const hotel = await hotelOfInfoRequest(database, client, root);
  if ("errors" in hotel) return hotel;
  const { hotelCode } = hotel;
  const codes = await findRoomTypeCodes(database.db, hotel.hotelId);
  const codeOf = new Map([...codes].map(([code, id]) => [id, code]));
  const rooms = (await readRoomTypesOfHotel(database.db, hotel.hotelId))
    .filter((r) => codeOf.has(r.id))
    .map((r) => {
      const mds: BuildNode[] = [
        { "@_InfoCode": LONG_NAME, TextItems: { TextItem: { Description: descriptionsOf(r.name) } } },
      ];
      const description = descriptionsOf(r.description ?? {});
      if (description.length > 0)
        mds.push({ "@_InfoCode": DESCRIPTION, TextItems: { TextItem: { Description: description } } });
      const pictures = r.gallery.flatMap((url) => pictureUrl(url, publicUrl));
      if (pictures.length > 0)
        mds.push({
          "@_InfoCode": PICTURES,
          ImageItems: {
            // Category 6: guest room (OTA table PIC).
            ImageItem: pictures.map((url) => ({ "@_Category": "6", ImageFormat: { URL: url } })),
          },
        });
      return {
        "@_Code": codeOf.get(r.id) as string,
        "@_MinOccupancy": String(r.minOccupancy ?? 1),
        "@_MaxOccupancy": String(r.maxOccupancy),
        // RoomClassificationCode 42: room (OTA table GRI); Alloggio keeps no other kind.
        TypeRoom: { "@_StandardOccupancy": String(standardOccupancy(r)), "@_RoomClassificationCode": "42" },
        MultimediaDescriptions: { MultimediaDescription: mds },
      };
    });
  return {
    content: {
      HotelDescriptiveContents: {
        HotelDescriptiveContent: {
          "@_HotelCode": hotelCode,
          FacilityInfo: { GuestRooms: rooms.length > 0 ? { GuestRoom: rooms } : "" },
        },
      },
    },
  };
}
