import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** The official AlpineBits HotelData 2024-10 schema, unchanged (packages/test-kit/alpinebits/README.md). */
export const ALPINEBITS_XSD = fileURLToPath(new URL("../alpinebits/alpinebits-2024-10.xsd", import.meta.url));

/**
 * Validates an XML document against the official 2024-10 schema with `xmllint` (Debian's libxml2-utils): the
 * errors it reports, none for a valid document. A missing xmllint fails loudly, never passes silently.
 */
export function schemaErrors(xml: string): string[] {
  const run = spawnSync("xmllint", ["--noout", "--nonet", "--schema", ALPINEBITS_XSD, "-"], {
    input: xml,
    encoding: "utf8",
  });
  if (run.error)
    throw new Error(`xmllint could not run (apt-get install libxml2-utils): ${run.error.message}`);
  if (run.status === 0) return [];
  return run.stderr.split("\n").filter((line) => line.trim() !== "" && !line.endsWith(" fails to validate"));
}

/** Throws with xmllint's errors unless `xml` validates against the 2024-10 schema; answers it for chaining. */
export function expectSchemaValid(xml: string): string {
  const errors = schemaErrors(xml);
  if (errors.length > 0) throw new Error(`not valid AlpineBits 2024-10:\n${errors.join("\n")}\n---\n${xml}`);
  return xml;
}

export type AlpineBitsPost = {
  action?: string | undefined;
  request?: string | undefined;
  username?: string;
  password?: string;
  /** The X-AlpineBits-ClientProtocolVersion header; 2024-10 unless given, absent when null. */
  version?: string | null;
  clientId?: string;
  gzip?: boolean;
  /** Leave the request document unvalidated (a test of a broken request). */
  invalidOnPurpose?: boolean;
};

/**
 * The HTTP request of an AlpineBits client: the form encoded as multipart/form-data by the platform's own
 * FormData (no hand-made multipart), HTTP Basic, the protocol headers, the whole body gzip-compressed on demand.
 * The request document is validated against the official schema first, unless `invalidOnPurpose`.
 */
