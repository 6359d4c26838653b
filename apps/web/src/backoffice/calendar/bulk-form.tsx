import type { BulkResult, Calendar } from "@alloggio/domain/contract/backoffice/rates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorNotice, Field, Notice } from "../ui";
import { BulkPreview } from "./bulk-preview";
import { calendarKey, postBulk } from "./calendar-api";
import { nameIn, toMinor } from "./model";

/** Monday first, as a hotel reads a week; the values are the API's (0 = Sunday). */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
type Tri = "" | "on" | "off";
type StayMode = "" | "set" | "clear";

type FormState = {
  from: string;
  to: string;
  weekdays: number[];
  roomTypeIds: number[];
  ratePlanIds: number[];
  priceMode: "" | "set" | "amount" | "percent";
  priceValue: string;
  allotment: string;
  closed: Tri;
  cta: Tri;
  ctd: Tri;
  minMode: StayMode;
  minStay: string;
  maxMode: StayMode;
  maxStay: string;
};

const tri = (v: Tri) => (v === "" ? undefined : v === "on");

/** The bulk update: a form (not a modal), a preview line, then Apply. */
export function BulkForm({ cal, hotelId }: { cal: Calendar; hotelId: number }) {
  const { t, i18n } = useTranslation("bo-calendar");
  const queryClient = useQueryClient();
  const last = cal.days[cal.days.length - 1] ?? cal.from;
  const [form, setForm] = useState<FormState>({
    from: cal.from,
    to: last,
    weekdays: [...WEEK],
    roomTypeIds: cal.roomTypes.map((r) => r.id),
    ratePlanIds: cal.ratePlans.map((p) => p.id),
    priceMode: "",
    priceValue: "",
    allotment: "",
    closed: "",
    cta: "",
    ctd: "",
    minMode: "",
    minStay: "",
    maxMode: "",
    maxStay: "",
  });
  const [preview, setPreview] = useState<BulkResult | null>(null);
  const [applied, setApplied] = useState<BulkResult | null>(null);
  const update = (patch: Partial<FormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setPreview(null);
    setApplied(null);
  };
  const toggle = (list: number[], id: number) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
  const weekdayName = (d: number) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: "long", timeZone: "UTC" }).format(
      new Date(Date.UTC(2030, 0, 6 + d)), // 6 Jan 2030 is a Sunday
    );

  const body = (previewOnly: boolean) => {
    const digits = cal.currency.decimalDigits;
    const value =
      form.priceMode === "percent"
        ? Number(form.priceValue.replace(",", "."))
        : toMinor(form.priceValue, digits);
    return {
      from: form.from,
      to: form.to,
      ...(form.weekdays.length < 7 ? { weekdays: form.weekdays } : {}),
      roomTypeIds: form.roomTypeIds,
      ratePlanIds: form.ratePlanIds,
      ...(form.priceMode ? { price: { mode: form.priceMode, value: value ?? Number.NaN } } : {}),
      ...(form.allotment.trim() !== "" ? { allotment: Number(form.allotment) } : {}),
      ...(form.closed ? { closed: tri(form.closed) } : {}),
      ...(form.cta ? { closedToArrival: tri(form.cta) } : {}),
      ...(form.ctd ? { closedToDeparture: tri(form.ctd) } : {}),
      ...(form.minMode ? { minStay: form.minMode === "clear" ? null : Number(form.minStay) } : {}),
      ...(form.maxMode ? { maxStay: form.maxMode === "clear" ? null : Number(form.maxStay) } : {}),
      preview: previewOnly,
    };
  };

  // Stay rules and closures belong to the rate: they bind every room type it sells, chosen or not.
  const restrictionOp = Boolean(form.cta || form.ctd || form.minMode || form.maxMode);
  const unchosenRooms = restrictionOp
    ? cal.roomTypes.filter(
        (room) =>
          !form.roomTypeIds.includes(room.id) &&
          cal.rates.some(
            (r) =>
              r.roomTypeId === room.id &&
              form.ratePlanIds.includes(r.ratePlanId) &&
              r.prices.some((p) => p.amounts.some((a) => a !== null)),
          ),
      )
    : [];

  const previewMutation = useMutation({
    mutationFn: () => postBulk(hotelId, body(true)),
    onSuccess: (r) => setPreview(r),
  });
  const applyMutation = useMutation({
    mutationFn: () => postBulk(hotelId, body(false)),
    onSuccess: async (r) => {
      setApplied(r);
      setPreview(null);
      await queryClient.invalidateQueries({ queryKey: calendarKey(hotelId) });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    applyMutation.reset();
    previewMutation.mutate();
  };

  return (
    <form className="bo-card cal-bulk" onSubmit={submit} aria-labelledby="cal-bulk-title">
      <h2 id="cal-bulk-title">{t("bulk.title")}</h2>
      <div className="cal-bulk-grid">
        <Field label={t("bulk.from")}>
          {(p) => (
            <input
              {...p}
              type="date"
              required
              value={form.from}
              onChange={(e) => update({ from: e.target.value })}
            />
          )}
        </Field>
        <Field label={t("bulk.to")}>
          {(p) => (
            <input
              {...p}
              type="date"
              required
              value={form.to}
              onChange={(e) => update({ to: e.target.value })}
            />
          )}
        </Field>
      </div>
      <fieldset className="cal-checks">
        <legend>{t("bulk.weekdays")}</legend>
        {WEEK.map((d) => (
          <label key={d}>
            <input
              type="checkbox"
              checked={form.weekdays.includes(d)}
              onChange={() => update({ weekdays: toggle(form.weekdays, d) })}
            />{" "}
            {weekdayName(d)}
          </label>
        ))}
      </fieldset>
      <fieldset className="cal-checks">
        <legend>{t("bulk.roomTypes")}</legend>
        {cal.roomTypes.map((r) => (
          <label key={r.id}>
            <input
              type="checkbox"
              checked={form.roomTypeIds.includes(r.id)}
              onChange={() => update({ roomTypeIds: toggle(form.roomTypeIds, r.id) })}
            />{" "}
            {nameIn(r.name, i18n.language)}
          </label>
        ))}
      </fieldset>
      <fieldset className="cal-checks">
        <legend>{t("bulk.ratePlans")}</legend>
        {cal.ratePlans.map((p) => (
          <label key={p.id}>
            <input
              type="checkbox"
              checked={form.ratePlanIds.includes(p.id)}
              onChange={() => update({ ratePlanIds: toggle(form.ratePlanIds, p.id) })}
            />{" "}
            {nameIn(p.name, i18n.language)}
          </label>
        ))}
      </fieldset>
      <fieldset className="cal-ops">
        <legend>{t("bulk.changes")}</legend>
        <div className="cal-bulk-grid">
          <Field label={t("bulk.priceMode")}>
            {(p) => (
              <select
                {...p}
                value={form.priceMode}
                onChange={(e) => update({ priceMode: e.target.value as FormState["priceMode"] })}
              >
                <option value="">{t("bulk.unchanged")}</option>
                <option value="set">{t("bulk.priceSet")}</option>
                <option value="amount">{t("bulk.priceAmount")}</option>
                <option value="percent">{t("bulk.pricePercent")}</option>
              </select>
            )}
          </Field>
          <Field
            label={
              form.priceMode === "percent"
                ? t("bulk.percentValue")
                : t("bulk.priceValue", { currency: cal.currency.code })
            }
            hint={form.priceMode === "set" ? t("bulk.setHint") : t("bulk.relativeHint")}
          >
            {(p) => (
              <input
                {...p}
                inputMode="decimal"
                disabled={!form.priceMode}
                value={form.priceValue}
                onChange={(e) => update({ priceValue: e.target.value })}
              />
            )}
          </Field>
          <Field label={t("bulk.allotment")} hint={t("bulk.allotmentHint")}>
            {(p) => (
              <input
                {...p}
                type="number"
                min={0}
                max={9999}
                value={form.allotment}
                onChange={(e) => update({ allotment: e.target.value })}
              />
            )}
          </Field>
          <TriField
            label={t("bulk.closed")}
            on={t("bulk.close")}
            off={t("bulk.open")}
            value={form.closed}
            onChange={(closed) => update({ closed })}
          />
          <TriField
            label={t("bulk.cta")}
            on={t("bulk.on")}
            off={t("bulk.off")}
            value={form.cta}
            onChange={(cta) => update({ cta })}
          />
          <TriField
            label={t("bulk.ctd")}
            on={t("bulk.on")}
            off={t("bulk.off")}
            value={form.ctd}
            onChange={(ctd) => update({ ctd })}
          />
          <StayField
            label={t("bulk.minStay")}
            mode={form.minMode}
            value={form.minStay}
            onChange={(minMode, minStay) => update({ minMode, minStay })}
          />
          <StayField
            label={t("bulk.maxStay")}
            mode={form.maxMode}
            value={form.maxStay}
            onChange={(maxMode, maxStay) => update({ maxMode, maxStay })}
          />
        </div>
      </fieldset>
      {unchosenRooms.length > 0 ? (
        <p className="bo-notice">
          {t("bulk.restrictionScope", {
            rooms: unchosenRooms.map((r) => nameIn(r.name, i18n.language)).join(", "),
          })}
        </p>
      ) : null}
      <ErrorNotice error={previewMutation.error ?? applyMutation.error} ns="bo-calendar" />
      <div className="cal-bulk-actions">
        <button type="submit" className="bo-button secondary" disabled={previewMutation.isPending}>
          {t("bulk.preview")}
        </button>
        {preview ? (
          <>
            <p className="cal-preview" role="status">
              {t("bulk.willChange", { count: preview.changed })}
            </p>
            <button
              type="button"
              className="bo-button"
              disabled={preview.changed === 0 || applyMutation.isPending}
              onClick={() => applyMutation.mutate()}
            >
              {t("bulk.apply")}
            </button>
          </>
        ) : null}
      </div>
      {preview && preview.sample.length > 0 ? <BulkPreview cal={cal} result={preview} /> : null}
      {applied ? <Notice>{t("bulk.applied", { count: applied.changed })}</Notice> : null}
    </form>
  );
}

function TriField({
  label,
  on,
  off,
  value,
  onChange,
}: {
  label: string;
  on: string;
  off: string;
  value: Tri;
  onChange: (v: Tri) => void;
}) {
  const { t } = useTranslation("bo-calendar");
  return (
    <Field label={label}>
      {(p) => (
        <select {...p} value={value} onChange={(e) => onChange(e.target.value as Tri)}>
          <option value="">{t("bulk.unchanged")}</option>
          <option value="on">{on}</option>
          <option value="off">{off}</option>
        </select>
      )}
    </Field>
  );
}

function StayField({
  label,
  mode,
  value,
  onChange,
}: {
  label: string;
  mode: StayMode;
  value: string;
  onChange: (mode: StayMode, value: string) => void;
}) {
  const { t } = useTranslation("bo-calendar");
  return (
    <div className="cal-stay">
      <Field label={label}>
        {(p) => (
          <select {...p} value={mode} onChange={(e) => onChange(e.target.value as StayMode, value)}>
            <option value="">{t("bulk.unchanged")}</option>
            <option value="set">{t("bulk.staySet")}</option>
            <option value="clear">{t("bulk.stayClear")}</option>
          </select>
        )}
      </Field>
      <Field label={t("bulk.nights", { what: label })}>
        {(p) => (
          <input
            {...p}
            type="number"
            min={1}
            max={365}
            disabled={mode !== "set"}
            value={value}
            onChange={(e) => onChange(mode, e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
