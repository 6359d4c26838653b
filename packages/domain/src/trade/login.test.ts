import { describe, expect, it } from "vitest";
import {
  storedTradeLoginValid,
  TRADE_LOGIN_VALIDITY_MS,
  TRADE_PASSWORD_MAX_AGE_DAYS,
  TRADE_SESSION_ABSOLUTE_MS,
  TRADE_SESSION_IDLE_MS,
  tradePasswordExpired,
  tradeSessionExpiry,
  tradeSessionState,
  usernameKey,
} from "./login";

const at = (iso: string) => new Date(iso);
const minutes = (n: number) => n * 60_000;

describe("trade session validity (ADR 0029)", () => {
  const createdAt = at("2030-01-05T10:00:00Z");
  const session = { createdAt, lastSeenAt: createdAt, expiresAt: tradeSessionExpiry(createdAt) };

  it("is live right after login and until the idle time has passed without a request", () => {
    expect(tradeSessionState(session, createdAt)).toBe("live");
    expect(tradeSessionState(session, new Date(createdAt.getTime() + TRADE_SESSION_IDLE_MS - 1))).toBe(
      "live",
    );
    expect(tradeSessionState(session, new Date(createdAt.getTime() + TRADE_SESSION_IDLE_MS))).toBe("idle");
  });

  it("the idle time is the web's 60-minute validity (SPEC §9)", () => {
    expect(TRADE_SESSION_IDLE_MS).toBe(minutes(60));
  });

  it("a request moves the idle limit, never the absolute one", () => {
    const late = new Date(createdAt.getTime() + TRADE_SESSION_ABSOLUTE_MS - minutes(1));
    expect(tradeSessionState({ ...session, lastSeenAt: late }, late)).toBe("live");
    const end = new Date(createdAt.getTime() + TRADE_SESSION_ABSOLUTE_MS);
    expect(tradeSessionState({ ...session, lastSeenAt: late }, end)).toBe("expired");
  });
});

describe("the login the web stores (SPEC §4, §9)", () => {
  it("is valid for 60 minutes after dateAgg", () => {
    const dateAgg = Date.UTC(2030, 0, 5, 10);
    expect(storedTradeLoginValid(dateAgg, dateAgg)).toBe(true);
    expect(storedTradeLoginValid(dateAgg, dateAgg + TRADE_LOGIN_VALIDITY_MS - 1)).toBe(true);
    expect(storedTradeLoginValid(dateAgg, dateAgg + TRADE_LOGIN_VALIDITY_MS)).toBe(false);
    expect(TRADE_LOGIN_VALIDITY_MS).toBe(minutes(60));
  });

  it("is not valid when stored in the future (a clock moved back, or a forged value)", () => {
    expect(storedTradeLoginValid(Date.UTC(2030, 0, 5, 11), Date.UTC(2030, 0, 5, 10))).toBe(false);
  });
});

describe("password expiry", () => {
  const now = at("2030-06-01T12:00:00Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);

  it("a recent password is not expired", () => {
    expect(tradePasswordExpired({ passwordChangedAt: daysAgo(1), mustChangePassword: false }, now)).toBe(
      false,
    );
    expect(
      tradePasswordExpired(
        {
          passwordChangedAt: new Date(daysAgo(TRADE_PASSWORD_MAX_AGE_DAYS).getTime() + 1),
          mustChangePassword: false,
        },
        now,
      ),
    ).toBe(false);
  });

  it(`expires ${TRADE_PASSWORD_MAX_AGE_DAYS} days after it was set`, () => {
    expect(
      tradePasswordExpired(
        { passwordChangedAt: daysAgo(TRADE_PASSWORD_MAX_AGE_DAYS), mustChangePassword: false },
        now,
      ),
    ).toBe(true);
  });

  it("a reset (must change) or a password never set counts as expired", () => {
    expect(tradePasswordExpired({ passwordChangedAt: daysAgo(1), mustChangePassword: true }, now)).toBe(true);
    expect(tradePasswordExpired({ passwordChangedAt: null, mustChangePassword: false }, now)).toBe(true);
  });
});

describe("usernameKey", () => {
  it("ignores case and surrounding spaces", () => {
    expect(usernameKey("  Agent.Rossi ")).toBe("agent.rossi");
  });
});
