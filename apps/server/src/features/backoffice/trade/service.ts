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
import type { z } from "zod";
import type { Db } from "../../../db/client";
import { AppError, notFound } from "../../../http/errors";
import { hashPassword } from "../../credentials";
import type { OutgoingMail } from "../../mail";
import { enqueueMail } from "../../mail";
import { revokeTradeUserSessions, type TradeMailLanguage, tradeLanguageOf } from "../../trade";
import type { Staff } from "../access";
import { type AuditedChange, audit, changeAudited } from "../audit";
import type { BackOfficeDeps } from "../deps";
import { renderApprovedMail, renderRefusedMail, renderResetMail } from "./mails";
import {
  countAccountsByStatus,
  deleteAccountSessions,
  findAccountHotels,
  findAccountsPage,
  findAccountUsernames,
  findAccountUsers,
  findEnabledPairs,
  findStaffAllHotels,
  findTradeOptions,
  findVisibleAccount,
  lockAccountUser,
  replaceAccountPairs,
  type Scope,
  setTemporaryPassword,
  type TradeCustomerRow,
  updateAccount,
} from "./repository";

// The back office's face still names the trade area's language rule for the trade mails that import it there.

type CustomerRow = TradeCustomerRow;
type Account = CustomerRow & { channelName: string };

const conflict = (code: string, field: string, message: string) =>
  new AppError(code, 409, `${field}: ${message}`, [{ field, message }]);
const invalid = (field: string, message: string) =>
  new AppError("invalid_input", 400, `${field}: ${message}`, [{ field, message }]);
const noAccount = () => notFound("accountId", "no such trade account");

async function scopeOf(db: Db, staff: Staff): Promise<Scope> {
  const allHotels = await findStaffAllHotels(db, staff.userId);
  return { groupId: staff.groupId, hotels: allHotels ? null : staff.hotels.map((h) => h.id) };
}

const mine = (scope: Scope, hotelId: number) => scope.hotels === null || scope.hotels.includes(hotelId);

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

const enabledOf = (db: Db, accountId: number): Promise<TradeEnablement[]> => findEnabledPairs(db, accountId);

/** An account the staff user may see, locked for a change when `lock`; 404 otherwise (another group's too). */
async function accountOf(db: Db, scope: Scope, accountId: number, lock = false): Promise<Account> {
  const row = await findVisibleAccount(db, scope, accountId, lock);
  if (!row) throw noAccount();
  return { ...row.customer, channelName: row.channelName };
}

/** Every hotel × trade channel of the group (hotels sold on that channel), with names. */
async function optionsOf(db: Db, scope: Scope) {
  const rows = await findTradeOptions(db, scope.groupId);
  return rows.map((r) => ({ ...r, mine: mine(scope, r.hotelId) }));
}

const asType = (n: number): 1 | 2 => (n === 2 ? 2 : 1);

