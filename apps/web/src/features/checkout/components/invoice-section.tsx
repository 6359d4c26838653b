import { type ReactNode, useMemo } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useHotel } from "../../hotel/hotel-context";
import type { CheckoutValues } from "../checkout-form";
import { countryOptions } from "../regions";
import { CheckboxField, SelectField, TextField } from "./form-fields";

/**
 * SPEC §3 Invoice data, asked only when the guest wants an invoice. A trade booking (`copyAgency`, the checkbox's
 * label) may copy the agency data instead (`CopiedInvoice`).
 */
export function InvoiceSection({
  copyAgency,
}: {
  copyAgency?: { label: ReactNode; render: () => ReactNode } | undefined;
}) {
  const { t } = useTranslation("checkout");
  const { locale } = useHotel();
  const { control } = useFormContext<CheckoutValues>();
  const wanted = useWatch({ control, name: "wantsInvoice" });
  const copied = useWatch({ control, name: "invoiceFromAgency" });
  const countries = useMemo(() => countryOptions(locale), [locale]);
  return (
    <section className="checkout-section card" aria-labelledby="invoice-title">
      <h2 id="invoice-title">{t("invoice.title")}</h2>
      <CheckboxField name="wantsInvoice" label={t("invoice.toggle")} />
      {wanted && copyAgency ? <CheckboxField name="invoiceFromAgency" label={copyAgency.label} /> : null}
      {wanted && copyAgency && copied ? (
        copyAgency.render()
      ) : wanted ? (
        <div className="form-grid invoice-fields">
          <TextField
            name="invoice.name"
            label={t("invoice.name")}
            autoComplete="organization"
            className="span-2"
          />
          <TextField
            name="invoice.address"
            label={t("invoice.address")}
            className="span-2"
            autoComplete="off"
          />
          <TextField name="invoice.zip" label={t("invoice.zip")} autoComplete="off" />
          <TextField name="invoice.city" label={t("invoice.city")} autoComplete="off" />
          <SelectField name="invoice.country" label={t("invoice.country")}>
            <option value="">{t("choose")}</option>
            {countries.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <TextField
            name="invoice.vat"
            label={t("invoice.vat")}
            optional
            autoCapitalize="characters"
            spellCheck={false}
            hint={t("invoice.vatHint")}
          />
          <TextField
            name="invoice.sdi"
            label={t("invoice.sdi")}
            optional
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={7}
            hint={t("invoice.sdiHint")}
          />
        </div>
      ) : null}
    </section>
  );
}
