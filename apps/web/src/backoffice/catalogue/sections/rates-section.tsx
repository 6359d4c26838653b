import { RATE_PAYMENT_KINDS } from "@alloggio/domain/booking/rate-payment-methods";
import type { BoRatePlan, RatePlanInput, RatePlanList } from "@alloggio/domain/contract/backoffice/property";
import { useQuery } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { AppLink } from "../../../ui/app-link";
import { boGet } from "../../api";
import { boHref } from "../../routes";
import { ErrorNotice, Field } from "../../ui";
import { useItemForm } from "../property/item-form";
import {
  Card,
  Check,
  ConfirmDelete,
  compactText,
  FormActions,
  type Localized,
  LocalizedFields,
  MoneyInput,
  NumberInput,
} from "../property/shared";

const MEAL_PLANS = [
  "room_only",
  "breakfast",
  "half_board",
  "full_board",
  "all_inclusive",
  "unspecified",
] as const;
const PAYMENTS = RATE_PAYMENT_KINDS;
const TIMINGS = ["immediate", "days_before_arrival", "days_after_booking"] as const;
const pick = (text: Localized, language: string) => text[language] || text.en || "";

/** The catalogue's rates section: the rate plans, and one plan's terms. */
/** One row of a list changed, the others kept. */
const replaceAt = <T,>(list: T[], index: number, patch: Partial<T>): T[] =>
  list.map((item, j) => (j === index ? { ...item, ...patch } : item));
const removeAt = <T,>(list: T[], index: number): T[] => list.filter((_, j) => j !== index);

/** A number of one row of a list (a prepayment step, a long-stay discount); empty counts as 0. */
function RowNumber({
  label,
  error,
  min,
  max,
  value,
  onChange,
}: {
  label: string;
  error: string | undefined;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <Field label={label} error={error}>
      {(props) => (
        <NumberInput {...props} min={min} max={max} value={value} onChange={(v) => onChange(v ?? 0)} />
      )}
    </Field>
  );
}

/** Removes one row of a list; its accessible name says which. */
function RemoveRow({ label, onRemove }: { label: string; onRemove: () => void }) {
  const { t } = useTranslation("bo-property");
  return (
    <button type="button" className="bo-button secondary" onClick={onRemove} aria-label={label}>
      {t("rates.remove")}
    </button>
  );
}

export default function RatesSection() {
  const { hotel, itemId } = useParams<{ hotel: string; itemId?: string }>();
  const query = useQuery({
    queryKey: ["backoffice", "rate-plans", hotel],
    queryFn: (): Promise<RatePlanList> => boGet(`hotels/${hotel}/rate-plans`),
  });
  const { t } = useTranslation("bo-property");
  if (query.error) return <ErrorNotice error={query.error} ns="bo-property" />;
  if (!query.data) return <p role="status">{t("form.loading")}</p>;
  if (!itemId) return <RatePlanTable hotel={hotel} list={query.data} />;
  const plan = itemId === "new" ? null : query.data.items.find((p) => String(p.id) === itemId);
  if (plan === undefined) return <ErrorNotice error={new Error("not_found")} ns="bo-property" />;
  return <RatePlanForm key={itemId} hotel={hotel} list={query.data} plan={plan} />;
}

