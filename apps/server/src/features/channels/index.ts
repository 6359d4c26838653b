/** The channels feature's public face: what the HTTP layer, the jobs and other features may use. */
export type { ChannelTrackingRow } from "./repository";
export { configuredHostOf, findChannelTracking, readConfiguredHost } from "./repository";
export { listCustomPrivacy, listHotels } from "./service";
