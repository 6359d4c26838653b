import { TRADE_COOKIE } from "@alloggio/domain/contract/trade/login";
import type { Database } from "@alloggio/server/db";
import { tradeCustomerHotel, tradeUser } from "@alloggio/server/db";
import { hashPassword } from "@alloggio/server/features/credentials";
import { createTradeSession } from "@alloggio/server/features/trade";

let nextTradeUser = 1;

/** A password that meets the policy of SPEC §5 (the test-kit's default for trade users). */
export const TRADE_TEST_PASSWORD = "Agency-Pass-1";

/** Enables a trade customer on a hotel and channel (the account's users may log in there). */
export async function enableTradeCustomer(
  database: Database,
  customerId: number,
  where: { hotel: number; channel: number }[],
): Promise<void> {
  if (where.length === 0) return;
  await database.db
    .insert(tradeCustomerHotel)
    .values(where.map((w) => ({ tradeCustomerId: customerId, hotelId: w.hotel, channelId: w.channel })))
    .onConflictDoNothing();
}

/**
 * A trade user of a customer (seeded with `buildProperty({ tradeCustomers })`), straight in the database, with an
 * argon2id hash of `password` (TRADE_TEST_PASSWORD by default; null: no password). Group 1 unless told.
 */
export async function aTradeUser(
  database: Database,
  options: {
    customerId: number;
    groupId?: number;
    username?: string;
    password?: string | null;
    passwordChangedAt?: Date | null;
    mustChangePassword?: boolean;
    disabledAt?: Date | null;
    name?: string;
    email?: string;
  },
): Promise<{ id: number; username: string; password: string | null }> {
  const username = options.username ?? `agent${nextTradeUser++}-${Math.random().toString(36).slice(2, 8)}`;
  const password = options.password === undefined ? TRADE_TEST_PASSWORD : options.password;
  const [user] = await database.db
    .insert(tradeUser)
    .values({
      tradeCustomerId: options.customerId,
      groupId: options.groupId ?? 1,
      username,
      name: options.name ?? `Agent ${username}`,
      email: options.email ?? `${username}@agency.test`,
      passwordHash: password === null ? null : await hashPassword(password),
      passwordChangedAt: options.passwordChangedAt === undefined ? new Date() : options.passwordChangedAt,
      mustChangePassword: options.mustChangePassword ?? false,
      disabledAt: options.disabledAt ?? null,
    })
    .returning({ id: tradeUser.id });
  if (!user) throw new Error("aTradeUser: no user");
  return { id: user.id, username, password };
}

/** A logged-in trade session, straight in the database: `headers` for `app.inject` (the cookie). */
export async function aTradeSession(
  database: Database,
  options: { userId: number; channel: number; now?: Date },
): Promise<{ token: string; headers: { cookie: string } }> {
  const session = await createTradeSession(
    database.db,
    options.userId,
    options.channel,
    options.now ?? new Date(),
  );
  return { token: session.token, headers: { cookie: `${TRADE_COOKIE}=${session.token}` } };
}
