import { randomBytes } from "node:crypto";
import { validateCheckout } from "@alloggio/domain/booking/guest-form";
import { stayPaymentMethods } from "@alloggio/domain/booking/rate-payment-methods";
import { encodeReservationCode } from "@alloggio/domain/booking/reservation-code";
import type { GuestDataRequest } from "@alloggio/domain/contract/booking/guestdata";
import { fromMinor } from "@alloggio/domain/money/money";
import { offerTransition } from "@alloggio/domain/offers/offer-state";
import type { Database, Tx } from "../../db/client";
import { AppError, badInput, notFound } from "../../http/errors";
import type { IdempotencyClaim } from "../../http/idempotency";
import { crashPoint } from "../../testing/crash-points";
import { enqueueReservationMails, reservationMailRecipes } from "../mail";
import { isRedirectMethod, type PaymentGateway, type PaymentGateways, REDIRECT_METHODS } from "../payments";
import type { SearchCache } from "../search";
import { releaseInventory, setStatus } from "./changes-repository";
import { optionExpiry } from "./options";
import {
  findReservationByCode,
  findWaitingLaterPayments,
  insertPayment,
  insertPaymentReceived,
  latestPaymentOf,
  linkDuesToPayment,
  lockOfferOfReservation,
  paymentKindOf,
  paymentOfRef,
  reopenOffer,
  reservationCodeOfPayment,
  reservationStatusOf,
  settleDuesOfPayment,
  settleDuesUpToToday,
  updatePaymentStatus,
  wasEverConfirmed,
} from "./payment-repository";
import { type PricedBooking, type PricingOptions, priceBooking } from "./pricing";
import { type HotelFacts, loadBookingStart } from "./pricing-repository";
import {
  findAbandonedHolds,
  insertReservation,
  type ReservationInput,
  takeInventory,
  writeBooking,
} from "./repository";
import { runWorkflow, type Step } from "./workflow";

export type BookingDeps = {
  database: Database;
  now: () => Date;
  overrideSecret: string;
  /** The site's payment gateways: each hotel's own, or the server's default. */
  gateways: PaymentGateways;
  /** Where the searches keep hotels' catalogues, which pricing shares (ADR 0057); none when absent. */
  searchCache?: SearchCache | null;
};

const CARD_METHODS = new Set(["card_payment", "pre_authorisation", "card_guarantee"]);

export type PrepaidCheck = {
  currency: string;
  total: number;
  roomsTotal: number;
  servicesTotal: number;
  refundProtection: number;
  cityTax: number;
  dueNow: number;
  dueLater: { date: string; amount: number }[];
  paymentMethods: string[];
};

/**
 * The payment methods a booking can use: what its rates allow (SPEC §9), with the gateway's redirect methods the
 * hotel enables (`settings.paymentMethods`): instant bank, wallet and mobile payment when something is due now, a
 * link to pay later when anything is to be prepaid; bank transfer when the hotel says where transfers go.
 */
function allowedMethods(p: PricedBooking): string[] {
  return stayPaymentMethods({
    kinds: p.rooms.map((r) => r.paymentKind),
    redirectMethods: REDIRECT_METHODS,
    enabledMethods: p.enabledMethods,
    dueNowMinor: p.dueNow,
    prepaidMinor: prepaymentMinor(p),
    bank: Boolean(p.bankTransfer),
  });
}

/** Everything the schedule asks before the stay: due now and on later dates. */
const prepaymentMinor = (p: PricedBooking) => p.dueNow + p.dueLater.reduce((a, d) => a + d.amount, 0);

