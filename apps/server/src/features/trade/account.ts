// The trade accounts' public calls (SPEC §7 `agency/retrievePwd`, `agency/askApproval`; ADR 0033):
// password recovery by a mailed single-use link, the new password from that link, and the sign-up.

import { isValidEmail } from "@alloggio/domain/booking/guest-form";
import { hotelMailLanguageOf } from "@alloggio/domain/contract/property/property-file";
import type {
  AskApprovalRequestSchema,
  AskApprovalResponse,
  ResetPasswordRequestSchema,
  ResetPasswordResponse,
  RetrievePasswordRequestSchema,
  RetrievePasswordResponse,
} from "@alloggio/domain/contract/trade/account";
import { findLanguage } from "@alloggio/domain/i18n/languages";
import {
  normaliseAgencyCode,
  signUpProblems,
  TRADE_RESET_TOKEN_TTL_MS,
} from "@alloggio/domain/trade/agency-rules";
import { usernameKey } from "@alloggio/domain/trade/login";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Database, Db } from "../../db/client";
import type { tradeCustomer, tradeUser } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { LinkBase } from "../../http/link-base";
import {
  hashPassword,
  newToken,
  requirePasswordPolicy,
  sha256,
  tooManyAttempts,
  verifyPassword,
} from "../credentials";
import type { OutgoingMail } from "../mail";
import { enqueueMail } from "../mail";
import { hitRateLimit } from "../rate-limits";
import {
  LANGUAGE_ID,
  renderRecoveryMail,
  renderSignUpNoticeMail,
  renderUnknownEmailMail,
  tradeLanguageOf,
} from "./account-mails";
import {
  anyEmailTaken,
  expireResetTokens,
  findChannel,
  findChannelHotelMailboxes,
  findRecoverableUsers,
  findResetTokenUser,
  insertTradeCustomer,
  insertTradeUser,
  nextTradeCustomerId,
  replaceResetToken,
  setResetPassword,
  useResetToken,
  usernameInUse,
} from "./account-repository";
import type { TradeMailLanguage } from "./language";
import { createTradeLockout, tradeLockoutAccount } from "./lockout";
import { revokeTradeUserSessions } from "./session";

export type AccountDeps = { database: Database; now: () => Date; linkBase: LinkBase };

/** Recovery requests one client address may make in the window (429 beyond). */
export const RETRIEVE_PER_ADDRESS = 10;
/** Recovery mails one username or e-mail may cause in the window: beyond it the answer stays the same, no mail. */
export const RETRIEVE_PER_LOGIN = 3;
export const RETRIEVE_WINDOW_MS = 15 * 60_000;
/** Sign-ups one client address may send in the window (429 beyond). */
export const SIGN_UP_PER_ADDRESS = 5;
export const SIGN_UP_WINDOW_MS = 60 * 60_000;

const TTL_MINUTES = TRADE_RESET_TOKEN_TTL_MS / 60_000;
const NEUTRAL: RetrievePasswordResponse = { accepted: true, validMinutes: TTL_MINUTES };

const mailLanguageOf = (languageId: number | undefined): TradeMailLanguage => {
  const text = findLanguage(languageId ?? 1).text;
  return text in LANGUAGE_ID ? (text as TradeMailLanguage) : "en";
};
const trimBase = (base: string) => base.replace(/\/+$/, "");
/** The web page that takes the mailed token (`agencyPasswordReset`); the token rides in the fragment, never sent. */
const resetLink = (base: string, channelId: number, language: TradeMailLanguage, token: string) =>
  `${trimBase(base)}/channel/${channelId}/language/${LANGUAGE_ID[language]}/agency/password#token=${token}`;

async function limited(db: Db, key: string, windowMs: number, max: number, now: Date): Promise<boolean> {
  const { count } = await hitRateLimit(db, key, windowMs, now);
  return count > max;
}

async function tradeChannelOf(db: Db, channelId: number) {
  const row = await findChannel(db, channelId);
  return row && row.kind === "trade" ? row : null;
}

async function send(tx: Db, mail: OutgoingMail, now: Date) {
  if (mail.to) await enqueueMail(tx, { ...mail, now });
}

/**
 * A single-use password link (30 minutes) for a trade user, replacing the user's earlier ones, mailed in the
 * account's language: what "Forgot your password?" sends, and what the login sends when it locks the account (the
 * mailed link that passes the lock, ADR 0060).
 */
