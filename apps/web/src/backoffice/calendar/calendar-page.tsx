import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearch } from "wouter";
import { useCurrentHotel } from "../layout";
import { BoPage, ErrorNotice, Field, Notice } from "../ui";
import { BulkForm } from "./bulk-form";
import { calendarKey, fetchCalendar, putCell } from "./calendar-api";
import { CalendarGrid } from "./calendar-grid";
import { buildRows, cellEdit, type GridRow, nameIn } from "./model";
import "./calendar.css";

const SPANS = [14, 31, 90, 365] as const;

function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** Rates and availability: filters in the URL query, the virtualised grid, the bulk update form. */
export default function CalendarPage() {
  const { t, i18n } = useTranslation("bo-calendar");
  const hotelId = useCurrentHotel();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const queryClient = useQueryClient();
  const params = new URLSearchParams(search);
  const from = /^\d{4}-\d{2}-\d{2}$/.test(params.get("from") ?? "")
    ? (params.get("from") as string)
    : localToday();
  const daysParam = Number(params.get("days"));
  const days = (SPANS as readonly number[]).includes(daysParam) ? daysParam : 31;
  const room = params.get("room") ? Number(params.get("room")) : null;
  const [showBulk, setShowBulk] = useState(false);
  const [saved, setSaved] = useState(0);

  const setFilter = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    navigate(`${location}?${next.toString()}`, { replace: true });
  };

  const query = useQuery({
    queryKey: ["backoffice", "calendar", hotelId, from, days],
    queryFn: () => fetchCalendar(hotelId ?? 0, from, days),
    enabled: hotelId !== null,
    placeholderData: (prev) => prev,
  });
  const cal = query.data;

  const labels = useMemo(
    () => ({
      allotment: t("rows.allotment"),
      sold: t("rows.sold"),
      free: t("rows.free"),
      closed: t("rows.closed"),
      adults: (n: number) => t("rows.adults", { count: n }),
      minStay: t("rows.minStay"),
      maxStay: t("rows.maxStay"),
      cta: t("rows.cta"),
      ctd: t("rows.ctd"),
      sellable: t("rows.sellable"),
    }),
    [t],
  );
  const rows = useMemo(
    () => (cal ? buildRows(cal, i18n.language, labels, room) : []),
    [cal, i18n.language, labels, room],
  );

  const edit = useMutation({
    mutationFn: ({ row, day, value }: { row: GridRow; day: string; value: number | boolean | null }) =>
      putCell(hotelId ?? 0, cellEdit(row, day, value)),
    onSuccess: async () => {
      setSaved((n) => n + 1);
      await queryClient.invalidateQueries({ queryKey: calendarKey(hotelId) });
    },
  });

  return (
    <BoPage
      title={t("title")}
      actions={
        <button
          type="button"
          className="bo-button"
          aria-expanded={showBulk}
          aria-controls="cal-bulk"
          onClick={() => setShowBulk((v) => !v)}
        >
          {t("bulk.open_panel")}
        </button>
      }
    >
      <div id="cal-bulk">
        {showBulk && cal && hotelId !== null ? <BulkForm cal={cal} hotelId={hotelId} /> : null}
      </div>
      <form
        className="bo-filters cal-filters"
        aria-label={t("filters.label")}
        onSubmit={(e) => e.preventDefault()}
      >
        <Field label={t("filters.from")}>
          {(p) => (
            <input {...p} type="date" value={from} onChange={(e) => setFilter({ from: e.target.value })} />
          )}
        </Field>
        <Field label={t("filters.days")}>
          {(p) => (
            <select {...p} value={days} onChange={(e) => setFilter({ days: e.target.value })}>
              {SPANS.map((n) => (
                <option key={n} value={n}>
                  {t("filters.daysOption", { count: n })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("filters.roomType")}>
          {(p) => (
            <select {...p} value={room ?? ""} onChange={(e) => setFilter({ room: e.target.value || null })}>
              <option value="">{t("filters.allRooms")}</option>
              {cal?.roomTypes.map((r) => (
                <option key={r.id} value={r.id}>
                  {nameIn(r.name, i18n.language)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </form>
      <p className="bo-hint cal-help">{t("help", { currency: cal?.currency.code ?? "" })}</p>
      <ErrorNotice error={query.error ?? edit.error} ns="bo-calendar" />
      {saved > 0 && !edit.error ? <Notice>{t("saved")}</Notice> : null}
      {cal ? (
        <CalendarGrid
          cal={cal}
          rows={rows}
          saving={edit.isPending}
          onSave={(row, day, value) => edit.mutate({ row, day, value })}
        />
      ) : query.isPending ? (
        <p role="status">{t("loading")}</p>
      ) : null}
    </BoPage>
  );
}
