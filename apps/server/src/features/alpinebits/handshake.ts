/**
 * The AlpineBits versions, actions and capabilities Alloggio serves (ADR 0078): only what is implemented is
 * advertised. The keys are the handshake's action names (`action_<root>`), the values the capabilities.
 */
export const SERVER_VERSIONS: Record<string, Record<string, readonly string[]>> = {
  "2024-10": {
    action_OTA_Ping: [],
    action_OTA_HotelInvCountNotif: [
      "OTA_HotelInvCountNotif_accept_categories",
      "OTA_HotelInvCountNotif_accept_deltas",
      "OTA_HotelInvCountNotif_accept_complete_set",
      "OTA_HotelInvCountNotif_accept_closing_seasons",
    ],
    // RatePlans (ADR 0080): Full and Remove need no capability; only the rate plan's own booking rules.
    action_OTA_HotelRatePlanNotif_RatePlans: [
      "OTA_HotelRatePlanNotif_accept_ArrivalDOW",
      "OTA_HotelRatePlanNotif_accept_DepartureDOW",
      "OTA_HotelRatePlanNotif_accept_RatePlan_BookingRule",
      "OTA_HotelRatePlanNotif_accept_overlay",
    ],
    // Room categories only: neither distinct rooms (use_rooms) nor MaxChildOccupancy (occupancy_children).
    action_OTA_HotelDescriptiveContentNotif_Inventory: [],
    action_OTA_HotelDescriptiveContentNotif_Info: [],
    action_OTA_HotelDescriptiveInfo_Inventory: [],
    action_OTA_HotelDescriptiveInfo_Info: [],
    // GuestRequests pull; its acknowledgment (OTA_NotifReport) has no handshake name of its own (ADR 0081).
    action_OTA_Read: [],
  },
};

/** The `action` parameter of each implemented action, by version, with its handshake name. */
export const ACTIONS = {
  "OTA_Ping:Handshaking": "action_OTA_Ping",
  "OTA_HotelInvCountNotif:FreeRooms": "action_OTA_HotelInvCountNotif",
  "OTA_HotelRatePlanNotif:RatePlans": "action_OTA_HotelRatePlanNotif_RatePlans",
  "OTA_HotelDescriptiveContentNotif:Inventory": "action_OTA_HotelDescriptiveContentNotif_Inventory",
  "OTA_HotelDescriptiveContentNotif:Info": "action_OTA_HotelDescriptiveContentNotif_Info",
  "OTA_HotelDescriptiveInfo:Inventory": "action_OTA_HotelDescriptiveInfo_Inventory",
  "OTA_HotelDescriptiveInfo:Info": "action_OTA_HotelDescriptiveInfo_Info",
  "OTA_Read:GuestRequests": "action_OTA_Read",
  // A server announcing OTA_Read MUST take its acknowledgment: it comes with action_OTA_Read.
  "OTA_NotifReport:GuestRequests": "action_OTA_Read",
} as const;

export type ActionName = keyof typeof ACTIONS;

export const isAction = (action: string): action is ActionName => Object.hasOwn(ACTIONS, action);

/** Whether `version` (the X-AlpineBits-ClientProtocolVersion header) offers `action`. */
export const versionOffers = (version: string, action: ActionName): boolean =>
  Object.hasOwn(SERVER_VERSIONS, version) && Object.hasOwn(SERVER_VERSIONS[version] ?? {}, ACTIONS[action]);

type Announced = { version: string; actions: { action: string; supports?: string[] }[] };

// FreeRooms needs rooms or categories in common: without either no message could be understood.
const REQUIRED_ONE_OF: Record<string, readonly string[]> = {
  action_OTA_HotelInvCountNotif: [
    "OTA_HotelInvCountNotif_accept_rooms",
    "OTA_HotelInvCountNotif_accept_categories",
  ],
};

function announcedOf(echo: string): Announced[] | null {
  let data: unknown;
  try {
    data = JSON.parse(echo);
  } catch {
    return null;
  }
  const versions = (data as { versions?: unknown })?.versions;
  if (!Array.isArray(versions)) return null;
  const out: Announced[] = [];
  for (const v of versions) {
    if (typeof v !== "object" || v === null) return null;
    const { version, actions } = v as { version?: unknown; actions?: unknown };
    if (typeof version !== "string") return null;
    if (actions !== undefined && !Array.isArray(actions)) return null;
    const list: Announced["actions"] = [];
    for (const a of (actions as unknown[] | undefined) ?? []) {
      const { action, supports } = (a ?? {}) as { action?: unknown; supports?: unknown };
      if (typeof action !== "string") return null;
      if (
        supports !== undefined &&
        !(Array.isArray(supports) && supports.every((s) => typeof s === "string"))
      )
        return null;
      list.push({ action, ...(supports ? { supports: supports as string[] } : {}) });
    }
    out.push({ version, actions: list });
  }
  return out;
}

/**
 * The handshake: the intersection of the versions, actions and capabilities the client announced (its EchoData,
 * JSON) with the server's, as the JSON text of the ALPINEBITS_HANDSHAKE warning; an error text for EchoData that
 * is not a handshake, or no version in common. OTA_Ping is kept for every common version.
 */
export function negotiate(echo: string): { intersection: string } | { error: string } {
  const announced = announcedOf(echo);
  if (!announced) return { error: "EchoData is not a handshake: a JSON object with a list of versions" };
  const versions: Announced[] = [];
  for (const v of announced) {
    const server = SERVER_VERSIONS[v.version];
    if (!server || !Object.hasOwn(SERVER_VERSIONS, v.version)) continue;
    const actions: Announced["actions"] = [];
    for (const a of v.actions) {
      if (!Object.hasOwn(server, a.action)) continue;
      const offered = server[a.action] ?? [];
      const common = (a.supports ?? []).filter((s) => offered.includes(s));
      const needed = REQUIRED_ONE_OF[a.action];
      if (needed && !common.some((s) => needed.includes(s))) continue;
      actions.push(common.length > 0 ? { action: a.action, supports: common } : { action: a.action });
    }
    if (!actions.some((a) => a.action === "action_OTA_Ping")) actions.unshift({ action: "action_OTA_Ping" });
    versions.push({ version: v.version, actions });
  }
  if (versions.length === 0)
    return { error: `no version in common: this server speaks ${Object.keys(SERVER_VERSIONS).join(", ")}` };
  return { intersection: JSON.stringify({ versions }) };
}
