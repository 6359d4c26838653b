import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { useTranslation } from "react-i18next";
import type { VoucherFormat } from "../use-voucher-format";
import { Fact, Facts } from "./section";
import { TransferEditButton } from "./voucher-actions";

type Extra = Reservation["extra"][number];

/** Services as booked: quantity, name, price (or free), the chosen date and time slot, transfer details. */
export function ServiceList({
  services,
  format,
  pricesHidden = false,
}: {
  services: Extra[];
  format: VoucherFormat;
  /** A net-rate trade booking: the agency sets the guest's price, so no amount is shown. */
  pricesHidden?: boolean;
}) {
  const { t } = useTranslation("voucher");
  return (
    <ul className="service-list">
      {services.map((service, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list; one service may be booked twice.
        <li className="service-list__item" key={`${service.id}-${i}`}>
          <div className="service-list__head">
            <span className="service-list__name">
              {service.quantity > 1
                ? t("services.item", { quantity: service.quantity, name: service.name })
                : service.name}
            </span>
            <span className="service-list__price">
              {pricesHidden
                ? t("agencyPrice.value")
                : service.price === 0
                  ? t("services.free")
                  : format.money(service.price)}
            </span>
          </div>
          <Facts>
            <Fact label={t("services.date")} value={service.date ? format.day(service.date) : null} />
            <Fact label={t("services.timeSlot")} value={service.timeSlot} />
          </Facts>
          {service.transfer ? (
            <div className="service-list__transfer">
              <p className="service-list__transfer-title">{t("services.transfer")}</p>
              <Facts>
                <Fact label={t("services.transferTime")} value={service.transfer.time} />
                <Fact label={t("services.place")} value={service.transfer.placeCode} />
                <Fact label={t("services.transport")} value={service.transfer.transportNumber} />
                <Fact label={t("services.note")} value={service.transfer.note} />
              </Facts>
              <TransferEditButton service={service} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