export async function mailTradeResetLink(
  tx: Db,
  { user, customer }: { user: typeof tradeUser.$inferSelect; customer: typeof tradeCustomer.$inferSelect },
  onChannel: { id: number; name: string },
  base: string,
  now: Date,
): Promise<void> {
  const to = user.email || customer.email || customer.referentEmail;
  if (!to) return;
  const token = newToken();
  await replaceResetToken(
    tx,
    user.id,
    {
      tokenHash: sha256(token),
      channelId: onChannel.id,
      expiresAt: new Date(now.getTime() + TRADE_RESET_TOKEN_TTL_MS),
      createdAt: now,
    },
    now,
  );
  const language = tradeLanguageOf(customer.country);
  await send(
    tx,
    renderRecoveryMail({
      to,
      name: user.name || customer.referentName || user.username,
      username: user.username,
      channel: onChannel.name,
      language,
      link: resetLink(base, onChannel.id, language, token),
      minutes: TTL_MINUTES,
    }),
    now,
  );
}

/**
 * `agency/retrievePwd`: the same answer whatever the login names (ADR 0033). For each live user whose username or
 * e-mail it is (or whose account's e-mail it is) (not disabled; account not refused or disabled) a single-use link, valid 30 minutes, replaces the
 * user's earlier ones and is mailed in the account's language. An e-mail address no account uses gets SPEC §8's
 * "e-mail not found" — in a mail to that address, never on the screen. Rate limited per address (429) and per
 * login (silently: no more mails).
 */
export async function retrievePassword(
  deps: AccountDeps,
  request: FastifyRequest,
  body: z.output<typeof RetrievePasswordRequestSchema>,
): Promise<RetrievePasswordResponse> {
  const db = deps.database.db;
  const now = deps.now();
  if (
    await limited(db, `trade-retrieve:address:${request.ip}`, RETRIEVE_WINDOW_MS, RETRIEVE_PER_ADDRESS, now)
  )
    throw tooManyAttempts("login");
  const onChannel = await tradeChannelOf(db, body.channel);
  if (!onChannel) return NEUTRAL;
  const key = usernameKey(body.login);
  if (
    await limited(
      db,
      `trade-retrieve:login:${onChannel.groupId}:${key}`,
      RETRIEVE_WINDOW_MS,
      RETRIEVE_PER_LOGIN,
      now,
    )
  )
    return NEUTRAL;
  const base = await deps.linkBase(request);
  const found = await findRecoverableUsers(db, onChannel.groupId, key);
  await db.transaction(async (tx) => {
    for (const row of found) await mailTradeResetLink(tx, row, onChannel, base, now);
    if (found.length === 0 && isValidEmail(body.login)) {
      const language = mailLanguageOf(body.language);
      await send(
        tx,
        renderUnknownEmailMail({
          to: body.login.trim(),
          channel: onChannel.name,
          language,
          link: `${trimBase(base)}/channel/${onChannel.id}/language/${LANGUAGE_ID[language]}`,
        }),
        now,
      );
    }
  });
  return NEUTRAL;
}

const tokenInvalid = () =>
  new AppError("token_invalid", 400, "token: the link is unknown, used or expired", [
    { field: "token", message: "unknown, used or expired" },
  ]);

/**
 * `agency/resetPwd`: the mailed token, once, before its expiry; the new password (SPEC §5 policy, equal to its
 * confirmation, different from the current one); the forced change cleared and every session of the user ended.
 */
export async function resetPassword(
  deps: AccountDeps,
  body: z.output<typeof ResetPasswordRequestSchema>,
): Promise<ResetPasswordResponse> {
  const db = deps.database.db;
  const now = deps.now();
  requirePasswordPolicy(
    { password: body.password, confirmation: body.confirmation },
    { password: "password", confirmation: "confirmation" },
  );
  const tokenHash = sha256(body.token);
  const pending = await findResetTokenUser(db, tokenHash, now);
  if (!pending) throw tokenInvalid();
  if (await verifyPassword(pending.user.passwordHash, body.password))
    throw new AppError("password_policy", 400, "password: the same as the current one", [
      { field: "password", message: "same_as_old" },
    ]);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const used = await useResetToken(tx, tokenHash, now);
    if (!used) throw tokenInvalid();
    const user = await setResetPassword(tx, used.userId, passwordHash, now);
    if (!user) throw tokenInvalid();
    // The mailbox proved who this is: the failures counted on the username no longer lock its owner out.
    await createTradeLockout(deps).clearAccount(tx, tradeLockoutAccount(user.groupId, user.username));
    await expireResetTokens(tx, used.userId, now);
    await revokeTradeUserSessions(tx, used.userId);
    return { username: user.username, channel: used.channelId };
  });
}

