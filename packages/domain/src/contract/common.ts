import { z } from "zod";
import { isValidEmail, normalizeEmail } from "../booking/guest-form";
import { normalizeReservationCode } from "../booking/reservation-code";
import {
  MAX_ADULTS,
  MAX_CHILD_AGE,
  MAX_CHILDREN,
  MAX_ROOMS,
  MIN_ADULTS,
  MIN_CHILD_AGE,
} from "../occupancy/occupancy";
import { searchPromoCode } from "../pricing/promo";
import { isValidYmd, MAX_NIGHTS, nightsBetween } from "../stay-dates/stay-dates";

export { MAX_NIGHTS, MAX_ROOMS };

/**
 * What a refusal names, for the page to write its own sentence (`errors.<code>_detail`): numbers, days
 * (YYYY-MM-DD, written in the page's format) and names in several languages (read in the page's).
 */
export const ErrorParamsSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.record(z.string(), z.string())]),
);
export type ErrorParams = z.infer<typeof ErrorParamsSchema>;
export type ErrorDetail = { field: string; message: string; params?: ErrorParams };

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z
        .array(z.object({ field: z.string(), message: z.string(), params: ErrorParamsSchema.optional() }))
        .optional(),
      requestId: z.string(),
    }),
  })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof ErrorSchema>;

/** What every string of the contract refuses: a NUL character (no person types it; PostgreSQL text refuses it). */
export const NUL_MESSAGE = "must not contain a NUL character";

type PathNode = { key: PropertyKey; parent: PathNode | null } | null;
const pathOf = (node: PathNode): PropertyKey[] => {
  const path: PropertyKey[] = [];
  for (let n = node; n; n = n.parent) path.unshift(n.key);
  return path;
};

/**
 * Adds an issue naming each string under `value` (objects and arrays, walked) that holds a NUL character. A loop,
 * not a recursion: a body nested ten thousand deep is walked in linear time and never overflows the stack.
 */
function refuseNul(value: unknown, ctx: z.RefinementCtx): void {
  const stack: [unknown, PathNode][] = [[value, null]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, at] = next;
    if (typeof item === "string") {
      if (item.includes("\u0000")) ctx.addIssue({ code: "custom", path: pathOf(at), message: NUL_MESSAGE });
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], { key: i, parent: at }]);
    } else if (item !== null && typeof item === "object") {
      if (ArrayBuffer.isView(item) || item instanceof ArrayBuffer) continue; // a file's bytes, not text
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        if (key.includes("\u0000")) ctx.addIssue({ code: "custom", path: pathOf(at), message: NUL_MESSAGE });
        stack.push([child, { key, parent: at }]);
      }
    }
  }
}

/**
 * The contract's one rule for every string: `schema` preceded by a check that refuses a NUL character anywhere in
 * the input, naming the field (the server wraps each route's schemas with it).
 */
export function withoutNul<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => refuseNul(value, ctx))
    .pipe(schema);
}

/** A positive integer id from a query string or path. */
export const IdSchema = z.coerce.number().int().min(1).max(2_147_483_647);
export const LanguageIdSchema = z.coerce.number().int().min(1).max(9).default(1);
export const YmdSchema = z.string().refine(isValidYmd, { message: "must be a date written YYYYMMDD" });
const FlagSchema = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");

/** A comma list of small integers, e.g. `2,1`; empty entries are invalid. */
function intList(min: number, max: number) {
  return z
    .string()
    .max(400)
    .transform((value, ctx) => {
      if (value.trim() === "") return [];
      const parts = value.split(",");
      const out: number[] = [];
      for (const part of parts) {
        const n = Number(part.trim());
        if (part.trim() === "" || !Number.isInteger(n) || n < min || n > max) {
          ctx.addIssue({
            code: "custom",
            message: `each entry must be a whole number from ${min} to ${max}`,
          });
          return z.NEVER;
        }
        out.push(n);
      }
      return out;
    });
}

export type RoomRequest = { adults: number; ages: number[] };

/** The guests part of every search call: `adults`, `childs`, `ages` → one entry per room. */
export const GuestsQuerySchema = z.object({
  adults: intList(MIN_ADULTS, MAX_ADULTS).default([2]),
  childs: intList(0, MAX_CHILDREN).optional(),
  ages: intList(MIN_CHILD_AGE, MAX_CHILD_AGE).optional(),
});

/** Checks that adults, childs and ages agree and turns them into rooms, adding issues that name the field. */
export function toRooms(
  q: { adults: number[]; childs?: number[] | undefined; ages?: number[] | undefined },
  ctx: z.RefinementCtx,
): RoomRequest[] {
  const { adults } = q;
  const childs = q.childs ?? adults.map(() => 0);
  const ages = q.ages ?? [];
  if (adults.length < 1)
    ctx.addIssue({ code: "custom", path: ["adults"], message: "at least one room is needed" });
  if (adults.length > MAX_ROOMS)
    ctx.addIssue({ code: "custom", path: ["adults"], message: `at most ${MAX_ROOMS} rooms` });
  if (childs.length !== adults.length)
    ctx.addIssue({ code: "custom", path: ["childs"], message: "needs one entry per room, like adults" });
  const childCount = childs.reduce((a, b) => a + b, 0);
  if (ages.length !== childCount)
    ctx.addIssue({ code: "custom", path: ["ages"], message: `needs one age per child (${childCount})` });
  let next = 0;
  return adults.map((a, i) => {
    const n = childs[i] ?? 0;
    const roomAges = ages.slice(next, next + n);
    next += n;
    return { adults: a, ages: roomAges };
  });
}

export const StayQuerySchema = z.object({
  arrival: YmdSchema.optional(),
  departure: YmdSchema.optional(),
});

/** Departure after arrival, and not too long. Dates in the past are checked by the server in hotel-local time. */
export function checkStay(
  q: { arrival?: string | undefined; departure?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (q.arrival && q.departure) {
    const nights = nightsBetween(q.arrival, q.departure);
    if (nights < 1) ctx.addIssue({ code: "custom", path: ["departure"], message: "must be after arrival" });
    else if (nights > MAX_NIGHTS)
      ctx.addIssue({
        code: "custom",
        path: ["departure"],
        message: `a stay is at most ${MAX_NIGHTS} nights`,
      });
  } else if (q.departure && !q.arrival) {
    ctx.addIssue({ code: "custom", path: ["arrival"], message: "is needed with departure" });
  }
}

export const commonSearchFields = {
  channel: IdSchema,
  hotel: IdSchema,
  language: LanguageIdSchema,
  ...StayQuerySchema.shape,
  ...GuestsQuerySchema.shape,
  promoCode: z.string().trim().max(40).optional(),
  /** SPEC §3: a code a link carries for the guest, applied without being shown; a typed `promoCode` wins. */
  hiddenPromocode: z.string().trim().max(40).optional(),
  customer: IdSchema.optional(),
  cross: FlagSchema.optional(),
  airport: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "must be a 3-letter airport code")
    .optional(),
};

export { FlagSchema, searchPromoCode };

/** A decimal amount in major units, as every response carries money. */
export const MoneySchema = z.number();

/** A reservation code as a guest may type it (any case, dashes, I/L/O), turned into the canonical code. */
export const ReservationCodeSchema = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const code = normalizeReservationCode(value);
    if (code === null) {
      ctx.addIssue({ code: "custom", message: "must be a reservation code" });
      return z.NEVER;
    }
    return code;
  });

/** An e-mail address, trimmed and lower-cased as reservations store it. */
export const EmailSchema = z
  .string()
  .max(400)
  .refine(isValidEmail, { message: "invalid_email" })
  .transform(normalizeEmail);
