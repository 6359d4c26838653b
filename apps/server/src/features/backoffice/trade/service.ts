// Trade accounts in the back office (ADR 0030): list, detail, approve, refuse, enabled hotels, pricing,
// disable / enable, password reset. Group-wide: an account belongs to the group of its channel. A hotel-scoped
// staff user sees only the accounts enabled for one of their hotels and changes only their own hotels' pairs.
// Every change is audited (hotel null: accounts are group-wide) in the transaction that makes it.

import { randomBytes } from "node:crypto";
import { passwordProblems } from "@alloggio/domain/auth/password-policy";
import { accountCommissionOf } from "@alloggio/domain/booking/trade-booking";
import type {
  ApproveTradeAccountSchema,
  TradeAccount,
  TradeAccountRow,
  TradeAccountStatus,
  TradeAccounts,
  TradeAccountsQuerySchema,
  TradeEnablement,
  TradeHotelsSchema,
  TradePricingSchema,
} from "@alloggio/domain/contract/backoffice/trade";
import { LANGUAGES } from "@alloggio/domain/i18n/languages";
import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import {
  channel,
  hotel,
  hotelChannel,
  staffUser,
  tradeCustomer,
  tradeCustomerHotel,
  tradeSession,
  tradeUser,
} from "../../../db/schema";
import { AppError, notFound } from "../../../http/errors";
import { hashPassword } from "../../credentials";
import type { OutgoingMail } from "../../mail";
import { enqueueMail } from "../../mail";
import { revokeTradeUserSessions, type TradeMailLanguage, tradeLanguageOf } from "../../trade";
import type { Staff } from "../access";
import { audit } from "../audit";
import type { BackOfficeDeps } from "../deps";
import { renderApprovedMail, renderRefusedMail, renderResetMail } from "./mails";

// The back office's face still names the trade area's language rule for the trade mails that import it there.

type CustomerRow = typeof tradeCustomer.$inferSelect;
type Account = CustomerRow & { channelName: string };

const conflict = (code: string, field: string, message: string) =>
  new AppError(code, 409, `${field}: ${message}`, [{ field, message }]);
const invalid = (field: string, message: string) =>
  new AppError("invalid_input", 400, `${field}: ${message}`, [{ field, message }]);
const noAccount = () => notFound("accountId", "no such trade account");

/** What a staff user may see: every hotel of the group (null) or only theirs. */
type Scope = { groupId: number; hotels: number[] | null };

async function scopeOf(db: Db, staff: Staff): Promise<Scope> {
  const [user] = await db
    .select({ allHotels: staffUser.allHotels })
    .from(staffUser)
    .where(eq(staffUser.id, staff.userId));
  return { groupId: staff.groupId, hotels: user?.allHotels ? null : staff.hotels.map((h) => h.id) };
}

const mine = (scope: Scope, hotelId: number) => scope.hotels === null || scope.hotels.includes(hotelId);

/** The accounts a scope may see: of the group's channels, and for a hotel-scoped user enabled for one of theirs. */
function visible(scope: Scope): SQL {
  const ofGroup = eq(channel.groupId, scope.groupId);
  if (scope.hotels === null) return ofGroup;
  if (scope.hotels.length === 0) return sql`false`;
  return and(
    ofGroup,
    sql`exists (select 1 from ${tradeCustomerHotel} where ${tradeCustomerHotel.tradeCustomerId} = ${tradeCustomer.id}
      and ${inArray(tradeCustomerHotel.hotelId, scope.hotels)})`,
  ) as SQL;
}

const percent = (value: string) => Number(value);

function snapshot(account: CustomerRow, enabled: TradeEnablement[]) {
  return {
    status: account.status,
    active: account.active,
    extraDiscountPercent: percent(account.extraDiscountPercent),
    commissionPercent: accountCommissionOf(account.commissionPercent),
    enabled: [...enabled].sort((a, b) => a.hotelId - b.hotelId || a.channelId - b.channelId),
  };
}

async function enabledOf(db: Db, accountId: number): Promise<TradeEnablement[]> {
  return db
    .select({ hotelId: tradeCustomerHotel.hotelId, channelId: tradeCustomerHotel.channelId })
    .from(tradeCustomerHotel)
    .where(eq(tradeCustomerHotel.tradeCustomerId, accountId))
    .orderBy(asc(tradeCustomerHotel.hotelId), asc(tradeCustomerHotel.channelId));
}

