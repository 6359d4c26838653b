import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { subtractAmounts, sumAmounts } from "@alloggio/domain/money/amounts";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { useHotel } from "../hotel/hotel-context";
import { type ManageAbilities, manageAbilities } from "./manage-rules";
import { useVoucherFormat } from "./use-voucher-format";

/** The history state the 3-D Secure return leaves when a payment went through: the voucher says so once. */
export const PAYMENT_RECEIVED = "paymentReceived";

/**
 * What is paid so far and what is left to pay, in words, so that after a payment the guest reads the new amounts;
 * `justPaid` is a payment the reservation shown does not carry yet (it is reloaded meanwhile).
 */
export function usePaidSoFar(reservation: Reservation, leftToPay: number): (justPaid?: number) => string {
  const { t } = useTranslation("manage");
  const format = useVoucherFormat(reservation.currency);
  const paid = sumAmounts(reservation.prepayments.filter((p) => p.status === "paid").map((p) => p.amount));
  return (justPaid = 0) => {
    const left = Math.max(0, subtractAmounts(leftToPay, justPaid));
    const total = format.money(sumAmounts([paid, justPaid]));
    return left > 0
      ? t("pay.paidSoFarLeft", { paid: total, left: format.money(left) })
      : t("pay.paidSoFar", { paid: total });
  };
}

/** One action of the voucher, as the guest opened it. */
export type ManageAction =
  | { kind: "cancel"; room?: number | undefined }
  | { kind: "dates"; room?: number | undefined }
  | { kind: "services"; room?: number | undefined }
  | { kind: "pay" }
  | { kind: "authorise" }
  | { kind: "installments" }
  | { kind: "transfer"; service: number };

/** Whose reservation (code and e-mail, the holder's proof), and the page's language for the names in answers. */
export type Holder = { channel: number; code: string; mail: string; language: number };

export type ManageContextValue = {
  reservation: Reservation;
  holder: Holder;
  abilities: ManageAbilities;
  /** The action whose dialog is open. */
  action: ManageAction | null;
  open: (action: ManageAction) => void;
  /** Closes the dialog; `outcome` is announced on the voucher. Focus goes back where the guest was. */
  close: (outcome?: string) => void;
  outcome: string | null;
  /** Where focus goes when the button that opened the dialog is gone (a cancelled room has no buttons). */
  fallbackFocus: React.RefObject<HTMLHeadingElement | null>;
  /** "Room 2" for a reservation room id. */
  roomNumber: (roomId: number) => number;
};

const ManageContext = createContext<ManageContextValue | null>(null);

/** The manage-booking state of the voucher; null outside it (a printed or preview voucher shows no actions). */
export function useManage(): ManageContextValue | null {
  return useContext(ManageContext);
}

/** Decides the actions (again every minute: deadlines pass with the page open) and holds the open dialog. */
export function ManageProvider(props: { reservation: Reservation; mail: string; children: ReactNode }) {
  const { reservation } = props;
  const { hotel, ids } = useHotel();
  const [now, setNow] = useState(() => new Date());
  const [action, setAction] = useState<ManageAction | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const fallbackFocus = useRef<HTMLHeadingElement | null>(null);
  const restoreFocus = useRef(false);

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const abilities = useMemo(
    () => manageAbilities(reservation, { timeZone: hotel.timeZone, now }),
    [reservation, hotel.timeZone, now],
  );

  // Back from the payment provider's page with a payment done: say so, with the amounts as they now stand.
  const { t } = useTranslation("manage");
  const paidSoFar = usePaidSoFar(reservation, abilities.leftToPay);
  const format = useVoucherFormat(reservation.currency);
  const announced = useRef(false);
  useEffect(() => {
    const state = window.history.state as Record<string, unknown> | null;
    if (announced.current || !state?.[PAYMENT_RECEIVED]) return;
    announced.current = true;
    // A card guarantee or a pre-authorisation charges nothing: say what it is, not "paid so far 0,00". A
    // pre-authorisation holds the booking's total.
    const { policy } = reservation;
    setOutcome(
      reservation.paymentMethod === "pre_authorisation"
        ? t("authorise.done", { amount: format.money(reservation.total) })
        : reservation.paymentMethod !== "card_guarantee"
          ? `${t("pay.received")} ${paidSoFar()}`
          : policy.refundable && policy.freeUntil
            ? t("guarantee.registeredUntil", { date: format.day(policy.freeUntil) })
            : t("guarantee.registered"),
    );
    // Once: a reload of the voucher does not say it again.
    window.history.replaceState({ ...state, [PAYMENT_RECEIVED]: false }, "");
  });

  const open = useCallback((next: ManageAction) => {
    trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOutcome(null);
    setAction(next);
  }, []);

  const close = useCallback((message?: string) => {
    setAction(null);
    if (message) setOutcome(message);
    restoreFocus.current = true;
  }, []);

  // After the dialog is gone (and the voucher has re-rendered), back to the opener if it is still there.
  useEffect(() => {
    if (action !== null || !restoreFocus.current) return;
    restoreFocus.current = false;
    const opener = trigger.current;
    if (opener?.isConnected && !(opener as HTMLButtonElement).disabled) opener.focus();
    else fallbackFocus.current?.focus();
  });

  // The refetched voucher may drop the opener a moment later (a cancelled room has no buttons): focus stays on the page.
  useEffect(() => {
    void reservation;
    const opener = trigger.current;
    if (!opener || opener.isConnected) return;
    trigger.current = null;
    if (document.activeElement === null || document.activeElement === document.body)
      fallbackFocus.current?.focus();
  }, [reservation]);

  const value = useMemo<ManageContextValue>(
    () => ({
      reservation,
      holder: {
        channel: ids.channel,
        code: reservation.code,
        mail: props.mail || reservation.booker.email,
        language: ids.language,
      },
      abilities,
      action,
      open,
      close,
      outcome,
      fallbackFocus,
      roomNumber: (roomId) => reservation.rooms.findIndex((room) => room.id === roomId) + 1,
    }),
    [reservation, ids.channel, ids.language, props.mail, abilities, action, open, close, outcome],
  );
  return <ManageContext.Provider value={value}>{props.children}</ManageContext.Provider>;
}
