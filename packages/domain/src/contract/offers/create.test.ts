import { describe, expect, it } from "vitest";
import { CreateOfferRequestSchema } from "./create";
import { RejectOfferRequestSchema } from "./reject";
import { UnlockOfferRequestSchema } from "./unlock";
import { OfferCodeParamsSchema } from "./view";

const valid = {
  hotel: 1,
  channel: 1,
  recipient: { name: "Anna", email: " Anna@Example.TEST ", language: 3 },
  arrival: "20300210",
  departure: "20300214",
  options: [{ rooms: [{ roomId: 1, rateId: 2, adults: 2, priceMinor: 48000 }] }],
  expiresAt: "2030-01-12T18:00:00+01:00",
  video: "https://youtu.be/dQw4w9WgXcQ",
};

const fieldsOf = (input: unknown) => {
  const result = CreateOfferRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
};

describe("create offer contract", () => {
  it("accepts a valid offer and fills defaults", () => {
    const parsed = CreateOfferRequestSchema.parse(valid);
    expect(parsed.recipient.email).toBe("anna@example.test");
    expect(parsed.options[0]!.rooms[0]!.ages).toEqual([]);
    expect(parsed.options[0]!.services).toEqual([]);
    expect(parsed.playlist).toEqual([]);
  });

  it.each([
    ["options", { options: [] }],
    ["options.0.rooms", { options: [{ rooms: [] }] }],
    [
      "options.0.rooms.0.priceMinor",
      { options: [{ rooms: [{ roomId: 1, rateId: 2, adults: 2, priceMinor: 1.5 }] }] },
    ],
    [
      "options.0.rooms.0.adults",
      { options: [{ rooms: [{ roomId: 1, rateId: 2, adults: 0, priceMinor: 1 }] }] },
    ],
    ["departure", { departure: "20300209" }],
    ["arrival", { arrival: "2030-02-10" }],
    ["expiresAt", { expiresAt: "tomorrow" }],
    ["video", { video: "https://example.com/v.mp4" }],
    ["playlist.0", { playlist: ["http://vimeo.com/76979871"] }],
    ["recipient.email", { recipient: { name: "A", email: "nope", language: 1 } }],
  ])("names %s", (field, overrides) => {
    expect(fieldsOf({ ...valid, ...overrides })).toContain(field);
  });

  it("unlock, reject and the code", () => {
    expect(UnlockOfferRequestSchema.parse({ email: "A@B.example" }).email).toBe("a@b.example");
    expect(RejectOfferRequestSchema.safeParse({ reason: "  " }).success).toBe(false);
    expect(RejectOfferRequestSchema.safeParse({ reason: "x".repeat(1001) }).success).toBe(false);
    expect(OfferCodeParamsSchema.parse({ offerCode: "dem00ffer-h0te101" }).offerCode).toBe(
      "DEM00FFERH0TE101",
    );
    expect(OfferCodeParamsSchema.safeParse({ offerCode: "short" }).success).toBe(false);
  });
});