/** An account the staff user may see, locked for a change when `lock`; 404 otherwise (another group's too). */
async function accountOf(db: Db, scope: Scope, accountId: number, lock = false): Promise<Account> {
  const query = db
    .select({ customer: tradeCustomer, channelName: channel.name })
    .from(tradeCustomer)
    .innerJoin(channel, eq(channel.id, tradeCustomer.channelId))
    .where(and(eq(tradeCustomer.id, accountId), visible(scope)));
  const [row] = lock ? await query.for("update", { of: tradeCustomer }) : await query;
  if (!row) throw noAccount();
  return { ...row.customer, channelName: row.channelName };
}

/** Every hotel × trade channel of the group (hotels sold on that channel), with names. */
async function optionsOf(db: Db, scope: Scope) {
  const rows = await db
    .select({
      hotelId: hotel.id,
      hotelName: hotel.name,
      channelId: channel.id,
      channelName: channel.name,
    })
    .from(hotelChannel)
    .innerJoin(hotel, eq(hotel.id, hotelChannel.hotelId))
    .innerJoin(channel, eq(channel.id, hotelChannel.channelId))
    .where(
      and(eq(channel.groupId, scope.groupId), eq(hotel.groupId, scope.groupId), eq(channel.kind, "trade")),
    )
    .orderBy(asc(hotel.name), asc(hotel.id), asc(channel.id));
  return rows.map((r) => ({ ...r, mine: mine(scope, r.hotelId) }));
}

const asType = (n: number): 1 | 2 => (n === 2 ? 2 : 1);

async function rowsOf(db: Db, scope: Scope, accounts: Account[]): Promise<TradeAccountRow[]> {
  const ids = accounts.map((a) => a.id);
  const links = ids.length
    ? await db
        .selectDistinct({ accountId: tradeCustomerHotel.tradeCustomerId, id: hotel.id, name: hotel.name })
        .from(tradeCustomerHotel)
        .innerJoin(hotel, eq(hotel.id, tradeCustomerHotel.hotelId))
        .where(inArray(tradeCustomerHotel.tradeCustomerId, ids))
        .orderBy(asc(hotel.name), asc(hotel.id))
    : [];
  return accounts.map((a) => ({
    id: a.id,
    name: a.name,
    type: asType(a.agencyType),
    status: a.status,
    email: a.email,
    city: a.city,
    country: a.country,
    vatNumber: a.vatNumber,
    iataCode: a.iataCode,
    channel: { id: a.channelId, name: a.channelName },
    extraDiscountPercent: percent(a.extraDiscountPercent),
    commissionPercent: accountCommissionOf(a.commissionPercent),
    hotels: links
      .filter((l) => l.accountId === a.id && mine(scope, l.id))
      .map((l) => ({ id: l.id, name: l.name })),
    createdAt: a.createdAt.toISOString(),
  }));
}

