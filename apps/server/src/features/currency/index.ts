/** The currency feature's public face: what the HTTP layer, the jobs and other features may use. */

export { upsertCurrencies } from "./repository";
export { getConversion } from "./service";