/** `guestdata.do` with `checkPrepaid=1`: what the booking costs, what is due now and what later. */
export async function checkPrepaid(
  deps: BookingDeps,
  req: GuestDataRequest,
  pricing: PricingOptions = {},
): Promise<PrepaidCheck> {
  const p = await priceBooking(deps.database, req, deps, pricing);
  const money = (minor: number) => fromMinor(minor, p.digits);
  return {
    currency: p.currency,
    total: money(p.totalMinor),
    roomsTotal: money(p.roomsTotalMinor),
    servicesTotal: money(p.servicesTotalMinor),
    refundProtection: money(p.refundProtectionMinor),
    cityTax: money(p.cityTaxMinor),
    dueNow: money(p.dueNow),
    dueLater: p.dueLater.map((d) => ({ date: d.date, amount: money(d.amount) })),
    paymentMethods: allowedMethods(p),
  };
}

export type ConfirmAnswer = {
  reservation: { code: string; status: string; total: number; currency: string; email: string };
  next: "voucher" | "3ds";
  redirectUrl?: string;
};

export async function cancelForPayment(deps: BookingDeps, id: number, reason: string) {
  await deps.database.db.transaction(async (tx) => {
    if (
      await setStatus(
        tx,
        id,
        ["pending_confirmation", "payment_required", "preauth_required"],
        "cancelled",
        "payment_failed",
        { reason },
      )
    ) {
      await releaseInventory(tx, id);
      // A booking made by confirming an offer: the offer opens again, the recipient may try another card (ADR 0035).
      await reopenOfferForPayment(tx, id, reason, deps.now());
    }
  });
}

/**
 * A confirmed offer whose reservation is cancelled because its payment failed (declined card, failed 3-D Secure,
 * abandoned redirect) opens again for its recipient (ADR 0035), in the cancellation's own transaction, with a
 * history row. Part of undoing the payment, so booking's: the offer's states are the domain's.
 */
async function reopenOfferForPayment(
  tx: Tx,
  reservationId: number,
  reason: string,
  now: Date,
): Promise<boolean> {
  const row = await lockOfferOfReservation(tx, reservationId);
  if (!row) return false;
  const next = offerTransition(
    { state: row.state, expiresAt: new Date(row.expiresAt) },
    "payment_failed",
    now,
  );
  if (!next.ok) return false;
  await reopenOffer(tx, row, next.state, { reservationId, reason }, now);
  return true;
}

/**
 * What a caller booking on behalf of something else adds to `confirmBooking` (a personalised offer, ADR 0035):
 * held service prices, and a step inside the booking's own transaction, after the reservation is written and before
 * the inventory is taken; whatever it throws rolls the whole booking back.
 */
export type ConfirmBookingHooks = {
  pricing?: PricingOptions;
  inTransaction?: (tx: Tx, reservationId: number) => Promise<void>;
};

/** Confirms a waiting booking once; `paid` settles what was due up to today (null: nothing was paid yet). */
async function confirmPaid(
  deps: BookingDeps,
  id: number,
  baseUrl: string,
  paid: "paid" | "authorised" | null,
) {
  return deps.database.db.transaction(async (tx) => {
    const changed = await setStatus(
      tx,
      id,
      ["pending_confirmation", "payment_required", "preauth_required"],
      "confirmed",
      paid ? "payment_succeeded" : "confirmed",
      { paid },
    );
    if (!changed) return false;
    // The share due now is settled: everything dated up to hotel-local today (by the app's clock).
    const now = deps.now().toISOString();
    if (paid) await settleDuesUpToToday(tx, id, paid, now);
    await enqueueReservationMails(tx, id, { baseUrl, now: deps.now() });
    crashPoint("before_payment_commit");
    return true;
  });
}

export function voucherPath(
  req: Pick<GuestDataRequest, "hotel" | "channel" | "language">,
  code: string,
  email: string,
  page: "voucher" | "3ds",
) {
  const base = `/hotel/${req.hotel}/channel/${req.channel}/language/${req.language}`;
  return page === "voucher"
    ? `${base}/voucher/code/${code}/email/${encodeURIComponent(email)}`
    : `${base}/3ds/code/${code}/email/${encodeURIComponent(email)}`;
}

