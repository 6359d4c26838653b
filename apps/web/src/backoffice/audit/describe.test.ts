import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n/i18n";
import { AUDIT_NAMESPACES, type AuditContext, auditSubject, fieldLabel, formatAuditValue } from "./describe";

async function contextIn(language: string): Promise<AuditContext> {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(AUDIT_NAMESPACES);
  const t = i18n.getFixedT(language, "bo-audit");
  return {
    language,
    timeZone: "Europe/Rome",
    currency: { code: "EUR", decimalDigits: 2 },
    names: {
      roomTypes: { "102": { en: "Classic double", de: "Klassisches Doppelzimmer" } },
      ratePlans: { "101": { en: "Flexible" } },
      hotels: { "1": "Hotel Bellavista Riva", "2": "Hotel Lago" },
    },
    t: (key, options) => t(key, options ?? {}),
  };
}

describe("an audit entry as prose", () => {
  it("names a hotel's payment settings: gateway and mode by name, the last 4 of the key, never a code", async () => {
    const ctx = await contextIn("en");
    const after = {
      gateway: "stripe",
      mode: "test",
      secretKeyLast4: "4242",
      publishableKey: "pk_test_51Abc",
      webhookSecretSet: true,
    };
    expect(formatAuditValue("after", after, ctx)).toBe(
      "Card gateway: Stripe; Mode: Test mode; Secret key ends with: 4242; Publishable key: pk_test_51Abc; Webhook signing secret set: yes",
    );
    const it = await contextIn("it");
    expect(formatAuditValue("gateway", "sandbox", it)).toBe("Sandbox");
    expect(formatAuditValue("mode", "live", it)).toBe("Modalità live");
    expect(fieldLabel("secretKeyLast4", it)).toBe("La chiave segreta termina con");
    expect(auditSubject("payment_settings", "1", ctx)).toBe("Hotel Bellavista Riva");
  });

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

  it("names the hotels of a user and translates the role, status and language, not `hotels: 1, 2` or `role: manager`", async () => {
    const ctx = await contextIn("it");
    expect(formatAuditValue("hotels", [1, 2], ctx)).toBe("Hotel Bellavista Riva, Hotel Lago");
    expect(formatAuditValue("role", "manager", ctx)).toBe("Responsabile");
    expect(formatAuditValue("role", "owner", ctx)).toBe("Titolare");
    expect(formatAuditValue("status", "invited", ctx)).toBe("Invitato");
    expect(formatAuditValue("language", "de", ctx)).toBe("Deutsch");
    expect(fieldLabel("allHotels", ctx)).toBe("Tutti gli hotel");
    const en = await contextIn("en");
    expect(formatAuditValue("role", "reception", en)).toBe("Reception");
    // A hotel the page has no name for (removed since) keeps its number.
    expect(formatAuditValue("hotels", [9], en)).toBe("9");
  });

  it("names a status as its own page does: a reservation's, an agency's, a request's, an offer's — not `confirmed`", async () => {
    const it = await contextIn("it");
    const of = (entity: string) => ({ ...it, entity });
    expect(formatAuditValue("status", "cancelled", of("reservation"))).toBe("Cancellata");
    expect(formatAuditValue("status", "pending_confirmation", of("reservation"))).toBe("Opzione");
    // A resale's status on the reservation's entry.
    expect(formatAuditValue("status", "withdrawn", of("reservation"))).toBe("Ritirata");
    expect(formatAuditValue("status", "approved", of("trade_user"))).toBe("Approvato");
    expect(formatAuditValue("status", "answered", of("quote_request"))).toBe("Risposta inviata");
    expect(formatAuditValue("state", "unavailable", of("offer"))).toBe("Ritirata");
    expect(formatAuditValue("status", "invited", of("staff_user"))).toBe("Invitato");
    // A value no page names stays as it is.
    expect(formatAuditValue("status", "somewhere", of("reservation"))).toBe("somewhere");
  });
});
