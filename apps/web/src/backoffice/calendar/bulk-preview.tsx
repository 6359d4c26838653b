import type { BulkResult, Calendar } from "@alloggio/domain/contract/backoffice/rates";
import { useTranslation } from "react-i18next";
import { formatHotelDay, formatMinorIn } from "../format";
import { nameIn } from "./model";

type Cell = BulkResult["sample"][number];
type Restriction = {
  closedToArrival: boolean;
  closedToDeparture: boolean;
  minStay: number | null;
  maxStay: number | null;
};
type Night = { allotment: number; closed: boolean };

/** The preview's sample, grouped by room type and rate: each cell's day, before → after. */
export function BulkPreview({ cal, result }: { cal: Calendar; result: BulkResult }) {
  const { t, i18n } = useTranslation("bo-calendar");
  const language = i18n.language;
  const roomName = (id: number | null) => {
    const room = cal.roomTypes.find((r) => r.id === id);
    return room ? nameIn(room.name, language) : "";
  };
  const planName = (id: number | null) => {
    const plan = cal.ratePlans.find((p) => p.id === id);
    return plan ? nameIn(plan.name, language) : "";
  };
  const money = (minor: unknown) =>
    typeof minor === "number"
      ? formatMinorIn(minor, cal.currency.code, cal.currency.decimalDigits, language, true)
      : t("preview.none");
  const night = (v: unknown) => {
    if (!v) return t("preview.none");
    const n = v as Night;
    return `${t("preview.rooms", { count: n.allotment })}${n.closed ? `, ${t("preview.closed")}` : ""}`;
  };
  const rule = (v: unknown) => {
    const r = (v ?? {}) as Partial<Restriction>;
    const parts = [
      r.minStay != null ? t("preview.minStay", { count: r.minStay }) : null,
      r.maxStay != null ? t("preview.maxStay", { count: r.maxStay }) : null,
      r.closedToArrival ? t("rows.cta") : null,
      r.closedToDeparture ? t("rows.ctd") : null,
    ].filter(Boolean);
    return parts.length > 0 ? parts.join(", ") : t("preview.noRule");
  };
  const groups = new Map<string, { title: string; cells: Cell[] }>();
  for (const cell of result.sample) {
    const key = `${cell.kind}:${cell.roomTypeId}:${cell.ratePlanId}`;
    const title =
      cell.kind === "price"
        ? t("preview.priceGroup", { room: roomName(cell.roomTypeId), rate: planName(cell.ratePlanId) })
        : cell.kind === "inventory"
          ? t("preview.roomsGroup", { room: roomName(cell.roomTypeId) })
          : t("preview.rateGroup", { rate: planName(cell.ratePlanId) });
    const group = groups.get(key) ?? { title, cells: [] };
    group.cells.push(cell);
    groups.set(key, group);
  }
  const show = (cell: Cell, v: unknown) =>
    cell.kind === "price" ? money(v) : cell.kind === "inventory" ? night(v) : rule(v);
  return (
    <section className="cal-preview-sample" aria-labelledby="cal-preview-title">
      <h3 id="cal-preview-title">{t("preview.title")}</h3>
      {[...groups.entries()].map(([key, group]) => (
        <div key={key}>
          <h4>{group.title}</h4>
          <ul>
            {group.cells.map((cell) => (
              <li key={`${cell.day}:${cell.adults}`}>
                {formatHotelDay(cell.day, language)}
                {cell.adults ? ` · ${t("rows.adults", { count: cell.adults })}` : ""}:{" "}
                {show(cell, cell.before)} → {show(cell, cell.after)}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
