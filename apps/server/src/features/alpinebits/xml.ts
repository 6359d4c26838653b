import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser";

/** The OpenTravel namespace every AlpineBits document is in. */
export const OTA_NS = "http://www.opentravel.org/OTA/2003/05";

/** A parsed element: attributes under `@_name`, text under `#text`, children by name (arrays where they repeat). */
export type XmlNode = { [key: string]: unknown };

// The elements of the messages read here that may repeat: always arrays, one element or many.
const REPEATED = new Set([
  "Inventory",
  "InvCount",
  "RatePlan",
  "BookingRule",
  "LengthOfStay",
  "Rate",
  "BaseByGuestAmt",
  "AdditionalGuestAmount",
  "Offer",
  "GuestRoom",
  "MultimediaDescription",
  "TextItem",
  "Description",
  "ImageItem",
  "HotelReservation",
  "Warning",
]);

const options = {
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  // EchoData comes back exactly as sent: no trimming of text.
  trimValues: false,
  isArray: (name: string) => REPEATED.has(name.slice(name.indexOf(":") + 1)),
};
// Names as written (to find the root's namespace), and without prefixes (for a prefixed document's content).
const parser = new XMLParser(options);
const unprefixed = new XMLParser({ ...options, removeNSPrefix: true });

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  suppressEmptyNode: true,
  // Text and attribute values are escaped by the builder: no data is ever spliced into markup.
  processEntities: true,
});

const asElement = (node: unknown): XmlNode =>
  typeof node === "object" && node !== null ? (node as XmlNode) : { "#text": node };

export type ParsedDocument = { root: string; node: XmlNode };

/**
 * The document's root element and content, or a reason it is refused: not well-formed, with a DOCTYPE (no entity
 * of a client's is ever expanded), or not in the OpenTravel namespace.
 */
export function parseDocument(text: string): ParsedDocument | { error: string } {
  if (/<!DOCTYPE/i.test(text)) return { error: "a DOCTYPE is not accepted" };
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { error: `not well-formed XML (line ${valid.err.line}: ${valid.err.msg})` };
  const doc = parser.parse(text) as XmlNode;
  const name = Object.keys(doc).find((k) => k !== "?xml" && !k.startsWith("#"));
  if (!name) return { error: "no root element" };
  const colon = name.indexOf(":");
  const written = asElement(doc[name]);
  const ns = colon < 0 ? written["@_xmlns"] : written[`@_xmlns:${name.slice(0, colon)}`];
  if (ns !== OTA_NS) return { error: `the root element is not in the namespace ${OTA_NS}` };
  const root = name.slice(colon + 1);
  const element = colon < 0 ? written : asElement((unprefixed.parse(text) as XmlNode)[root]);
  return { root, node: element };
}

/** An attribute's value, or undefined. */
export function attr(node: XmlNode | undefined, name: string): string | undefined {
  const v = node?.[`@_${name}`];
  return typeof v === "string" ? v : undefined;
}

/** A child element (the first one when it repeats), or undefined. */
export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  const v = node?.[name];
  const first = Array.isArray(v) ? v[0] : v;
  if (first === undefined) return undefined;
  return typeof first === "object" && first !== null ? (first as XmlNode) : { "#text": first };
}

/** The child elements of that name (always an array). */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const v = node?.[name];
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).map((c) =>
    typeof c === "object" && c !== null ? (c as XmlNode) : { "#text": c },
  );
}

/** An element's text content (its whole text, untouched), or "". */
export function textOf(node: XmlNode | undefined): string {
  if (!node) return "";
  const t = node["#text"];
  return typeof t === "string" ? t : t === undefined ? "" : String(t);
}

/** An element for `buildDocument`: attributes as `@_name`, text as `#text`, children by name. */
export type BuildNode = { [key: string]: string | number | BuildNode | BuildNode[] | "" };

/** A response document: the XML declaration, then `root` in the OpenTravel namespace with `Version`. */
export function buildDocument(root: string, content: BuildNode): string {
  const body = builder.build({ [root]: { "@_xmlns": OTA_NS, "@_Version": "1.0", ...content } }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}
