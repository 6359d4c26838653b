import type { Service, ServiceCategory } from "@alloggio/domain/contract/backoffice/extras";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { fieldError } from "../../api";
import { formatMoney, useExtrasList } from "../extras/api";
import { ExtrasTable, type FormProps, itemOf } from "../extras/extras-table";
import {
  CheckField,
  compact,
  draftFields,
  InputField,
  numberOrUndefined,
  Row,
  SelectField,
} from "../extras/fields";
import { type Localized, LocalizedFields, textIn } from "../extras/localized-fields";

type CategoryDraft = { name: Localized; mandatory: boolean; sortOrder: string };

type ServiceDraft = {
  category: string;
  name: Localized;
  description: Localized;
  pricingBasis: string;
  perNight: boolean;
  price: string;
  mandatoryFor: string;
  needsDate: boolean;
  timeSlots: string;
  isTransfer: boolean;
  maxQuantity: string;
  image: string;
};

const CATEGORY_PREFIX = "category-";

function CategoryForm({ draft, setDraft, error }: FormProps<CategoryDraft>) {
  const { t } = useTranslation("bo-extras");
  return (
    <>
      <LocalizedFields
        label={t("fields.name")}
        value={draft.name}
        onChange={(name) => setDraft({ ...draft, name })}
        error={fieldError(error, "name")}
        required
      />
      <Row>
        <InputField
          label={t("fields.sortOrder")}
          type="number"
          min="0"
          value={draft.sortOrder}
          onChange={(sortOrder) => setDraft({ ...draft, sortOrder })}
          error={fieldError(error, "sortOrder")}
        />
      </Row>
      <CheckField
        label={t("fields.categoryMandatory")}
        checked={draft.mandatory}
        onChange={(mandatory) => setDraft({ ...draft, mandatory })}
      />
    </>
  );
}

function ServiceForm({ draft, setDraft, error, currency }: FormProps<ServiceDraft>) {
  const { t, i18n } = useTranslation("bo-extras");
  const { hotel = "" } = useParams<{ hotel: string }>();
  const categories = useExtrasList<ServiceCategory>(hotel, "service-categories");
  const { set, field } = draftFields(draft, setDraft, error);
  return (
    <>
      <SelectField
        label={t("fields.category")}
        {...field("category")}
        options={[
          { value: "", label: t("form.choose") },
          ...(categories.data?.items ?? []).map((c) => ({
            value: String(c.id),
            label: textIn(c.name, i18n.language),
          })),
        ]}
      />
      <LocalizedFields label={t("fields.name")} {...field("name")} required />
      <LocalizedFields label={t("fields.description")} {...field("description")} multiline />
      <Row>
        <InputField
          label={t("fields.price", { currency })}
          type="number"
          step="any"
          min="0"
          {...field("price")}
          hint={t("hints.price")}
        />
        <SelectField
          label={t("fields.pricingBasis")}
          {...field("pricingBasis")}
          options={["per_person", "per_unit", "per_stay"].map((v) => ({ value: v, label: t(`basis.${v}`) }))}
        />
        <SelectField
          label={t("fields.mandatoryFor")}
          {...field("mandatoryFor")}
          options={["none", "all_adults", "all_children"].map((v) => ({
            value: v,
            label: t(`mandatory.${v}`),
          }))}
        />
        <InputField label={t("fields.maxQuantity")} type="number" min="1" {...field("maxQuantity")} />
      </Row>
      <CheckField label={t("fields.perNight")} checked={draft.perNight} onChange={set("perNight")} />
      <CheckField label={t("fields.needsDate")} checked={draft.needsDate} onChange={set("needsDate")} />
      <CheckField label={t("fields.isTransfer")} checked={draft.isTransfer} onChange={set("isTransfer")} />
      <Row>
        <InputField label={t("fields.timeSlots")} {...field("timeSlots")} hint={t("hints.timeSlots")} />
        <InputField label={t("fields.image")} {...field("image")} />
      </Row>
    </>
  );
}

