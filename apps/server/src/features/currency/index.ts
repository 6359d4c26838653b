/** The currency feature's public face: what the HTTP layer, the jobs and other features may use. */

export type { SqlExecutor } from "./reference-data";
export { upsertCurrencies } from "./reference-data";
export { getConversion } from "./service";
