// `npm run alpinebits:client -- --hotel 1 --username pms-rossi [--name "Rossi PMS"] [--hotel-code ROSSI1]
// [--room 101=DBL --room 102=SGL] [--rate 101=BB]`: an AlpineBits client for the hotel (a random password, printed
// once), and the hotel's HotelCode, room types' InvTypeCodes and rate plans' RatePlanCodes when given (ADR 0078), in DATABASE_URL or the DATA_DIR database.
// With --codes-only, only the codes are set.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { createAlpineBitsClient, setAlpineBitsCodes } from "../features/alpinebits";
import { AppError } from "../http/errors";
import { runCommand, withDatabase } from "./run";

const USAGE =
  "usage: npm run alpinebits:client -- --hotel 1 --username pms-rossi [--name NAME] [--hotel-code CODE] " +
  "[--room <room type id>=<InvTypeCode> ...] [--rate <rate plan id>=<RatePlanCode> ...] [--codes-only]";

async function main(args: string[]): Promise<number> {
  let values: {
    hotel?: string;
    username?: string;
    name?: string;
    "hotel-code"?: string;
    room?: string[];
    rate?: string[];
    "codes-only"?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: args.filter((a) => a !== "--"),
      options: {
        hotel: { type: "string" },
        username: { type: "string" },
        name: { type: "string" },
        "hotel-code": { type: "string" },
        room: { type: "string", multiple: true },
        rate: { type: "string", multiple: true },
        "codes-only": { type: "boolean" },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(USAGE);
    return 2;
  }
  const hotelId = Number(values.hotel);
  const pairs = (list: string[] | undefined) =>
    (list ?? []).map((r) => {
      const [id, code] = r.split("=");
      return { id: Number(id), code: code ?? "" };
    });
  const rooms = pairs(values.room).map((p) => ({ roomTypeId: p.id, code: p.code }));
  const rates = pairs(values.rate).map((p) => ({ ratePlanId: p.id, code: p.code }));
  const codesOnly = values["codes-only"] === true;
  if (
    !Number.isInteger(hotelId) ||
    hotelId < 1 ||
    (!codesOnly && !values.username) ||
    (codesOnly && !values["hotel-code"]) ||
    rooms.some((r) => !Number.isInteger(r.roomTypeId) || r.code === "") ||
    rates.some((r) => !Number.isInteger(r.ratePlanId) || r.code === "")
  ) {
    console.error(USAGE);
    return 2;
  }
  return withDatabase(async (database) => {
    try {
      if (values["hotel-code"]) {
        await setAlpineBitsCodes(database.db, hotelId, {
          hotelCode: values["hotel-code"],
          roomTypes: rooms,
          ratePlans: rates,
        });
        console.log(
          `Hotel ${hotelId}: HotelCode ${values["hotel-code"]}, ${rooms.length} InvTypeCode(s), ${rates.length} RatePlanCode(s).`,
        );
      }
      if (codesOnly || !values.username) return 0;
      const password = randomBytes(18).toString("base64url");
      const id = await createAlpineBitsClient(database.db, {
        username: values.username,
        password,
        name: values.name ?? "",
        hotelIds: [hotelId],
      });
      console.log(
        `AlpineBits client ${id} "${values.username}" for hotel ${hotelId}. Password (shown once):`,
      );
      console.log(password);
      return 0;
    } catch (error) {
      if (error instanceof AppError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  });
}

runCommand(main);
