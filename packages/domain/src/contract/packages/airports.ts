import { z } from "zod";
import { IdSchema } from "../common";

export const FlightSchema = z.object({
  code: z.string(),
  /** YYYYMMDD. */
  date: z.string(),
  /** HH:MM, local time at the origin airport. */
  time: z.string(),
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
