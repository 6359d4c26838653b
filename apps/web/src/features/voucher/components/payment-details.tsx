import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { AlertTriangle, CalendarCheck, CalendarX, CircleCheck, CircleX, Clock, Undo2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { VoucherFormat } from "../use-voucher-format";
import { Fact, Facts, Section } from "./section";

const DUE_ICONS = {
  due: Clock,
  paid: CircleCheck,
  authorised: CircleCheck,
  failed: CircleX,
  cancelled: CircleX,
};

/** Rooms, services, refund protection, city tax (paid at the hotel, outside the total) and the total. */
export function Totals({ reservation, format }: { reservation: Reservation; format: VoucherFormat }) {
  const { t } = useTranslation("voucher");
  const r = reservation;
  return (
    <Section title={t("totals.title")} className="voucher-totals">
      <dl className="totals">
        {/* A net-rate trade booking: its amounts are the agency's; the city tax alone is the guest's. */}
        {r.pricesHidden ? (
          <div className="totals__row totals__row--total">
            <dt>{t("totals.total")}</dt>
            <dd>{t("agencyPrice.value")}</dd>
          </div>
        ) : (
          <>
            <div className="totals__row">
              <dt>{t("totals.rooms")}</dt>
              <dd>{format.money(r.roomTotal)}</dd>
            </div>
            {r.servicesTotal > 0 ? (
              <div className="totals__row">
                <dt>{t("totals.services")}</dt>
                <dd>{format.money(r.servicesTotal)}</dd>
              </div>
            ) : null}
            {r.refundProtection > 0 ? (
              <div className="totals__row">
                <dt>{t("totals.refundProtection")}</dt>
                <dd>{format.money(r.refundProtection)}</dd>
              </div>
            ) : null}
            <div className="totals__row totals__row--total">
              <dt>{t("totals.total")}</dt>
              <dd>{format.money(r.total)}</dd>
            </div>
          </>
        )}
        {r.cityTax > 0 ? (
          <div className="totals__row totals__row--tax">
            <dt>
              {t("totals.cityTax")} <span className="totals__note">{t("totals.cityTaxNote")}</span>
            </dt>
            <dd>{format.money(r.cityTax)}</dd>
          </div>
        ) : null}
      </dl>
    </Section>
  );
}

/** The payment method in words, bank-transfer details, the prepayment schedule and the cancellation policy. */
export function PaymentDetails({ reservation, format }: { reservation: Reservation; format: VoucherFormat }) {
  const { t } = useTranslation("voucher");
  const r = reservation;
  const method = t(`payment.methods.${r.paymentMethod}`);
  const refunds = r.refunds ?? [];
  const policy = !r.policy.refundable
    ? t("policy.nonRefundable")
    : r.policy.freeUntil
      ? t("policy.freeUntil", { date: format.day(r.policy.freeUntil) })
      : t("policy.free");

  return (
    <div className="voucher__grid voucher__grid--two">
      <Section title={t("payment.title")}>
        {r.pricesHidden ? (
          <p>{t("agencyPrice.payment")}</p>
        ) : (
          <>
            <Facts>
              <Fact
                label={t("payment.method")}
                value={r.cardLast4 ? t("payment.withCard", { method, last4: r.cardLast4 }) : method}
              />
            </Facts>
            {r.cardHold ? (
              <p className="voucher-hold">
                {r.cardHold.amount === 0
                  ? t("payment.hold.guarantee")
                  : t(`payment.hold.${r.cardHold.status}`, { amount: format.money(r.cardHold.amount) })}
              </p>
            ) : null}
            {r.bankTransfer ? (
              <div className="bank-transfer">
                <h3>{t("payment.bank.title")}</h3>
                <Facts>
                  <Fact label={t("payment.bank.owner")} value={r.bankTransfer.owner} />
                  <Fact
                    label={t("payment.bank.iban")}
                    value={<span className="bank-transfer__iban">{r.bankTransfer.iban}</span>}
                  />
                  {r.bankTransfer.bic ? (
                    <Fact label={t("payment.bank.bic")} value={r.bankTransfer.bic} />
                  ) : null}
                  <Fact label={t("payment.bank.reference")} value={r.bankTransfer.reference} />
                  {r.bankTransfer.dueDate ? (
                    <Fact label={t("payment.bank.due")} value={format.day(r.bankTransfer.dueDate)} />
                  ) : null}
                </Facts>
                {r.bankTransfer.dueDate ? (
                  <p className="bank-transfer__warning">
                    <AlertTriangle aria-hidden="true" focusable="false" size={20} />
                    <span>{t("payment.bank.warning", { date: format.day(r.bankTransfer.dueDate) })}</span>
                  </p>
                ) : null}
              </div>
            ) : null}
            <h3>{t("payment.schedule.title")}</h3>
            {r.prepayments.length === 0 && refunds.length === 0 ? (
              <p>{t("payment.schedule.none")}</p>
            ) : (
              <table className="voucher-table">
                <thead>
                  <tr>
                    <th scope="col">{t("payment.schedule.date")}</th>
                    <th scope="col" className="voucher-table__amount">
                      {t("payment.schedule.amount")}
                    </th>
                    <th scope="col">{t("payment.schedule.status")}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.prepayments.map((p, i) => {
                    const Icon = DUE_ICONS[p.status] ?? Clock;
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the schedule is a fixed list; two steps may share a date.
                      <tr key={`${p.date}-${i}`}>
                        <td>{format.day(p.date)}</td>
                        <td className="voucher-table__amount">{format.money(p.amount)}</td>
                        <td>
                          <span className={`due due--${p.status}`}>
                            <Icon aria-hidden="true" focusable="false" size={16} />
                            {t(`payment.schedule.statuses.${p.status}`)}
                          </span>
                        </td>
                      </tr>
                    );
                  })}
                  {refunds.map((refund, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: refunds are a fixed list; two may share a day.
                    <tr key={`refund-${refund.date}-${i}`} className="voucher-table__refund">
                      <td>{format.day(refund.date)}</td>
                      <td className="voucher-table__amount">−{format.money(refund.amount)}</td>
                      <td>
                        <span className={`due due--refund-${refund.status}`}>
                          <Undo2 aria-hidden="true" focusable="false" size={16} />
                          {t("payment.schedule.refund", {
                            status: t(`payment.schedule.refunds.${refund.status}`),
                          })}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </Section>
      <Section title={t("policy.title")}>
        <p className={`policy${r.policy.refundable ? " policy--free" : ""}`}>
          {r.policy.refundable ? (
            <CalendarCheck aria-hidden="true" focusable="false" size={20} />
          ) : (
            <CalendarX aria-hidden="true" focusable="false" size={20} />
          )}
          <span>{policy}</span>
        </p>
      </Section>
    </div>
  );
}
