/** The AlpineBits HotelData server's public face (ADR 0078): the transport's use case, clients and codes. */

export { purgeAlpineBitsBodies } from "./exchange-log";
export { SERVER_VERSIONS } from "./handshake";
export type { AlpineBitsAnswer, AlpineBitsRequest } from "./service";
export { CLIENT_REQUESTS_PER_MINUTE, handleAlpineBits } from "./service";
