import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n/i18n";
import { type AuditContext, auditSubject, fieldLabel, formatAuditValue } from "./describe";

async function contextIn(language: string): Promise<AuditContext> {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces("bo-audit");
  const t = i18n.getFixedT(language, "bo-audit");
  return {
    language,
    timeZone: "Europe/Rome",
    currency: { code: "EUR", decimalDigits: 2 },
    names: {
      roomTypes: { "102": { en: "Classic double", de: "Klassisches Doppelzimmer" } },
      ratePlans: { "101": { en: "Flexible" } },
    },
    t: (key, options) => t(key, options ?? {}),
  };
}

describe("an audit entry as prose", () => {
  it("labels fields and formats money, not `amountMinor: 7800 → 9900`", async () => {
    const ctx = await contextIn("en");
    expect(fieldLabel("amountMinor", ctx)).toBe("Price");
    expect(formatAuditValue("amountMinor", 7800, ctx).replace(/\s/g, " ")).toBe("78,00 EUR");
    expect(formatAuditValue("closedToArrival", true, ctx)).toBe("yes");
    expect(formatAuditValue("minStay", { minStay: 2, closed: false }, ctx)).toBe("Min stay: 2; Closed: no");
  });

  it("names the cell: rate, room type, day in the page's format, adults — not `Price #101:102:2027-01-27:2`", async () => {
    const ctx = await contextIn("en");
    expect(auditSubject("price", "101:102:2027-01-27:2", ctx)).toBe(
      "Flexible · Classic double · Wed, 27 Jan 2027 · 2 adults",
    );
    const de = await contextIn("de");
    expect(auditSubject("inventory", "102:2027-01-15", de)).toBe(
      "Klassisches Doppelzimmer · Fr., 15. Jan. 2027",
    );
    expect(fieldLabel("minStay", de)).toBe("Mindestaufenthalt");
  });
});
