import { z } from "zod";
import { IdSchema } from "../common";

export const FlightSchema = z.object({
  code: z.string(),
  /** `outbound` leaves the origin on the arrival day; `return` flies back on the departure day. */
  direction: z.enum(["outbound", "return"]),
  /** YYYYMMDD. */
  date: z.string(),
  /** HH:MM, local time at the airport it leaves from. */
  time: z.string(),
  /** HH:MM, local time at the airport it lands at. */
  arrivalTime: z.string().nullable(),
  /** Per passenger (0: in the rate's price). */
  price: z.number(),
});

export const AirportSchema = z
  .object({ code: z.string(), name: z.string(), flights: z.array(FlightSchema) })
  .meta({ id: "Airport" });

export const PackageAirportsParamsSchema = z.object({ pcId: IdSchema });

/** `GET club-package/:pcId/airports`: the origin airports of a flight-included package, with their flights. */
export const PackageAirportsResponseSchema = z
  .object({ airports: z.array(AirportSchema) })
  .meta({ id: "PackageAirportsResponse" });
export type PackageAirportsResponse = z.infer<typeof PackageAirportsResponseSchema>;
