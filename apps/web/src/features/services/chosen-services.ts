import { chargedQuantity, checkMandatoryCategories } from "@alloggio/domain/booking/services";
import type { AvailableService, ServiceAvailResponse } from "@alloggio/domain/contract/booking/service-avail";
import { multiplyAmount, sumAmounts } from "@alloggio/domain/money/amounts";
import type { BookingRequest } from "../checkout/api/guestdata";

export const SERVICES_STORAGE_KEY = "chosenServices";

export type Category = ServiceAvailResponse["categories"][number];

/** SPEC §3 Transfer detail, as typed by the guest. */
export type TransferDetails = { time: string; placeCode: string; transportNumber: string; note: string };

export const EMPTY_TRANSFER: TransferDetails = { time: "", placeCode: "", transportNumber: "", note: "" };

/** What the guest chose of one service for one room. */
export type ServiceChoice = {
  quantity: number;
  date?: string | undefined;
  timeSlot?: string | undefined;
  transfer?: TransferDetails | undefined;
};

/** A chosen service as saved for the checkout: the choice, with its name and price for the summary. */
export type ChosenService = ServiceChoice & {
  serviceId: number;
  categoryId: number;
  name: string;
  amount: number;
};

/** Session storage `chosenServices`: per room slot (same order as `chosenRooms`), for one search. */
export type SavedServices = { scope: string; currency: string; slots: ChosenService[][] };

export type SlotGuests = { adults: number; children: number };

/** A service the guest cannot leave out: mandatory for all adults, or all children when there are some. */
export function isLocked(service: AvailableService): boolean {
  return service.mandatoryFor !== "none";
}

/** Shown for this room: a service for all children means nothing in a room without children. */
export function appliesTo(service: AvailableService, guests: SlotGuests): boolean {
  return !(service.mandatoryFor === "all_children" && guests.children === 0);
}

/** The most the guest may choose: one per guest for a per-person service, the service's maximum otherwise. */
export function maxQuantity(service: AvailableService, guests: SlotGuests): number {
  if (service.pricingBasis === "per_stay") return 1;
  const max = Math.max(1, service.maxQuantity);
  return service.pricingBasis === "per_person" ? Math.min(max, guests.adults + guests.children) : max;
}

/** The quantity of a service: forced for mandatory ones (every adult or child), chosen otherwise. */
export function quantityOf(service: AvailableService, guests: SlotGuests, chosen: number): number {
  if (isLocked(service))
    return Math.max(
      1,
      chargedQuantity(
        { ...service, priceMinor: 0 },
        { quantity: chosen, adults: guests.adults, children: guests.children, nights: 1 },
      ),
    );
  return Math.min(Math.max(1, chosen), maxQuantity(service, guests));
}

/**
 * The price of a choice for this room. `totalForStay` is the server's price for the room's guests and nights at
 * quantity 1 (or the forced quantity of a mandatory service); a chosen quantity multiplies it.
 */
export function priceOf(service: AvailableService, quantity: number): number {
  if (service.free) return 0;
  if (isLocked(service) || service.pricingBasis === "per_stay") return service.totalForStay;
  return multiplyAmount(service.totalForStay, quantity);
}

/** A new choice with the first date and time slot the service offers, so it is complete as it is. */
export function defaultChoice(service: AvailableService, guests: SlotGuests): ServiceChoice {
  return {
    quantity: quantityOf(service, guests, 1),
    date: service.needsDate ? service.dates[0] : undefined,
    timeSlot: service.timeSlots[0],
    transfer: service.transfer ? { ...EMPTY_TRANSFER } : undefined,
  };
}

/**
 * The services of a slot as they stand: every mandatory service (pre-selected, locked), then the guest's own
 * choices of services still offered, each brought within what the service allows.
 */
export function resolveChoices(
  categories: readonly Category[],
  choices: Readonly<Record<number, ServiceChoice>>,
  guests: SlotGuests,
): ChosenService[] {
  const out: ChosenService[] = [];
  for (const category of categories)
    for (const service of category.services) {
      if (!appliesTo(service, guests)) continue;
      const choice = isLocked(service)
        ? (choices[service.id] ?? defaultChoice(service, guests))
        : choices[service.id];
      if (!choice) continue;
      const quantity = quantityOf(service, guests, choice.quantity);
      const date =
        service.needsDate && choice.date && service.dates.includes(choice.date) ? choice.date : undefined;
      const timeSlot =
        choice.timeSlot && service.timeSlots.includes(choice.timeSlot) ? choice.timeSlot : undefined;
      out.push({
        serviceId: service.id,
        categoryId: category.id,
        name: service.name,
        quantity,
        date: date ?? (service.needsDate ? service.dates[0] : undefined),
        timeSlot: timeSlot ?? service.timeSlots[0],
        transfer: service.transfer ? (choice.transfer ?? { ...EMPTY_TRANSFER }) : undefined,
        amount: priceOf(service, quantity),
      });
    }
  return out;
}

/** SPEC §5: the mandatory categories of a slot with no service chosen, in the categories' order. */
export function missingCategories(
  categories: readonly Category[],
  chosen: readonly ChosenService[],
): Category[] {
  const ids = new Set(checkMandatoryCategories(categories, chosen));
  return categories.filter((c) => ids.has(c.id));
}

export function servicesTotal(slots: readonly (readonly ChosenService[])[]): number {
  return sumAmounts(slots.flat().map((s) => s.amount));
}

const blankToUndefined = (value: string) => (value.trim() === "" ? undefined : value.trim());

/** The services of the booking payload (SPEC §7): each with its room slot, and transfer details when given. */
export function toServicePayload(slots: readonly (readonly ChosenService[])[]): BookingRequest["services"] {
  return slots.flatMap((services, slot) =>
    services.map((s) => {
      const transfer = s.transfer
        ? {
            time: blankToUndefined(s.transfer.time),
            placeCode: blankToUndefined(s.transfer.placeCode),
            transportNumber: blankToUndefined(s.transfer.transportNumber),
            note: blankToUndefined(s.transfer.note),
          }
        : undefined;
      const hasTransfer = transfer && Object.values(transfer).some((v) => v !== undefined);
      return {
        serviceId: s.serviceId,
        slot,
        quantity: s.quantity,
        ...(s.date ? { date: s.date } : {}),
        ...(s.timeSlot ? { timeSlot: s.timeSlot } : {}),
        ...(hasTransfer ? { transfer } : {}),
      };
    }),
  );
}

export function restoreServices(storage: Storage | undefined, scope: string): SavedServices | null {
  try {
    const raw = storage?.getItem(SERVICES_STORAGE_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as SavedServices;
    return saved.scope === scope && Array.isArray(saved.slots) ? saved : null;
  } catch {
    return null;
  }
}

export function saveServices(storage: Storage | undefined, saved: SavedServices): void {
  try {
    storage?.setItem(SERVICES_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or blocked: the checkout will send the guest back here.
  }
}

/** The guest's choices of a slot from what was saved, to pick up where they left off. */
export function choicesFrom(saved: readonly ChosenService[] | undefined): Record<number, ServiceChoice> {
  const out: Record<number, ServiceChoice> = {};
  for (const s of saved ?? [])
    out[s.serviceId] = { quantity: s.quantity, date: s.date, timeSlot: s.timeSlot, transfer: s.transfer };
  return out;
}