/**
 * The rules of SPEC §5 that depend on the hotel (mandatory address, city, guest names, its own privacy
 * policies), checked on the server like every other: a 422 naming each field, with the error code as message.
 */
function checkHotelRules(req: GuestDataRequest, settings: HotelFacts | undefined): HotelFacts {
  if (!settings) throw notFound("hotel", "Unknown hotel");
  const errors = validateCheckout(req, {
    addressMandatory: settings.address,
    cityMandatory: settings.city,
    guestsMandatory: settings.guests,
    mandatoryPrivacyIds: settings.privacy,
  });
  if (errors.length > 0)
    throw new AppError(
      "invalid_input",
      422,
      `${errors[0]!.field}: ${errors[0]!.code}`,
      errors.map((e) => ({ field: e.field, message: e.code })),
    );
  return settings;
}

/** The reservation a booking's answer names (its total in minor units until it is answered). */
type BookingResult = { code: string; status: string; total: number; currency: string; email: string };

const answerOf = (r: BookingResult, digits: number): ConfirmAnswer => ({
  reservation: { ...r, total: fromMinor(r.total, digits) },
  next: "voucher",
});

/** What the steps of a booking share (ADR 0008): the booking as priced, and what its steps found out. */
type BookingState = {
  deps: BookingDeps;
  req: GuestDataRequest;
  priced: PricedBooking;
  input: ReservationInput;
  baseUrl: string;
  hooks: ConfirmBookingHooks;
  claim: IdempotencyClaim | null;
  /** The mails go with the rows: an option, or a booking confirmed at once. */
  withMails: boolean;
  /** The answer when nothing is asked of a gateway: known before the commit. */
  known: ConfirmAnswer | null;
  result: BookingResult;
  /** The reservation the hold wrote. */
  id: number;
  /** Why the gateway refused the payment (set by the pay step as it fails): the hold's undo cancels for it. */
  refused: string | null;
  /** What the confirmation settles of the payments due (null: nothing paid yet, a payment link). */
  paid: "paid" | "authorised" | null;
  /** The hotel's gateway, for a method that asks one. */
  gateway: PaymentGateway | null;
};

/**
 * Hold: the reservation and the inventory in one transaction (exactly once per Idempotency-Key). Its undo, after a
 * payment the gateway refused, cancels the reservation and gives the nights back (`cancelForPayment`); any other
 * failure leaves the hold to the sweep, which asks the gateway first (the money may have been taken).
 */
const holdStep: Step<BookingState, ConfirmAnswer> = {
  name: "hold",
  run: async (b) => {
    const { deps, input, priced, hooks, claim, known, baseUrl } = b;
    const storeAnswer = known !== null && claim !== null && !hooks.inTransaction;
    if (hooks.inTransaction) {
      const step = hooks.inTransaction;
      // The rows first, the contended inventory UPDATE last: its row locks are then held only until the commit.
      b.id = await deps.database.db.transaction(async (tx) => {
        const reservationId = await insertReservation(tx, input);
        await step(tx, reservationId);
        if (b.withMails) await enqueueReservationMails(tx, reservationId, { baseUrl, now: deps.now() });
        await takeInventory(tx, priced.rooms, { reservationId, now: deps.now() });
        crashPoint("after_inventory");
        crashPoint("before_commit");
        return reservationId;
      });
    } else {
      // Without a step of a caller's, the transaction is one statement (ADR 0052): the rows, the mails, the answer
      // and the inventory; its row locks are held for that statement only. The crash points fall after its commit,
      // before the answer is sent.
      b.id = await writeBooking(deps.database, input, {
        mails: b.withMails
          ? {
              recipes: reservationMailRecipes(baseUrl, undefined, input.tradeUserId !== null),
              now: deps.now(),
            }
          : null,
        answer: storeAnswer ? { scope: claim.scope, key: claim.key, body: known } : null,
      });
      crashPoint("after_inventory");
      crashPoint("before_commit");
    }
    if (known) {
      if (storeAnswer) claim.stored = true;
      return known;
    }
    return undefined;
  },
  undo: async (b) => {
    if (b.refused !== null) await cancelForPayment(b.deps, b.id, b.refused);
  },
};

