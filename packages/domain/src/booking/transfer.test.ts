import { describe, expect, it } from "vitest";
import type { ReservationStatus } from "./reservation-state";
import { checkTransferEdit, lastTransferEditDay, validateTransferDetails } from "./transfer";

describe("validateTransferDetails", () => {
  it.each<[string, Parameters<typeof validateTransferDetails>[0], string[]]>([
    ["all fields", { time: "14:05", placeCode: "MXP", transportNumber: "AZ 1234", note: "2 bags" }, []],
    ["nothing (clears the details)", {}, []],
    ["midnight and 23:59", { time: "00:00" }, []],
    ["23:59", { time: "23:59" }, []],
    ["24:00", { time: "24:00" }, ["time:invalid_date"]],
    ["one digit hour", { time: "9:30" }, ["time:invalid_date"]],
    ["seconds", { time: "09:30:00" }, ["time:invalid_date"]],
    ["a place code of 21", { placeCode: "X".repeat(21) }, ["placeCode:out_of_range"]],
    ["a transport number of 21", { transportNumber: "1".repeat(21) }, ["transportNumber:out_of_range"]],
    ["a note of 501", { note: "n".repeat(501) }, ["note:out_of_range"]],
    ["a note of 500 with spaces around", { note: ` ${"n".repeat(500)} ` }, []],
  ])("%s", (_name, details, expected) => {
    expect(validateTransferDetails(details).map((e) => `${e.field}:${e.code}`)).toEqual(expected);
  });

  it("prefixes the fields", () => {
    expect(validateTransferDetails({ time: "x" }, "transfer.")).toEqual([
      { field: "transfer.time", code: "invalid_date" },
    ]);
  });
});

describe("checkTransferEdit", () => {
  const transfer = { isTransfer: true, day: null, arrival: "20241027", roomStatus: "A" as const };
  it.each<
    [
      string,
      Parameters<typeof checkTransferEdit>[0],
      ReservationStatus,
      string,
      string,
      string,
      string | null,
    ]
  >([
    [
      "Rome, arrival on the fall-back day: 23:59 the day before",
      transfer,
      "confirmed",
      "Europe/Rome",
      "2024-10-26T21:59:00.000Z",
      "ok",
      "2024-10-26T22:00:00.000Z",
    ],
    [
      "Rome, midnight: too late",
      transfer,
      "confirmed",
      "Europe/Rome",
      "2024-10-26T22:00:00.000Z",
      "too_late",
      "2024-10-26T22:00:00.000Z",
    ],
    [
      "Auckland, the service's own day",
      { ...transfer, day: "20240929" },
      "confirmed",
      "Pacific/Auckland",
      "2024-09-28T11:59:00.000Z",
      "ok",
      "2024-09-28T12:00:00.000Z",
    ],
    [
      "New York, the departure transfer on its day",
      { ...transfer, day: "20241104" },
      "confirmed",
      "America/New_York",
      "2024-11-04T05:00:00.000Z",
      "too_late",
      "2024-11-04T05:00:00.000Z",
    ],
    [
      "an option",
      transfer,
      "pending_confirmation",
      "UTC",
      "2024-10-01T00:00:00.000Z",
      "ok",
      "2024-10-27T00:00:00.000Z",
    ],
    [
      "a cancelled reservation",
      transfer,
      "cancelled",
      "UTC",
      "2024-10-01T00:00:00.000Z",
      "reservation_cancelled",
      "2024-10-27T00:00:00.000Z",
    ],
    [
      "a cancelled room",
      { ...transfer, roomStatus: "C" },
      "confirmed",
      "UTC",
      "2024-10-01T00:00:00.000Z",
      "room_cancelled",
      "2024-10-27T00:00:00.000Z",
    ],
    [
      "a service that is not a transfer",
      { ...transfer, isTransfer: false },
      "confirmed",
      "UTC",
      "2024-10-01T00:00:00.000Z",
      "not_a_transfer",
      null,
    ],
    [
      "a service of the whole booking",
      { ...transfer, roomStatus: null },
      "confirmed",
      "UTC",
      "2024-10-01T00:00:00.000Z",
      "ok",
      "2024-10-27T00:00:00.000Z",
    ],
  ])("%s", (_name, service, status, timeZone, now, expected, editBefore) => {
    const result = checkTransferEdit(service, status, { timeZone, now: new Date(now) });
    expect(result.allowed ? "ok" : result.reason).toBe(expected);
    expect(result.editBefore?.toISOString() ?? null).toBe(editBefore);
  });

  it("prints the day before", () => {
    expect(lastTransferEditDay("20240301")).toBe("20240229");
  });
});
