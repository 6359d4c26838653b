/** The admin feature's public face: what the HTTP layer, the jobs and other features may use. */
export { importProperty } from "./import-property";
