import type { LoginResponse, TradeUser } from "@alloggio/domain/contract/trade/login";
import { TRADE_LOGIN_CHECK_INTERVAL_MS, TRADE_LOGIN_VALIDITY_MS } from "@alloggio/domain/trade/login";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api-client";
import { anAgent } from "./test-agent";
import {
  createTradeSession,
  readStoredLogin,
  type TradeLoginApi,
  type TradeStorage,
  tradeStorageKey,
} from "./trade-session";

const CHANNEL = 2;
const HOTEL = 1000;
const START = Date.parse("2030-01-05T10:00:00Z");

const userAt = (dateAgg: number, extra: Partial<TradeUser> = {}): TradeUser =>
  anAgent({ channel: CHANNEL, dateAgg, ...extra });

function memoryStorage(): TradeStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const nobody: LoginResponse = { user: { id: 0 } };

function fakeApi() {
  return {
    login: vi.fn<TradeLoginApi["login"]>(async () => ({ user: userAt(Date.now()) })),
    logout: vi.fn<TradeLoginApi["logout"]>(async () => nobody),
    loggedUser: vi.fn<TradeLoginApi["loggedUser"]>(async () => ({ user: userAt(START) })),
  };
}

/** Lets the promises of a check settle (the fake timers do not run them). */
const settle = () => vi.advanceTimersByTimeAsync(0);

let storage: ReturnType<typeof memoryStorage>;
let api: ReturnType<typeof fakeApi>;
const session = () => createTradeSession({ channel: CHANNEL, hotel: HOTEL, api, storage });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
  storage = memoryStorage();
  api = fakeApi();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("trade session: login and logout (SPEC §4)", () => {
  it("logs in with the page's channel and hotel and stores the user with dateAgg under the channel's key", async () => {
    const s = session();
    const user = await s.logIn("agenzia", "Demo-Agency-1");
    expect(api.login).toHaveBeenCalledWith({
      method: "login",
      username: "agenzia",
      password: "Demo-Agency-1",
      channel: CHANNEL,
      hotel: HOTEL,
    });
    expect(s.getState()).toEqual({ user, notice: null });
    expect(JSON.parse(storage.items.get(tradeStorageKey(CHANNEL)) ?? "null")).toEqual({
      user,
      dateAgg: START,
    });
    expect(storage.items.has(tradeStorageKey(3))).toBe(false);
  });

  it("throws the server's refusal to the form and stays logged out, with no check running", async () => {
    api.login.mockRejectedValueOnce(new ApiError(401, "invalid_credentials", "Invalid credentials"));
    const s = session();
    await expect(s.logIn("agenzia", "wrong")).rejects.toMatchObject({ code: "invalid_credentials" });
    expect(s.getState().user).toBeNull();
    expect(storage.items.size).toBe(0);
    await vi.advanceTimersByTimeAsync(5 * TRADE_LOGIN_CHECK_INTERVAL_MS);
    expect(api.loggedUser).not.toHaveBeenCalled();
  });

  it("logs out: the stored user removed, the server told, the checks stopped", async () => {
    const s = session();
    await s.logIn("agenzia", "Demo-Agency-1");
    const listener = vi.fn();
    s.subscribe(listener);
    await s.logOut();
    expect(api.logout).toHaveBeenCalledWith({ method: "logout" }, userAt(START).csrfToken);
    expect(s.getState()).toEqual({ user: null, notice: null });
    expect(storage.items.size).toBe(0);
    expect(listener).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5 * TRADE_LOGIN_CHECK_INTERVAL_MS);
    expect(api.loggedUser).not.toHaveBeenCalled();
  });
});

