import { describe, expect, it } from "vitest";
import { channelOfPath, documentClassOf, isTrackedKind, pageKindOf } from "./pages";

const H = "/hotel/1/channel/2/language/3";

describe("pageKindOf", () => {
  it.each([
    [H, "rooms"],
    [`${H}/rooms`, "rooms"],
    [`${H}/rooms/`, "rooms"],
    [`${H}/services`, "services"],
    [`${H}/voucher/code/ABC/email/a@b.it`, "voucher"],
    [`${H}/checkout`, "payment"],
    [`${H}/CHECKOUT`, "payment"],
    [`${H}/3ds/code/ABC/email/a@b.it`, "payment"],
    ["/offer/XYZ", "private"],
    ["/cro/ABC", "private"],
    ["/admin", "private"],
    ["/admin/rooms", "private"],
    [`${H}/packages`, "other"],
    [`${H}/recover`, "other"],
    ["/channel/2/language/1", "other"],
    ["/", "other"],
  ])("%s is %s", (path, kind) => expect(pageKindOf(path)).toBe(kind));

  it("tracks only the guest's public pages", () => {
    expect(isTrackedKind("rooms")).toBe(true);
    expect(isTrackedKind("other")).toBe(true);
    expect(isTrackedKind("payment")).toBe(false);
    expect(isTrackedKind("private")).toBe(false);
    expect(documentClassOf("voucher")).toBe("tracked");
    expect(documentClassOf("payment")).toBe("strict");
    expect(documentClassOf("private")).toBe("strict");
  });
});

describe("channelOfPath", () => {
  it.each([
    [`${H}/rooms`, 2],
    ["/channel/7/language/1", 7],
    ["/channel/7", 7],
    ["/channel/0/language/1", null],
    ["/channel/x", null],
    ["/offer/1", null],
    ["/admin", null],
  ])("%s → %s", (path, channel) => expect(channelOfPath(path)).toBe(channel));
});
