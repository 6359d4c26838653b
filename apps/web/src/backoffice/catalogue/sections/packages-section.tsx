import type { Package, Service } from "@alloggio/domain/contract/backoffice/extras";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { fieldError } from "../../api";
import { Field } from "../../ui";
import { useChoices, useExtrasList } from "../extras/api";
import { ExtrasTable, type FormProps } from "../extras/extras-table";
import {
  compact,
  draftFields,
  IdsField,
  InputField,
  numberOrUndefined,
  Row,
  SelectField,
} from "../extras/fields";
import { type Localized, LocalizedFields, textIn } from "../extras/localized-fields";

type PackageDraft = {
  code: string;
  kind: string;
  name: Localized;
  description: Localized;
  image: string;
  validFrom: string;
  validTo: string;
  minNights: string;
  maxNights: string;
  minAdults: string;
  maxAdults: string;
  ratePlanIds: number[];
  roomTypeIds: number[];
  includedServiceIds: number[];
  channelIds: number[];
  destinationCode: string;
  destinationName: string;
  airports: string;
};

function PackageForm({ draft, setDraft, error }: FormProps<PackageDraft>) {
  const { t, i18n } = useTranslation("bo-extras");
  const { hotel = "" } = useParams<{ hotel: string }>();
  const choices = useChoices(hotel);
  const services = useExtrasList<Service>(hotel, "services");
  const { set, field } = draftFields(draft, setDraft, error);
  const airportsError = fieldError(error, "airports");
  return (
    <>
      <Row>
        <InputField label={t("fields.code")} {...field("code")} hint={t("hints.code")} required />
        <SelectField
          label={t("fields.kind")}
          {...field("kind")}
          options={["package", "offer"].map((v) => ({ value: v, label: t(`kind.${v}`) }))}
        />
        <InputField label={t("fields.validFrom")} type="date" {...field("validFrom")} required />
        <InputField label={t("fields.validTo")} type="date" {...field("validTo")} required />
      </Row>
      <LocalizedFields label={t("fields.name")} {...field("name")} required />
      <LocalizedFields label={t("fields.description")} {...field("description")} multiline />
      <Row>
        <InputField label={t("fields.minNights")} type="number" min="1" {...field("minNights")} />
        <InputField label={t("fields.maxNights")} type="number" min="1" {...field("maxNights")} />
        <InputField label={t("fields.minAdults")} type="number" min="1" {...field("minAdults")} />
        <InputField label={t("fields.maxAdults")} type="number" min="1" {...field("maxAdults")} />
      </Row>
      <IdsField
        legend={t("fields.ratePlans")}
        options={(choices.data?.ratePlans ?? []).map((r) => ({ id: r.id, label: `${r.name} (${r.code})` }))}
        {...field("ratePlanIds")}
      />
      <IdsField
        legend={t("fields.roomTypes")}
        hint={t("hints.allRoomTypes")}
        options={(choices.data?.roomTypes ?? []).map((r) => ({ id: r.id, label: `${r.name} (${r.code})` }))}
        {...field("roomTypeIds")}
      />
      <IdsField
        legend={t("fields.includedServices")}
        options={(services.data?.items ?? []).map((s) => ({
          id: s.id,
          label: textIn(s.name, i18n.language),
        }))}
        {...field("includedServiceIds")}
      />
      <IdsField
        legend={t("fields.channels")}
        hint={t("hints.allChannels")}
        options={(choices.data?.channels ?? []).map((c) => ({ id: c.id, label: c.name }))}
        {...field("channelIds")}
      />
      <InputField label={t("fields.image")} {...field("image")} />
      <fieldset className="bo-localized">
        <legend>{t("fields.flights")}</legend>
        <p className="bo-hint">{t("hints.flights")}</p>
        <Row>
          <InputField
            label={t("fields.destinationCode")}
            value={draft.destinationCode}
            onChange={(v) => set("destinationCode")(v.toUpperCase())}
            error={fieldError(error, "destinationAirport.code")}
          />
          <InputField
            label={t("fields.destinationName")}
            value={draft.destinationName}
            onChange={set("destinationName")}
            error={fieldError(error, "destinationAirport.name")}
          />
        </Row>
        <Field label={t("fields.airports")} hint={t("hints.airports")} error={airportsError}>
          {(props) => (
            <textarea
              {...props}
              rows={6}
              spellCheck={false}
              value={draft.airports}
              onChange={(e) => set("airports")(e.target.value)}
            />
          )}
        </Field>
      </fieldset>
    </>
  );
}