async function rowsOf(db: Db, scope: Scope, accounts: Account[]): Promise<TradeAccountRow[]> {
  const ids = accounts.map((a) => a.id);
  const links = ids.length ? await findAccountHotels(db, ids) : [];
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
  const counted = await countAccountsByStatus(db, scope, query.q);
  const counts = { pending: 0, approved: 0, refused: 0, disabled: 0 };
  for (const c of counted) counts[c.status] = Number(c.n);
  const total = query.status
    ? counts[query.status]
    : counts.pending + counts.approved + counts.refused + counts.disabled;
  const rows = await findAccountsPage(
    db,
    scope,
    query.q,
    query.status,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
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
  const users = await findAccountUsers(db, account.id);
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
  await replaceAccountPairs(tx, scope.hotels, accountId, pairs);
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

/** The audit of a change that audits only a real change. */
const ifChanged = (action: string, before: unknown, after: unknown): AuditedChange =>
  JSON.stringify(before) === JSON.stringify(after) ? null : { action, before, after };

/**
 * Changes an account the staff user may see, locked, in one transaction with its audit entry; answers the account
 * as it then stands (`unscoped`: whatever the user's hotels).
 */
async function changeAccount(
  deps: BackOfficeDeps,
  staff: Staff,
  accountId: number,
  change: (tx: Db, account: Account, scope: Scope) => Promise<AuditedChange>,
  unscoped = false,
): Promise<TradeAccount> {
  const db = deps.database.db;
  const scope = await scopeOf(db, staff);
  const lock = (tx: Db) => accountOf(tx, scope, accountId, true);
  await changeAudited(db, staff, "trade_customer", lock, (tx, account) => change(tx, account, scope));
  return detailOf(db, unscoped ? { ...scope, hotels: null } : scope, accountId);
}

export const approveAccount = (
  deps: BackOfficeDeps,
  staff: Staff,
  accountId: number,
  input: z.output<typeof ApproveTradeAccountSchema>,
  base: string,
): Promise<TradeAccount> =>
  changeAccount(deps, staff, accountId, async (tx, account, scope) => {
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
    const updated = await updateAccount(tx, account.id, { status: "approved", active: true });
    const users = await findAccountUsernames(tx, account.id);
    await send(
      tx,
      renderApprovedMail({ ...mailContext(account, base), usernames: users.map((u) => u.username) }),
      deps.now(),
    );
    return { action: "trade.approve", before, after: updated ? snapshot(updated, enabled) : null };
  });

export const refuseAccount = (
  deps: BackOfficeDeps,
  staff: Staff,
  accountId: number,
  reason: string,
  base: string,
): Promise<TradeAccount> =>
  changeAccount(deps, staff, accountId, async (tx, account) => {
    mustBe(account, ["pending"], "refused");
    const enabled = await enabledOf(tx, account.id);
    const updated = await updateAccount(tx, account.id, { status: "refused" });
    await send(tx, renderRefusedMail({ ...mailContext(account, base), reason }), deps.now());
    const after = updated ? { ...snapshot(updated, enabled), reason } : null;
    return { action: "trade.refuse", before: snapshot(account, enabled), after };
  });

// A hotel-scoped user who took away all their hotels no longer sees the account: answer with what was saved.
export const setAccountHotels = (
  deps: BackOfficeDeps,
  staff: Staff,
  accountId: number,
  input: z.output<typeof TradeHotelsSchema>,
): Promise<TradeAccount> =>
  changeAccount(
    deps,
    staff,
    accountId,
    async (tx, account, scope) => {
      const before = await enabledOf(tx, account.id);
      const pairs = await checkPairs(tx, scope, input.enabled);
      const after = await setPairs(tx, scope, account.id, pairs);
      return ifChanged("trade.hotels", snapshot(account, before), snapshot(account, after));
    },
    true,
  );

export const setAccountPricing = (
  deps: BackOfficeDeps,
  staff: Staff,
  accountId: number,
  input: z.output<typeof TradePricingSchema>,
): Promise<TradeAccount> =>
  changeAccount(deps, staff, accountId, async (tx, account) => {
    const enabled = await enabledOf(tx, account.id);
    const updated = await updateAccount(tx, account.id, {
      extraDiscountPercent: input.extraDiscountPercent.toFixed(2),
      commissionPercent: input.commissionPercent === null ? null : input.commissionPercent.toFixed(2),
    });
    return ifChanged(
      "trade.pricing",
      snapshot(account, enabled),
      updated ? snapshot(updated, enabled) : null,
    );
  });

/** Disables an approved account: its users' sessions end at once and no login is accepted. */
export const disableAccount = (deps: BackOfficeDeps, staff: Staff, accountId: number) =>
  changeStatus(deps, staff, accountId, "disabled");

/** Enables a disabled account again: its users may log in. */
export const enableAccount = (deps: BackOfficeDeps, staff: Staff, accountId: number) =>
  changeStatus(deps, staff, accountId, "approved");

/** approved ⇄ disabled, audited; nothing to do when the account is there already. */
const changeStatus = (
  deps: BackOfficeDeps,
  staff: Staff,
  accountId: number,
  to: "disabled" | "approved",
): Promise<TradeAccount> =>
  changeAccount(deps, staff, accountId, async (tx, account) => {
    if (account.status === to) return null;
    const disabling = to === "disabled";
    mustBe(account, [disabling ? "approved" : "disabled"], disabling ? "disabled" : "enabled");
    const enabled = await enabledOf(tx, account.id);
    const updated = await updateAccount(
      tx,
      account.id,
      disabling ? { status: to } : { status: to, active: true },
    );
    if (disabling) await deleteAccountSessions(tx, account.id);
    return {
      action: disabling ? "trade.disable" : "trade.enable",
      before: snapshot(account, enabled),
      after: updated ? snapshot(updated, enabled) : null,
    };
  });

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
    const user = await lockAccountUser(tx, account.id, userId);
    if (!user) throw notFound("userId", "no such user of this account");
    const context = mailContext(account, base);
    const to = user.email || context.to;
    if (!to) throw conflict("no_email", "email", "neither the user nor the account has an e-mail address");
    await setTemporaryPassword(tx, user.id, passwordHash, now);
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
