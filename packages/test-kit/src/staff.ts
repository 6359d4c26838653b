import type { StaffRole } from "@alloggio/domain/contract/backoffice/access";
import { CSRF_HEADER, STAFF_COOKIE } from "@alloggio/domain/contract/backoffice/access";
import type { Database } from "@alloggio/server/db";
import { staffUser, staffUserHotel } from "@alloggio/server/db";
import { createSession } from "@alloggio/server/features/backoffice";

let nextStaff = 1;

export type StaffSession = {
  userId: number;
  email: string;
  /** Cookie and CSRF headers for `app.inject({ headers })`. */
  headers: { cookie: string; [CSRF_HEADER]: string };
  /** The cookie alone (a change sent without the CSRF token must fail). */
  cookieOnly: { cookie: string };
};

/**
 * A staff user of group 1 (the test-kit's group) with a signed-in session, straight in the database: integration
 * tests of back-office routes call them with `headers`. `hotels` scopes the user; omitted, the user sees every
 * hotel of the group.
 */
export async function aStaffSession(
  database: Database,
  options: { role: StaffRole; hotels?: number[]; groupId?: number; now?: Date; email?: string },
): Promise<StaffSession> {
  const email =
    options.email ?? `staff${nextStaff++}-${Math.random().toString(36).slice(2, 8)}@test.alloggio`;
  const [user] = await database.db
    .insert(staffUser)
    .values({
      groupId: options.groupId ?? 1,
      email,
      name: `Staff ${email.split("@")[0]}`,
      role: options.role,
      allHotels: options.hotels === undefined,
      passwordHash: null,
    })
    .returning({ id: staffUser.id });
  if (!user) throw new Error("aStaffSession: no user");
  if (options.hotels?.length)
    await database.db
      .insert(staffUserHotel)
      .values(options.hotels.map((hotelId) => ({ userId: user.id, hotelId })));
  const session = await createSession(database.db, user.id, options.now ?? new Date());
  const cookie = `${STAFF_COOKIE}=${session.token}`;
  return {
    userId: user.id,
    email,
    headers: { cookie, [CSRF_HEADER]: session.csrfToken },
    cookieOnly: { cookie },
  };
}
