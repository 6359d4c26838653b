import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { useTranslation } from "react-i18next";
import type { VoucherFormat } from "../use-voucher-format";
import { Fact, Facts, Section } from "./section";

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** The stay (arrival, departure, nights), the hotel's details and the booker. */
export function StayDetails({ reservation, format }: { reservation: Reservation; format: VoucherFormat }) {
  const { t } = useTranslation("voucher");
  const { hotel, booker } = reservation;
  const bookerPlace = [
    booker.address,
    [booker.cap, booker.city].filter(Boolean).join(" "),
    format.country(booker.country),
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <div className="voucher__grid">
      <Section title={t("stay.title")}>
        <Facts>
          <Fact label={t("stay.arrival")} value={format.stayDay(reservation.arrival)} />
          <Fact label={t("stay.departure")} value={format.stayDay(reservation.departure)} />
          <Fact label={t("stay.length")} value={t("stay.nights", { count: reservation.nights })} />
          <Fact label={t("stay.arrivalTime")} value={booker.arrivalTime} />
        </Facts>
      </Section>
      <Section title={t("hotel.title")}>
        <p className="voucher__hotel-name">{hotel.name}</p>
        <Facts>
          <Fact
            label={t("hotel.address")}
            value={[hotel.address, hotel.city, format.country(hotel.country)].filter(Boolean).join(", ")}
          />
          <Fact
            label={t("hotel.phone")}
            value={hotel.phone ? <a href={telHref(hotel.phone)}>{hotel.phone}</a> : null}
          />
          <Fact
            label={t("hotel.email")}
            value={hotel.email ? <a href={`mailto:${hotel.email}`}>{hotel.email}</a> : null}
          />
        </Facts>
      </Section>
      <Section title={t("booker.title")}>
        <Facts>
          <Fact label={t("booker.name")} value={booker.fullname} />
          <Fact label={t("booker.email")} value={booker.email} />
          <Fact label={t("booker.alternativeEmail")} value={booker.alternativeEmail} />
          <Fact label={t("booker.phone")} value={booker.phone} />
          <Fact label={t("booker.address")} value={bookerPlace} />
          <Fact label={t("booker.taxCode")} value={booker.cf} />
        </Facts>
      </Section>
    </div>
  );
}