export async function alpineBitsRequest(post: AlpineBitsPost): Promise<{
  method: "POST";
  url: string;
  headers: Record<string, string>;
  payload: Buffer;
}> {
  if (post.request !== undefined && !post.invalidOnPurpose) expectSchemaValid(post.request);
  const form = new FormData();
  if (post.action !== undefined) form.set("action", post.action);
  if (post.request !== undefined) form.set("request", post.request);
  const encoded = new Request("http://alpinebits.test/", { method: "POST", body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const headers: Record<string, string> = {
    "content-type": encoded.headers.get("content-type") ?? "",
  };
  if (post.username !== undefined)
    headers.authorization = `Basic ${Buffer.from(`${post.username}:${post.password ?? ""}`).toString("base64")}`;
  if (post.version !== null) headers["x-alpinebits-clientprotocolversion"] = post.version ?? "2024-10";
  if (post.clientId) headers["x-alpinebits-clientid"] = post.clientId;
  if (post.gzip) headers["content-encoding"] = "gzip";
  return { method: "POST", url: "/alpinebits", headers, payload: post.gzip ? gzipSync(body) : body };
}

const OTA = 'xmlns="http://www.opentravel.org/OTA/2003/05"';

/** An OTA_PingRQ announcing `versions` (the handshake's JSON) in its EchoData. */
export function pingRequest(echo: string): string {
  const escaped = echo.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<OTA_PingRQ ${OTA} Version="8.000"><EchoData>${escaped}</EchoData></OTA_PingRQ>`;
}

export type FreeRoomsInventory =
  | { start: string; end: string; invTypeCode: string; count?: number | null; countType?: string }
  | { start: string; end: string; allInvCode: true }
  | { start: string; end: string; invTypeCode: string; invCode: string; count?: number }
  | "empty";

/** An OTA_HotelInvCountNotifRQ of one hotel: a complete set or deltas; `count: null` omits InvCounts. */
export function freeRoomsRequest(
  hotelCode: string,
  completeSet: boolean,
  inventories: FreeRoomsInventory[],
): string {
  const items = inventories.map((inv) => {
    if (inv === "empty") return "<Inventory/>";
    if ("allInvCode" in inv)
      return `<Inventory><StatusApplicationControl Start="${inv.start}" End="${inv.end}" AllInvCode="true"/></Inventory>`;
    const code = "invCode" in inv ? ` InvCode="${inv.invCode}"` : "";
    const count =
      inv.count === null || inv.count === undefined
        ? ""
        : `<InvCounts><InvCount CountType="${"countType" in inv ? (inv.countType ?? "2") : "2"}" Count="${inv.count}"/></InvCounts>`;
    return `<Inventory><StatusApplicationControl Start="${inv.start}" End="${inv.end}" InvTypeCode="${inv.invTypeCode}"${code}/>${count}</Inventory>`;
  });
  const unique = completeSet ? '<UniqueID Type="16" ID="1" Instance="CompleteSet"/>' : "";
  return `<?xml version="1.0" encoding="UTF-8"?>\n<OTA_HotelInvCountNotifRQ ${OTA} Version="4">${unique}<Inventories HotelCode="${hotelCode}">${items.join("")}</Inventories></OTA_HotelInvCountNotifRQ>`;
}

// Inventory/Basic and Inventory/HotelInfo (chapter 4.4).

const escapeXml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

const textItem = (texts: Record<string, string>, format = "PlainText") =>
  Object.entries(texts)
    .map(
      ([language, text]) =>
        `<Description TextFormat="${format}" Language="${language}">${escapeXml(text)}</Description>`,
    )
    .join("");

/** One room category of an Inventory push: its heading GuestRoom, then (`rooms`) distinct rooms of it. */
export type InventoryCategory = {
  code: string;
  min?: number;
  max?: number;
  standard?: number;
  maxChildren?: number;
  /** The GuestRoom's ID attribute (a category's former code). */
  id?: string;
  /** The long name (InfoCode 25) per language; left out only when `null`. */
  names?: Record<string, string> | null;
  descriptions?: Record<string, string>;
  htmlDescriptions?: Record<string, string>;
  pictures?: string[];
  rooms?: string[];
};

/** An OTA_HotelDescriptiveContentNotifRQ of Inventory/Basic (push) for one hotel; `[]` is an empty GuestRooms. */
export function inventoryRequest(hotelCode: string, categories: InventoryCategory[]): string {
  const rooms = categories.map((c) => {
    const attrs = [
      `Code="${c.code}"`,
      c.min === undefined ? "" : `MinOccupancy="${c.min}"`,
      c.max === undefined ? "" : `MaxOccupancy="${c.max}"`,
      c.maxChildren === undefined ? "" : `MaxChildOccupancy="${c.maxChildren}"`,
      c.id === undefined ? "" : `ID="${c.id}"`,
    ]
      .filter(Boolean)
      .join(" ");
    const mds: string[] = [];
    if (c.names !== null)
      mds.push(
        `<MultimediaDescription InfoCode="25"><TextItems><TextItem>${textItem(c.names ?? { en: c.code })}</TextItem></TextItems></MultimediaDescription>`,
      );
    if (c.descriptions || c.htmlDescriptions)
      mds.push(
        `<MultimediaDescription InfoCode="1"><TextItems><TextItem>${textItem(c.descriptions ?? {})}${textItem(c.htmlDescriptions ?? {}, "HTML")}</TextItem></TextItems></MultimediaDescription>`,
      );
    if (c.pictures)
      mds.push(
        c.pictures.length === 0
          ? `<MultimediaDescription InfoCode="23"/>`
          : `<MultimediaDescription InfoCode="23"><ImageItems>${c.pictures
              .map(
                (url) =>
                  `<ImageItem Category="6"><ImageFormat><URL>${escapeXml(url)}</URL></ImageFormat></ImageItem>`,
              )
              .join("")}</ImageItems></MultimediaDescription>`,
      );
    const standard = c.standard === undefined ? "" : ` StandardOccupancy="${c.standard}"`;
    const heading = `<GuestRoom ${attrs}><TypeRoom${standard} RoomClassificationCode="42"/><MultimediaDescriptions>${mds.join("")}</MultimediaDescriptions></GuestRoom>`;
    const distinct = (c.rooms ?? []).map(
      (id) => `<GuestRoom Code="${c.code}"><TypeRoom RoomID="${id}"/></GuestRoom>`,
    );
    return heading + distinct.join("");
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<OTA_HotelDescriptiveContentNotifRQ ${OTA} Version="8.000"><HotelDescriptiveContents><HotelDescriptiveContent HotelCode="${hotelCode}"><FacilityInfo><GuestRooms>${rooms.join("")}</GuestRooms></FacilityInfo></HotelDescriptiveContent></HotelDescriptiveContents></OTA_HotelDescriptiveContentNotifRQ>`;
}

/** An OTA_HotelDescriptiveInfoRQ (Inventory/Basic or Inventory/HotelInfo pull) for one hotel. */
export function descriptiveInfoRequest(hotelCode: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<OTA_HotelDescriptiveInfoRQ ${OTA} Version="3.000"><HotelDescriptiveInfos><HotelDescriptiveInfo HotelCode="${hotelCode}"/></HotelDescriptiveInfos></OTA_HotelDescriptiveInfoRQ>`;
}

/** What an Inventory/HotelInfo push may carry in these tests. */
export type HotelInfoContent = {
  descriptions?: Record<string, string>;
  checkIn?: { start?: string; end?: string };
  checkOutEnd?: string;
  phone?: string;
  email?: string;
  /** Parts Alloggio has no place for: a position and a short description. */
  extras?: boolean;
};

/** An OTA_HotelDescriptiveContentNotifRQ of Inventory/HotelInfo (push) for one hotel. */
export function hotelInfoRequest(hotelCode: string, info: HotelInfoContent): string {
  const mds: string[] = [];
  if (info.extras)
    mds.push(
      `<MultimediaDescription InfoCode="17"><TextItems><TextItem>${textItem({ en: "Short" })}</TextItem></TextItems></MultimediaDescription>`,
    );
  if (info.descriptions)
    mds.push(
      `<MultimediaDescription InfoCode="1"><TextItems>${Object.entries(info.descriptions)
        .map(([language, text]) => `<TextItem>${textItem({ [language]: text })}</TextItem>`)
        .join("")}</TextItems></MultimediaDescription>`,
    );
  const descriptions =
    mds.length > 0
      ? `<Descriptions><MultimediaDescriptions>${mds.join("")}</MultimediaDescriptions></Descriptions>`
      : "";
  const position = info.extras ? `<Position Latitude="46.5" Longitude="11.35"/>` : "";
  const hotelInfo = descriptions || position ? `<HotelInfo>${descriptions}${position}</HotelInfo>` : "";
  const stays: string[] = [];
  if (info.checkIn)
    stays.push(
      `<StayRequirement StayContext="Checkin"${info.checkIn.start ? ` Start="${info.checkIn.start}"` : ""}${info.checkIn.end ? ` End="${info.checkIn.end}"` : ""}/>`,
    );
  if (info.checkOutEnd) stays.push(`<StayRequirement StayContext="Checkout" End="${info.checkOutEnd}"/>`);
  const policies =
    stays.length > 0
      ? `<Policies><Policy><StayRequirements>${stays.join("")}</StayRequirements></Policy></Policies>`
      : "";
  const phones = info.phone ? `<Phones><Phone PhoneTechType="1" PhoneNumber="${info.phone}"/></Phones>` : "";
  const emails = info.email ? `<Emails><Email EmailType="5">${escapeXml(info.email)}</Email></Emails>` : "";
  const contact =
    phones || emails
      ? `<ContactInfos><ContactInfo Location="6">${phones}${emails}</ContactInfo></ContactInfos>`
      : "";
  return `<?xml version="1.0" encoding="UTF-8"?>\n<OTA_HotelDescriptiveContentNotifRQ ${OTA} Version="8.000"><HotelDescriptiveContents><HotelDescriptiveContent HotelCode="${hotelCode}">${hotelInfo}${policies}${contact}</HotelDescriptiveContent></HotelDescriptiveContents></OTA_HotelDescriptiveContentNotifRQ>`;
}
