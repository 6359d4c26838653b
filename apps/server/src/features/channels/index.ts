/** The channels feature's public face: what the HTTP layer, the jobs and other features may use. */
export { listCustomPrivacy, listHotels } from "./service";
