import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { importProperty } from "../../features/admin";
import { issueStaffToken, STAFF_TOKEN_TTL_MS } from "../../features/backoffice";
import { hashPassword } from "../../features/credentials";
import type { Database } from "../client";
import { staffUser, staffUserHotel } from "../schema";
import { loadDemoAgencyReservations } from "./demo-agency-reservations";
import { loadDemoAlpineBits } from "./demo-alpinebits";
import { buildDemoFiles, DEMO_GROUP, type DemoSecrets } from "./demo-files";
import { loadDemoOffers } from "./demo-offers";
import { loadDemoTrade } from "./demo-trade";

/**
 * The demo's back-office password: published in the README, for the demo data only (a real group's first owner
 * comes from `npm run admin:create-owner`, without any password, ADR 0025).
 */
export const DEMO_STAFF_PASSWORD = "Demo-Alloggio-1";

/** The demo's staff: one user per role; reception works for hotel 1 only. Second factor off. */
export const DEMO_STAFF = [
  { email: "owner@demo.alloggio", name: "Olivia Owner", role: "owner", hotels: "all" },
  { email: "manager@demo.alloggio", name: "Marco Manager", role: "manager", hotels: "all" },
  { email: "reception@demo.alloggio", name: "Rita Reception", role: "reception", hotels: [1] },
] as const;

/** Whether this is the demo group's database (by its name) and it has no staff user yet. */
export async function isDemoWithoutStaff(database: Database): Promise<boolean> {
  const rows = await database.query<{ demo: boolean }>(
    sql`select exists (select 1 from hotel_group where id = ${DEMO_GROUP.id} and name = ${DEMO_GROUP.name})
      and not exists (select 1 from staff_user) as demo`,
  );
  return Boolean(rows[0]?.demo);
}

/** Adds the demo staff users, their password hashed now (argon2id, a fresh salt each load), or none. */
export async function loadDemoStaff(
  database: Database,
  { publishedSecrets }: DemoSecrets = { publishedSecrets: true },
): Promise<void> {
  const passwordHash = publishedSecrets ? await hashPassword(DEMO_STAFF_PASSWORD) : null;
  for (const member of DEMO_STAFF) {
    const [user] = await database.db
      .insert(staffUser)
      .values({
        groupId: DEMO_GROUP.id,
        email: member.email,
        name: member.name,
        role: member.role,
        allHotels: member.hotels === "all",
        passwordHash,
        passwordChangedAt: passwordHash ? new Date() : null,
      })
      .onConflictDoNothing()
      .returning({ id: staffUser.id });
    if (user && member.hotels !== "all")
      await database.db
        .insert(staffUserHotel)
        .values(member.hotels.map((hotelId) => ({ userId: user.id, hotelId })));
  }
}

/** Whether the database holds no hotel yet: a fresh one that the demo group may fill. */
export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const rows = await database.query<{ found: boolean }>(sql`select exists (select 1 from hotel) as found`);
  return !rows[0]?.found;
}

/**
 * Imports the demo group (hotels 1 to 4, 400 days from `today`, hotel-local `YYYY-MM-DD` or `YYYYMMDD`) through
 * the same path as `npm run import`. Throws if a demo file is refused: that is a bug in the demo generator.
 */
export async function loadDemoData(
  database: Database,
  today: string,
  secrets: DemoSecrets = { publishedSecrets: true },
): Promise<void> {
  for (const file of buildDemoFiles(today)) {
    const result = await importProperty(database, file);
    if (!result.ok) {
      const lines = result.issues.map((issue) => `  ${issue.path}: ${issue.message}`);
      throw new Error(`demo hotel ${file.hotel.id} was refused:\n${lines.join("\n")}`);
    }
  }
  await loadDemoStaff(database, secrets);
  await loadDemoTrade(database, secrets);
  await loadDemoOffers(database, today, secrets);
  await loadDemoAgencyReservations(database, today);
  await loadDemoAlpineBits(database, secrets);
}

/** Single-use set-up links (24 h) for the demo staff users who have no password yet, as for a group's first owner. */
export async function demoStaffSetupLinks(
  database: Database,
  baseUrl: string,
): Promise<{ email: string; link: string }[]> {
  const users = await database.db
    .select({ id: staffUser.id, email: staffUser.email })
    .from(staffUser)
    .where(
      and(
        eq(staffUser.groupId, DEMO_GROUP.id),
        isNull(staffUser.passwordHash),
        inArray(
          staffUser.email,
          DEMO_STAFF.map((m) => m.email),
        ),
      ),
    )
    .orderBy(staffUser.id);
  const base = baseUrl.replace(/\/+$/, "");
  const links: { email: string; link: string }[] = [];
  for (const user of users) {
    const token = await issueStaffToken(database.db, user.id, "setup", STAFF_TOKEN_TTL_MS);
    links.push({ email: user.email, link: `${base}/admin/setup/${token}` });
  }
  return links;
}
