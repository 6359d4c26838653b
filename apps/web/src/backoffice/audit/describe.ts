import type { AuditPage } from "@alloggio/domain/contract/backoffice/audit";
import { LANGUAGES } from "@alloggio/domain/i18n/languages";
import { formatHotelDay, formatHotelInstant, formatMinorIn } from "../format";

// An audit entry as prose: field labels instead of keys, money in the hotel's currency, days in the page's format,
// instants in hotel time, the names of the room types and rate plans a cell belongs to — never raw JSON.

export type AuditContext = {
  language: string;
  timeZone: string;
  currency: AuditPage["currency"];
  names: AuditPage["names"];
  /**
   * The page's translator (bo-audit, and the pages' namespaces of STATUS_NAMES for role and status names), for
   * labels, yes/no and names.
   */
  t: (key: string, options?: Record<string, unknown>) => string;
  /** The audited thing (`reservation`, `staff_user`…): a status reads as its own page names it. */
  entity?: string;
};

/**
 * Where each audited thing's status (or an offer's state) is named, as its own page names it: the first key that
 * has the value. A reservation's entries also carry a resale's and a payment's status.
 */
const STATUS_NAMES: Record<string, string[]> = {
  reservation: ["bo-reservations:status", "bo-reservations:resale.status", "bo-reservations:dueStatus"],
  staff_user: ["bo-users:status"],
  trade_user: ["bo-trade:status"],
  quote_request: ["bo-quotes:status"],
  offer: ["bo-offers:state"],
};

/** The namespaces a page that shows audit entries loads for them. */
export const AUDIT_NAMESPACES = [
  "bo-audit",
  "bo-users",
  "bo-reservations",
  "bo-trade",
  "bo-quotes",
  "bo-offers",
];

function statusName(value: string, ctx: AuditContext): string {
  for (const base of STATUS_NAMES[ctx.entity ?? ""] ?? ["bo-users:status"]) {
    const name = ctx.t(`${base}.${value}`, { defaultValue: "" });
    if (name) return name;
  }
  return value;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** "minStay" → "Min stay": the fallback label of a key the catalogue does not name. */
const humanize = (key: string) => {
  const words = key
    .replace(/Minor$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.]+/g, " ")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function fieldLabel(key: string, ctx: AuditContext): string {
  return ctx.t(`fields.${key.replace(/[^A-Za-z0-9_]/g, "_")}`, { defaultValue: humanize(key) });
}

function nameIn(names: Record<string, Record<string, string>>, id: string, language: string): string | null {
  const name = names[id];
  if (!name) return null;
  return name[language.slice(0, 2)] ?? name.en ?? Object.values(name)[0] ?? null;
}

/** One value as text: money, days, instants, yes/no, lists, and objects as "label: value" pairs. */
export function formatAuditValue(key: string, value: unknown, ctx: AuditContext): string {
  if (value === null || value === undefined || value === "") return "–";
  if (typeof value === "boolean") return ctx.t(value ? "diff.yes" : "diff.no");
  if (typeof value === "number" && /Minor$/.test(key))
    return formatMinorIn(value, ctx.currency.code, ctx.currency.decimalDigits, ctx.language, true);
  if (typeof value === "number" && key === "roomTypeId")
    return nameIn(ctx.names.roomTypes, String(value), ctx.language) ?? String(value);
  if (typeof value === "number" && key === "ratePlanId")
    return nameIn(ctx.names.ratePlans, String(value), ctx.language) ?? String(value);
  if (typeof value === "number" && (key === "hotels" || key === "hotelId"))
    return ctx.names.hotels?.[String(value)] ?? String(value);
  // A hotel's card gateway and its keys' mode by name ("Stripe", "Test mode"), not the stored word.
  if (typeof value === "string" && (key === "gateway" || key === "mode"))
    return ctx.t(`values.${key}.${value}`, { defaultValue: value });
  // A user's role by the name the users page gives it, a status as its thing's page names it (STATUS_NAMES); an
  // unknown value as it is.
  if (typeof value === "string" && key === "role")
    return ctx.t(`bo-users:roles.${value}`, { defaultValue: value });
  if (typeof value === "string" && (key === "status" || (key === "state" && ctx.entity === "offer")))
    return statusName(value, ctx);
  // A language (a user's, the hotel's mails') by its own name, as the language pickers show it.
  if (typeof value === "string" && (key === "language" || key === "mailLanguage"))
    return LANGUAGES.find((l) => l.text === value || l.code === value)?.label ?? value;
  if (typeof value === "string" && ISO_DAY.test(value)) return formatHotelDay(value, ctx.language);
  if (typeof value === "string" && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)))
    return formatHotelInstant(value, ctx.language, ctx.timeZone);
  if (Array.isArray(value)) return value.map((v) => formatAuditValue(key, v, ctx)).join(", ");
  if (typeof value === "object") {
    const name =
      (value as Record<string, unknown>)[ctx.language.slice(0, 2)] ?? (value as Record<string, unknown>).en;
    // A text in several languages reads in the page's.
    if (typeof name === "string") return name;
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldLabel(k, ctx)}: ${formatAuditValue(k, v, ctx)}`)
      .join("; ");
  }
  return String(value);
}

/** What an entry changed, with names: "Classic double · Flexible · Tue 27 Jan 2027 · 2 adults". */
export function auditSubject(entity: string, entityId: string | null, ctx: AuditContext): string | null {
  if (!entityId) return null;
  const parts = entityId.split(":");
  const room = (id: string | undefined) => nameIn(ctx.names.roomTypes, id ?? "", ctx.language) ?? id ?? "";
  const rate = (id: string | undefined) => nameIn(ctx.names.ratePlans, id ?? "", ctx.language) ?? id ?? "";
  const day = (iso: string | undefined) =>
    iso && ISO_DAY.test(iso) ? formatHotelDay(iso, ctx.language) : (iso ?? "");
  switch (entity) {
    case "price":
      return [
        rate(parts[0]),
        room(parts[1]),
        day(parts[2]),
        ctx.t("diff.adults", { count: Number(parts[3]) }),
      ].join(" · ");
    case "inventory":
      return [room(parts[0]), day(parts[1])].join(" · ");
    case "restriction":
      return [rate(parts[0]), day(parts[1])].join(" · ");
    case "room_type":
      return room(parts[0]);
    case "rate_plan":
      return rate(parts[0]);
    case "payment_settings":
      // A hotel's payment settings are named by the hotel they belong to.
      return ctx.names.hotels?.[entityId] ?? null;
    case "calendar": {
      const [from, to] = entityId.split("..");
      return from && to ? `${day(from)} – ${day(to)}` : entityId;
    }
    default:
      // Users, reservations, quotes…: their e-mail, code or name shows beside (`labelOf`), not their id.
      return null;
  }
}
