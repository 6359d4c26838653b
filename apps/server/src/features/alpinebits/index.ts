/** The AlpineBits HotelData server's public face (ADR 0078): the transport's use case, clients and codes. */

export {
  alpineBitsExchangeBody,
  createAlpineBitsClientFor,
  disableAlpineBitsClient,
  listAlpineBitsClients,
  listAlpineBitsExchanges,
  readAlpineBitsCodes,
  readAlpineBitsExchange,
  saveAlpineBitsCodes,
  setAlpineBitsClientHotels,
} from "./backoffice";
export type { AlpineBitsClient } from "./clients";
export { createAlpineBitsClient, setAlpineBitsCodes } from "./clients";
export { purgeAlpineBitsBodies } from "./exchange-log";
export { SERVER_VERSIONS } from "./handshake";
export type { AlpineBitsAnswer, AlpineBitsRequest } from "./service";
export { CLIENT_REQUESTS_PER_MINUTE, handleAlpineBits } from "./service";
