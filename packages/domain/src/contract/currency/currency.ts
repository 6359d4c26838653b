import { z } from "zod";

const CodeSchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, "must be a 3-letter ISO currency code")
  .transform((v) => v.toUpperCase());

export const CurrencyParamsSchema = z.object({ from: CodeSchema, to: CodeSchema });

export const CurrencyInfoSchema = z.object({
  code: z.string(),
  name: z.string(),
  name_plural: z.string(),
  symbol: z.string(),
  symbol_native: z.string(),
  decimal_digits: z.number(),
  rounding: z.number(),
});

export const CurrencyResponseSchema = z
  .object({ from: CurrencyInfoSchema, to: CurrencyInfoSchema, change: z.number() })
  .meta({ id: "CurrencyResponse" });
export type CurrencyResponse = z.infer<typeof CurrencyResponseSchema>;