const conflict = (code: string, field: string, message: string) =>
  new AppError(code, 409, `${field}: ${message}`, [{ field, message }]);

/**
 * `agency/askApproval`: a pending account on a trade channel with its first user (the password chosen here), the
 * domain's rules first (VAT or IATA, policy); 409 `email_taken` (SPEC §8 "account with this e-mail already exists
 * — contact the property") when an account or user of the group already uses either e-mail, 409 `username_taken`;
 * the channel's hotels told by mail. Rate limited per address.
 */
export async function askApproval(
  deps: AccountDeps,
  request: FastifyRequest,
  body: z.output<typeof AskApprovalRequestSchema>,
): Promise<AskApprovalResponse> {
  const db = deps.database.db;
  const now = deps.now();
  if (await limited(db, `trade-sign-up:address:${request.ip}`, SIGN_UP_WINDOW_MS, SIGN_UP_PER_ADDRESS, now))
    throw tooManyAttempts("email");
  const problems = signUpProblems({ ...body, type: body.type });
  if (problems.length) {
    const policy = problems.every((p) => p.field === "password" || p.field === "confirmation");
    throw new AppError(
      policy ? "password_policy" : "invalid_sign_up",
      400,
      `${problems.map((p) => `${p.field}: ${p.code}`).join("; ")}`,
      problems.map((p) => ({ field: p.field, message: p.code })),
    );
  }
  const onChannel = await tradeChannelOf(db, body.channel);
  if (!onChannel)
    throw new AppError("invalid_input", 400, "channel: not a trade channel", [
      { field: "channel", message: "not a trade channel" },
    ]);
  const emails = [...new Set([body.email, body.referentEmail].map((e) => e.trim().toLowerCase()))];
  if (await anyEmailTaken(db, onChannel.groupId, emails))
    throw conflict(
      "email_taken",
      "email",
      "an account with this e-mail already exists: contact the property",
    );
  const username = body.username.trim();
  const usernameTaken = () => conflict("username_taken", "username", "choose another username");
  const nameInUse = () => usernameInUse(db, onChannel.groupId, usernameKey(username));
  if (await nameInUse()) throw usernameTaken();
  const passwordHash = await hashPassword(body.password);
  const base = await deps.linkBase(request);
  const vatNumber = normaliseAgencyCode(body.vatNumber);
  const iataCode = normaliseAgencyCode(body.iataCode);
  const create = () =>
    db.transaction(async (tx) => {
      // Customer ids come from the property files (no sequence): the next free one, in the transaction.
      const customerId = await nextTradeCustomerId(tx);
      await insertTradeCustomer(tx, {
        id: customerId,
        channelId: onChannel.id,
        name: body.name,
        agencyType: body.type,
        active: true,
        status: "pending",
        address: body.address,
        zip: body.zip,
        city: body.city,
        country: body.country.toUpperCase(),
        vatNumber,
        iataCode,
        email: body.email,
        phone: body.phone,
        referentName: body.referentName,
        referentEmail: body.referentEmail,
        createdAt: now,
      });
      await insertTradeUser(tx, {
        tradeCustomerId: customerId,
        groupId: onChannel.groupId,
        username,
        name: body.referentName,
        email: body.referentEmail,
        passwordHash,
        passwordChangedAt: now,
        createdAt: now,
      });
      const hotels = await findChannelHotelMailboxes(tx, onChannel.id);
      const told = new Set<string>();
      for (const h of hotels) {
        const to = h.email.trim();
        if (!to || told.has(to.toLowerCase())) continue;
        told.add(to.toLowerCase());
        await send(
          tx,
          renderSignUpNoticeMail({
            to,
            channel: onChannel.name,
            language: hotelMailLanguageOf({ mailLanguage: h.mailLanguage }),
            link: `${trimBase(base)}/admin/trade/${customerId}`,
            agency: {
              name: body.name,
              type: body.type,
              vatNumber,
              iataCode,
              email: body.email,
              phone: body.phone,
              referentName: body.referentName,
              referentEmail: body.referentEmail,
              username,
            },
          }),
          now,
        );
      }
      return customerId;
    });
  // Two sign-ups at once may pick the same id (or username): the loser tries again, or hears the name is taken.
  for (let attempt = 1; ; attempt++) {
    try {
      return { id: await create(), status: "pending" };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
      if (await nameInUse()) throw usernameTaken();
    }
  }
}

/** Whether an error is PostgreSQL's unique violation (two sign-ups racing for one username or id). */
export const isUniqueViolation = (error: unknown): boolean => {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e && typeof e === "object" && !seen.has(e)) {
    seen.add(e);
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};