/**
 * Pay: the gateway is asked, outside any transaction. A refusal fails the step (the hold is undone); a 3-D Secure
 * challenge or a redirect ends the booking waiting for `confirmPayment.do`. Nothing to undo of its own: a refused
 * payment took nothing.
 */
const payStep: Step<BookingState, ConfirmAnswer> = {
  name: "pay",
  run: (b) => (isRedirectMethod(b.req.payment.method) ? startRedirectPayment(b) : authoriseCard(b)),
};

/** Confirm: the conditional status update, what was paid, the mails, in one transaction (once). */
const confirmStep: Step<BookingState, ConfirmAnswer> = {
  name: "confirm",
  run: async (b) => {
    await confirmPaid(b.deps, b.id, b.baseUrl, b.paid);
    return answerOf({ ...b.result, status: "confirmed" }, b.priced.digits);
  },
};

/**
 * `guestdata.do` confirm: hold → pay → confirm, each step with its undo (ADR 0008). The reads before the steps
 * (an earlier booking of the key, the hotel's rules, the price, the option) change nothing. Then one transaction
 * takes the inventory with the conditional update and writes the reservation (exactly once per Idempotency-Key);
 * the gateway is asked (never inside a transaction); a decline cancels and gives the rooms back; a 3-D Secure
 * challenge leaves the reservation waiting for `confirmPayment.do`.
 */
export async function confirmBooking(
  deps: BookingDeps,
  req: GuestDataRequest,
  idempotencyKey: string,
  baseUrl: string,
  /** A trade booking: the session's user (the customer is `req.customer`, taken from the session too). */
  trade: { userId: number } | null = null,
  hooks: ConfirmBookingHooks = {},
  /** The request's Idempotency-Key: an answer known before the commit is stored by the booking's statement. */
  claim: IdempotencyClaim | null = null,
): Promise<ConfirmAnswer> {
  const { database } = deps;
  // A booking this key made already, the hotel's rules and the facts its price needs: one statement.
  const start = await loadBookingStart(database, idempotencyKey, req.hotel, req.channel);
  if (start.earlier) return answerOf(start.earlier, 2);
  const facts = checkHotelRules(req, start.facts);
  const method = req.payment.method;
  // The hotel's gateway, asked once: a card's token is needed only where it frames its card page in ours.
  const gateway =
    CARD_METHODS.has(method) || isRedirectMethod(method) ? await deps.gateways.forHotel(req.hotel) : null;
  if (CARD_METHODS.has(method) && !req.payment.cardToken && gateway?.cardEntry === "token")
    throw badInput("payment.cardToken", "required");
  const priced = await priceBooking(database, req, deps, { ...hooks.pricing, facts });
  if (!allowedMethods(priced).includes(method))
    throw badInput("payment.method", "payment_method_not_available");

  const optionExpiresAt = await optionExpiry(database, priced, method, deps.now(), trade !== null);
  const code = encodeReservationCode(randomBytes(10));
  const email = req.booker.email.trim().toLowerCase();
  // Pay at the hotel, or a bank transfer still to arrive, without an option: nothing to ask a gateway, so the
  // booking is confirmed in the transaction that writes it (created, then confirmed, in its history).
  const confirmNow = !isRedirectMethod(method) && !optionExpiresAt && !CARD_METHODS.has(method);
  const input: ReservationInput = {
    code,
    idempotencyKey,
    status: "pending_confirmation" as const,
    req,
    priced,
    optionExpiresAt,
    tradeUserId: trade?.userId ?? null,
    confirmNow,
    now: deps.now(),
  };
  // An option: held until the hotel confirms it or it runs out (the timed job); the mails, which say until when,
  // go with the rows, so a crash cannot leave an option nobody was told about. A booking confirmed at once: its
  // confirmation. Two small rows the outbox worker renders (ADR 0047).
  const withMails = optionExpiresAt !== null || confirmNow;
  const result = {
    code,
    status: "pending_confirmation",
    total: priced.totalMinor,
    currency: priced.currency,
    email,
  };
  // Nothing to ask a gateway: the answer is known now, and commits with the booking (ADR 0052).
  const known = isRedirectMethod(method)
    ? null
    : optionExpiresAt
      ? answerOf(result, priced.digits)
      : confirmNow
        ? answerOf({ ...result, status: "confirmed" }, priced.digits)
        : null;
  return runWorkflow("booking", [holdStep, payStep, confirmStep], {
    deps,
    req,
    priced,
    input,
    baseUrl,
    hooks,
    claim,
    withMails,
    known,
    result,
    id: 0,
    refused: null,
    paid: null,
    gateway,
  });
}

