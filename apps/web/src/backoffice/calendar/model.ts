import type { Calendar } from "@alloggio/domain/contract/backoffice/rates";
import { decimalTextOf, parseInputText } from "@alloggio/domain/money/amounts";

// The grid's rows, flattened from the calendar answer: per room type its inventory rows, then per rate plan that
// prices it one row per occupancy and its restriction rows. Each row knows how to read and edit a day.

export type LocalizedName = Record<string, string>;

export function nameIn(name: LocalizedName, language: string): string {
  return name[language] ?? name.en ?? Object.values(name)[0] ?? "";
}

export type RowKind =
  | "group"
  | "allotment"
  | "sold"
  | "free"
  | "closed"
  | "price"
  | "minStay"
  | "maxStay"
  | "cta"
  | "ctd"
  | "sellable";

export type GridRow = {
  key: string;
  kind: RowKind;
  /** The first-column label parts. */
  label: string;
  sub?: string;
  roomTypeId: number;
  ratePlanId?: number;
  adults?: number;
  /** The value of day `i`: a number (price, count), a boolean, or null (empty). */
  value: (i: number) => number | boolean | null;
  editable: boolean;
};

export type Labels = {
  allotment: string;
  sold: string;
  free: string;
  closed: string;
  adults: (n: number) => string;
  minStay: string;
  maxStay: string;
  cta: string;
  ctd: string;
  sellable: string;
};

export function buildRows(
  cal: Calendar,
  language: string,
  labels: Labels,
  roomFilter: number | null,
): GridRow[] {
  const rows: GridRow[] = [];
  const plans = new Map(cal.ratePlans.map((p) => [p.id, p]));
  for (const room of cal.roomTypes) {
    if (roomFilter !== null && room.id !== roomFilter) continue;
    const roomName = nameIn(room.name, language);
    const base = { roomTypeId: room.id };
    rows.push({
      ...base,
      key: `g${room.id}`,
      kind: "group",
      label: roomName,
      value: () => null,
      editable: false,
    });
    rows.push({
      ...base,
      key: `a${room.id}`,
      kind: "allotment",
      label: labels.allotment,
      value: (i) => room.allotment[i] ?? null,
      editable: true,
    });
    rows.push({
      ...base,
      key: `s${room.id}`,
      kind: "sold",
      label: labels.sold,
      value: (i) => room.sold[i] ?? 0,
      editable: false,
    });
    rows.push({
      ...base,
      key: `f${room.id}`,
      kind: "free",
      label: labels.free,
      value: (i) => room.free[i] ?? 0,
      editable: false,
    });
    rows.push({
      ...base,
      key: `c${room.id}`,
      kind: "closed",
      label: labels.closed,
      value: (i) => room.closed[i] ?? false,
      editable: true,
    });
    for (const rate of cal.rates) {
      if (rate.roomTypeId !== room.id) continue;
      const plan = plans.get(rate.ratePlanId);
      if (!plan) continue;
      const planName = nameIn(plan.name, language);
      const r = { ...base, ratePlanId: plan.id };
      for (const p of rate.prices)
        rows.push({
          ...r,
          key: `p${room.id}:${plan.id}:${p.adults}`,
          kind: "price",
          label: planName,
          sub: labels.adults(p.adults),
          adults: p.adults,
          value: (i) => p.amounts[i] ?? null,
          editable: true,
        });
      rows.push({
        ...r,
        key: `m${room.id}:${plan.id}`,
        kind: "minStay",
        label: planName,
        sub: labels.minStay,
        value: (i) => plan.dayMinStay[i] ?? null,
        editable: true,
      });
      rows.push({
        ...r,
        key: `x${room.id}:${plan.id}`,
        kind: "maxStay",
        label: planName,
        sub: labels.maxStay,
        value: (i) => plan.dayMaxStay[i] ?? null,
        editable: true,
      });
      rows.push({
        ...r,
        key: `ta${room.id}:${plan.id}`,
        kind: "cta",
        label: planName,
        sub: labels.cta,
        value: (i) => plan.closedToArrival[i] ?? false,
        editable: true,
      });
      rows.push({
        ...r,
        key: `td${room.id}:${plan.id}`,
        kind: "ctd",
        label: planName,
        sub: labels.ctd,
        value: (i) => plan.closedToDeparture[i] ?? false,
        editable: true,
      });
      rows.push({
        ...r,
        key: `z${room.id}:${plan.id}`,
        kind: "sellable",
        label: planName,
        sub: labels.sellable,
        value: (i) => !(rate.closed[i] ?? true),
        editable: false,
      });
    }
  }
  return rows;
}

/** The cell edit a row sends for day `day` with the new value. */
export function cellEdit(row: GridRow, day: string, value: number | boolean | null): Record<string, unknown> {
  switch (row.kind) {
    case "allotment":
      return { kind: "inventory", roomTypeId: row.roomTypeId, day, allotment: value };
    case "closed":
      return { kind: "inventory", roomTypeId: row.roomTypeId, day, closed: value };
    case "price":
      return {
        kind: "price",
        roomTypeId: row.roomTypeId,
        ratePlanId: row.ratePlanId,
        day,
        adults: row.adults,
        amountMinor: value,
      };
    case "minStay":
      return { kind: "restriction", ratePlanId: row.ratePlanId, day, minStay: value };
    case "maxStay":
      return { kind: "restriction", ratePlanId: row.ratePlanId, day, maxStay: value };
    case "cta":
      return { kind: "restriction", ratePlanId: row.ratePlanId, day, closedToArrival: value };
    case "ctd":
      return { kind: "restriction", ratePlanId: row.ratePlanId, day, closedToDeparture: value };
    default:
      throw new Error(`row ${row.kind} is not editable`);
  }
}

/** A typed price in minor units: null when empty, NaN when not a number. */
export function toMinor(text: string, digits: number): number | null {
  return parseInputText(text, digits);
}

export function fromMinor(minor: number, digits: number): string {
  return decimalTextOf(minor, digits);
}
