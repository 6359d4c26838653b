import type { Calendar } from "@alloggio/domain/contract/backoffice/rates";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../lib/money";
import { fromMinor, type GridRow, toMinor } from "./model";

const ROW_H = 34;
const HEAD_H = 44;
const COL_W = 84;
/** The first column: narrower on a phone, so that days stay in view. */
const firstColumnWidth = () => (typeof window !== "undefined" && window.innerWidth < 640 ? 150 : 220);

type Editing = { row: number; col: number; text: string };

/**
 * The rates and availability grid: a real table (row and column headers for screen readers) whose rows and columns
 * are virtualised with TanStack Virtual: only the visible cells are rendered, spacer cells keep the scroll size.
 * The header row and the first column stick inside the scroll box; nothing is fixed to the viewport.
 */
export function CalendarGrid({
  cal,
  rows,
  onSave,
  saving,
}: {
  cal: Calendar;
  rows: GridRow[];
  onSave: (row: GridRow, day: string, value: number | boolean | null) => void;
  saving: boolean;
}) {
  const { t, i18n } = useTranslation("bo-calendar");
  const scrollRef = useRef<HTMLElement>(null);
  const FIRST_W = firstColumnWidth();
  const [editing, setEditing] = useState<Editing | null>(null);
  const digits = cal.currency.decimalDigits;
  const weekday = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { weekday: "short", timeZone: "UTC" }),
    [i18n.language],
  );
  const dayMonth = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" }),
    [i18n.language],
  );
  const longDate = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: "full", timeZone: "UTC" }),
    [i18n.language],
  );

  // The scroll box's size before it is measured, as its CSS sets it (min(70vh, 44rem) high): the first render
  // draws the rows that will show, so no row moves once the box is measured (a layout shift).
  const initialRect = useMemo(
    () => ({
      width: typeof window === "undefined" ? 1024 : window.innerWidth,
      height: typeof window === "undefined" ? 704 : Math.min(window.innerHeight * 0.7, 704),
    }),
    [],
  );
  const rowV = useVirtualizer({
    count: rows.length,
    initialRect,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    paddingStart: HEAD_H,
    overscan: 6,
  });
  const colV = useVirtualizer({
    horizontal: true,
    count: cal.days.length,
    initialRect,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => COL_W,
    paddingStart: FIRST_W,
    overscan: 3,
  });
  const vRows = rowV.getVirtualItems();
  const vCols = colV.getVirtualItems();
  const top = vRows.length ? (vRows[0]?.start ?? HEAD_H) - HEAD_H : 0;
  const bottom = vRows.length ? rowV.getTotalSize() - (vRows[vRows.length - 1]?.end ?? 0) : 0;
  const left = vCols.length ? (vCols[0]?.start ?? FIRST_W) - FIRST_W : 0;
  const right = vCols.length ? colV.getTotalSize() - (vCols[vCols.length - 1]?.end ?? 0) : 0;
  const span = vCols.length + 1 + (left > 0 ? 1 : 0) + (right > 0 ? 1 : 0);
  const dates = cal.days.map((d) => new Date(`${d}T00:00:00Z`));

  const display = (row: GridRow, value: number | boolean | null): string => {
    if (typeof value === "boolean") {
      if (row.kind === "sellable") return value ? t("grid.yes") : t("grid.no");
      return value ? "✕" : "·";
    }
    if (value === null) return "–";
    return row.kind === "price"
      ? formatMoney(
          { minor: value, currency: cal.currency.code },
          { locale: i18n.language, display: "narrowSymbol", asSet: true },
        )
      : String(value);
  };

  const focusCell = (r: number, c: number) => {
    rowV.scrollToIndex(r);
    colV.scrollToIndex(c);
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${r}:${c}"]`)?.focus(),
      ),
    );
  };

  const move = (r: number, c: number, dr: number, dc: number) => {
    let nr = r + dr;
    while (nr >= 0 && nr < rows.length && !rows[nr]?.editable) nr += dr;
    const nc = c + dc;
    if (nr < 0 || nr >= rows.length || nc < 0 || nc >= cal.days.length) return;
    focusCell(nr, nc);
  };

  const onCellKey = (event: KeyboardEvent, r: number, c: number) => {
    const delta: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const d = delta[event.key];
    if (!d) return;
    event.preventDefault();
    move(r, c, d[0], d[1]);
  };

  const startEdit = (r: number, c: number) => {
    const row = rows[r];
    if (!row?.editable) return;
    const value = row.value(c);
    const day = cal.days[c];
    if (!day) return;
    if (typeof value === "boolean") {
      onSave(row, day, !value);
      return;
    }
    const text = value === null ? "" : row.kind === "price" ? fromMinor(value, digits) : String(value);
    setEditing({ row: r, col: c, text });
  };

  const commit = () => {
    if (!editing) return;
    const row = rows[editing.row];
    const day = cal.days[editing.col];
    if (!row || !day) return;
    let value: number | null;
    if (row.kind === "price") value = toMinor(editing.text, digits);
    else value = editing.text.trim() === "" ? null : Number(editing.text);
    if (row.kind === "allotment" && value === null) return setEditing(null);
    if (value !== null && !Number.isFinite(value)) return;
    const { row: r, col: c } = editing;
    setEditing(null);
    onSave(row, day, value);
    focusCell(r, c);
  };

  return (
    <section
      className="cal-scroll"
      ref={scrollRef}
      aria-label={t("grid.label")}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box must be reachable by keyboard to scroll it
      tabIndex={0}
    >
      <table
        className="cal-grid"
        aria-rowcount={rows.length + 1}
        aria-colcount={cal.days.length + 1}
        style={{ width: FIRST_W + cal.days.length * COL_W }}
        aria-busy={saving}
      >
        <thead>
          <tr style={{ height: HEAD_H }}>
            <th scope="col" className="cal-corner" style={{ width: FIRST_W }}>
              {t("grid.corner")}
            </th>
            {left > 0 ? <td className="cal-pad" style={{ width: left }} /> : null}
            {vCols.map((vc) => {
              const date = dates[vc.index];
              const iso = cal.days[vc.index] ?? "";
              const dow = date?.getUTCDay() ?? 1;
              const today = iso === cal.today;
              return (
                <th
                  key={vc.key}
                  scope="col"
                  aria-colindex={vc.index + 2}
                  aria-current={today ? "date" : undefined}
                  className={`cal-day${dow === 0 || dow === 6 ? " weekend" : ""}${today ? " today" : ""}`}
                  style={{ width: COL_W }}
                >
                  <abbr title={date ? longDate.format(date) : iso}>
                    <span className="cal-dow">{date ? weekday.format(date) : ""}</span>
                    <span className="cal-date">{date ? dayMonth.format(date) : iso}</span>
                  </abbr>
                </th>
              );
            })}
            {right > 0 ? <td className="cal-pad" style={{ width: right }} /> : null}
          </tr>
        </thead>
        <tbody>
          {top > 0 ? (
            <tr className="cal-spacer" style={{ height: top }}>
              <td colSpan={span} />
            </tr>
          ) : null}
          {vRows.map((vr) => {
            const row = rows[vr.index];
            if (!row) return null;
            if (row.kind === "group")
              return (
                <tr
                  key={row.key}
                  className="cal-group"
                  aria-rowindex={vr.index + 2}
                  style={{ height: ROW_H }}
                >
                  <th scope="rowgroup" className="cal-head" style={{ width: FIRST_W }}>
                    {row.label}
                  </th>
                  <td colSpan={span - 1} />
                </tr>
              );
            return (
              <tr
                key={row.key}
                className={`cal-row cal-${row.kind}`}
                aria-rowindex={vr.index + 2}
                style={{ height: ROW_H }}
              >
                <th
                  scope="row"
                  className="cal-head"
                  style={{ width: FIRST_W }}
                  title={row.sub ? `${row.label} · ${row.sub}` : row.label}
                >
                  {row.sub && row.kind !== "price" ? (
                    <>
                      <span className="cal-label">{row.sub}</span>
                      <span className="cal-sub"> · {row.label}</span>
                    </>
                  ) : (
                    <>
                      <span className="cal-label">{row.label}</span>
                      {row.sub ? <span className="cal-sub"> · {row.sub}</span> : null}
                    </>
                  )}
                </th>
                {left > 0 ? <td className="cal-pad" /> : null}
                {vCols.map((vc) => {
                  const value = row.value(vc.index);
                  const iso = cal.days[vc.index] ?? "";
                  const dow = dates[vc.index]?.getUTCDay() ?? 1;
                  const cls = `cal-cell${dow === 0 || dow === 6 ? " weekend" : ""}${iso === cal.today ? " today" : ""}${
                    value === true && row.kind !== "sellable" ? " on" : ""
                  }${row.kind === "sellable" && value === false ? " off" : ""}`;
                  const isEditing = editing && editing.row === vr.index && editing.col === vc.index;
                  return (
                    <td key={vc.key} aria-colindex={vc.index + 2} className={cls}>
                      {isEditing ? (
                        <input
                          className="cal-input"
                          // biome-ignore lint/a11y/noAutofocus: the editor opens where the user clicked
                          autoFocus
                          inputMode={row.kind === "price" ? "decimal" : "numeric"}
                          aria-label={t("grid.editLabel", {
                            row: row.sub ? `${row.label} · ${row.sub}` : row.label,
                            date: iso,
                          })}
                          value={editing.text}
                          onChange={(e) => setEditing({ ...editing, text: e.target.value })}
                          onKeyDown={(e) => {
                            if (e.key === "Enter") {
                              e.preventDefault();
                              commit();
                            } else if (e.key === "Escape") {
                              e.preventDefault();
                              setEditing(null);
                              focusCell(vr.index, vc.index);
                            }
                          }}
                          onBlur={() => setEditing(null)}
                        />
                      ) : row.editable ? (
                        <button
                          type="button"
                          className="cal-button"
                          data-cell={`${vr.index}:${vc.index}`}
                          aria-label={
                            typeof value === "boolean"
                              ? `${row.sub ?? row.label}: ${value ? t("grid.yes") : t("grid.no")}`
                              : undefined
                          }
                          aria-pressed={typeof value === "boolean" ? value : undefined}
                          onClick={() => startEdit(vr.index, vc.index)}
                          onKeyDown={(e) => onCellKey(e, vr.index, vc.index)}
                        >
                          {display(row, value)}
                        </button>
                      ) : (
                        display(row, value)
                      )}
                    </td>
                  );
                })}
                {right > 0 ? <td className="cal-pad" /> : null}
              </tr>
            );
          })}
          {bottom > 0 ? (
            <tr className="cal-spacer" style={{ height: bottom }}>
              <td colSpan={span} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
