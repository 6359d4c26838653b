import { cardEntryOf } from "@alloggio/domain/booking/card";
import { INSTALLMENT_NOTICE_DAYS, scheduleInstallments } from "@alloggio/domain/booking/installments";
import type { PaymentActionResponse } from "@alloggio/domain/contract/booking/manage";
import { currencyRules } from "@alloggio/domain/currency/currencies";
import { fromMinor, toMinor } from "@alloggio/domain/money/money";
import { todayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import { CreditCard, Lock } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { CardFrame, type CardToken } from "../../checkout/components/card-frame";
import "../../checkout/checkout.css";
import { useHotel } from "../../hotel/hotel-context";
import { CardGuard } from "../../tracking/card-guard";
import { activateInstallments } from "../api/use-activate-installments";
import { authoriseNow } from "../api/use-authorise-now";
import { type PayMethod, payNow } from "../api/use-pay-now";
import { type ManageContextValue, usePaidSoFar } from "../manage-context";
import { useManageAction } from "../use-manage-action";
import { useManageError } from "../use-manage-error";
import { useVoucherFormat } from "../use-voucher-format";
import { ActionButtons, ActionDialog, ActionProblem } from "./action-dialog";

type Holder = ManageContextValue["holder"];
const REDIRECT_METHODS = ["instant_bank", "wallet", "mobile"] as const;

const currentPath = () =>
  typeof window === "undefined" ? "/" : `${window.location.pathname}${window.location.search}`;

/** Whether this hotel's gateway answers a token from its framed card page, or takes the card on its own page. */
function useCardEntry() {
  const { hotel } = useHotel();
  return cardEntryOf(hotel.gateway);
}

/** The gateway's card page, or the saved card with a way to change it; a notice where the gateway takes the card. */
function CardArea({ card, onCard }: { card: CardToken | null; onCard: (card: CardToken | null) => void }) {
  const { t } = useTranslation("manage");
  const id = useId();
  const entry = useCardEntry();
  if (entry === "redirect")
    return (
      <p className="notice card-redirect manage-card">
        <Lock aria-hidden="true" focusable="false" size={18} />
        <span>{t("pay.cardOnGateway")}</span>
      </p>
    );
  return (
    <fieldset className="card-area manage-card">
      <legend className="subheading">{t("pay.card")}</legend>
      <p className="card-saved__status" role="status">
        {card ? (
          <>
            <CreditCard aria-hidden="true" focusable="false" size={18} />
            {t("pay.cardSaved", { last4: card.last4 })}
          </>
        ) : null}
      </p>
      {card ? (
        <button type="button" className="button button--secondary" onClick={() => onCard(null)}>
          {t("pay.cardChange")}
        </button>
      ) : (
        <>
          <p className="muted" id={`${id}-hint`}>
            {t("pay.cardHint")}
          </p>
          {/* Never beside a third-party script (ADR 0041). */}
          <CardGuard>
            <CardFrame returnPath={currentPath()} onToken={onCard} describedBy={`${id}-hint`} />
          </CardGuard>
        </>
      )}
    </fieldset>
  );
}

/** The gateway wants the guest on its page (3-D Secure, or a redirect method): off they go, back on the 3DS route. */
function followGateway(answer: PaymentActionResponse): boolean {
  if (answer.next === "3ds" && answer.redirectUrl) {
    window.location.assign(answer.redirectUrl);
    return true;
  }
  return false;
}

type PayArgs = {
  holder: Holder;
  method: PayMethod;
  prepayment?: number | undefined;
  card?: CardToken | undefined;
};
const payCall = ({ holder, method, prepayment, card }: PayArgs, key: string) =>
  payNow(
    holder,
    { method, prepayment, card: card ? { cardToken: card.token, cardLast4: card.last4 } : undefined },
    key,
  );

/** The redirect methods Pay now offers: the ones the hotel's gateway account takes, when the server says which. */
const offeredRedirects = (taken: readonly string[] | null | undefined) =>
  taken ? REDIRECT_METHODS.filter((m) => taken.includes(m)) : REDIRECT_METHODS;

/** Pay now: by card on the gateway's card page, or on the gateway's own page for the redirect methods. */
export function PayNowDialog({ manage }: { manage: ManageContextValue }) {
  const { t } = useTranslation("manage");
  const { t: tv } = useTranslation("voucher");
  const { reservation, holder, abilities } = manage;
  const format = useVoucherFormat(reservation.currency);
  const errorText = useManageError();
  const id = useId();
  const [method, setMethod] = useState<PayMethod>("card_payment");
  const [card, setCard] = useState<CardToken | null>(null);
  const entry = useCardEntry();
  const tokenCard = method === "card_payment" && entry === "token";
  const [problem, setProblem] = useState<string | null>(null);
  const action = useManageAction(payCall);
  const sending = action.state.kind === "sending";
  const leaving = action.state.kind === "done" && action.state.result.next === "3ds";
  const paidSoFar = usePaidSoFar(reservation, abilities.leftToPay);

  const pay = async () => {
    setProblem(null);
    if (tokenCard && !card) {
      setProblem(t("pay.cardRequired"));
      return;
    }
    const outcome = await action.run({
      holder,
      method,
      prepayment: abilities.payNowPrepayment,
      card: tokenCard ? (card ?? undefined) : undefined,
    });
    if (!outcome.ok) {
      if (outcome.error?.code === "payment_failed" || outcome.error?.code === "card_declined") setCard(null);
      return;
    }
    if (followGateway(outcome.result)) return;
    // The amounts as they stand after this payment (the voucher reloads them too).
    const amount = outcome.result.amount;
    manage.close(`${t("pay.done", { amount: format.money(amount) })} ${paidSoFar(amount)}`);
  };

  return (
    <ActionDialog title={t("pay.title")} onClose={() => manage.close()} busy={sending || leaving} wide>
      {abilities.payNowAmount > 0 ? (
        <p className="manage-verdict">{t("pay.amount", { amount: format.money(abilities.payNowAmount) })}</p>
      ) : (
        <p>{t("pay.amountUnknown")}</p>
      )}
      <fieldset className="methods">
        <legend>{t("pay.method")}</legend>
        {(["card_payment", ...offeredRedirects(reservation.payMethods)] as const).map((m) => (
          <div key={m} className={`method${method === m ? " method--chosen" : ""}`}>
            <input
              id={`${id}-${m}`}
              type="radio"
              name={`${id}-method`}
              value={m}
              checked={method === m}
              onChange={() => setMethod(m)}
            />
            <div className="method__text">
              <label htmlFor={`${id}-${m}`}>{tv(`payment.methods.${m}`)}</label>
              {m === "card_payment" ? null : <span className="muted">{t("pay.redirectHint")}</span>}
            </div>
          </div>
        ))}
      </fieldset>
      {method === "card_payment" ? <CardArea card={card} onCard={setCard} /> : null}
      <ActionProblem
        message={problem ?? (action.state.kind === "failed" ? errorText(action.state.error) : null)}
      />
      {leaving ? <p role="status">{t("pay.leaving")}</p> : null}
      <ActionButtons
        backLabel={t("close")}
        onBack={() => manage.close()}
        backDisabled={sending || leaving}
        label={
          sending
            ? t("sending")
            : tokenCard
              ? abilities.payNowAmount > 0
                ? t("pay.submitAmount", { amount: format.money(abilities.payNowAmount) })
                : t("pay.submit")
              : t("pay.toGateway")
        }
        onAction={pay}
        disabled={sending || leaving}
      />
    </ActionDialog>
  );
}

const tokenOf = (card: CardToken | undefined) =>
  card ? { cardToken: card.token, cardLast4: card.last4 } : undefined;

type AuthoriseArgs = { holder: Holder; card: CardToken | undefined };
const authoriseCall = ({ holder, card }: AuthoriseArgs, key: string) =>
  authoriseNow(holder, tokenOf(card), key);

/** Authorise now: the card pre-authorisation a `preauth_required` booking waits for. */
export function AuthoriseDialog({ manage }: { manage: ManageContextValue }) {
  const { t } = useTranslation("manage");
  const { reservation, holder } = manage;
  const format = useVoucherFormat(reservation.currency);
  const errorText = useManageError();
  const [card, setCard] = useState<CardToken | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const tokenCard = useCardEntry() === "token";
  const action = useManageAction(authoriseCall);
  const sending = action.state.kind === "sending";
  const leaving = action.state.kind === "done" && action.state.result.next === "3ds";

  const authorise = async () => {
    setProblem(null);
    if (tokenCard && !card) {
      setProblem(t("pay.cardRequired"));
      return;
    }
    const outcome = await action.run({ holder, card: tokenCard ? (card ?? undefined) : undefined });
    if (!outcome.ok) {
      if (outcome.error?.code === "payment_failed") setCard(null);
      return;
    }
    if (followGateway(outcome.result)) return;
    manage.close(t("authorise.done", { amount: format.money(outcome.result.amount) }));
  };

  return (
    <ActionDialog title={t("authorise.title")} onClose={() => manage.close()} busy={sending || leaving} wide>
      <p>{t("authorise.text", { amount: format.money(reservation.total) })}</p>
      <CardArea card={card} onCard={setCard} />
      <ActionProblem
        message={problem ?? (action.state.kind === "failed" ? errorText(action.state.error) : null)}
      />
      {leaving ? <p role="status">{t("pay.leaving")}</p> : null}
      <ActionButtons
        backLabel={t("close")}
        onBack={() => manage.close()}
        backDisabled={sending}
        label={sending ? t("sending") : t("authorise.submit")}
        onAction={authorise}
        disabled={sending || leaving}
      />
    </ActionDialog>
  );
}

type InstallmentArgs = { holder: Holder; count: number; card: CardToken | undefined };
const installmentsCall = ({ holder, count, card }: InstallmentArgs, key: string) =>
  activateInstallments(holder, count, tokenOf(card), key);

const rulesOf = (currency: string) => {
  try {
    return currencyRules(currency);
  } catch {
    return { code: currency, decimalDigits: 2, rounding: 0 };
  }
};

/** Activate installments: how many monthly charges, the plan they make, the card that pays them. */
export function InstallmentsDialog({ manage }: { manage: ManageContextValue }) {
  const { t } = useTranslation("manage");
  const { hotel } = useHotel();
  const { reservation, holder, abilities } = manage;
  const format = useVoucherFormat(reservation.currency);
  const errorText = useManageError();
  const id = useId();
  const counts = abilities.installmentCounts;
  const [count, setCount] = useState(counts[0] ?? 2);
  const [card, setCard] = useState<CardToken | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const tokenCard = useCardEntry() === "token";
  const action = useManageAction(installmentsCall);
  const sending = action.state.kind === "sending";
  const done = action.state.kind === "done" ? action.state.result : null;

  const rules = rulesOf(reservation.currency);
  const today = todayInZone(new Date(), hotel.timeZone);
  const plan = done?.installments
    ? done.installments
    : scheduleInstallments({
        totalMinor: toMinor(abilities.leftToPay, rules.decimalDigits),
        count,
        firstChargeDate: today,
        issuedOn: today,
        currency: rules,
      }).map((p) => ({ ...p, amount: fromMinor(p.amountMinor, rules.decimalDigits) }));

  const activate = async () => {
    setProblem(null);
    if (tokenCard && !card) {
      setProblem(t("pay.cardRequired"));
      return;
    }
    const outcome = await action.run({ holder, count, card: tokenCard ? (card ?? undefined) : undefined });
    if (!outcome.ok) {
      if (outcome.error?.code === "payment_failed") setCard(null);
      return;
    }
    followGateway(outcome.result);
  };

  return (
    <ActionDialog
      title={t("installments.title")}
      onClose={() => manage.close(done ? t("installments.done") : undefined)}
      busy={sending}
      wide
    >
      {done ? (
        <p role="status" className="manage-verdict manage-verdict--free">
          {t("installments.done")}
        </p>
      ) : (
        <>
          <p>
            {t("installments.text", {
              amount: format.money(abilities.leftToPay),
              days: INSTALLMENT_NOTICE_DAYS,
            })}
          </p>
          <div className="field">
            <label htmlFor={`${id}-count`}>{t("installments.count")}</label>
            <select id={`${id}-count`} value={count} onChange={(e) => setCount(Number(e.target.value))}>
              {counts.map((n) => (
                <option key={n} value={n}>
                  {t("installments.countOption", { count: n })}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
      <table className="voucher-table manage-plan" aria-live="polite">
        <caption className="visually-hidden">{t("installments.plan")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("installments.number")}</th>
            <th scope="col">{t("installments.chargeDate")}</th>
            <th scope="col" className="voucher-table__amount">
              {t("installments.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {plan.map((p) => (
            <tr key={p.number}>
              <td>{p.number}</td>
              <td>
                {format.day(p.chargeDate)}
                {p.number > 1 ? (
                  <span className="muted manage-plan__notice">
                    {" "}
                    {t("installments.notice", { date: format.day(p.noticeDate) })}
                  </span>
                ) : null}
              </td>
              <td className="voucher-table__amount">{format.money(p.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {done ? (
        <div className="manage-actions-row">
          <button type="button" className="button" onClick={() => manage.close(t("installments.done"))}>
            {t("close")}
          </button>
        </div>
      ) : (
        <>
          <CardArea card={card} onCard={setCard} />
          <ActionProblem
            message={problem ?? (action.state.kind === "failed" ? errorText(action.state.error) : null)}
          />
          <ActionButtons
            backLabel={t("close")}
            onBack={() => manage.close()}
            backDisabled={sending}
            label={sending ? t("sending") : t("installments.submit")}
            onAction={activate}
            disabled={sending}
          />
        </>
      )}
    </ActionDialog>
  );
}
