// What a trade booking's guest may read (ADR 0062): the guest's mail, voucher PDF, calendar file and schema.org
// markup are made from this view, never from the agency's facts. The agency's and the hotel's documents are not.
import type { LocalizedText } from "../../db/schema";
import type { StoredReservation } from "./reservation-facts";
import { MAIL_TEXTS, type MailTextCode, type MealPlanKey } from "./texts";

/** Booked by a trade customer (an agency or a company): its rates and money are the agency's business. */
export const isTradeBooking = (data: Pick<StoredReservation, "agency" | "customerId">): boolean =>
  Boolean(data.agency) || (data.customerId ?? null) !== null;

/**
 * On a trade booking with a net rate every amount is the agency's (the net it owes the hotel): the guest pays the
 * agency its own price, so the guest's documents show no amount at all, only the city tax paid at the hotel.
 */
export const guestSeesNoPrices = (
  data: Pick<StoredReservation, "agency" | "customerId"> & { rooms: readonly { isNet: boolean }[] },
) => isTradeBooking(data) && data.rooms.some((room) => room.isNet);

/** The board's name in every language: what a trade rate is called where the guest reads it. */
export function boardNameOf(mealPlan: string): LocalizedText {
  const plan = (mealPlan in MAIL_TEXTS.en.mealPlan ? mealPlan : "unspecified") as MealPlanKey;
  const codes = Object.keys(MAIL_TEXTS) as MailTextCode[];
  return Object.fromEntries(codes.map((code) => [code, MAIL_TEXTS[code].mealPlan[plan]]));
}

/**
 * The guest's view of a reservation: on a trade booking each rate is named by its board ("Breakfast included",
 * never "Trade – net rate"), no commission is carried, and `pricesHidden` says when no amount may be shown.
 */
export function guestViewOf<T extends StoredReservation>(data: T): T & { pricesHidden: boolean } {
  if (!isTradeBooking(data)) return { ...data, pricesHidden: false };
  return {
    ...data,
    pricesHidden: guestSeesNoPrices(data),
    rooms: data.rooms.map((room) => ({
      ...room,
      commissionPercent: null,
      commissionMinor: 0,
      rateName: boardNameOf(room.mealPlan),
    })),
  };
}
