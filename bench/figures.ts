// A figure is one measured number with its goal. `meets` is true/false when measured against a goal, null when
// there is no goal (info) or nothing was measured (a feature not built yet, a skipped step: see `note`).
export type Figure = {
  name: string;
  value: number | null;
  unit: string;
  /** The goal as text, e.g. "≤ 10"; null for an informative figure. */
  goal: string | null;
  meets: boolean | null;
  /** Why a figure has no value, or how it was measured when that matters. */
  note?: string;
};

const round = (v: number) => (Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 100) / 100);

export function atMost(name: string, value: number, unit: string, limit: number, note?: string): Figure {
  return {
    name,
    value: round(value),
    unit,
    goal: `≤ ${limit}`,
    meets: value <= limit,
    ...(note ? { note } : {}),
  };
}

export function atLeast(name: string, value: number, unit: string, limit: number, note?: string): Figure {
  return {
    name,
    value: round(value),
    unit,
    goal: `≥ ${limit}`,
    meets: value >= limit,
    ...(note ? { note } : {}),
  };
}

export function info(name: string, value: number, unit: string, note?: string): Figure {
  return { name, value: round(value), unit, goal: null, meets: null, ...(note ? { note } : {}) };
}

/** A figure whose goal exists but which cannot be measured (yet): printed as such, never faked. */
export function notMeasured(name: string, unit: string, goal: string, note: string): Figure {
  return { name, value: null, unit, goal, meets: null, note };
}

/** The printed table: one line per figure, its goal and whether it meets it. */
export function formatTable(title: string, figures: Figure[]): string {
  const rows = figures.map((f) => [
    f.name,
    f.value === null ? (f.note ?? "—") : `${f.value} ${f.unit}`.trim(),
    f.goal === null ? "" : `${f.goal} ${f.unit}`.trim(),
    f.meets === null ? (f.goal === null ? "info" : "—") : f.meets ? "yes" : "NO",
  ]);
  const header = ["figure", "value", "goal", "meets"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join("  ");
  const met = figures.filter((f) => f.meets === true).length;
  const missed = figures.filter((f) => f.meets === false).length;
  const open = figures.filter((f) => f.meets === null && f.goal !== null).length;
  return [
    title,
    line(header),
    widths.map((w) => "─".repeat(w)).join("  "),
    ...rows.map(line),
    `${met} goals met, ${missed} missed, ${open} not measured`,
  ].join("\n");
}
