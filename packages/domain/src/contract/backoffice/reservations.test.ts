import { describe, expect, it } from "vitest";
import {
  BoCancelRequestSchema,
  PropertyNoteRequestSchema,
  RecordTransferRequestSchema,
  ReservationListQuerySchema,
} from "./reservations";

describe("the back office's reservation list query", () => {
  it("reads empty fields as absent and defaults the sort and page", () => {
    expect(ReservationListQuerySchema.parse({ code: "", status: "", page: "" })).toEqual({
      sort: "arrival",
      page: 1,
    });
    expect(
      ReservationListQuerySchema.parse({ channel: "2", customer: "7", page: "3", sort: "created" }),
    ).toEqual({
      channel: 2,
      customer: 7,
      page: 3,
      sort: "created",
    });
  });

  it("takes the option and waiting statuses beside the reservation's own", () => {
    for (const status of ["option", "waiting", "confirmed", "cancelled"])
      expect(ReservationListQuerySchema.safeParse({ status }).success).toBe(true);
    expect(ReservationListQuerySchema.safeParse({ status: "pending_confirmation" }).success).toBe(false);
  });

  it("refuses impossible days, ranges that end before they start, and unknown fields", () => {
    const path = (q: Record<string, string>) =>
      ReservationListQuerySchema.safeParse(q).error && [
        ...new Set(ReservationListQuerySchema.safeParse(q).error?.issues.map((i) => i.path.join("."))),
      ];
    expect(path({ stayFrom: "2030-02-30" })).toEqual(["stayFrom"]);
    expect(path({ bookedTo: "20300101" })).toEqual(["bookedTo"]);
    expect(path({ stayFrom: "2030-02-10", stayTo: "2030-02-01" })).toEqual(["stayTo"]);
    expect(path({ bookedFrom: "2030-02-10", bookedTo: "2030-02-09" })).toEqual(["bookedTo"]);
    expect(path({ stayFrom: "2030-02-10", stayTo: "2030-02-10" })).toBeUndefined();
    expect(ReservationListQuerySchema.safeParse({ hotel: "1" }).success).toBe(false);
  });
});

describe("the back office's reservation actions", () => {
  it("takes a transfer of a positive whole amount on a real day", () => {
    expect(
      RecordTransferRequestSchema.safeParse({ amountMinor: 100, receivedOn: "2030-01-05" }).success,
    ).toBe(true);
    expect(RecordTransferRequestSchema.safeParse({ amountMinor: 0, receivedOn: "2030-01-05" }).success).toBe(
      false,
    );
    expect(
      RecordTransferRequestSchema.safeParse({ amountMinor: 1.5, receivedOn: "2030-01-05" }).success,
    ).toBe(false);
    expect(RecordTransferRequestSchema.safeParse({ amountMinor: 1, receivedOn: "2030-13-01" }).success).toBe(
      false,
    );
  });

  it("trims a property note and keeps it to 1000 characters; null clears it", () => {
    expect(PropertyNoteRequestSchema.parse({ note: "  hello " })).toEqual({ note: "hello" });
    expect(PropertyNoteRequestSchema.parse({ note: null })).toEqual({ note: null });
    expect(PropertyNoteRequestSchema.safeParse({ note: "x".repeat(1001) }).success).toBe(false);
  });

  it("asks whether a cancellation is a preview, for the whole stay or one room", () => {
    expect(BoCancelRequestSchema.parse({ preview: true })).toEqual({ preview: true });
    expect(BoCancelRequestSchema.parse({ preview: false, roomId: 4 })).toEqual({ preview: false, roomId: 4 });
    expect(BoCancelRequestSchema.safeParse({}).success).toBe(false);
  });
});
