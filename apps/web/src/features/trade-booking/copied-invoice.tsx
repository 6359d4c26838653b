import { agencyInvoice } from "@alloggio/domain/booking/trade-booking";
import { useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import "./trade-booking.css";
import { type CheckoutValues, toAgency } from "../checkout/checkout-form";

/** The invoice copied from the agency data (SPEC §3), as it will be made out; the agency fields change it. */
export function CopiedInvoice() {
  const { t } = useTranslation(["trade-booking", "checkout"]);
  const { control } = useFormContext<CheckoutValues>();
  const agency = useWatch({ control, name: "agency" });
  const invoice = agencyInvoice(toAgency(agency));
  return (
    <div className="copied-invoice" role="status">
      <p>{t("invoice.copied")}</p>
      <dl className="copied-invoice__facts">
        <dt>{t("checkout:invoice.name")}</dt>
        <dd>{invoice.name || "—"}</dd>
        <dt>{t("checkout:invoice.address")}</dt>
        <dd>
          {[invoice.address, [invoice.zip, invoice.city].filter(Boolean).join(" "), invoice.country]
            .filter(Boolean)
            .join(", ") || "—"}
        </dd>
        <dt>{t("checkout:invoice.vat")}</dt>
        <dd>{invoice.vat ?? "—"}</dd>
      </dl>
    </div>
  );
}
