import type { LoginResponse, TradeUser } from "@alloggio/domain/contract/trade/login";
import { storedTradeLoginValid, TRADE_LOGIN_CHECK_INTERVAL_MS } from "@alloggio/domain/trade/login";
import { ApiError } from "../../lib/api-client";

// The trade user's login in the web app (SPEC §4 "Trade login", §9; ADR 0029): kept per channel in
// local storage with `dateAgg`, valid 60 minutes from it, checked with `login.do method=loggedUser` every 10 s
// while logged in. The server's session cookie (HttpOnly) is what the searches use; this module keeps the page in
// step with it: whatever ends the stored login (logout, expiry, a check answering id 0 or "not enabled") ends the
// checks, and an expired login is logged out on the server too, so no trade price outlives what the page shows.

/** The calls this module makes (`login.do`); the app passes `postJson`, the tests a fake. */
export type TradeLoginApi = {
  login(body: {
    method: "login";
    username: string;
    password: string;
    channel: number;
    hotel?: number;
  }): Promise<LoginResponse>;
  /** Ends the server's session; its CSRF token goes with the call (the server refuses a logout without it). */
  logout(body: { method: "logout" }, csrfToken?: string): Promise<LoginResponse>;
  loggedUser(body: { method: "loggedUser"; channel: number; hotel?: number }): Promise<LoginResponse>;
};

/** Why the page logged the user out by itself (shown once, until dismissed). */
export type TradeNotice =
  /** 60 minutes after the login (SPEC §9). */
  | "expired"
  /** The check answered id 0: the server no longer knows the login (logged out elsewhere, password changed). */
  | "logged_out"
  /** SPEC §6, §8: "Your user is not enabled for these structures or channels, so you will be disconnected". */
  | "trade_not_enabled";

export type TradeSessionState = { user: TradeUser | null; notice: TradeNotice | null };

/** What is kept in local storage, per channel (SPEC §3 "Logged user: id, dateAgg"). */
export type StoredTradeLogin = { user: TradeUser; dateAgg: number };

/** The part of `Storage` this module uses (local storage in the app; a map in the tests). */
export type TradeStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export const tradeStorageKey = (channel: number): string => `alloggio.trade.${channel}`;

/** The stored login of a channel, or null (none, unreadable, for another channel, or 60 minutes old). */
export function readStoredLogin(
  storage: TradeStorage,
  channel: number,
  now: number,
): StoredTradeLogin | null {
  let stored: StoredTradeLogin | null = null;
  try {
    const text = storage.getItem(tradeStorageKey(channel));
    stored = text ? (JSON.parse(text) as StoredTradeLogin) : null;
  } catch {
    stored = null;
  }
  if (!stored || typeof stored.dateAgg !== "number" || !stored.user || stored.user.channel !== channel)
    return null;
  return storedTradeLoginValid(stored.dateAgg, now) ? stored : null;
}

export type TradeSessionOptions = {
  channel: number;
  /** The page's hotel: the login and the checks ask the account to be enabled for it. */
  hotel?: number | undefined;
  api: TradeLoginApi;
  storage: TradeStorage | null;
  now?: () => number;
};

export type TradeSession = {
  getState(): TradeSessionState;
  subscribe(listener: () => void): () => void;
  /** Reads the stored login and, with one, checks it at once and then every 10 s. */
  start(): void;
  /** Stops the checks (the page goes away); the stored login stays. */
  stop(): void;
  /** Logs in (the server's error, an `ApiError`, is thrown to the form); the checks start. */
  logIn(username: string, password: string): Promise<TradeUser>;
  /** Logs out: the checks stop, the stored login is removed, the server's session ended. */
  logOut(): Promise<void>;
  /** The user the server answered after a change (the password change clears `mustChangePassword`). */
  replaceUser(user: TradeUser): void;
  /** One check now (the timer's work). */
  check(): Promise<void>;
  dismissNotice(): void;
};

/** The session of one channel (one per page; `start` when mounted, `stop` when gone). */
export function createTradeSession(options: TradeSessionOptions): TradeSession {
  const { channel, hotel, api, storage } = options;
  const now = options.now ?? Date.now;
  const where = hotel === undefined ? { channel } : { channel, hotel };
  let state: TradeSessionState = { user: null, notice: null };
  let dateAgg = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let checking = false;
  /** Bumped by every login and logout: a check answered after one of them is stale and ignored. */
  let generation = 0;
  const listeners = new Set<() => void>();

  const set = (next: TradeSessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const save = (user: TradeUser) => {
    try {
      storage?.setItem(
        tradeStorageKey(channel),
        JSON.stringify({ user, dateAgg } satisfies StoredTradeLogin),
      );
    } catch {
      // Private mode or a full storage: the login lasts as long as the page.
    }
  };
  const stopTimer = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const startTimer = () => {
    stopTimer();
    timer = setInterval(() => void session.check(), TRADE_LOGIN_CHECK_INTERVAL_MS);
  };
  const serverLogout = () => api.logout({ method: "logout" }, state.user?.csrfToken).catch(() => undefined);
  /**
   * Ends the login on the page: no checks, no stored login, the notice shown when there is one. With `tellServer`
   * the server's session ends first, so what the page refetches on the change no longer carries trade prices.
   */
  const end = async (notice: TradeNotice | null, tellServer: boolean) => {
    generation++;
    stopTimer();
    storage?.removeItem(tradeStorageKey(channel));
    if (tellServer) await serverLogout();
    set({ user: null, notice });
  };

  const session: TradeSession = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      const raw = storage?.getItem(tradeStorageKey(channel)) ?? null;
      const stored = storage ? readStoredLogin(storage, channel, now()) : null;
      if (!stored) {
        // A login stored 60 minutes ago (or more) ends here, and on the server too.
        if (raw !== null) {
          storage?.removeItem(tradeStorageKey(channel));
          void serverLogout();
        }
        return;
      }
      dateAgg = stored.dateAgg;
      set({ user: stored.user, notice: null });
      startTimer();
      void session.check();
    },
    stop() {
      stopTimer();
    },
    async logIn(username, password) {
      const body = { method: "login" as const, username, password, ...where };
      const answer = await api.login(body);
      if (answer.user.id === 0) throw new ApiError(401, "login_failed", "no user in the answer");
      const user = answer.user as TradeUser;
      generation++;
      dateAgg = user.dateAgg;
      save(user);
      set({ user, notice: null });
      startTimer();
      return user;
    },
    async logOut() {
      await end(null, true);
    },
    replaceUser(user) {
      if (!state.user) return;
      save(user);
      set({ user, notice: state.notice });
    },
    async check() {
      if (!state.user || checking) return;
      if (!storedTradeLoginValid(dateAgg, now())) {
        await end("expired", true);
        return;
      }
      const asked = generation;
      checking = true;
      try {
        const answer = await api.loggedUser({ method: "loggedUser", ...where });
        if (asked !== generation) return;
        if (answer.user.id === 0) await end("logged_out", false);
        else {
          const user = answer.user as TradeUser;
          save(user);
          set({ user, notice: state.notice });
        }
      } catch (error) {
        // "Not enabled" disconnects (SPEC §6); a network failure or a server error waits for the next check.
        if (asked === generation && error instanceof ApiError && error.code === "trade_not_enabled")
          await end("trade_not_enabled", false);
      } finally {
        checking = false;
      }
    },
    dismissNotice() {
      if (state.notice) set({ user: state.user, notice: null });
    },
  };
  return session;
}
