import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { useTranslation } from "react-i18next";
import { listForResale, withdrawFromResale } from "../api/use-resale";
import { useManage } from "../manage-context";
import { useManageAction } from "../use-manage-action";
import type { VoucherFormat } from "../use-voucher-format";
import { Fact, Facts } from "./section";

type Room = Reservation["rooms"][number];

/**
 * A resellable room's resale (ADR 0065): until its deadline (hotel time) the holder can put it up for resale;
 * then the offer's state, the nights resold and the refund.
 */
export function RoomResale({ room, number, format }: { room: Room; number: number; format: VoucherFormat }) {
  const { t } = useTranslation("manage");
  const manage = useManage();
  const action = useManageAction(listForResale);
  const withdraw = useManageAction(withdrawFromResale);
  const resale = room.resale;
  if (!resale || room.status !== "A") return null;
  const offer = resale.offer && resale.offer.status !== "withdrawn" ? resale.offer : null;
  const deadline = format.instant(resale.deadline);
  if (offer) {
    const sold = offer.nights.filter((n) => n.status === "sold");
    return (
      <section className="voucher-room__part" aria-label={t("resale.region", { number })}>
        <h4>{t("resale.title")}</h4>
        <Facts>
          <Fact label={t("resale.state")} value={t(`resale.status.${offer.status}`, { deadline })} />
          <Fact
            label={t("resale.nightsResold")}
            value={sold.length > 0 ? sold.map((n) => format.stayDay(n.day)).join(", ") : t("resale.none")}
          />
          {sold.length > 0 ? (
            <>
              <Fact label={t("resale.fee")} value={format.money(offer.fee)} />
              <Fact label={t("resale.refund")} value={<strong>{format.money(offer.refund)}</strong>} />
            </>
          ) : null}
        </Facts>
        {manage && offer.status === "listed" && sold.length === 0 ? (
          // The server takes an offer back only while none of its nights sold.
          <>
            <button
              type="button"
              className="button button--secondary"
              disabled={withdraw.state.kind === "sending"}
              aria-busy={withdraw.state.kind === "sending"}
              onClick={async () => {
                const done = await withdraw.run({
                  code: manage.holder.code,
                  mail: manage.holder.mail,
                  offerId: offer.id,
                });
                if (done.ok) manage.close(t("resale.withdrawn", { number }));
              }}
            >
              {t("resale.withdraw", { number })}
            </button>
            {withdraw.state.kind === "failed" ? <p role="alert">{t("resale.withdrawFailed")}</p> : null}
          </>
        ) : null}
      </section>
    );
  }
  if (!manage || Date.now() > new Date(resale.deadline).getTime()) return null;
  const { holder } = manage;
  const sending = action.state.kind === "sending";
  return (
    <section className="voucher-room__part" aria-label={t("resale.region", { number })}>
      <h4>{t("resale.title")}</h4>
      <p>{t("resale.offer", { deadline, fee: resale.feePercent })}</p>
      <button
        type="button"
        className="button button--secondary"
        disabled={sending}
        aria-busy={sending}
        onClick={async () => {
          const done = await action.run({ code: holder.code, mail: holder.mail, rooms: [room.id] });
          if (done.ok) manage.close(t("resale.listed", { number }));
        }}
      >
        {t("resale.button", { number })}
      </button>
      {action.state.kind === "failed" ? <p role="alert">{t("resale.failed")}</p> : null}
    </section>
  );
}
