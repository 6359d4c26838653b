import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ManageProvider } from "../manage-context";
import { useVoucherFormat } from "../use-voucher-format";
import { NotesAndInvoice } from "./notes-invoice";
import { PaymentDetails, Totals } from "./payment-details";
import { ReservationRoom } from "./reservation-room";
import { Section } from "./section";
import { ServiceList } from "./service-list";
import { StayDetails } from "./stay-details";
import { VoucherActions } from "./voucher-actions";
import { VoucherSummary } from "./voucher-summary";

const VoucherAgency = lazy(() =>
  import("../../trade-booking/voucher-agency").then((m) => ({ default: m.VoucherAgency })),
);

/** Prints the per-night breakdowns too: opens the closed disclosures for the print and closes them after. */
function useOpenDisclosuresForPrint() {
  useEffect(() => {
    let opened: HTMLDetailsElement[] = [];
    const before = () => {
      opened = [...document.querySelectorAll<HTMLDetailsElement>(".voucher details:not([open])")];
      for (const d of opened) d.open = true;
    };
    const after = () => {
      for (const d of opened) d.open = false;
      opened = [];
    };
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
    };
  }, []);
}

/** The voucher (SPEC §2, §3 Reservation): everything the guest booked, in words, printable. */
export function VoucherView({ reservation, mail = "" }: { reservation: Reservation; mail?: string }) {
  const { t } = useTranslation("voucher");
  const format = useVoucherFormat(reservation.currency);
  // A net-rate trade booking: the agency sets the guest's price, so the rooms and services show no amount.
  const hidden = { pricesHidden: reservation.pricesHidden === true };
  useOpenDisclosuresForPrint();
  return (
    <ManageProvider reservation={reservation} mail={mail}>
      <main className="page voucher" id="main">
        <VoucherSummary reservation={reservation} format={format} />

        {/* Pay, authorise, installments, change dates, add services, cancel (voucher-actions.tsx); hidden in print. */}
        <div className="voucher__actions">
          <VoucherActions reservation={reservation} />
        </div>

        <StayDetails reservation={reservation} format={format} />

        <Section title={t("rooms.title")} className="voucher-rooms">
          {reservation.rooms.map((room, i) => (
            <ReservationRoom
              // biome-ignore lint/suspicious/noArrayIndexKey: `id` is the room type, shared by two rooms of one kind.
              key={`${room.id}-${i}`}
              room={room}
              number={i + 1}
              format={format}
              stay={{ arrival: reservation.arrival, departure: reservation.departure }}
              {...hidden}
            />
          ))}
        </Section>

        {reservation.extra.length > 0 ? (
          <Section title={t("services.title")}>
            <ServiceList services={reservation.extra} format={format} {...hidden} />
          </Section>
        ) : null}

        <Totals reservation={reservation} format={format} />
        <PaymentDetails reservation={reservation} format={format} />
        <NotesAndInvoice reservation={reservation} format={format} />
        {reservation.agency ? (
          <Suspense fallback={null}>
            <VoucherAgency agency={reservation.agency} format={format} />
          </Suspense>
        ) : null}

        <footer className="voucher__footer muted">
          <p>{t("summary.booked", { dateTime: format.instant(reservation.createdAt) })}</p>
          {reservation.promoCode ? <p>{t("summary.promo", { code: reservation.promoCode })}</p> : null}
        </footer>
      </main>
    </ManageProvider>
  );
}
