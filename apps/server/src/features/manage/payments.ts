import { countInstallmentsBy, scheduleInstallments } from "@alloggio/domain/booking/installments";
import type {
  ActivateInstallmentsRequest,
  AuthoriseNowRequest,
  PaymentActionResponse,
  PayNowRequest,
} from "@alloggio/domain/contract/booking/manage";
import { fromMinor } from "@alloggio/domain/money/money";
import { isoToYmd, todayInZone, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import { AppError, badInput } from "../../http/errors";
import type { StoredReservation } from "../booking";
import { paymentProblem, settleLaterPayment, voucherPath } from "../booking";
import { type AuthoriseResult, redirectMethodsTaken } from "../payments";
import { lockHolderReservation, type ManageDeps, refused } from "./holder";
import { closeWaitingPayments } from "./payment-link";
import { recordGatewayPayment, replaceDuesWithPlan, restoreReplacedDues } from "./payments-repository";
import { findReservationStatus } from "./repository";

type Kind = "pay_now" | "authorise_now" | "installment";

const nothingDue = () => refused("nothing_due", "Nothing is due on this reservation");

function returnUrlOf(r: StoredReservation) {
  return voucherPath(
    { hotel: r.hotel.id, channel: r.channelId, language: r.languageId },
    r.code,
    r.email,
    "3ds",
  );
}

/**
 * Asks the gateway (outside any transaction), records its answer, ties the payments due to it and settles them
 * when it went through at once; a 3-D Secure challenge or a redirect method sends the guest to the gateway, whose
 * return goes through `confirmPayment.do`. A refusal changes nothing but the record.
 */
async function charge(
  deps: ManageDeps,
  r: StoredReservation,
  input: {
    kind: Kind;
    amountMinor: number;
    dueIds: number[];
    method: PayNowRequest["method"] | "pre_authorisation";
    cardToken?: string | undefined;
    cardLast4?: string | undefined;
  },
  baseUrl: string,
): Promise<PaymentActionResponse> {
  // The reservation's next payment attempt: a retry after a lost answer (the gateway started it, nothing was
  // recorded) is the same attempt and gets the same payment back; once an attempt is recorded, the next is new.
  const attempt = r.transactions.filter((t) => t.kind !== "refund").length + 1;
  const common = {
    amountMinor: input.amountMinor,
    currency: r.currency,
    reference: r.code,
    returnUrl: returnUrlOf(r),
    // The gateway's page speaks the guest's language, as the voucher it returns to.
    language: r.languageId,
    idempotencyKey: `${r.code}:${input.kind}:${input.method}:${input.amountMinor}:${attempt}`,
  };
  const gateway = await deps.gateways.forHotel(r.hotel.id);
  const { method } = input;
  const card = method === "card_payment" || method === "pre_authorisation";
  // The token of the gateway's framed card page; a gateway that takes the card on its own page needs none.
  if (card && !input.cardToken && gateway.cardEntry === "token") throw badInput("cardToken", "required");
  // A method the hotel's Stripe account has not switched on is not offered, nor taken.
  const taken = card ? null : await redirectMethodsTaken(deps.database, r.hotel.id);
  if (taken && !taken.includes(method)) throw badInput("method", "payment_method_not_available");
  // Only a payment that will be asked for closes the pages still open for the same dues.
  await closeWaitingPayments(deps, r, input.dueIds);
  let answer: AuthoriseResult;
  try {
    answer =
      method === "card_payment" || method === "pre_authorisation"
        ? await gateway.authorise({
            ...common,
            token: input.cardToken,
            capture: method === "card_payment",
          })
        : await gateway.startRedirect({ ...common, method });
  } catch (err) {
    throw paymentProblem(String((err as Error).message));
  }
  await deps.database.db.transaction(async (tx) => {
    await recordGatewayPayment(
      tx,
      {
        reservationId: r.id,
        gateway: gateway.name,
        gatewayRef: answer.ref,
        kind: input.kind,
        amountMinor: input.amountMinor,
        status: answer.status,
        cardLast4: input.cardLast4 ?? answer.cardLast4 ?? null,
        redirectUrl: answer.challengeUrl ?? null,
      },
      input.dueIds,
    );
  });
  if (answer.status === "declined")
    throw new AppError(
      answer.declineReason === "insufficient_funds" ? "card_insufficient_funds" : "card_declined",
      402,
      "The card was not accepted",
      [{ field: "cardToken", message: answer.declineReason ?? "declined" }],
    );
  const amount = fromMinor(input.amountMinor, r.decimalDigits);
  if (answer.status === "requires_challenge" || answer.status === "requires_action")
    return { status: r.status, next: "3ds", redirectUrl: answer.challengeUrl!, amount };
  await settleLaterPayment(
    deps,
    r.id,
    answer.ref,
    answer.status === "authorised" ? "authorised" : "captured",
    baseUrl,
  );
  const now = await findReservationStatus<PaymentActionResponse["status"]>(deps.database, r.id);
  return { status: now ?? r.status, next: "voucher", amount };
}

/** The payments due a "Pay now" settles: the one asked for, or everything due up to today (hotel-local). */
function dueToPay(r: StoredReservation, today: string, prepayment: number | undefined) {
  const due = r.payments.filter((p) => p.status === "due");
  if (prepayment !== undefined) {
    const one = due.filter((p) => p.id === prepayment);
    if (one.length === 0)
      throw new AppError("nothing_due", 409, "This payment is not due", [
        { field: "prepayment", message: "nothing_due" },
      ]);
    return one;
  }
  // A bank transfer's first payment is dated by its deadline (booking/bank-transfer.ts): paying it by card now
  // settles what the transfer would have.
  const upTo =
    r.paymentMethod === "bank_transfer" &&
    r.paymentDeadline &&
    isoToYmd(r.paymentDeadline.slice(0, 10)) > today
      ? isoToYmd(r.paymentDeadline.slice(0, 10))
      : today;
  return due.filter((p) => isoToYmd(p.dueDate) <= upTo);
}

/** `bol/reservation/:code/pay`: pay what is due now by card or a redirect method of the gateway. */
export async function payNow(deps: ManageDeps, code: string, req: PayNowRequest, baseUrl: string) {
  const { r, rows } = await deps.database.db.transaction(async (tx) => {
    const r = await lockHolderReservation(deps, tx, { code, mail: req.mail });
    if (r.status === "cancelled") throw refused("already_cancelled", "The reservation is cancelled");
    if (r.status === "preauth_required")
      throw refused("payment_pending", "The card must be authorised first");
    const rows = dueToPay(r, todayInZone(deps.now(), r.hotel.timeZone), req.prepayment);
    if (rows.length === 0) throw nothingDue();
    return { r, rows };
  });
  return charge(
    deps,
    r,
    {
      kind: "pay_now",
      amountMinor: rows.reduce((sum, p) => sum + p.amountMinor, 0),
      dueIds: rows.map((p) => p.id),
      method: req.method,
      cardToken: req.cardToken,
      cardLast4: req.cardLast4,
    },
    baseUrl,
  );
}

/** `bol/reservation/:code/authorise`: the card pre-authorisation a `preauth_required` booking waits for. */
export async function authoriseNow(
  deps: ManageDeps,
  code: string,
  req: AuthoriseNowRequest,
  baseUrl: string,
) {
  const r = await deps.database.db.transaction(async (tx) => {
    const r = await lockHolderReservation(deps, tx, { code, mail: req.mail });
    if (r.status !== "preauth_required") throw nothingDue();
    return r;
  });
  return charge(
    deps,
    r,
    {
      kind: "authorise_now",
      amountMinor: r.totalMinor,
      dueIds: [],
      method: "pre_authorisation",
      cardToken: req.cardToken,
      cardLast4: req.cardLast4,
    },
    baseUrl,
  );
}

/**
 * `bol/reservation/:code/installments`: what is left to pay becomes `count` monthly charges, the last no later
 * than the arrival day; the first is charged now on the card, each later one is announced by e-mail
 * INSTALLMENT_NOTICE_DAYS before its date and paid from the voucher ("Pay now" on that installment).
 */
export async function activateInstallments(
  deps: ManageDeps,
  code: string,
  req: ActivateInstallmentsRequest,
  baseUrl: string,
): Promise<PaymentActionResponse> {
  const { r, firstId, plan, dueIds, planIds } = await deps.database.db.transaction(async (tx) => {
    const r = await lockHolderReservation(deps, tx, { code, mail: req.mail });
    if (r.status !== "confirmed" && r.status !== "payment_required")
      throw refused(
        r.status === "cancelled" ? "already_cancelled" : "payment_pending",
        "Installments are not possible now",
      );
    const due = r.payments.filter((p) => p.status === "due");
    const remaining = due.reduce((sum, p) => sum + p.amountMinor, 0);
    if (remaining === 0) throw nothingDue();
    const today = todayInZone(deps.now(), r.hotel.timeZone);
    if (req.count > countInstallmentsBy(today, isoToYmd(r.arrival)))
      throw new AppError("invalid_input", 422, "count: out_of_range", [
        { field: "count", message: "out_of_range" },
      ]);
    const plan = scheduleInstallments({
      totalMinor: remaining,
      count: req.count,
      firstChargeDate: today,
      issuedOn: today,
    });
    // The plan replaces what was due; the rows stay, marked replaced, for the record.
    const inserted = await replaceDuesWithPlan(
      tx,
      due.map((p) => p.id),
      plan.map((i) => ({
        reservationId: r.id,
        dueDate: ymdToIso(i.chargeDate),
        amountMinor: i.amountMinor,
        kind: "installment",
        noticeDate: i.number === 1 ? null : ymdToIso(i.noticeDate),
      })),
    );
    return {
      r,
      firstId: inserted[0]!.id,
      plan,
      dueIds: due.map((p) => p.id),
      planIds: inserted.map((x) => x.id),
    };
  });
  let answer: PaymentActionResponse;
  try {
    answer = await charge(
      deps,
      r,
      {
        kind: "installment",
        amountMinor: plan[0]!.amountMinor,
        dueIds: [firstId],
        method: "card_payment",
        cardToken: req.cardToken,
        cardLast4: req.cardLast4,
      },
      baseUrl,
    );
  } catch (err) {
    // The first charge failed: no plan. What was due is due again, as it was.
    await deps.database.db.transaction(async (tx) => {
      await restoreReplacedDues(tx, planIds, dueIds);
    });
    throw err;
  }
  return {
    ...answer,
    installments: plan.map((i) => ({
      number: i.number,
      chargeDate: i.chargeDate,
      noticeDate: i.noticeDate,
      amount: fromMinor(i.amountMinor, r.decimalDigits),
    })),
  };
}
