import type { Database } from "../../db/client";
import { hitRateLimit } from "../rate-limits";
import { type AlpineBitsClient, authenticate } from "./clients";
import { withExchangeLog } from "./exchange-log";
import { applyFreeRooms, readFreeRooms } from "./free-rooms";
import {
  acknowledgeGuestRequests,
  readGuestRequests,
  readGuestRequestsAck,
  readGuestRequestsRead,
} from "./guest-requests";
import { type ActionName, isAction, negotiate, SERVER_VERSIONS, versionOffers } from "./handshake";
import { applyHotelInfo, pullHotelInfo, readHotelInfo } from "./hotel-info";
import { applyInventory, type InventoryOutcome, pullInventory, readInventory } from "./inventory";
import { applyRatePlans, readRatePlans } from "./rate-plans";
import { type BuildNode, buildDocument, child, parseDocument, textOf, type XmlNode } from "./xml";

/** Requests of one client (by username) per minute, counted in the database for every server process. */
export const CLIENT_REQUESTS_PER_MINUTE = 120;
const WINDOW_MS = 60_000;

export type AlpineBitsRequest = {
  authorization: string | undefined;
  protocolVersion: string | undefined;
  action: string | undefined;
  request: string | undefined;
};

/** The HTTP answer: an XML document, or the plain-text `ERROR:` line chapter 2 prescribes for a refused request. */
export type AlpineBitsAnswer = { status: number; contentType: string; body: string };

const XML = "application/xml; charset=utf-8";
const TEXT = "text/plain; charset=utf-8";
const refused = (status: number, message: string): AlpineBitsAnswer => ({
  status,
  contentType: TEXT,
  body: `ERROR:${message}`,
});
const xml = (body: string): AlpineBitsAnswer => ({ status: 200, contentType: XML, body });

function basicCredentials(header: string | undefined): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1] as string, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 1) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const errorsOf = (messages: string[]): BuildNode => ({
  Errors: { Error: messages.map((m) => ({ "@_Type": "13", "#text": m })) },
});

/** `publicUrl`: the site's address, which the hotel's own (uploaded) pictures are read at. */
type Deps = { database: Database; now: () => Date; publicUrl?: string };

function handshake(_deps: Deps, _client: AlpineBitsClient, root: XmlNode): Promise<AlpineBitsAnswer> {
  const echo = textOf(child(root, "EchoData"));
  const result = negotiate(echo);
  if ("error" in result) return Promise.resolve(xml(buildDocument("OTA_PingRS", errorsOf([result.error]))));
  return Promise.resolve(
    xml(
      buildDocument("OTA_PingRS", {
        Success: "",
        Warnings: {
          Warning: { "@_Type": "11", "@_Status": "ALPINEBITS_HANDSHAKE", "#text": result.intersection },
        },
        EchoData: echo,
      }),
    ),
  );
}

async function freeRooms(deps: Deps, client: AlpineBitsClient, root: XmlNode): Promise<AlpineBitsAnswer> {
  const read = readFreeRooms(root);
  const outcome = "errors" in read ? read : await applyFreeRooms(deps.database, client, read, deps.now());
  if ("errors" in outcome) return xml(buildDocument("OTA_HotelInvCountNotifRS", errorsOf(outcome.errors)));
  const warnings = outcome.warnings.map((w) => ({
    "@_Type": "11",
    "@_RecordID": w.recordId,
    "#text": w.text,
  }));
  return xml(
    buildDocument("OTA_HotelInvCountNotifRS", {
      Success: "",
      ...(warnings.length > 0 ? { Warnings: { Warning: warnings } } : {}),
    }),
  );
}

async function ratePlans(deps: Deps, client: AlpineBitsClient, root: XmlNode): Promise<AlpineBitsAnswer> {
  const read = readRatePlans(root);
  const outcome = "errors" in read ? read : await applyRatePlans(deps.database, client, read, deps.now());
  if ("errors" in outcome) return xml(buildDocument("OTA_HotelRatePlanNotifRS", errorsOf(outcome.errors)));
  return xml(buildDocument("OTA_HotelRatePlanNotifRS", { Success: "" }));
}

/** An Inventory or HotelInfo push: read whole, then applied; Success with its warnings, or Errors. */
const contentNotif =
  <T extends object>(
    read: (root: XmlNode) => T | { errors: string[] },
    apply: (database: Deps["database"], client: AlpineBitsClient, rq: T) => Promise<InventoryOutcome>,
  ) =>
  async (deps: Deps, client: AlpineBitsClient, root: XmlNode): Promise<AlpineBitsAnswer> => {
    const rq = read(root);
    const outcome = "errors" in rq ? rq : await apply(deps.database, client, rq);
    if ("errors" in outcome)
      return xml(buildDocument("OTA_HotelDescriptiveContentNotifRS", errorsOf(outcome.errors)));
    const warnings = outcome.warnings.map((w) => ({
      "@_Type": "11",
      ...(w.recordId ? { "@_RecordID": w.recordId } : {}),
      "#text": w.text,
    }));
    return xml(
      buildDocument("OTA_HotelDescriptiveContentNotifRS", {
        Success: "",
        ...(warnings.length > 0 ? { Warnings: { Warning: warnings } } : {}),
      }),
    );
  };

const descriptiveInfo =
  (pull: typeof pullInventory) =>
  async (deps: Deps, client: AlpineBitsClient, root: XmlNode): Promise<AlpineBitsAnswer> => {
    const outcome = await pull(deps.database, client, root, deps.publicUrl);
    if ("errors" in outcome)
      return xml(buildDocument("OTA_HotelDescriptiveInfoRS", errorsOf(outcome.errors)));
    return xml(buildDocument("OTA_HotelDescriptiveInfoRS", { Success: "", ...outcome.content }));
  };
