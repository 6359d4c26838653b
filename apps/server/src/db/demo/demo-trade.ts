import { and, eq, sql } from "drizzle-orm";
import { hashPassword } from "../../features/credentials";
import type { Database } from "../client";
import { hotelChannel, tradeCustomer, tradeCustomerHotel, tradeUser } from "../schema";
import type { DemoSecrets } from "./demo-files";
import { DEMO_GROUP, DEMO_TRADE_CHANNEL_ID } from "./demo-files";

/**
 * The demo's trade password: published in the README, for the demo data only. It meets the policy of
 * SPEC §5; the demo users' passwords are dated at load, so they do not expire for 90 days.
 */
export const DEMO_TRADE_PASSWORD = "Demo-Agency-1";

/**
 * The demo's trade accounts on the trade channel (2): the travel agency (customer 1) and the company (customer 2)
 * of the demo files, approved, with their agency data and one user each, enabled on every demo hotel sold on the
 * trade channel; and a pending sign-up (customer 3) waiting for the back office's approval.
 */
export const DEMO_TRADE_ACCOUNTS = [
  {
    customerId: 1,
    data: {
      status: "approved" as const,
      address: "Via Mazzini 12",
      city: "Verona",
      zip: "37121",
      country: "IT",
      vatNumber: "IT12345678903",
      iataCode: "38212345",
      email: "booking@viaggisereni.example",
      phone: "+39 045 000 1234",
      referentName: "Giulia Sereni",
      referentEmail: "giulia@viaggisereni.example",
      commissionPercent: "10",
    },
    user: { username: "agenzia", name: "Giulia Sereni", email: "giulia@viaggisereni.example" },
  },
  {
    customerId: 2,
    data: {
      status: "approved" as const,
      address: "Bahnhofstrasse 5",
      city: "München",
      zip: "80335",
      country: "DE",
      vatNumber: "DE123456789",
      iataCode: null,
      email: "travel@acme-consulting.example",
      phone: "+49 89 000 5678",
      referentName: "Klaus Becker",
      referentEmail: "klaus@acme-consulting.example",
      commissionPercent: "0",
    },
    user: { username: "acme", name: "Klaus Becker", email: "klaus@acme-consulting.example" },
  },
] as const;

/** The pending sign-up: an agency that asked for approval (no user may log in until the property approves it). */
export const DEMO_PENDING_SIGN_UP = {
  id: 3,
  channelId: DEMO_TRADE_CHANNEL_ID,
  name: "Nuovi Orizzonti Viaggi",
  agencyType: 1,
  status: "pending" as const,
  address: "Corso Italia 40",
  city: "Milano",
  zip: "20122",
  country: "IT",
  vatNumber: "IT09876543210",
  email: "info@nuoviorizzonti.example",
  phone: "+39 02 000 4321",
  referentName: "Paolo Bianchi",
  referentEmail: "paolo@nuoviorizzonti.example",
  user: { username: "orizzonti", name: "Paolo Bianchi", email: "paolo@nuoviorizzonti.example" },
};

/** Whether this is the demo group's database with its trade customers but no trade user yet (an older demo load). */
export async function isDemoWithoutTradeUsers(database: Database): Promise<boolean> {
  const rows = await database.query<{ demo: boolean }>(
    sql`select exists (select 1 from hotel_group where id = ${DEMO_GROUP.id} and name = ${DEMO_GROUP.name})
      and exists (select 1 from trade_customer where id = 1)
      and not exists (select 1 from trade_user) as demo`,
  );
  return Boolean(rows[0]?.demo);
}

/**
 * Adds the demo's trade accounts (after the demo files are imported); passwords hashed now, or none (the users then
 * set one with "Forgot your password?").
 */
export async function loadDemoTrade(
  database: Database,
  { publishedSecrets }: DemoSecrets = { publishedSecrets: true },
): Promise<void> {
  const passwordHash = publishedSecrets ? await hashPassword(DEMO_TRADE_PASSWORD) : null;
  const now = new Date();
  await database.db.transaction(async (tx) => {
    const hotels = await tx
      .select({ hotelId: hotelChannel.hotelId })
      .from(hotelChannel)
      .where(eq(hotelChannel.channelId, DEMO_TRADE_CHANNEL_ID));
    for (const account of DEMO_TRADE_ACCOUNTS) {
      await tx.update(tradeCustomer).set(account.data).where(eq(tradeCustomer.id, account.customerId));
      if (hotels.length)
        await tx
          .insert(tradeCustomerHotel)
          .values(
            hotels.map((h) => ({
              tradeCustomerId: account.customerId,
              hotelId: h.hotelId,
              channelId: DEMO_TRADE_CHANNEL_ID,
            })),
          )
          .onConflictDoNothing();
    }
    const { user: pendingUser, ...pending } = DEMO_PENDING_SIGN_UP;
    await tx.insert(tradeCustomer).values(pending).onConflictDoNothing();
    const users = [
      ...DEMO_TRADE_ACCOUNTS.map((a) => ({ customerId: a.customerId, ...a.user })),
      { customerId: pending.id, ...pendingUser },
    ];
    for (const u of users) {
      const [existing] = await tx
        .select({ id: tradeUser.id })
        .from(tradeUser)
        .where(and(eq(tradeUser.groupId, DEMO_GROUP.id), sql`lower(${tradeUser.username}) = ${u.username}`));
      if (existing) continue;
      await tx.insert(tradeUser).values({
        tradeCustomerId: u.customerId,
        groupId: DEMO_GROUP.id,
        username: u.username,
        name: u.name,
        email: u.email,
        passwordHash,
        passwordChangedAt: passwordHash ? now : null,
      });
    }
  });
}