function RatePlanTable({ hotel, list }: { hotel: string; list: RatePlanList }) {
  const { t, i18n } = useTranslation("bo-property");
  return (
    <section aria-labelledby="bo-rates-heading">
      <h2 id="bo-rates-heading">{t("rates.title")}</h2>
      <p className="bo-list-actions">
        <AppLink
          className="bo-button"
          to={boHref("boCatalogueItem", { hotel, section: "rates", itemId: "new" })}
        >
          {t("rates.new")}
        </AppLink>
      </p>
      <div className="bo-table-wrap">
        <table className="bo-table bo-stack bo-catalogue-table">
          <thead>
            <tr>
              <th scope="col">{t("rates.code")}</th>
              <th scope="col">{t("rates.name")}</th>
              <th scope="col">{t("rates.mealPlan")}</th>
              <th scope="col">{t("rates.cancellation")}</th>
              <th scope="col">{t("rates.payment")}</th>
              <th scope="col" className="num">
                {t("rates.sortOrder")}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((plan) => (
              <tr key={plan.id}>
                <th scope="row">
                  <code>{plan.code}</code>
                </th>
                <td data-label={t("rates.name")}>
                  <AppLink
                    to={boHref("boCatalogueItem", { hotel, section: "rates", itemId: String(plan.id) })}
                  >
                    {pick(plan.name, i18n.language)}
                  </AppLink>
                  {plan.tradeOnly ? <span className="bo-badge">{t("rates.tradeOnly")}</span> : null}
                </td>
                <td data-label={t("rates.mealPlan")}>{t(`rates.meal.${plan.mealPlan ?? "room_only"}`)}</td>
                <td data-label={t("rates.cancellation")}>
                  {plan.refundable === false
                    ? t("rates.nonRefundable")
                    : t("rates.freeUntil", { count: plan.freeCancellationDays ?? 0 })}
                </td>
                <td data-label={t("rates.payment")}>
                  {t(`rates.paymentKind.${plan.payment ?? "pay_at_hotel"}`)}
                </td>
                <td className="num" data-label={t("rates.sortOrder")}>
                  {plan.sortOrder ?? 0}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** What the form sends: the fields a choice turned off are dropped, as the server refuses them (ratePlanRules). */
export function ratePlanPayload(draft: RatePlanInput): RatePlanInput {
  const refundable = draft.refundable !== false;
  return {
    ...draft,
    name: compactText(draft.name) ?? { en: "" },
    description: compactText(draft.description),
    freeCancellationDays: refundable ? draft.freeCancellationDays : undefined,
    commissionPercent: draft.isNet ? undefined : draft.commissionPercent,
    resaleFeePercent: draft.resellable ? draft.resaleFeePercent : undefined,
  };
}

function RatePlanForm({ hotel, list, plan }: { hotel: string; list: RatePlanList; plan: BoRatePlan | null }) {
  const { t, i18n } = useTranslation("bo-property");
  const { draft, set, saved, save, remove, errors, listHref, navigate } = useItemForm<
    RatePlanInput,
    BoRatePlan
  >({
    hotel,
    section: "rates",
    path: "rate-plans",
    item: plan,
    initial: () => {
      if (!plan)
        return {
          code: "",
          name: { en: "" },
          mealPlan: "room_only",
          refundable: true,
          freeCancellationDays: 1,
          payment: "pay_at_hotel",
          channelIds: list.channels.filter((c) => c.kind === "direct").map((c) => c.id),
        };
      const { id: _id, ...input } = plan;
      return input;
    },
  });
  type NumberKey =
    | "freeCancellationDays"
    | "minStay"
    | "maxStay"
    | "minAdults"
    | "maxAdults"
    | "optionHours"
    | "commissionPercent"
    | "resaleFeePercent"
    | "sortOrder";
  const number = (name: NumberKey, max: number, step = 1) => (
    <Field label={t(`rates.${name}`)} error={errors[name]}>
      {(props) => (
        <NumberInput
          {...props}
          min={0}
          max={max}
          step={step}
          value={draft[name]}
          onChange={(v) => set(name, v)}
        />
      )}
    </Field>
  );
  const select = <K extends "mealPlan" | "payment">(name: K, options: readonly string[], prefix: string) => (
    <Field label={t(`rates.${name}`)} error={errors[name]}>
      {(props) => (
        <select
          {...props}
          value={draft[name] ?? options[0]}
          onChange={(e) => set(name, e.target.value as RatePlanInput[K])}
        >
          {options.map((o) => (
            <option key={o} value={o}>
              {t(`rates.${prefix}.${o}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const steps = draft.prepayment ?? [];
  const discounts = draft.longStayDiscounts ?? [];
  const channels = new Set(draft.channelIds);
  const included = new Set(draft.includedServiceIds ?? []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(ratePlanPayload(draft));
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="bo-rate-form-heading">
      <h2 id="bo-rate-form-heading">{plan ? t("rates.edit", { code: plan.code }) : t("rates.new")}</h2>
      <ErrorNotice error={save.error} ns="bo-property" />
      <Card title={t("form.general")}>
        <Field label={t("rates.code")} hint={t("form.codeHint")} error={errors.code}>
          {(props) => (
            <input {...props} required value={draft.code} onChange={(e) => set("code", e.target.value)} />
          )}
        </Field>
        {select("mealPlan", MEAL_PLANS, "meal")}
        {number("sortOrder", 1000)}
        <LocalizedFields
          legend={t("rates.name")}
          value={draft.name}
          onChange={(v) => set("name", v)}
          required
          error={errors.name}
        />
        <LocalizedFields
          legend={t("rates.description")}
          value={draft.description}
          onChange={(v) => set("description", v)}
          multiline
          error={errors.description}
        />
        <fieldset className="bo-checks bo-wide">
          <legend>{t("rates.channels")}</legend>
          <div className="bo-check-list">
            {list.channels.map((c) => (
              <Check
                key={c.id}
                label={`${c.name} (${t(`rates.channelKind.${c.kind}`)})`}
                checked={channels.has(c.id)}
                onChange={(on) =>
                  set(
                    "channelIds",
                    list.channels.map((x) => x.id).filter((id) => (id === c.id ? on : channels.has(id))),
                  )
                }
              />
            ))}
          </div>
          {errors.channelIds || Object.keys(errors).find((k) => k.startsWith("channelIds.")) ? (
            <p className="bo-field-error">
              {errors.channelIds ??
                errors[Object.keys(errors).find((k) => k.startsWith("channelIds.")) ?? ""]}
            </p>
          ) : null}
        </fieldset>
      </Card>
      <Card title={t("rates.terms")}>
        <div className="bo-wide">
          <Check
            label={t("rates.refundable")}
            checked={draft.refundable !== false}
            onChange={(v) => set("refundable", v)}
          />
        </div>
        {draft.refundable !== false ? number("freeCancellationDays", 365) : null}
        {number("minStay", 365)}
        {number("maxStay", 365)}
        {number("minAdults", 20)}
        {number("maxAdults", 20)}
        {number("optionHours", 720)}
      </Card>
      <Card title={t("rates.paymentTitle")}>
        {select("payment", PAYMENTS, "paymentKind")}
        <Field
          label={t("rates.refundProtection")}
          hint={t("rates.refundProtectionHint")}
          error={errors.refundProtectionMinor}
        >
          {(props) => (
            <MoneyInput
              {...props}
              currency={list.currencyCode}
              value={draft.refundProtectionMinor}
              onChange={(v) => set("refundProtectionMinor", v)}
            />
          )}
        </Field>
        <fieldset className="bo-checks bo-wide">
          <legend>{t("rates.prepayment")}</legend>
          {errors.prepayment ? <p className="bo-field-error">{errors.prepayment}</p> : null}
          <ol className="bo-steps">
            {steps.map((step, i) => {
              const change = (patch: Partial<(typeof steps)[number]>) =>
                set("prepayment", replaceAt(steps, i, patch));
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id; their position is their identity
                <li key={i}>
                  <Field label={t("rates.stepTiming", { n: i + 1 })} error={errors[`prepayment.${i}.timing`]}>
                    {(props) => (
                      <select
                        {...props}
                        value={step.timing}
                        onChange={(e) => change({ timing: e.target.value as (typeof TIMINGS)[number] })}
                      >
                        {TIMINGS.map((o) => (
                          <option key={o} value={o}>
                            {t(`rates.timing.${o}`)}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <RowNumber
                    label={t("rates.stepDays", { n: i + 1 })}
                    error={errors[`prepayment.${i}.days`]}
                    min={0}
                    max={365}
                    value={step.days}
                    onChange={(days) => change({ days })}
                  />
                  <RowNumber
                    label={t("rates.stepPercent", { n: i + 1 })}
                    error={errors[`prepayment.${i}.percent`]}
                    min={1}
                    max={100}
                    value={step.percent}
                    onChange={(percent) => change({ percent })}
                  />
                  <RemoveRow
                    label={t("rates.removeStep", { n: i + 1 })}
                    onRemove={() => set("prepayment", removeAt(steps, i))}
                  />
                </li>
              );
            })}
          </ol>
          <button
            type="button"
            className="bo-button secondary"
            onClick={() => set("prepayment", [...steps, { timing: "immediate", days: 0, percent: 100 }])}
          >
            {t("rates.addStep")}
          </button>
        </fieldset>
      </Card>
      <Card title={t("rates.trade")}>
        <div className="bo-wide">
          <Check
            label={t("rates.tradeOnly")}
            checked={draft.tradeOnly ?? false}
            onChange={(v) => set("tradeOnly", v)}
          />
          <Check
            label={t("rates.resellable")}
            checked={draft.resellable ?? false}
            onChange={(v) => set("resellable", v)}
          />
          <Check label={t("rates.isNet")} checked={draft.isNet ?? false} onChange={(v) => set("isNet", v)} />
        </div>
        {draft.resellable ? number("resaleFeePercent", 100, 0.01) : null}
        {draft.isNet ? null : number("commissionPercent", 100, 0.01)}
      </Card>
      <Card title={t("rates.longStay")}>
        <ol className="bo-steps bo-wide">
          {discounts.map((d, i) => {
            const change = (patch: Partial<(typeof discounts)[number]>) =>
              set("longStayDiscounts", replaceAt(discounts, i, patch));
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: discounts have no id; their position is their identity
              <li key={i}>
                <RowNumber
                  label={t("rates.minNights", { n: i + 1 })}
                  error={errors[`longStayDiscounts.${i}.minNights`]}
                  min={2}
                  max={365}
                  value={d.minNights}
                  onChange={(minNights) => change({ minNights })}
                />
                <RowNumber
                  label={t("rates.discountPercent", { n: i + 1 })}
                  error={errors[`longStayDiscounts.${i}.percent`]}
                  min={1}
                  max={100}
                  value={d.percent}
                  onChange={(percent) => change({ percent })}
                />
                <RemoveRow
                  label={t("rates.removeDiscount", { n: i + 1 })}
                  onRemove={() => set("longStayDiscounts", removeAt(discounts, i))}
                />
              </li>
            );
          })}
        </ol>
        <div className="bo-wide">
          <button
            type="button"
            className="bo-button secondary"
            onClick={() => set("longStayDiscounts", [...discounts, { minNights: 7, percent: 10 }])}
          >
            {t("rates.addDiscount")}
          </button>
        </div>
      </Card>
      {list.services.length > 0 ? (
        <Card title={t("rates.includedServices")}>
          <fieldset className="bo-checks bo-wide">
            <legend>{t("rates.includedLegend")}</legend>
            <div className="bo-check-list">
              {list.services.map((s) => (
                <Check
                  key={s.id}
                  label={s.name}
                  checked={included.has(s.id)}
                  onChange={(on) =>
                    set(
                      "includedServiceIds",
                      list.services.map((x) => x.id).filter((id) => (id === s.id ? on : included.has(id))),
                    )
                  }
                />
              ))}
            </div>
          </fieldset>
        </Card>
      ) : null}
      <FormActions busy={save.isPending} saved={saved} onCancel={() => navigate(listHref)}>
        {plan ? (
          <ConfirmDelete
            label={t("rates.delete")}
            question={t("rates.deleteQuestion", { code: plan.code, name: pick(plan.name, i18n.language) })}
            onConfirm={() => remove.mutate()}
            busy={remove.isPending}
          />
        ) : null}
      </FormActions>
      <ErrorNotice error={remove.error} ns="bo-property" />
    </form>
  );
}
