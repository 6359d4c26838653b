import type { ReservationDetail } from "@alloggio/domain/contract/backoffice/reservations";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ErrorNotice } from "../ui";
import { type Done, withdrawResale } from "./calls";
import { useFormats } from "./format";

type Room = ReservationDetail["reservation"]["rooms"][number];

/**
 * Each resellable room's resale offer (ADR 0070): its state, deadline in hotel time, fee, the nights listed and
 * sold, what they recovered and the holder's refund, as the server computed them; staff who may act on
 * reservations withdraw a listed offer none of whose nights sold.
 */
export function ResaleSection({
  path,
  rooms,
  timeZone,
  money,
  canWithdraw,
  onDone,
}: {
  path: string;
  rooms: Room[];
  /** The hotel's time zone: the deadline is shown in hotel time. */
  timeZone: string;
  /** An amount in the reservation's currency (a decimal, as the answer gives it) as the page writes money. */
  money: (amount: number) => string;
  canWithdraw: boolean;
  onDone: Done;
}) {
  const { t } = useTranslation("bo-reservations");
  const format = useFormats(timeZone);
  const withdraw = useMutation({
    mutationFn: (offerId: number) => withdrawResale(path, offerId),
    onSuccess: () => onDone(t("done.resaleWithdrawn")),
  });
  const offered = rooms.filter((room) => room.resale?.offer);
  if (offered.length === 0) return null;
  return (
    <section className="bo-card" aria-labelledby="bor-resale">
      <h2 id="bor-resale">{t("resale.title")}</h2>
      <ErrorNotice error={withdraw.error} ns="bo-reservations" />
      {offered.map((room) => {
        const offer = room.resale?.offer;
        if (!offer) return null;
        const sold = offer.nights.filter((n) => n.status === "sold");
        const days = (list: typeof offer.nights) => list.map((n) => format.day(n.day)).join(", ");
        return (
          <section key={offer.id} aria-label={t("resale.region", { room: room.name })}>
            <h3>{room.name}</h3>
            <dl className="bor-facts">
              <div>
                <dt>{t("resale.state")}</dt>
                <dd>{t(`resale.status.${offer.status}`)}</dd>
              </div>
              <div>
                <dt>{t("resale.deadline")}</dt>
                <dd>{format.instant(offer.deadline)}</dd>
              </div>
              <div>
                <dt>{t("resale.fee")}</dt>
                <dd>{t("resale.feeValue", { percent: offer.feePercent, amount: money(offer.fee) })}</dd>
              </div>
              <div>
                <dt>{t("resale.nightsListed")}</dt>
                <dd>{days(offer.nights)}</dd>
              </div>
              <div>
                <dt>{t("resale.nightsSold")}</dt>
                <dd>{sold.length > 0 ? days(sold) : t("resale.none")}</dd>
              </div>
              <div>
                <dt>{t("resale.recovered")}</dt>
                <dd>{money(offer.recovered)}</dd>
              </div>
              <div>
                <dt>{t("resale.refund")}</dt>
                <dd>{money(offer.refund)}</dd>
              </div>
            </dl>
            {canWithdraw && offer.status === "listed" && sold.length === 0 ? (
              <button
                type="button"
                className="bo-button secondary"
                disabled={withdraw.isPending}
                onClick={() => withdraw.mutate(offer.id)}
              >
                {t("resale.withdraw", { room: room.name })}
              </button>
            ) : null}
          </section>
        );
      })}
    </section>
  );
}