describe("trade session: the check every 10 seconds (SPEC §4, §9)", () => {
  it("checks with loggedUser every 10 s while logged in, not before", async () => {
    const s = session();
    await s.logIn("agenzia", "Demo-Agency-1");
    await vi.advanceTimersByTimeAsync(TRADE_LOGIN_CHECK_INTERVAL_MS - 1);
    expect(api.loggedUser).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.loggedUser).toHaveBeenCalledTimes(1);
    expect(api.loggedUser).toHaveBeenLastCalledWith({ method: "loggedUser", channel: CHANNEL, hotel: HOTEL });
    await vi.advanceTimersByTimeAsync(2 * TRADE_LOGIN_CHECK_INTERVAL_MS);
    expect(api.loggedUser).toHaveBeenCalledTimes(3);
    expect(s.getState().user?.id).toBe(7);
  });

  it("an answer of id 0 logs the page out with a notice and stops the checks", async () => {
    const s = session();
    await s.logIn("agenzia", "Demo-Agency-1");
    api.loggedUser.mockResolvedValue(nobody);
    await vi.advanceTimersByTimeAsync(TRADE_LOGIN_CHECK_INTERVAL_MS);
    expect(s.getState()).toEqual({ user: null, notice: "logged_out" });
    expect(storage.items.size).toBe(0);
    await vi.advanceTimersByTimeAsync(5 * TRADE_LOGIN_CHECK_INTERVAL_MS);
    expect(api.loggedUser).toHaveBeenCalledTimes(1);
    s.dismissNotice();
    expect(s.getState()).toEqual({ user: null, notice: null });
  });

  it("trade_not_enabled disconnects with SPEC's message and stops the checks", async () => {
    const s = session();
    await s.logIn("agenzia", "Demo-Agency-1");
    api.loggedUser.mockRejectedValue(new ApiError(403, "trade_not_enabled", "not enabled"));
    await vi.advanceTimersByTimeAsync(TRADE_LOGIN_CHECK_INTERVAL_MS);
    expect(s.getState()).toEqual({ user: null, notice: "trade_not_enabled" });
    expect(storage.items.size).toBe(0);
    await vi.advanceTimersByTimeAsync(5 * TRADE_LOGIN_CHECK_INTERVAL_MS);
    expect(api.loggedUser).toHaveBeenCalledTimes(1);
  });

  it("a network failure keeps the login and tries again at the next check", async () => {
    const s = session();
    await s.logIn("agenzia", "Demo-Agency-1");
    api.loggedUser.mockRejectedValueOnce(new ApiError(0, "network", "offline"));
    await vi.advanceTimersByTimeAsync(TRADE_LOGIN_CHECK_INTERVAL_MS);
    expect(s.getState().user?.id).toBe(7);
    await vi.advanceTimersByTimeAsync(TRADE_LOGIN_CHECK_INTERVAL_MS);
    expect(api.loggedUser).toHaveBeenCalledTimes(2);
    expect(s.getState().user?.id).toBe(7);
  });

  it("ignores a check answered after a logout", async () => {
    const s = session();
    await s.logIn("agenzia", "Demo-Agency-1");
    let answer: (value: LoginResponse) => void = () => undefined;
    api.loggedUser.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await vi.advanceTimersByTimeAsync(TRADE_LOGIN_CHECK_INTERVAL_MS);
    await s.logOut();
    answer({ user: userAt(START) });
    await settle();
    expect(s.getState().user).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("the stored login ends 60 minutes after dateAgg: logged out on the page and on the server, notice 'expired'", async () => {
    const s = session();
    await s.logIn("agenzia", "Demo-Agency-1");
    await vi.advanceTimersByTimeAsync(TRADE_LOGIN_VALIDITY_MS - TRADE_LOGIN_CHECK_INTERVAL_MS);
    expect(s.getState().user?.id).toBe(7);
    const checks = api.loggedUser.mock.calls.length;
    await vi.advanceTimersByTimeAsync(TRADE_LOGIN_CHECK_INTERVAL_MS);
    expect(s.getState()).toEqual({ user: null, notice: "expired" });
    expect(api.loggedUser).toHaveBeenCalledTimes(checks);
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(storage.items.size).toBe(0);
  });
});

describe("trade session: the stored login (SPEC §4)", () => {
  it("start picks up a valid stored login, checks it at once and then every 10 s", async () => {
    storage.setItem(tradeStorageKey(CHANNEL), JSON.stringify({ user: userAt(START), dateAgg: START }));
    vi.setSystemTime(START + 30 * 60_000);
    const s = session();
    s.start();
    expect(s.getState().user?.agency.name).toBe("Viaggi Sereni Srl");
    await settle();
    expect(api.loggedUser).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(TRADE_LOGIN_CHECK_INTERVAL_MS);
    expect(api.loggedUser).toHaveBeenCalledTimes(2);
    s.stop();
    await vi.advanceTimersByTimeAsync(5 * TRADE_LOGIN_CHECK_INTERVAL_MS);
    expect(api.loggedUser).toHaveBeenCalledTimes(2);
  });

  it("start drops a stored login 60 minutes old, and logs it out on the server", async () => {
    storage.setItem(tradeStorageKey(CHANNEL), JSON.stringify({ user: userAt(START), dateAgg: START }));
    vi.setSystemTime(START + TRADE_LOGIN_VALIDITY_MS);
    const s = session();
    s.start();
    await settle();
    expect(s.getState().user).toBeNull();
    expect(storage.items.size).toBe(0);
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(api.loggedUser).not.toHaveBeenCalled();
  });

  it("start with nothing stored stays logged out and checks nothing", async () => {
    const s = session();
    s.start();
    await vi.advanceTimersByTimeAsync(3 * TRADE_LOGIN_CHECK_INTERVAL_MS);
    expect(s.getState()).toEqual({ user: null, notice: null });
    expect(api.loggedUser).not.toHaveBeenCalled();
    expect(api.logout).not.toHaveBeenCalled();
  });

  it("readStoredLogin: per channel, 60 minutes, and nothing from garbage", () => {
    storage.setItem(tradeStorageKey(CHANNEL), JSON.stringify({ user: userAt(START), dateAgg: START }));
    expect(readStoredLogin(storage, CHANNEL, START + 59 * 60_000)?.user.id).toBe(7);
    expect(readStoredLogin(storage, CHANNEL, START + 60 * 60_000)).toBeNull();
    expect(readStoredLogin(storage, 3, START)).toBeNull();
    storage.setItem(tradeStorageKey(3), JSON.stringify({ user: userAt(START), dateAgg: START }));
    expect(readStoredLogin(storage, 3, START)).toBeNull();
    storage.setItem(tradeStorageKey(CHANNEL), "{not json");
    expect(readStoredLogin(storage, CHANNEL, START)).toBeNull();
  });

  it("replaceUser keeps dateAgg and stores the new user (after the password change)", async () => {
    const s = session();
    await s.logIn("agenzia", "Demo-Agency-1");
    vi.setSystemTime(START + 60_000);
    s.replaceUser(userAt(START, { mustChangePassword: false, name: "Giulia S." }));
    expect(s.getState().user?.name).toBe("Giulia S.");
    expect(readStoredLogin(storage, CHANNEL, Date.now())?.dateAgg).toBe(START);
  });
});
