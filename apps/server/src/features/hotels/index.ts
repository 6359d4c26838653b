/** The hotels feature's public face: what the HTTP layer, the jobs and other features may use. */
export { getHotelInfo, getHotelServices } from "./service";
