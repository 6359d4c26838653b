/** The portal feature's public face: what the HTTP layer, the jobs and other features may use. */

export type { PortalDeps } from "./service";
export { findCrossProperties, getReservationLinks, listDestinations, searchPortal } from "./service";