/** The pay step of a card: authorised, captured or a guarantee (nothing taken); a challenge waits for 3-D Secure. */
async function authoriseCard(b: BookingState): Promise<ConfirmAnswer | undefined> {
  const { deps, req, priced, result, id } = b;
  const method = req.payment.method;
  const capture = method === "card_payment";
  const amount =
    method === "card_guarantee" ? 0 : method === "pre_authorisation" ? priced.totalMinor : priced.dueNow;
  const gateway = b.gateway!;
  let auth: Awaited<ReturnType<PaymentGateway["authorise"]>>;
  try {
    auth = await gateway.authorise({
      token: req.payment.cardToken,
      amountMinor: amount,
      currency: priced.currency,
      reference: result.code,
      capture,
      returnUrl: voucherPath(req, result.code, result.email, "3ds"),
      language: req.language,
      // The booking's one payment: its reservation code is new with each booking.
      idempotencyKey: `${result.code}:booking:${method}:${amount}`,
    });
  } catch (err) {
    b.refused = "gateway_error";
    throw new AppError(
      "payment_failed",
      402,
      "There was a problem processing the payment, please try again",
      [{ field: "payment", message: String((err as Error).message) }],
    );
  }
  crashPoint("after_gateway");
  await insertPayment(deps.database.db, {
    reservationId: id,
    gateway: gateway.name,
    gatewayRef: auth.ref,
    kind: capture ? "capture" : "authorise",
    amountMinor: amount,
    status: auth.status,
    cardLast4: req.payment.cardLast4 ?? auth.cardLast4 ?? null,
  });
  if (auth.status === "declined") {
    b.refused = auth.declineReason ?? "declined";
    throw new AppError(
      auth.declineReason === "insufficient_funds" ? "card_insufficient_funds" : "card_declined",
      402,
      "The card was not accepted",
      [{ field: "payment.cardToken", message: auth.declineReason ?? "declined" }],
    );
  }
  // A 3-D Secure challenge, or a gateway whose own page takes the card: the booking waits for the guest there.
  if (auth.status === "requires_challenge" || auth.status === "requires_action") {
    const waiting = method === "pre_authorisation" ? "preauth_required" : "payment_required";
    await deps.database.db.transaction((tx) =>
      setStatus(tx, id, ["pending_confirmation"], waiting, "challenge_required", { ref: auth.ref }),
    );
    return {
      reservation: { ...result, status: waiting, total: fromMinor(priced.totalMinor, priced.digits) },
      next: "3ds",
      redirectUrl: auth.challengeUrl!,
    };
  }
  b.paid = capture ? "paid" : "authorised";
  return undefined;
}

export const paymentProblem = (message: string) =>
  new AppError("payment_failed", 402, "There was a problem processing the payment, please try again", [
    { field: "payment", message },
  ]);

