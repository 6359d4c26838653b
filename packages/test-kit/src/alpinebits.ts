import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { App } from "@alloggio/server/app";

/** The official AlpineBits HotelData 2024-10 schema, unchanged (packages/test-kit/alpinebits/README.md). */
export const ALPINEBITS_XSD = fileURLToPath(new URL("../alpinebits/alpinebits-2024-10.xsd", import.meta.url));

/** Verdicts by document: a test file posts the same reads again and again, and xmllint loads the schema each run. */
const verdicts = new Map<string, string[]>();

/**
 * Validates an XML document against the official 2024-10 schema with `xmllint` (Debian's libxml2-utils): the
 * errors it reports, none for a valid document. A missing xmllint fails loudly, never passes silently. A document
 * already checked in this test file is answered as it was then (the schema does not change during a run).
 */
export function schemaErrors(xml: string): string[] {
  const known = verdicts.get(xml);
  if (known) return [...known];
  const errors = runXmllint(xml);
  verdicts.set(xml, errors);
  return [...errors];
}

function runXmllint(xml: string): string[] {
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

/**
 * Posts as an AlpineBits client to the test app (`alpineBitsRequest`, so the request is schema-checked too) and
 * checks what every answer must be: the server's gzip header, and an XML document valid against the 2024-10 schema
 * or a plain-text `ERROR:` line. Throws otherwise; answers the response.
 */
export async function postAlpineBits(app: Pick<App, "inject">, post: AlpineBitsPost) {
  const res = await app.inject(await alpineBitsRequest(post));
  if (res.headers["x-alpinebits-server-accept-encoding"] !== "gzip")
    throw new Error("the answer does not advertise X-AlpineBits-Server-Accept-Encoding: gzip");
  if (String(res.headers["content-type"]).startsWith("application/xml")) expectSchemaValid(res.body);
  else if (!res.body.startsWith("ERROR:")) throw new Error(`neither XML nor an ERROR: line: ${res.body}`);
  return res;
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

// GuestRequests (chapter 4.2): the read and its acknowledgment.

/** An OTA_ReadRQ of GuestRequests for one hotel; with `start`, every request changed since then (SelectionCriteria). */
export function guestRequestsReadRequest(hotelCode: string, start?: string): string {
  const criteria = start ? `<SelectionCriteria Start="${start}"/>` : "";
  return `<?xml version="1.0" encoding="UTF-8"?>\n<OTA_ReadRQ ${OTA} Version="1.0"><ReadRequests><HotelReadRequest HotelCode="${hotelCode}">${criteria}</HotelReadRequest></ReadRequests></OTA_ReadRQ>`;
}

/**
 * An OTA_NotifReportRQ acknowledging these UniqueIDs (Type 14 a reservation or quote request, 15 a cancellation),
 * with the requests the client refuses as warnings.
 */
export function notifReportRequest(
  acked: { id: string; type?: "14" | "15" }[],
  refused: { id: string; text: string }[] = [],
): string {
  const warnings =
    refused.length > 0
      ? `<Warnings>${refused.map((r) => `<Warning Type="3" Code="450" RecordID="${r.id}">${r.text}</Warning>`).join("")}</Warnings>`
      : "";
  const details =
    acked.length > 0
      ? `<NotifDetails><HotelNotifReport><HotelReservations>${acked
          .map(
            (a) => `<HotelReservation><UniqueID Type="${a.type ?? "14"}" ID="${a.id}"/></HotelReservation>`,
          )
          .join("")}</HotelReservations></HotelNotifReport></NotifDetails>`
      : "";
  return `<?xml version="1.0" encoding="UTF-8"?>\n<OTA_NotifReportRQ ${OTA} Version="1.0"><Success/>${warnings}${details}</OTA_NotifReportRQ>`;
}

// RatePlans (OTA_HotelRatePlanNotif:RatePlans, ADR 0080).

export type Weekday = "Mon" | "Tue" | "Weds" | "Thur" | "Fri" | "Sat" | "Sun";

/** A date-depending Rate of one room category: the room's amount per occupancy, an extra adult's, children's by age. */
export type RatePlanRate = {
  invTypeCode: string;
  start: string;
  end: string;
  base?: { guests: number; amount: string; currency?: string }[];
  extraAdult?: string;
  /** MaxAge is exclusive, as in the standard; MinAge left out is 0. */
  children?: { minAge?: number; maxAge?: number; amount: string }[];
};

/** A generic BookingRule of the rate plan; `arrival`/`departure` list the weekdays NOT allowed. */
export type RatePlanRule = {
  start: string;
  end: string;
  minLos?: number;
  maxLos?: number;
  forwardMinStay?: number;
  closedArrival?: Weekday[];
  closedDeparture?: Weekday[];
  status?: "Open" | "Close";
  /** A room type's rule (Code, CodeContext ROOMTYPE). */
  roomTypeCode?: string;
};

export type RatePlanSpec = {
  code: string;
  notif: "Full" | "New" | "Overlay" | "Remove";
  /** EUR unless given; left out of a Remove. */
  currency?: string;
  /** The static rate of a Full: its meal plan (14 room only unless given) and charge type (25 per room). */
  mealPlanCode?: "1" | "3" | "10" | "12" | "14";
  chargeType?: "7" | "25";
  rules?: RatePlanRule[];
  rates?: RatePlanRate[];
  /** Extra XML after the Rates (Supplements, Offers), for tests of what is refused. */
  extra?: string;
};

const WEEKDAY_NAMES: Weekday[] = ["Mon", "Tue", "Weds", "Thur", "Fri", "Sat", "Sun"];

function ruleXml(r: RatePlanRule): string {
  const los = [
    r.minLos === undefined
      ? ""
      : `<LengthOfStay Time="${r.minLos}" TimeUnit="Day" MinMaxMessageType="SetMinLOS"/>`,
    r.maxLos === undefined
      ? ""
      : `<LengthOfStay Time="${r.maxLos}" TimeUnit="Day" MinMaxMessageType="SetMaxLOS"/>`,
    r.forwardMinStay === undefined
      ? ""
      : `<LengthOfStay Time="${r.forwardMinStay}" TimeUnit="Day" MinMaxMessageType="SetForwardMinStay"/>`,
  ].join("");
  const dow = (name: string, closed: Weekday[] | undefined) =>
    closed ? `<${name} ${WEEKDAY_NAMES.map((d) => `${d}="${closed.includes(d) ? 0 : 1}"`).join(" ")}/>` : "";
  const dows = dow("ArrivalDaysOfWeek", r.closedArrival) + dow("DepartureDaysOfWeek", r.closedDeparture);
  const code = r.roomTypeCode ? ` CodeContext="ROOMTYPE" Code="${r.roomTypeCode}"` : "";
  return (
    `<BookingRule${code} Start="${r.start}" End="${r.end}">` +
    (los ? `<LengthsOfStay>${los}</LengthsOfStay>` : "") +
    (dows ? `<DOW_Restrictions>${dows}</DOW_Restrictions>` : "") +
    (r.status ? `<RestrictionStatus Restriction="Master" Status="${r.status}"/>` : "") +
    "</BookingRule>"
  );
}

function rateXml(r: RatePlanRate): string {
  const base = (r.base ?? [])
    .map(
      (b) =>
        `<BaseByGuestAmt NumberOfGuests="${b.guests}" AgeQualifyingCode="10" AmountAfterTax="${b.amount}"${b.currency ? ` CurrencyCode="${b.currency}"` : ""}/>`,
    )
    .join("");
  const extra = [
    r.extraAdult === undefined
      ? ""
      : `<AdditionalGuestAmount AgeQualifyingCode="10" Amount="${r.extraAdult}"/>`,
    ...(r.children ?? []).map(
      (c) =>
        `<AdditionalGuestAmount AgeQualifyingCode="8"${c.minAge ? ` MinAge="${c.minAge}"` : ""}${c.maxAge ? ` MaxAge="${c.maxAge}"` : ""} Amount="${c.amount}"/>`,
    ),
  ].join("");
  return (
    `<Rate InvTypeCode="${r.invTypeCode}" Start="${r.start}" End="${r.end}">` +
    (base ? `<BaseByGuestAmts>${base}</BaseByGuestAmts>` : "") +
    (extra ? `<AdditionalGuestAmounts>${extra}</AdditionalGuestAmounts>` : "") +
    "</Rate>"
  );
}

/**
 * An OTA_HotelRatePlanNotifRQ of one hotel. A Full rate plan's Rates start with its static rate (per room, Type 25
 * unless `chargeType`, with its meal plan) and carry the first Offer with the adults' occupancy, as the standard
 * shapes a Full rate plan; an Overlay carries only BookingRules and Rates; a Remove nothing.
 */
export function ratePlansRequest(hotelCode: string, ratePlans: RatePlanSpec[], completeSet = false): string {
  const plans = ratePlans.map((p) => {
    if (p.notif === "Remove") return `<RatePlan RatePlanNotifType="Remove" RatePlanCode="${p.code}"/>`;
    const full = p.notif === "Full" || p.notif === "New";
    const rules = p.rules?.length ? `<BookingRules>${p.rules.map(ruleXml).join("")}</BookingRules>` : "";
    const staticRate = full
      ? `<Rate RateTimeUnit="Day" UnitMultiplier="1"><BaseByGuestAmts><BaseByGuestAmt Type="${p.chargeType ?? "25"}"/></BaseByGuestAmts><MealsIncluded MealPlanIndicator="true" MealPlanCodes="${p.mealPlanCode ?? "14"}"/></Rate>`
      : "";
    const rates = (p.rates ?? []).map(rateXml).join("");
    const ratesXml = staticRate || rates ? `<Rates>${staticRate}${rates}</Rates>` : "";
    const offers = full
      ? '<Offers><Offer><OfferRules><OfferRule><Occupancy AgeQualifyingCode="10" MinAge="18"/><Occupancy AgeQualifyingCode="8"/></OfferRule></OfferRules></Offer></Offers>'
      : "";
    const extra = p.extra ?? "";
    // The schema's order: BookingRules, Rates, Supplements, Offers, Description.
    const tail = extra.startsWith("<Supplements") ? `${extra}${offers}` : `${offers}${extra}`;
    return `<RatePlan RatePlanNotifType="${p.notif}" CurrencyCode="${p.currency ?? "EUR"}" RatePlanCode="${p.code}">${rules}${ratesXml}${full ? tail : extra}</RatePlan>`;
  });
  const unique = completeSet ? '<UniqueID Type="16" ID="1" Instance="CompleteSet"/>' : "";
  return `<?xml version="1.0" encoding="UTF-8"?>\n<OTA_HotelRatePlanNotifRQ ${OTA} Version="1.000">${unique}<RatePlans HotelCode="${hotelCode}">${plans.join("")}</RatePlans></OTA_HotelRatePlanNotifRQ>`;
}

/**
 * The bench's RatePlans message: one Full rate plan per code, each room category priced night by night (a Rate
 * element a night, as PMSs send prices that change daily) for `days` nights from `from`, with a booking rule a
 * night (minimum stay, arrival closed on Sundays). Every code × every category is a rate: 10 rates × 365 days are
 * e.g. 10 codes × 1 category. A Full also deletes its rate plan's prices on the hotel's other coded categories.
 */
export function ratePlansBenchRequest(opts: {
  hotelCode: string;
  ratePlanCodes: string[];
  invTypeCodes: string[];
  from: string;
  days: number;
  guests?: number[];
  /** A rate plan's meal plan by code, when it is not room only (14). */
  mealPlanCodes?: Record<string, RatePlanSpec["mealPlanCode"]>;
  /** False: one Rate and one BookingRule for the whole period instead of one a night (same nights written). */
  nightly?: boolean;
  /** Full unless given; an Overlay needs a Full of the rate plan before it. */
  notif?: "Full" | "Overlay";
}): string {
  const start = new Date(`${opts.from}T00:00:00Z`).getTime();
  const dayOf = (i: number) => new Date(start + i * 86_400_000).toISOString().slice(0, 10);
  const guests = opts.guests ?? [1, 2];
  const nightly = opts.nightly ?? true;
  const periods = nightly
    ? Array.from({ length: opts.days }, (_, i) => ({ i, start: dayOf(i), end: dayOf(i) }))
    : [{ i: 0, start: dayOf(0), end: dayOf(opts.days - 1) }];
  return ratePlansRequest(
    opts.hotelCode,
    opts.ratePlanCodes.map((code) => ({
      code,
      notif: opts.notif ?? "Full",
      mealPlanCode: opts.mealPlanCodes?.[code] ?? "14",
      rules: periods.map(({ i, start, end }) => ({
        start,
        end,
        minLos: 1 + (i % 3),
        closedArrival: ["Sun"] as Weekday[],
      })),
      rates: opts.invTypeCodes.flatMap((invTypeCode, r) =>
        periods.map(({ i, start, end }) => ({
          invTypeCode,
          start,
          end,
          base: guests.map((g) => ({ guests: g, amount: `${80 + 10 * r + (i % 50) + 20 * g}.50` })),
        })),
      ),
    })),
  );
}