function parseAirports(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Sent as typed: the server names the field.
    return text;
  }
}

/** The catalogue's packages section: packages and special offers, with their flights. */
export default function PackagesSection() {
  const { t, i18n } = useTranslation("bo-extras");
  return (
    <ExtrasTable<Package, PackageDraft>
      collection="packages"
      section="packages"
      title={t("packages.title")}
      newLabel={t("packages.new")}
      emptyText={t("packages.empty")}
      nameOf={(p) => textIn(p.name, i18n.language)}
      searchText={(p) => `${p.code} ${Object.values(p.name).join(" ")}`}
      columns={[
        { header: t("fields.name"), cell: (p) => textIn(p.name, i18n.language) },
        { header: t("fields.code"), cell: (p) => p.code },
        { header: t("fields.kind"), cell: (p) => t(`kind.${p.kind}`) },
        { header: t("fields.valid"), cell: (p) => `${p.validFrom} – ${p.validTo}` },
        {
          header: t("fields.nights"),
          num: true,
          cell: (p) => `${p.minNights ?? 1}–${p.maxNights ?? "∞"}`,
        },
        {
          header: t("fields.flights"),
          cell: (p) => (p.airports?.length ? p.airports.map((a) => a.code).join(", ") : t("no")),
        },
      ]}
      blank={() => ({
        code: "",
        kind: "package",
        name: {},
        description: {},
        image: "",
        validFrom: "",
        validTo: "",
        minNights: "1",
        maxNights: "",
        minAdults: "1",
        maxAdults: "",
        ratePlanIds: [],
        roomTypeIds: [],
        includedServiceIds: [],
        channelIds: [],
        destinationCode: "",
        destinationName: "",
        airports: "",
      })}
      toDraft={(p) => ({
        code: p.code,
        kind: p.kind,
        name: p.name,
        description: p.description ?? {},
        image: p.image ?? "",
        validFrom: p.validFrom,
        validTo: p.validTo,
        minNights: String(p.minNights ?? 1),
        maxNights: p.maxNights === undefined ? "" : String(p.maxNights),
        minAdults: String(p.minAdults ?? 1),
        maxAdults: p.maxAdults === undefined ? "" : String(p.maxAdults),
        ratePlanIds: p.ratePlanIds,
        roomTypeIds: p.roomTypeIds ?? [],
        includedServiceIds: p.includedServiceIds ?? [],
        channelIds: p.channelIds ?? [],
        destinationCode: p.destinationAirport?.code ?? "",
        destinationName: p.destinationAirport?.name ?? "",
        airports: p.airports?.length ? JSON.stringify(p.airports, null, 2) : "",
      })}
      toBody={(d) => ({
        ...compact({
          code: d.code.trim(),
          kind: d.kind,
          name: d.name,
          description: Object.values(d.description).some((x) => x.trim()) ? d.description : undefined,
          image: d.image.trim() || undefined,
          validFrom: d.validFrom,
          validTo: d.validTo,
          minNights: numberOrUndefined(d.minNights),
          maxNights: numberOrUndefined(d.maxNights),
          minAdults: numberOrUndefined(d.minAdults),
          maxAdults: numberOrUndefined(d.maxAdults),
          roomTypeIds: d.roomTypeIds,
          includedServiceIds: d.includedServiceIds,
          channelIds: d.channelIds,
          destinationAirport:
            d.destinationCode || d.destinationName
              ? { code: d.destinationCode.trim(), name: d.destinationName.trim() }
              : undefined,
          airports: parseAirports(d.airports),
        }),
        ratePlanIds: d.ratePlanIds,
      })}
      Form={PackageForm}
    />
  );
}
