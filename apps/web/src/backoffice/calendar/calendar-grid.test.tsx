// @vitest-environment happy-dom
import type { Calendar } from "@alloggio/domain/contract/backoffice/rates";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CalendarGrid } from "./calendar-grid";
import type { GridRow } from "./model";

const days = Array.from({ length: 90 }, (_, i) =>
  new Date(Date.UTC(2030, 0, 1 + i)).toISOString().slice(0, 10),
);
const cal = {
  hotelId: 1,
  currency: { code: "EUR", decimalDigits: 2 },
  from: days[0]!,
  days,
  today: days[0]!,
  roomTypes: [],
  ratePlans: [],
  rates: [],
} satisfies Calendar;
const rows: GridRow[] = Array.from({ length: 400 }, (_, i) => ({
  key: `row-${i}`,
  kind: "allotment",
  label: `Room ${i + 1}`,
  roomTypeId: i + 1,
  value: () => 5,
  editable: true,
}));

describe("the rates grid", () => {
  it("draws the rows its box will show on its first render, before the box is measured (no layout shift)", () => {
    // The first render is the one before any effect measures the box: what the browser paints first.
    const html = renderToString(<CalendarGrid cal={cal} rows={rows} onSave={() => {}} saving={false} />);
    const drawn = new DOMParser()
      .parseFromString(`<body>${html}</body>`, "text/html")
      .querySelectorAll("tbody tr:not(.cal-spacer)");
    // A box up to 44rem high shows some 20 rows of 34 px; the virtualiser adds a few more on each side.
    expect(drawn.length).toBeGreaterThanOrEqual(20);
    expect(drawn.length).toBeLessThan(60);
  });
});
