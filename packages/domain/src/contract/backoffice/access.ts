import { z } from "zod";

// Who may do what in the back office (ADR 0024). The server checks every route against this table; the
// web app reads the same table to show only the screens a user may open.

export const STAFF_ROLES = ["owner", "manager", "reception"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const StaffRoleSchema = z.enum(STAFF_ROLES);

/** The areas of the back office. */
export const AREAS = [
  "reservations",
  "transfers",
  "rates",
  "catalogue",
  "quotes",
  "users",
  "audit",
  "trade",
  "offers",
  "chat",
  "integrations",
  "payments",
] as const;
export type Area = (typeof AREAS)[number];

/**
 * owner: everything, users included. manager: catalogue, rates and inventory (and offers and trade when they come),
 * reservations and quotes too, because a manager stands in for reception. reception: reservations, received
 * transfers, quotes (answering guests is front-desk work).
 */
export const PERMISSIONS: Record<Area, readonly StaffRole[]> = {
  reservations: ["owner", "manager", "reception"],
  transfers: ["owner", "manager", "reception"],
  rates: ["owner", "manager"],
  catalogue: ["owner", "manager"],
  quotes: ["owner", "manager", "reception"],
  users: ["owner"],
  audit: ["owner", "manager"],
  /** Trade accounts: approving sign-ups, enabling hotels, discounts and commissions. */
  trade: ["owner", "manager"],
  /** Personalised offers: writing to a guest is sales and front-desk work alike. */
  offers: ["owner", "manager", "reception"],
  /** Answering the guests' chat. */
  chat: ["owner", "manager", "reception"],
  /** The hotel's API keys: a key can create offers without a person, so the owner alone manages them. */
  integrations: ["owner"],
  /** The hotel's payment gateway and its keys: money goes where these say, so the owner alone sees and sets them. */
  payments: ["owner"],
};

export function may(role: StaffRole, area: Area): boolean {
  return PERMISSIONS[area].includes(role);
}

/** The signed-in staff user, as `GET /api/backoffice/me` answers it. */
export const StaffMeSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    role: StaffRoleSchema,
    language: z.string(),
    totpEnabled: z.boolean(),
    /** The hotels this user works for, in name order. */
    hotels: z.array(z.object({ id: z.number().int(), name: z.string() })),
    /** Sent back in the X-CSRF-Token header of every change. */
    csrfToken: z.string(),
  })
  .meta({ id: "StaffMe" });
export type StaffMe = z.infer<typeof StaffMeSchema>;

/** The header of the synchroniser token. */
export const CSRF_HEADER = "x-csrf-token";
/** The session cookie. */
export const STAFF_COOKIE = "alloggio_staff";

/** `/api/backoffice/hotels/:hotelId/…`: the hotel of a hotel-scoped route. */
export const HotelParamsSchema = z.object({ hotelId: z.coerce.number().int().min(1).max(2_147_483_647) });
