import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { useTranslation } from "react-i18next";
import { Fact, Facts, Section } from "../voucher/components/section";
import type { VoucherFormat } from "../voucher/use-voucher-format";

type Agency = NonNullable<Reservation["agency"]>;

/** The agency that booked (SPEC §3 Agency data, ADR 0031) on the voucher; loaded only for a trade booking. */
export function VoucherAgency({ agency, format }: { agency: Agency; format: VoucherFormat }) {
  const { t } = useTranslation("trade-booking");
  const address = [
    agency.address,
    [agency.cap, agency.city].filter(Boolean).join(" "),
    agency.country ? format.country(agency.country) : null,
  ]
    .filter(Boolean)
    .join(", ");
  const contact = [agency.referentName, agency.mail, agency.phone].filter(Boolean).join(" · ");
  return (
    <Section title={t("voucher.title")}>
      <Facts>
        <Fact label={t("voucher.name")} value={`${agency.fullname} (${t(`agency.type${agency.type}`)})`} />
        <Fact label={t("voucher.address")} value={address || null} />
        <Fact label={t("voucher.vatNumber")} value={agency.vatNumber} />
        <Fact label={t("voucher.iataCode")} value={agency.iataCode} />
        <Fact label={t("voucher.code")} value={agency.code} />
        <Fact label={t("voucher.contact")} value={contact || null} />
      </Facts>
    </Section>
  );
}
