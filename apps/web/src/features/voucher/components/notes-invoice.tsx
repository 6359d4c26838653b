import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { useTranslation } from "react-i18next";
import type { VoucherFormat } from "../use-voucher-format";
import { Fact, Facts, Section } from "./section";

/** The guest's note and the hotel's, then the invoice data when the booker asked for an invoice. */
export function NotesAndInvoice({
  reservation,
  format,
}: {
  reservation: Reservation;
  format: VoucherFormat;
}) {
  const { t } = useTranslation("voucher");
  const guestNote = reservation.notes.guest ?? reservation.booker.note;
  const propertyNote = reservation.notes.property;
  const invoice = reservation.invoice;
  if (!guestNote && !propertyNote && !invoice) return null;
  return (
    <div className="voucher__grid voucher__grid--two">
      {guestNote || propertyNote ? (
        <Section title={t("notes.title")}>
          <Facts>
            <Fact
              label={t("notes.guest")}
              value={guestNote ? <span className="voucher__note">{guestNote}</span> : null}
            />
            <Fact
              label={t("notes.property")}
              value={propertyNote ? <span className="voucher__note">{propertyNote}</span> : null}
            />
          </Facts>
        </Section>
      ) : null}
      {invoice ? (
        <Section title={t("invoice.title")}>
          <Facts>
            <Fact label={t("invoice.name")} value={invoice.name} />
            <Fact
              label={t("invoice.address")}
              value={[
                invoice.address,
                [invoice.zip, invoice.city].filter(Boolean).join(" "),
                format.country(invoice.country),
              ]
                .filter(Boolean)
                .join(", ")}
            />
            <Fact label={t("invoice.vat")} value={invoice.vat} />
            <Fact label={t("invoice.sdi")} value={invoice.sdi} />
          </Facts>
        </Section>
      ) : null}
    </div>
  );
}
