import { z } from "zod";
import { StaffRoleSchema } from "./access";

// The group's staff users: the owner lists, invites, changes, disables and removes them. Group-wide
// routes under /api/backoffice/users; their audit entries have no hotel.

/** The back office's languages (an invitation mail goes out in the invitee's). */
export const STAFF_LANGUAGES = ["en", "it", "de", "fr", "es", "pt", "zh", "ja"] as const;
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number];
export const StaffLanguageSchema = z.enum(STAFF_LANGUAGES);

/** invited: no password set yet (the invitation link is pending); active: can sign in; disabled: cannot. */
export const STAFF_STATUSES = ["invited", "active", "disabled"] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** How long an invitation link works. */
export const INVITATION_VALID_HOURS = 72;

export const USERS_PATHS = {
  list: "/api/backoffice/users",
  one: "/api/backoffice/users/:userId",
  disable: "/api/backoffice/users/:userId/disable",
  enable: "/api/backoffice/users/:userId/enable",
  resend: "/api/backoffice/users/:userId/resend-invitation",
  resetPassword: "/api/backoffice/users/:userId/reset-password",
  resetSecondFactor: "/api/backoffice/users/:userId/reset-second-factor",
} as const;

export const UserParamsSchema = z.object({ userId: z.coerce.number().int().min(1).max(2_147_483_647) });

const HotelRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const StaffUserSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    role: StaffRoleSchema,
    /** Every hotel of the group, now and later; `hotels` then lists them all. */
    allHotels: z.boolean(),
    hotels: z.array(HotelRefSchema),
    language: z.string(),
    totpEnabled: z.boolean(),
    status: z.enum(STAFF_STATUSES),
    /** The last request of any of their sessions (ISO), null when none is open. */
    lastActiveAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "StaffUser" });
export type StaffUser = z.infer<typeof StaffUserSchema>;

export const StaffUsersSchema = z
  .object({
    users: z.array(StaffUserSchema),
    /** The group's hotels, to choose from. */
    hotels: z.array(HotelRefSchema),
    /** The IANA time zone the page writes "last activity" in: the group's first hotel's (hotel time). */
    timeZone: z.string(),
  })
  .meta({ id: "StaffUsers" });
export type StaffUsers = z.infer<typeof StaffUsersSchema>;

const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(254)
  // Dot-separated domain labels: linear on any input (the former pattern backtracked on a long run of dots).
  .regex(/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/, { message: "must be an e-mail address" });
const NameSchema = z.string().trim().min(1).max(120);
const HotelIdsSchema = z.array(z.number().int().min(1).max(2_147_483_647)).max(500);

export const InviteUserSchema = z
  .object({
    email: EmailSchema,
    name: NameSchema,
    role: StaffRoleSchema,
    /** true: every hotel of the group; false: only `hotels` (at least one). */
    allHotels: z.boolean(),
    hotels: HotelIdsSchema.default([]),
    language: StaffLanguageSchema.default("en"),
  })
  .strict()
  .meta({ id: "InviteStaffUser" });
export type InviteUser = z.input<typeof InviteUserSchema>;

export const UpdateUserSchema = z
  .object({
    name: NameSchema.optional(),
    role: StaffRoleSchema.optional(),
    allHotels: z.boolean().optional(),
    hotels: HotelIdsSchema.optional(),
    language: StaffLanguageSchema.optional(),
  })
  .strict()
  .meta({ id: "UpdateStaffUser" });
export type UpdateUser = z.input<typeof UpdateUserSchema>;
