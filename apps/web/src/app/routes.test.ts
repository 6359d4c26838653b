import { describe, expect, it } from "vitest";
import { href } from "./routes";

describe("href", () => {
  it.each([
    [href("rooms", { hotel: 1, channel: 2, language: 3 }), "/hotel/1/channel/2/language/3/rooms"],
    [href("portalRecover", { channel: 1, language: 2 }), "/channel/1/language/2/recover"],
    [
      href("voucher", { hotel: 1, channel: 1, language: 1, code: "AB12", email: "a@b.it" }),
      "/hotel/1/channel/1/language/1/voucher/code/AB12/email/a%40b.it",
    ],
    [
      href("rooms", { hotel: 1, channel: 1, language: 1 }, { adults: [2, 1], promo: "" }),
      "/hotel/1/channel/1/language/1/rooms?adults=2%2C1",
    ],
  ])("%s", (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
