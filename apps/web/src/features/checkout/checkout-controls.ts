import type { TFunction } from "i18next";
import { useLayoutEffect, useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import { type CheckoutValues, fieldId, type GuestSlot } from "./checkout-form";
import type { CardToken } from "./components/card-frame";

// What every booking form built of the checkout's sections shares (the checkout, an offer's confirmation): where the
// focus goes after a send, the card token's fields, and the names of the fields in the error summary.

export type CheckoutFocus = "summary" | "problem";

/**
 * The error summary's and the problem's refs, and `focusNext`: set it before a render that shows one of them, and the
 * focus moves there in the same commit (a layout effect: a click that follows cannot be overtaken by it).
 */
export function useCheckoutFocus() {
  const summaryRef = useRef<HTMLElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<CheckoutFocus | null>(null);
  useLayoutEffect(() => {
    const target =
      focusNext.current === "summary"
        ? summaryRef.current
        : focusNext.current === "problem"
          ? problemRef.current
          : null;
    if (!target) return;
    focusNext.current = null;
    target.focus();
    target.scrollIntoView?.({ block: "start" });
  });
  return { summaryRef, problemRef, focusNext };
}

/** The card frame's answer into the form: the token and the last digits (cleared when the card is removed). */
export const cardSetter = (form: UseFormReturn<CheckoutValues>) => (card: CardToken | null) => {
  form.setValue("payment.cardToken", card?.token ?? "");
  form.setValue("payment.cardLast4", card?.last4 ?? "");
  if (card) form.clearErrors("payment.cardToken");
};

/** Back to the payment after a refused payment: the card form (its next tab stop is the card number), else the methods. */
export function focusPaymentForm(): void {
  const target: HTMLElement | null =
    document.getElementById(fieldId("payment.cardToken")) ??
    document.querySelector<HTMLInputElement>('input[name="payment.method"]:checked');
  if (!target) return;
  target.scrollIntoView?.({ block: "center" });
  target.focus();
}

/** A field's name in the error summary, from its form path (`booker.phone.number`, `rooms.0.guests.1.firstName`…). */
export function checkoutFieldLabel(
  t: TFunction,
  path: string,
  slots: readonly GuestSlot[],
  policies: readonly { title: string }[],
): string {
  const parts = path.split(".");
  const [area, second] = parts;
  if (area === "booker") {
    const key =
      path === "booker.phone.dialCode" ? "dialCode" : path === "booker.phone.number" ? "phone" : second;
    return t(`checkout:booker.${key}`);
  }
  if (area === "rooms") {
    const r = Number(parts[1]);
    const g = Number(parts[3]);
    const slot = slots[r];
    const adult = !slot || g < slot.adults;
    const guest = adult
      ? t("checkout:guests.adult", { index: g + 1 })
      : t("checkout:guests.child", { index: g - slot.adults + 1, age: slot.ages[g - slot.adults] });
    return t("checkout:guests.fieldIn", { room: r + 1, guest, field: t(`checkout:guests.${parts[4]}`) });
  }
  if (area === "invoice") return t("checkout:invoice.fieldIn", { field: t(`checkout:invoice.${second}`) });
  if (area === "agency")
    return t("trade-booking:agency.fieldIn", { field: t(`trade-booking:agency.${second}`) });
  if (area === "privacy" && second === "custom") return policies[Number(parts[2])]?.title ?? "";
  if (area === "privacy") return t(`checkout:terms.${second}`);
  if (area === "terms") return t(`checkout:terms.${second}Short`);
  if (path === "payment.cardToken") return t("checkout:payment.card");
  return t("checkout:payment.method");
}