/** The catalogue's services section: categories and extra services. */
export default function ServicesSection() {
  const { t, i18n } = useTranslation("bo-extras");
  const { hotel = "", itemId } = useParams<{ hotel: string; itemId?: string }>();
  const categories = useExtrasList<ServiceCategory>(hotel, "service-categories");
  const categoryName = (id: number) =>
    textIn(categories.data?.items.find((c) => c.id === id)?.name, i18n.language) || String(id);
  const showCategories = itemId === undefined || itemOf(itemId, CATEGORY_PREFIX) !== null;
  const showServices = itemId === undefined || itemOf(itemId) !== null;
  return (
    <>
      {showServices ? (
        <ExtrasTable<Service, ServiceDraft>
          collection="services"
          section="services"
          title={t("services.title")}
          newLabel={t("services.new")}
          emptyText={t("services.empty")}
          nameOf={(s) => textIn(s.name, i18n.language)}
          searchText={(s) => `${Object.values(s.name).join(" ")} ${categoryName(s.category)}`}
          columns={[
            { header: t("fields.name"), cell: (s) => textIn(s.name, i18n.language) },
            { header: t("fields.category"), cell: (s) => categoryName(s.category) },
            {
              header: t("fields.priceShort"),
              num: true,
              cell: (s, currency) => formatMoney(s.price ?? 0, currency, i18n.language),
            },
            {
              header: t("fields.pricingBasis"),
              cell: (s) => `${t(`basis.${s.pricingBasis}`)}${s.perNight ? ` · ${t("perNightShort")}` : ""}`,
            },
            { header: t("fields.mandatoryFor"), cell: (s) => t(`mandatory.${s.mandatoryFor ?? "none"}`) },
          ]}
          blank={() => ({
            category: String(categories.data?.items[0]?.id ?? ""),
            name: {},
            description: {},
            pricingBasis: "per_unit",
            perNight: false,
            price: "",
            mandatoryFor: "none",
            needsDate: false,
            timeSlots: "",
            isTransfer: false,
            maxQuantity: "10",
            image: "",
          })}
          toDraft={(s) => ({
            category: String(s.category),
            name: s.name,
            description: s.description ?? {},
            pricingBasis: s.pricingBasis,
            perNight: s.perNight ?? false,
            price: String(s.price ?? 0),
            mandatoryFor: s.mandatoryFor ?? "none",
            needsDate: s.needsDate ?? false,
            timeSlots: (s.timeSlots ?? []).join(", "),
            isTransfer: s.isTransfer ?? false,
            maxQuantity: String(s.maxQuantity ?? 10),
            image: s.image ?? "",
          })}
          toBody={(d) =>
            compact({
              category: numberOrUndefined(d.category),
              name: d.name,
              description: Object.values(d.description).some((x) => x.trim()) ? d.description : undefined,
              pricingBasis: d.pricingBasis,
              perNight: d.perNight,
              price: numberOrUndefined(d.price),
              mandatoryFor: d.mandatoryFor,
              needsDate: d.needsDate,
              timeSlots: d.timeSlots
                .split(",")
                .map((x) => x.trim())
                .filter(Boolean),
              isTransfer: d.isTransfer,
              maxQuantity: numberOrUndefined(d.maxQuantity),
              image: d.image.trim() || undefined,
            })
          }
          Form={ServiceForm}
        />
      ) : null}
      {showCategories ? (
        <ExtrasTable<ServiceCategory, CategoryDraft>
          collection="service-categories"
          section="services"
          prefix={CATEGORY_PREFIX}
          title={t("categories.title")}
          newLabel={t("categories.new")}
          emptyText={t("categories.empty")}
          nameOf={(c) => textIn(c.name, i18n.language)}
          searchText={(c) => Object.values(c.name).join(" ")}
          columns={[
            { header: t("fields.name"), cell: (c) => textIn(c.name, i18n.language) },
            { header: t("fields.services"), num: true, cell: (c) => c.services },
            { header: t("fields.sortOrder"), num: true, cell: (c) => c.sortOrder ?? 0 },
            {
              header: t("fields.categoryMandatoryShort"),
              cell: (c) => (c.mandatory ? t("yes") : t("no")),
            },
          ]}
          blank={() => ({ name: {}, mandatory: false, sortOrder: "0" })}
          toDraft={(c) => ({
            name: c.name,
            mandatory: c.mandatory ?? false,
            sortOrder: String(c.sortOrder ?? 0),
          })}
          toBody={(d) =>
            compact({ name: d.name, mandatory: d.mandatory, sortOrder: numberOrUndefined(d.sortOrder) })
          }
          Form={CategoryForm}
        />
      ) : null}
    </>
  );
}