/**
 * The pay step of a method completed on the gateway's page. Instant bank, wallet and mobile payment send the guest
 * there now and confirm on return (after `confirmPayment.do` asked the gateway); a payment link goes on to the
 * confirm step at once (nothing paid yet) and the link, valid for the whole prepayment, goes out in the
 * confirmation mail.
 */
async function startRedirectPayment(b: BookingState): Promise<ConfirmAnswer | undefined> {
  const { deps, req, priced, result, id } = b;
  const method = req.payment.method as (typeof REDIRECT_METHODS)[number];
  const link = method === "pay_by_link";
  const amount = link ? prepaymentMinor(priced) : priced.dueNow;
  const gateway = b.gateway!;
  let started: Awaited<ReturnType<PaymentGateway["startRedirect"]>>;
  try {
    started = await gateway.startRedirect({
      method,
      amountMinor: amount,
      currency: priced.currency,
      reference: result.code,
      returnUrl: voucherPath(req, result.code, result.email, "3ds"),
      language: req.language,
      idempotencyKey: `${result.code}:booking:${method}:${amount}`,
    });
  } catch (err) {
    b.refused = "gateway_error";
    throw paymentProblem(String((err as Error).message));
  }
  if (started.status !== "requires_action" || !started.challengeUrl) {
    b.refused = started.declineReason ?? "declined";
    throw paymentProblem(started.declineReason ?? "declined");
  }
  crashPoint("after_gateway");
  await insertPayment(deps.database.db, {
    reservationId: id,
    gateway: gateway.name,
    gatewayRef: started.ref,
    kind: link ? "link" : "capture",
    amountMinor: amount,
    status: started.status,
    redirectUrl: started.challengeUrl,
  });
  if (link) {
    await linkDuesToPayment(deps.database, id, started.ref);
    b.paid = null;
    return undefined;
  }
  await deps.database.db.transaction((tx) =>
    setStatus(tx, id, ["pending_confirmation"], "payment_required", "redirect_required", {
      ref: started.ref,
    }),
  );
  const total = fromMinor(priced.totalMinor, priced.digits);
  return {
    reservation: { ...result, status: "payment_required", total },
    next: "3ds",
    redirectUrl: started.challengeUrl,
  };
}

/**
 * Payments started after the booking (a payment link, pay now, authorise now, an installment, a card guarantee
 * charged by the hotel).
 */
const LATER_PAYMENTS = new Set(["link", "pay_now", "authorise_now", "installment", "penalty"]);

/**
 * A later payment the gateway says went through: the payments due it was started for are settled, a booking
 * waiting for it is confirmed, once, and the guest and the hotel are told.
 */
export async function settleLaterPayment(
  deps: BookingDeps,
  id: number,
  ref: string,
  outcome: "captured" | "authorised",
  baseUrl: string,
) {
  await deps.database.db.transaction(async (tx) => {
    const paid = outcome === "captured" ? "paid" : "authorised";
    const rows = await settleDuesOfPayment(tx, id, ref, paid, deps.now());
    const confirmed = await setStatus(
      tx,
      id,
      ["payment_required", "preauth_required"],
      "confirmed",
      outcome === "captured" ? "payment_succeeded" : "preauth_succeeded",
      { ref },
    );
    if (!confirmed && rows > 0) await insertPaymentReceived(tx, id, ref);
    if (!confirmed && rows === 0) return;
    // The mail says what came in: the first installment of a plan activates it; anything else is a payment.
    const payment = await paymentKindOf(tx, ref);
    await enqueueReservationMails(tx, id, {
      baseUrl,
      now: deps.now(),
      change:
        payment?.kind === "installment"
          ? { kind: "installments_activated" }
          : {
              kind: "payment_received",
              amountMinor: payment?.amountMinor ?? 0,
              authorised: paid === "authorised",
            },
    });
  });
}

/**
 * `confirmPayment.do`: after a 3-D Secure return the server asks the gateway itself; the return URL alone never
 * confirms. Safe to call any number of times: the state changes once.
 */
