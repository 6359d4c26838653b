import { z } from "zod";

/** Days to pay a bank transfer when the hotel's settings do not say. */
export const DEFAULT_BANK_TRANSFER_DAYS = 3;

const BankTransferSettingsSchema = z.object({
  owner: z.string().min(1),
  iban: z.string().min(1),
  dueDays: z.number().int().min(0).max(365).optional(),
});
export type BankTransferSettings = { owner: string; iban: string; dueDays: number };

/**
 * The hotel's `settings.bankTransfer` (unchecked JSON from the property file): where a transfer goes and within
 * how many days. Null when the hotel has none, and then bank transfer is not offered.
 */
export function readBankTransferSettings(json: unknown): BankTransferSettings | null {
  const parsed = BankTransferSettingsSchema.safeParse(json);
  if (!parsed.success) return null;
  return { ...parsed.data, dueDays: parsed.data.dueDays ?? DEFAULT_BANK_TRANSFER_DAYS };
}
