/** The agency area's public face (ADR 0032): a trade customer's own reservations, above booking and manage. */

export type { AgencyDeps } from "./service";
export {
  associatedHotels,
  cancelAgencyReservation,
  confirmAgencyReservation,
  listAgencyReservations,
  printAgencyReservation,
  quoteAgencyCancellation,
  requireAgency,
} from "./service";
