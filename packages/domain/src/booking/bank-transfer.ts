import { z } from "zod";
import type { Ymd } from "../stay-dates/stay-dates";
import { bankTransferDueDate } from "./payment-schedule";

/** Days to pay a bank transfer when the hotel's settings do not say. */
export const DEFAULT_BANK_TRANSFER_DAYS = 3;

const BankTransferSettingsSchema = z.object({
  owner: z.string().min(1),
  iban: z.string().min(1),
  bic: z.string().optional(),
  dueDays: z.number().int().min(0).max(365).optional(),
});
export type BankTransferSettings = { owner: string; iban: string; bic: string | null; dueDays: number };

/**
 * The hotel's `settings.bankTransfer` (unchecked JSON from the property file): where a transfer goes and within
 * how many days. Null when the hotel has none, and then bank transfer is not offered.
 */
export function readBankTransferSettings(json: unknown): BankTransferSettings | null {
  const parsed = BankTransferSettingsSchema.safeParse(json);
  if (!parsed.success) return null;
  return {
    owner: parsed.data.owner,
    iban: parsed.data.iban,
    bic: parsed.data.bic?.trim() || null,
    dueDays: parsed.data.dueDays ?? DEFAULT_BANK_TRANSFER_DAYS,
  };
}

/** What the guest needs to pay by transfer: beneficiary, IBAN, BIC, the reference to quote and the next due date. */
export type BankTransferDetails = {
  owner: string;
  iban: string;
  bic: string | null;
  /** The booking code: the transfer's reference. */
  reference: string;
  /** When the next transfer must have arrived (YYYYMMDD); null once nothing is due (no warning then). */
  dueDate: Ymd | null;
};

/**
 * A bank-transfer booking's details as the voucher, the mails and the PDF show them: the hotel's account, the code as
 * reference, and the date of the first payment still due by the one rule (`bankTransferDueDate`). Null for another
 * payment method or a hotel without an account.
 */
export function bankTransferDetailsOf(input: {
  paymentMethod: string;
  settings: unknown;
  code: string;
  bookingDay: Ymd;
  arrival: Ymd;
  /** The reservation's payments due, dated YYYYMMDD. */
  payments: readonly { date: Ymd; status: string; amountMinor: number }[];
}): BankTransferDetails | null {
  const bank = readBankTransferSettings(input.settings);
  if (input.paymentMethod !== "bank_transfer" || !bank) return null;
  const next = input.payments
    .filter((p) => p.status === "due" && p.amountMinor > 0)
    .map((p) => bankTransferDueDate(p.date, input.bookingDay, input.arrival, bank.dueDays))
    .sort()[0];
  return { owner: bank.owner, iban: bank.iban, bic: bank.bic, reference: input.code, dueDate: next ?? null };
}
