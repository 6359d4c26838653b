import type { HotelInfoResponse } from "@alloggio/domain/contract/hotels/hotel-info";
import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFormatPrice } from "../../currency/use-format-price";
import { useHotelInfo } from "../api/use-hotel-info";
import { useHotel } from "../hotel-context";
import "./hotel-info-panel.css";

/** The pets rule in words, with the fee where there is one. */
export function describePets(
  pets: HotelInfoResponse["pets"],
  t: (key: string, options?: Record<string, unknown>) => string,
  fee: string,
): string {
  switch (pets.policy) {
    case "not_allowed":
      return t("info.petsNotAllowed");
    case "free":
      return t("info.petsFree");
    case "per_stay":
      return t("info.petsPerStay", { fee });
    case "per_night":
      return t("info.petsPerNight", { fee });
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="hotel-info__section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

function List({ items }: { items: string[] }) {
  return (
    <ul className="hotel-info__list">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

function HotelInfoContent({ info }: { info: HotelInfoResponse }) {
  const { t } = useTranslation("hotel");
  const formatPrice = useFormatPrice();
  return (
    <div className="hotel-info">
      {info.description ? <p className="hotel-info__description">{info.description}</p> : null}
      <Section title={t("info.times")}>
        <dl className="hotel-info__times">
          <dt>{t("info.checkIn")}</dt>
          <dd>{t("info.checkInTimes", { from: info.checkIn.from, until: info.checkIn.until })}</dd>
          <dt>{t("info.checkOut")}</dt>
          <dd>{t("info.checkOutTime", { until: info.checkOut.until })}</dd>
          <dt>{t("info.breakfast")}</dt>
          <dd>
            {info.breakfast
              ? t("info.breakfastTimes", { from: info.breakfast.from, until: info.breakfast.until })
              : t("info.noBreakfast")}
          </dd>
        </dl>
      </Section>
      <Section title={t("info.pets")}>
        <p>{describePets(info.pets, t, formatPrice(info.pets.fee, info.currency))}</p>
      </Section>
      {info.wellness.length > 0 ? (
        <Section title={t("info.wellness")}>
          <List items={info.wellness} />
        </Section>
      ) : null}
      {info.activities.length > 0 ? (
        <Section title={t("info.activities")}>
          <List items={info.activities} />
        </Section>
      ) : null}
      {info.businessServices.length > 0 ? (
        <Section title={t("info.business")}>
          <List items={info.businessServices} />
        </Section>
      ) : null}
      <Section title={t("info.cityTax")}>
        <p>
          {info.cityTax > 0
            ? t("info.cityTaxAmount", { amount: formatPrice(info.cityTax, info.currency) })
            : t("info.noCityTax")}
        </p>
      </Section>
      <Section title={t("info.contacts")}>
        <address className="hotel-info__address">
          <span>{info.name}</span>
          <span>{info.address}</span>
          <span>{[info.city, info.country].filter(Boolean).join(", ")}</span>
          {info.phone ? (
            <span>
              {t("info.phone")} <a href={`tel:${info.phone.replace(/[^\d+]/g, "")}`}>{info.phone}</a>
            </span>
          ) : null}
          {info.email ? (
            <span>
              {t("info.email")} <a href={`mailto:${info.email}`}>{info.email}</a>
            </span>
          ) : null}
        </address>
      </Section>
    </div>
  );
}

/** The hotel information panel (SPEC §2): a modal dialog, its data loaded when it opens. */
export function HotelInfoPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("hotel");
  const { ids } = useHotel();
  const query = useHotelInfo(ids.hotel, ids.language);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click mirrors Escape, which the modal dialog handles natively
    <dialog
      ref={dialog}
      className="dialog hotel-info-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="hotel-info-dialog__head">
        <h2 id={titleId}>{t("info.title")}</h2>
        <button
          type="button"
          className="hotel-info-dialog__close"
          aria-label={t("info.close")}
          onClick={() => dialog.current?.close()}
        >
          <X aria-hidden="true" size={22} />
        </button>
      </div>
      <div className="hotel-info-dialog__body">
        {query.data ? (
          <HotelInfoContent info={query.data} />
        ) : query.isError ? (
          <div role="alert">
            <p>{t("info.error")}</p>
            <button type="button" className="button" onClick={() => void query.refetch()}>
              {t("info.retry")}
            </button>
          </div>
        ) : (
          <div aria-busy="true" className="hotel-info__loading">
            <span className="visually-hidden">{t("info.loading")}</span>
            <div className="skeleton hotel-info__skeleton" />
            <div className="skeleton hotel-info__skeleton" />
          </div>
        )}
      </div>
    </dialog>
  );
}

export default HotelInfoPanel;