export async function confirmPayment(
  deps: BookingDeps,
  /** `gateway` as SPEC's call sends it; the payment's own row says which gateway answers for it. */
  input: { reservation: string; gateway?: string },
  baseUrl: string,
  /** A gateway event's payment: that one is checked, not the reservation's latest (which may be another page). */
  ref?: string,
): Promise<{ status: string; paid: boolean }> {
  const { db } = deps.database;
  const row = await findReservationByCode(db, input.reservation);
  if (!row) throw notFound("reservation", "Reservation not found: check the details");
  const named = ref && input.gateway ? await paymentOfRef(db, row.id, input.gateway, ref) : undefined;
  const tx = named ?? (await latestPaymentOf(db, row.id));
  if (!tx) return { status: row.status, paid: row.status === "confirmed" };
  // The gateway that took the payment answers for it, even if the hotel has changed gateway since.
  const gateway = await deps.gateways.named(tx.gateway, row.hotelId);
  const payment = gateway ? await gateway.retrieve(tx.gatewayRef) : null;
  if (!payment) return { status: row.status, paid: false };
  // A hold the hotel released reads "declined" at the gateway: the record keeps why.
  const released = tx.status === "released" && payment.status === "declined";
  if (payment.status !== tx.status && !released) await updatePaymentStatus(db, tx.id, payment.status);
  const through = payment.status === "captured" || payment.status === "authorised";
  if (LATER_PAYMENTS.has(tx.kind)) {
    // Paid or refused after the booking: a refusal never cancels it (the guest may try again). A cancelled
    // reservation takes only its late-cancellation charge.
    if (through && (row.status !== "cancelled" || tx.kind === "penalty"))
      await settleLaterPayment(
        deps,
        row.id,
        tx.gatewayRef,
        payment.status as "captured" | "authorised",
        baseUrl,
      );
    const now = await reservationStatusOf(db, row.id);
    return { status: now?.status ?? row.status, paid: through };
  }
  // The booking's own payment confirms only a booking that never was: a confirmed booking waiting again (the
  // extra of a change) waits for a payment of its own.
  // Another call may have settled it since `row` was read: answer with the status as it stands now.
  const currentStatus = async () => {
    const current = await reservationStatusOf(db, row.id);
    return current?.status ?? row.status;
  };
  if (row.status === "confirmed" || row.status === "cancelled" || (await wasEverConfirmed(deps, row.id))) {
    const status = await currentStatus();
    return { status, paid: through && status === "confirmed" };
  }
  if (payment.status === "authorised" || payment.status === "captured") {
    const changed = await confirmPaid(
      deps,
      row.id,
      baseUrl,
      payment.status === "captured" ? "paid" : "authorised",
    );
    const status = changed ? "confirmed" : await currentStatus();
    return { status, paid: status === "confirmed" };
  }
  if (payment.status === "declined") {
    await cancelForPayment(deps, row.id, payment.declineReason ?? "declined");
    return { status: await currentStatus(), paid: false };
  }
  return { status: await currentStatus(), paid: false };
}

/**
 * A gateway event (webhook) about payment `ref`: that payment is checked with the gateway exactly as
 * `confirmPayment.do` checks the reservation's latest one (another page opened since must not hide a payment made on
 * this one); an unknown ref is acknowledged and ignored.
 */
export async function handleGatewayEvent(
  deps: BookingDeps,
  gateway: string,
  ref: string,
  baseUrl: string,
): Promise<{ received: true; status: string | null }> {
  const row = await reservationCodeOfPayment(deps.database, gateway, ref);
  if (!row) return { received: true, status: null };
  const answer = await confirmPayment(deps, { reservation: row.code, gateway }, baseUrl, ref);
  return { received: true, status: answer.status };
}

/** How long a booking may wait for its payment (3-D Secure, or a process that died mid-way) before release. */
export const HOLD_MINUTES = 30;

