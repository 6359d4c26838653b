import type { PromoCode } from "@alloggio/domain/contract/backoffice/extras";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { useChoices } from "../extras/api";
import { ExtrasTable, type FormProps } from "../extras/extras-table";
import {
  CheckField,
  compact,
  draftFields,
  IdsField,
  InputField,
  numberOrUndefined,
  Row,
} from "../extras/fields";
import { type Localized, LocalizedFields } from "../extras/localized-fields";

type PromoDraft = {
  code: string;
  name: Localized;
  hidden: boolean;
  discountPercent: string;
  stayFrom: string;
  stayTo: string;
  bookFrom: string;
  bookTo: string;
  minNights: string;
  ratePlanIds: number[];
};

function PromoForm({ draft, setDraft, error }: FormProps<PromoDraft>) {
  const { t } = useTranslation("bo-extras");
  const { hotel = "" } = useParams<{ hotel: string }>();
  const choices = useChoices(hotel);
  const { set, field } = draftFields(draft, setDraft, error);
  return (
    <>
      <Row>
        <InputField label={t("fields.code")} {...field("code")} hint={t("hints.code")} required />
        <InputField
          label={t("fields.discountPercent")}
          type="number"
          step="any"
          min="0"
          {...field("discountPercent")}
          required
        />
        <InputField label={t("fields.minNights")} type="number" min="1" {...field("minNights")} />
      </Row>
      <LocalizedFields label={t("fields.promoName")} {...field("name")} />
      <Row>
        <InputField label={t("fields.stayFrom")} type="date" {...field("stayFrom")} />
        <InputField label={t("fields.stayTo")} type="date" {...field("stayTo")} />
        <InputField label={t("fields.bookFrom")} type="date" {...field("bookFrom")} />
        <InputField label={t("fields.bookTo")} type="date" {...field("bookTo")} />
      </Row>
      <IdsField
        legend={t("fields.ratePlans")}
        hint={t("hints.allRatePlans")}
        options={(choices.data?.ratePlans ?? []).map((r) => ({ id: r.id, label: `${r.name} (${r.code})` }))}
        {...field("ratePlanIds")}
      />
      <CheckField label={t("fields.hidden")} checked={draft.hidden} onChange={set("hidden")} />
    </>
  );
}

/** The catalogue's promo codes section. */
export default function PromosSection() {
  const { t, i18n } = useTranslation("bo-extras");
  const { hotel = "" } = useParams<{ hotel: string }>();
  const choices = useChoices(hotel);
  const percent = (n: number) =>
    new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 2 }).format(n / 100);
  const period = (from?: string, to?: string) => (from || to ? `${from ?? "…"} – ${to ?? "…"}` : t("always"));
  const rateNames = (ids: number[] | undefined) =>
    ids && ids.length > 0
      ? ids.map((id) => choices.data?.ratePlans.find((r) => r.id === id)?.code ?? String(id)).join(", ")
      : t("allRatePlans");
  return (
    <ExtrasTable<PromoCode, PromoDraft>
      collection="promo-codes"
      section="promos"
      title={t("promos.title")}
      newLabel={t("promos.new")}
      emptyText={t("promos.empty")}
      nameOf={(p) => p.code}
      searchText={(p) => `${p.code} ${Object.values(p.name ?? {}).join(" ")}`}
      columns={[
        { header: t("fields.code"), cell: (p) => p.code },
        { header: t("fields.discountShort"), num: true, cell: (p) => percent(p.discountPercent) },
        { header: t("fields.stay"), cell: (p) => period(p.stayFrom, p.stayTo) },
        { header: t("fields.booking"), cell: (p) => period(p.bookFrom, p.bookTo) },
        { header: t("fields.ratePlans"), cell: (p) => rateNames(p.ratePlanIds) },
        { header: t("fields.hiddenShort"), cell: (p) => (p.hidden ? t("yes") : t("no")) },
      ]}
      blank={() => ({
        code: "",
        name: {},
        hidden: false,
        discountPercent: "",
        stayFrom: "",
        stayTo: "",
        bookFrom: "",
        bookTo: "",
        minNights: "1",
        ratePlanIds: [],
      })}
      toDraft={(p) => ({
        code: p.code,
        name: p.name ?? {},
        hidden: p.hidden ?? false,
        discountPercent: String(p.discountPercent),
        stayFrom: p.stayFrom ?? "",
        stayTo: p.stayTo ?? "",
        bookFrom: p.bookFrom ?? "",
        bookTo: p.bookTo ?? "",
        minNights: String(p.minNights ?? 1),
        ratePlanIds: p.ratePlanIds ?? [],
      })}
      toBody={(d) =>
        compact({
          code: d.code.trim(),
          name: Object.values(d.name).some((x) => x.trim()) ? d.name : undefined,
          hidden: d.hidden,
          discountPercent: numberOrUndefined(d.discountPercent),
          stayFrom: d.stayFrom,
          stayTo: d.stayTo,
          bookFrom: d.bookFrom,
          bookTo: d.bookTo,
          minNights: numberOrUndefined(d.minNights),
          ratePlanIds: d.ratePlanIds,
        })
      }
      Form={PromoForm}
    />
  );
}