async function guestRequests(deps: Deps, client: AlpineBitsClient, root: XmlNode): Promise<AlpineBitsAnswer> {
  const read = readGuestRequestsRead(root);
  const outcome = "errors" in read ? read : await readGuestRequests(deps.database, client, read, deps.now());
  if ("errors" in outcome) return xml(buildDocument("OTA_ResRetrieveRS", errorsOf(outcome.errors)));
  return xml(
    buildDocument("OTA_ResRetrieveRS", {
      Success: "",
      ReservationsList: { HotelReservation: outcome.reservations },
    }),
  );
}

async function guestRequestsAck(
  deps: Deps,
  client: AlpineBitsClient,
  root: XmlNode,
): Promise<AlpineBitsAnswer> {
  const { warnings } = await acknowledgeGuestRequests(
    deps.database,
    client,
    readGuestRequestsAck(root),
    deps.now(),
  );
  return xml(
    buildDocument("OTA_NotifReportRS", {
      Success: "",
      ...(warnings.length > 0
        ? {
            Warnings: {
              Warning: warnings.map((w) => ({ "@_Type": "11", "@_RecordID": w.recordId, "#text": w.text })),
            },
          }
        : {}),
    }),
  );
}

/** Each action: the document root its request must be, and what answers it. */
const ACTION_HANDLERS: Record<
  ActionName,
  { rq: string; run: (deps: Deps, client: AlpineBitsClient, root: XmlNode) => Promise<AlpineBitsAnswer> }
> = {
  "OTA_Ping:Handshaking": { rq: "OTA_PingRQ", run: handshake },
  "OTA_HotelInvCountNotif:FreeRooms": { rq: "OTA_HotelInvCountNotifRQ", run: freeRooms },
  "OTA_HotelRatePlanNotif:RatePlans": { rq: "OTA_HotelRatePlanNotifRQ", run: ratePlans },
  "OTA_HotelDescriptiveContentNotif:Inventory": {
    rq: "OTA_HotelDescriptiveContentNotifRQ",
    run: contentNotif(readInventory, applyInventory),
  },
  "OTA_HotelDescriptiveContentNotif:Info": {
    rq: "OTA_HotelDescriptiveContentNotifRQ",
    run: contentNotif(readHotelInfo, applyHotelInfo),
  },
  "OTA_HotelDescriptiveInfo:Inventory": {
    rq: "OTA_HotelDescriptiveInfoRQ",
    run: descriptiveInfo(pullInventory),
  },
  "OTA_HotelDescriptiveInfo:Info": { rq: "OTA_HotelDescriptiveInfoRQ", run: descriptiveInfo(pullHotelInfo) },
  "OTA_Read:GuestRequests": { rq: "OTA_ReadRQ", run: guestRequests },
  "OTA_NotifReport:GuestRequests": { rq: "OTA_NotifReportRQ", run: guestRequestsAck },
};

/**
 * One AlpineBits request (chapter 2 of HotelData 2024-10): the client's rate limit, HTTP Basic, the protocol
 * version header, the action and its request document, then the action. Every refusal before the action is a
 * plain-text `ERROR:` answer with its status; a message the action cannot apply is its response's Errors.
 */
export async function handleAlpineBits(deps: Deps, rq: AlpineBitsRequest): Promise<AlpineBitsAnswer> {
  const credentials = basicCredentials(rq.authorization);
  if (!credentials) return refused(401, "authentication required: HTTP Basic with the client's username");
  const now = deps.now();
  const { count } = await hitRateLimit(
    deps.database.db,
    `alpinebits:${credentials.username.toLowerCase()}`,
    WINDOW_MS,
    now,
  );
  if (count > CLIENT_REQUESTS_PER_MINUTE)
    return refused(429, `too many requests: at most ${CLIENT_REQUESTS_PER_MINUTE} a minute`);
  const client = await authenticate(deps.database.db, credentials.username, credentials.password);
  if (!client) return refused(401, "authentication failed");
  return withExchangeLog(deps, client, rq, () => dispatch(deps, client, rq));
}

/** An authenticated request: the protocol version header, the action and its request document, then the action. */
async function dispatch(
  deps: Deps,
  client: AlpineBitsClient,
  rq: AlpineBitsRequest,
): Promise<AlpineBitsAnswer> {
  const version = rq.protocolVersion?.trim();
  if (!version) return refused(400, "the X-AlpineBits-ClientProtocolVersion header is missing");
  const action = rq.action?.trim() ?? "";
  if (!isAction(action)) return refused(400, "unknown or missing action");
  // The handshake finds the common versions from its own content, whatever the header says.
  if (action !== "OTA_Ping:Handshaking" && !versionOffers(version, action))
    return refused(
      400,
      `unsupported protocol version ${version} for ${action}: this server speaks ${Object.keys(SERVER_VERSIONS).join(", ")}`,
    );
  if (rq.request === undefined || rq.request.trim() === "")
    return refused(400, "the request parameter is missing");
  const parsed = parseDocument(rq.request);
  if ("error" in parsed) return refused(400, `the request is not a valid document: ${parsed.error}`);
  const handler = ACTION_HANDLERS[action];
  if (parsed.root !== handler.rq)
    return refused(400, `the request of ${action} is an ${handler.rq} document`);
  return handler.run(deps, client, parsed.node);
}