/**
 * Settles bookings left waiting for their payment: the gateway is asked one last time (a payment that went
 * through confirms the booking), otherwise the booking is cancelled and its nights go back on sale. Every change
 * is a conditional update, so several processes may sweep at once and each booking changes state once.
 */
export async function releaseAbandonedHolds(
  deps: BookingDeps,
  baseUrl: string,
  limit = 50,
): Promise<{ checked: number; confirmed: number; released: number }> {
  const cutoff = new Date(deps.now().getTime() - HOLD_MINUTES * 60_000).toISOString();
  const waiting = await findAbandonedHolds(deps.database, cutoff, limit);
  let confirmed = 0;
  let released = 0;
  for (const r of waiting) {
    let answer = await confirmPayment(deps, { reservation: r.code }, baseUrl);
    // The gateway's page may still be open (Stripe's stays a day): close it before the rooms go back, so nothing
    // can be paid for a released booking; one paid meanwhile is confirmed instead.
    if (
      answer.status !== "confirmed" &&
      answer.status !== "cancelled" &&
      !(await closeWaitingPayment(deps, r.code))
    )
      answer = await confirmPayment(deps, { reservation: r.code }, baseUrl);
    if (answer.status === "confirmed") confirmed++;
    else if (answer.status !== "cancelled") {
      await cancelForPayment(deps, r.id, "payment_abandoned");
      released++;
    } else released++;
  }
  return { checked: waiting.length, confirmed, released };
}

/** Voids the reservation's payment still waiting at its gateway; false when there was none to void (or it moved on). */
async function closeWaitingPayment(deps: BookingDeps, code: string): Promise<boolean> {
  const row = await findReservationByCode(deps.database.db, code);
  const tx = row ? await latestPaymentOf(deps.database.db, row.id) : undefined;
  if (!row || !tx || (tx.status !== "requires_action" && tx.status !== "requires_challenge")) return true;
  const gateway = await deps.gateways.named(tx.gateway, row.hotelId);
  return gateway ? gateway.cancel(tx.gatewayRef) : true;
}

/**
 * The sweep's second half, for a gateway whose pages expire on their own (Stripe's Checkout Sessions, a day): each
 * payment started after the booking (a link, pay now, authorise now, an installment) still waiting past its page's
 * life is asked about. Paid there without a word back (a lost webhook): settled, once. Still open: closed at the
 * gateway first, then asked again, so it cannot be paid after the sweep gave up on it. Over unpaid: recorded, and
 * what it was for stays due.
 */
export async function reconcileLaterPayments(
  deps: BookingDeps,
  baseUrl: string,
  pages: { gateway: string; pageLifetimeMs: number },
  limit = 50,
): Promise<{ checked: number; settled: number; closed: number }> {
  const cutoff = new Date(deps.now().getTime() - pages.pageLifetimeMs).toISOString();
  const waiting = await findWaitingLaterPayments(deps.database, pages.gateway, cutoff, limit);
  let settled = 0;
  let closed = 0;
  for (const row of waiting) {
    const gateway = await deps.gateways.named(pages.gateway, row.hotelId);
    if (!gateway) continue;
    let payment = await gateway.retrieve(row.gatewayRef);
    if (payment?.status === "requires_action" || payment?.status === "requires_challenge") {
      await gateway.cancel(row.gatewayRef);
      payment = await gateway.retrieve(row.gatewayRef);
    }
    if (!payment || payment.status === row.status) continue;
    await updatePaymentStatus(deps.database.db, row.id, payment.status);
    if (payment.status === "captured" || payment.status === "authorised") {
      if (row.reservationStatus !== "cancelled") {
        await settleLaterPayment(deps, row.reservationId, row.gatewayRef, payment.status, baseUrl);
        settled++;
      }
    } else closed++;
  }
  return { checked: waiting.length, settled, closed };
}