/** The accounts the staff user may see: pending sign-ups first, then by name; filtered and paged. */
export async function listAccounts(
  db: Db,
  staff: Staff,
  query: z.output<typeof TradeAccountsQuerySchema>,
): Promise<TradeAccounts> {
  const scope = await scopeOf(db, staff);
  const filters: SQL[] = [visible(scope)];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        sql`${tradeCustomer.name} ilike ${like}`,
        sql`${tradeCustomer.email} ilike ${like}`,
        sql`${tradeCustomer.referentEmail} ilike ${like}`,
        sql`coalesce(${tradeCustomer.vatNumber}, '') ilike ${like}`,
        sql`coalesce(${tradeCustomer.iataCode}, '') ilike ${like}`,
        sql`exists (select 1 from ${tradeUser} where ${tradeUser.tradeCustomerId} = ${tradeCustomer.id}
          and (${tradeUser.email} ilike ${like} or ${tradeUser.username} ilike ${like}))`,
      ) as SQL,
    );
  }
  const counted = await db
    .select({ status: tradeCustomer.status, n: sql<number>`count(*)::int` })
    .from(tradeCustomer)
    .innerJoin(channel, eq(channel.id, tradeCustomer.channelId))
    .where(and(...filters))
    .groupBy(tradeCustomer.status);
  const counts = { pending: 0, approved: 0, refused: 0, disabled: 0 };
  for (const c of counted) counts[c.status] = Number(c.n);
  if (query.status) filters.push(eq(tradeCustomer.status, query.status));
  const total = query.status
    ? counts[query.status]
    : counts.pending + counts.approved + counts.refused + counts.disabled;
  const rows = await db
    .select({ customer: tradeCustomer, channelName: channel.name })
    .from(tradeCustomer)
    .innerJoin(channel, eq(channel.id, tradeCustomer.channelId))
    .where(and(...filters))
    .orderBy(
      sql`case when ${tradeCustomer.status} = 'pending' then 0 else 1 end`,
      asc(sql`lower(${tradeCustomer.name})`),
      asc(tradeCustomer.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const accounts = await rowsOf(
    db,
    scope,
    rows.map((r) => ({ ...r.customer, channelName: r.channelName })),
  );
  return { accounts, total, page: query.page, pageSize: query.pageSize, counts };
}

async function detailOf(db: Db, scope: Scope, accountId: number): Promise<TradeAccount> {
  const account = await accountOf(db, scope, accountId);
  const [row] = await rowsOf(db, scope, [account]);
  if (!row) throw noAccount();
  const users = await db
    .select()
    .from(tradeUser)
    .where(eq(tradeUser.tradeCustomerId, account.id))
    .orderBy(asc(tradeUser.username));
  return {
    ...row,
    address: account.address,
    zip: account.zip,
    phone: account.phone,
    referentName: account.referentName,
    referentEmail: account.referentEmail,
    language: tradeLanguageOf(account.country),
    users: users.map((u) => ({
      id: u.id,
      username: u.username,
      name: u.name,
      email: u.email,
      disabled: u.disabledAt !== null,
      mustChangePassword: u.mustChangePassword,
      hasPassword: u.passwordHash !== null,
      passwordChangedAt: u.passwordChangedAt?.toISOString() ?? null,
    })),
    options: await optionsOf(db, scope),
    enabled: await enabledOf(db, account.id),
  };
}

export async function getAccount(db: Db, staff: Staff, accountId: number): Promise<TradeAccount> {
  return detailOf(db, await scopeOf(db, staff), accountId);
}

/** The pairs asked for, each a hotel × trade channel of the group on a hotel of the staff user's; 400 otherwise. */
async function checkPairs(db: Db, scope: Scope, pairs: TradeEnablement[]): Promise<TradeEnablement[]> {
  const options = await optionsOf(db, scope);
  const key = (p: TradeEnablement) => `${p.hotelId}:${p.channelId}`;
  const allowed = new Set(options.filter((o) => o.mine).map(key));
  const unique = [...new Map(pairs.map((p) => [key(p), p])).values()];
  const wrong = unique.filter((p) => !allowed.has(key(p)));
  if (wrong.length)
    throw invalid(
      "enabled",
      `not a hotel × trade channel you may enable: ${wrong.map((p) => `${p.hotelId}/${p.channelId}`).join(", ")}`,
    );
  return unique;
}

/** Replaces the pairs of the scope's hotels with `pairs` (the other hotels' stay); the pairs after. */
async function setPairs(tx: Db, scope: Scope, accountId: number, pairs: TradeEnablement[]) {
  const own = eq(tradeCustomerHotel.tradeCustomerId, accountId);
  await tx
    .delete(tradeCustomerHotel)
    .where(scope.hotels === null ? own : and(own, inArray(tradeCustomerHotel.hotelId, scope.hotels)));
  if (pairs.length)
    await tx
      .insert(tradeCustomerHotel)
      .values(pairs.map((p) => ({ tradeCustomerId: accountId, hotelId: p.hotelId, channelId: p.channelId })))
      .onConflictDoNothing();
  return enabledOf(tx, accountId);
}

type MailContext = { to: string; name: string; language: TradeMailLanguage; channel: string; link: string };

function mailContext(account: Account, base: string): MailContext {
  const language = tradeLanguageOf(account.country);
  return {
    to: account.email || account.referentEmail,
    name: account.referentName || account.name,
    language,
    channel: account.channelName,
    // The agency area, where the login is, in the mail's language (the web's routes name languages by id).
    link: `${base.replace(/\/+$/, "")}/channel/${account.channelId}/language/${
      LANGUAGES.find((l) => l.text === language)?.id ?? 1
    }/agency`,
  };
}

async function send(tx: Db, mail: OutgoingMail, now: Date) {
  if (!mail.to) return;
  await enqueueMail(tx, { ...mail, now });
}

const mustBe = (account: Account, statuses: TradeAccountStatus[], action: string) => {
  if (!statuses.includes(account.status))
    throw conflict(
      "trade_status",
      "status",
      `an account ${account.status} cannot be ${action} (only ${statuses.join(" or ")})`,
    );
};

export async function approveAccount(
  deps: BackOfficeDeps,
  staff: Staff,
  accountId: number,
  input: z.output<typeof ApproveTradeAccountSchema>,
  base: string,
): Promise<TradeAccount> {
  const db = deps.database.db;
  const now = deps.now();
  const scope = await scopeOf(db, staff);
  await db.transaction(async (tx) => {
    const account = await accountOf(tx, scope, accountId, true);
    mustBe(account, ["pending", "refused"], "approved");
    const before = snapshot(account, await enabledOf(tx, account.id));
    const options = await optionsOf(tx, scope);
    const wanted =
      input.enabled ??
      options
        .filter((o) => o.mine && o.channelId === account.channelId)
        .map((o) => ({ hotelId: o.hotelId, channelId: o.channelId }));
    const pairs = await checkPairs(tx, scope, wanted);
    const enabled = await setPairs(tx, scope, account.id, pairs);
    if (enabled.length === 0) throw invalid("enabled", "choose at least one hotel to enable");
    const [updated] = await tx
      .update(tradeCustomer)
      .set({ status: "approved", active: true })
      .where(eq(tradeCustomer.id, account.id))
      .returning();
    const users = await tx
      .select({ username: tradeUser.username })
      .from(tradeUser)
      .where(eq(tradeUser.tradeCustomerId, account.id))
      .orderBy(asc(tradeUser.username));
    await send(
      tx,
      renderApprovedMail({ ...mailContext(account, base), usernames: users.map((u) => u.username) }),
      now,
    );
    await audit(tx, staff, {
      hotelId: null,
      action: "trade.approve",
      entity: "trade_customer",
      entityId: account.id,
      before,
      after: updated ? snapshot(updated, enabled) : null,
    });
  });
  return detailOf(db, scope, accountId);
}

export async function refuseAccount(
  deps: BackOfficeDeps,
  staff: Staff,
  accountId: number,
  reason: string,
  base: string,
): Promise<TradeAccount> {
  const db = deps.database.db;
  const now = deps.now();
  const scope = await scopeOf(db, staff);
  await db.transaction(async (tx) => {
    const account = await accountOf(tx, scope, accountId, true);
    mustBe(account, ["pending"], "refused");
    const enabled = await enabledOf(tx, account.id);
    const [updated] = await tx
      .update(tradeCustomer)
      .set({ status: "refused" })
      .where(eq(tradeCustomer.id, account.id))
      .returning();
    await send(tx, renderRefusedMail({ ...mailContext(account, base), reason }), now);
    await audit(tx, staff, {
      hotelId: null,
      action: "trade.refuse",
      entity: "trade_customer",
      entityId: account.id,
      before: snapshot(account, enabled),
      after: updated ? { ...snapshot(updated, enabled), reason } : null,
    });
  });
  return detailOf(db, scope, accountId);
}

export async function setAccountHotels(
  deps: BackOfficeDeps,
  staff: Staff,
  accountId: number,
  input: z.output<typeof TradeHotelsSchema>,
): Promise<TradeAccount> {
  const db = deps.database.db;
  const scope = await scopeOf(db, staff);
  await db.transaction(async (tx) => {
    const account = await accountOf(tx, scope, accountId, true);
    const before = await enabledOf(tx, account.id);
    const pairs = await checkPairs(tx, scope, input.enabled);
    const after = await setPairs(tx, scope, account.id, pairs);
    if (JSON.stringify(before) !== JSON.stringify(after))
      await audit(tx, staff, {
        hotelId: null,
        action: "trade.hotels",
        entity: "trade_customer",
        entityId: account.id,
        before: snapshot(account, before),
        after: snapshot(account, after),
      });
  });
  // A hotel-scoped user who took away all their hotels no longer sees the account: answer with what was saved.
  return detailOf(db, { ...scope, hotels: null }, accountId);
}

export async function setAccountPricing(
  deps: BackOfficeDeps,
  staff: Staff,
  accountId: number,
  input: z.output<typeof TradePricingSchema>,
): Promise<TradeAccount> {
  const db = deps.database.db;
  const scope = await scopeOf(db, staff);
  await db.transaction(async (tx) => {
    const account = await accountOf(tx, scope, accountId, true);
    const enabled = await enabledOf(tx, account.id);
    const [updated] = await tx
      .update(tradeCustomer)
      .set({
        extraDiscountPercent: input.extraDiscountPercent.toFixed(2),
        commissionPercent: input.commissionPercent === null ? null : input.commissionPercent.toFixed(2),
      })
      .where(eq(tradeCustomer.id, account.id))
      .returning();
    const before = snapshot(account, enabled);
    const after = updated ? snapshot(updated, enabled) : null;
    if (JSON.stringify(before) !== JSON.stringify(after))
      await audit(tx, staff, {
        hotelId: null,
        action: "trade.pricing",
        entity: "trade_customer",
        entityId: account.id,
        before,
        after,
      });
  });
  return detailOf(db, scope, accountId);
}

/** Disables an approved account: its users' sessions end at once and no login is accepted. */
export const disableAccount = (deps: BackOfficeDeps, staff: Staff, accountId: number) =>
  changeStatus(deps, staff, accountId, "disabled");

/** Enables a disabled account again: its users may log in. */
export const enableAccount = (deps: BackOfficeDeps, staff: Staff, accountId: number) =>
  changeStatus(deps, staff, accountId, "approved");

/** approved ⇄ disabled, audited; nothing to do when the account is there already. */
async function changeStatus(
  deps: BackOfficeDeps,
  staff: Staff,
  accountId: number,
  to: "disabled" | "approved",
): Promise<TradeAccount> {
  const db = deps.database.db;
  const scope = await scopeOf(db, staff);
  await db.transaction(async (tx) => {
    const account = await accountOf(tx, scope, accountId, true);
    if (account.status === to) return;
    const disabling = to === "disabled";
    mustBe(account, [disabling ? "approved" : "disabled"], disabling ? "disabled" : "enabled");
    const enabled = await enabledOf(tx, account.id);
    const [updated] = await tx
      .update(tradeCustomer)
      .set(disabling ? { status: to } : { status: to, active: true })
      .where(eq(tradeCustomer.id, account.id))
      .returning();
    if (disabling)
      await tx
        .delete(tradeSession)
        .where(
          inArray(
            tradeSession.tradeUserId,
            tx.select({ id: tradeUser.id }).from(tradeUser).where(eq(tradeUser.tradeCustomerId, account.id)),
          ),
        );
    await audit(tx, staff, {
      hotelId: null,
      action: disabling ? "trade.disable" : "trade.enable",
      entity: "trade_customer",
      entityId: account.id,
      before: snapshot(account, enabled),
      after: updated ? snapshot(updated, enabled) : null,
    });
  });
  return detailOf(db, scope, accountId);
}

/** A temporary password that meets SPEC §5: 16 random base64url characters (96 bits) and the four classes. */
export function temporaryPassword(): string {
  for (;;) {
    const candidate = `${randomBytes(12).toString("base64url")}-${"ABCDEFGHJKLMNPQRSTUVWXYZ"[randomBytes(1)[0]! % 24]}${"abcdefghijkmnopqrstuvwxyz"[randomBytes(1)[0]! % 25]}${randomBytes(1)[0]! % 10}`;
    if (passwordProblems({ password: candidate }).length === 0) return candidate;
  }
}

/**
 * Resets a user's password (ADR 0030): a temporary password, mailed to the user (or the account), with
 * `must_change_password` set, so the next login must choose a new one; the user's sessions end.
 */
export async function resetTradeUserPassword(
  deps: BackOfficeDeps,
  staff: Staff,
  accountId: number,
  userId: number,
  base: string,
): Promise<{ mailedTo: string }> {
  const db = deps.database.db;
  const now = deps.now();
  const scope = await scopeOf(db, staff);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const account = await accountOf(tx, scope, accountId, true);
    const [user] = await tx
      .select()
      .from(tradeUser)
      .where(and(eq(tradeUser.id, userId), eq(tradeUser.tradeCustomerId, account.id)))
      .for("update");
    if (!user) throw notFound("userId", "no such user of this account");
    const context = mailContext(account, base);
    const to = user.email || context.to;
    if (!to) throw conflict("no_email", "email", "neither the user nor the account has an e-mail address");
    await tx
      .update(tradeUser)
      .set({ passwordHash, passwordChangedAt: now, mustChangePassword: true })
      .where(eq(tradeUser.id, user.id));
    await revokeTradeUserSessions(tx, user.id);
    await send(
      tx,
      renderResetMail({ ...context, to, name: user.name || context.name, username: user.username, password }),
      now,
    );
    await audit(tx, staff, {
      hotelId: null,
      action: "trade.password_reset",
      entity: "trade_user",
      entityId: user.id,
      before: { account: account.id, username: user.username, mustChangePassword: user.mustChangePassword },
      after: { account: account.id, username: user.username, mustChangePassword: true, mailedTo: to },
    });
    return { mailedTo: to };
  });
}
