/** The packages feature's public face: what the HTTP layer, the jobs and other features may use. */

export type { PackageDeps } from "./service";
export { listPackageAirports, listPackages } from "./service";
