// @vitest-environment happy-dom
import type { TradeUser } from "@alloggio/domain/contract/trade/login";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildHotelContext, renderInHotel } from "../global/render-in-hotel";
import { anAgent } from "./test-agent";
import { TradeProvider } from "./trade-context";
import { TradeHeader } from "./trade-header";
import { TradeNotices } from "./trade-notice";
import { TradePricesNotice } from "./trade-prices-notice";
import { tradeStorageKey } from "./trade-session";

const CHANNEL = 2;

const agent = (extra: Partial<TradeUser> = {}): TradeUser => anAgent({ channel: CHANNEL, ...extra });

type Call = { url: string; body: Record<string, unknown>; csrf: string | undefined };
let calls: Call[];
let answer: (call: Call) => { status: number; body: unknown };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const error = (status: number, code: string) => ({
  status,
  body: { error: { code, message: code, details: [], requestId: "r" } },
});

function tradeHotel(trade = true) {
  const value = buildHotelContext();
  return {
    ...value,
    channel: { ...value.channel, id: CHANNEL, trade },
    ids: { ...value.ids, channel: CHANNEL },
  };
}

function renderTrade(trade = true, portal = false) {
  return renderInHotel(
    <TradeProvider>
      <TradeHeader />
      <TradeNotices />
      <TradePricesNotice />
    </TradeProvider>,
    { ...tradeHotel(trade), portal },
  );
}

beforeEach(() => {
  calls = [];
  localStorage.clear();
  answer = () => ({ status: 200, body: { user: agent() } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call = {
        url,
        body: JSON.parse(String(init.body ?? "{}")) as Record<string, unknown>,
        csrf: headers["x-csrf-token"],
      };
      calls.push(call);
      const { status, body } = answer(call);
      return json(status, body);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function logIn(user: ReturnType<typeof userEvent.setup>, password = "Demo-Agency-1") {
  // The header's button (the search's notice has one too).
  await user.click((await screen.findAllByRole("button", { name: "Agency login" }))[0] as HTMLElement);
  const dialog = await screen.findByRole("dialog", { name: "Agency login" });
  await user.type(within(dialog).getByLabelText("Username"), "agenzia");
  await user.type(within(dialog).getByLabelText("Password"), password);
  await user.click(within(dialog).getByRole("button", { name: "Log in" }));
  return dialog;
}

describe("trade login in the page", () => {
  it("a direct channel shows no agency login and no trade notice", async () => {
    renderTrade(false);
    await screen.findByText((_, node) => node?.tagName === "BODY");
    expect(screen.queryByRole("button", { name: "Agency login" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Trade prices" })).toBeNull();
  });

  it("logs in from the header: login.do with the page's channel and hotel, then the agency's name and Log out", async () => {
    const user = userEvent.setup();
    renderTrade();
    expect(await screen.findByRole("region", { name: "Trade prices" })).toBeTruthy();
    await logIn(user);
    expect(await screen.findByText("Viaggi Sereni Srl")).toBeTruthy();
    expect(calls[0]).toMatchObject({
      url: "/api/login.do",
      body: { method: "login", username: "agenzia", password: "Demo-Agency-1", channel: CHANNEL, hotel: 1 },
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("region", { name: "Trade prices" })).toBeNull();
    expect(JSON.parse(localStorage.getItem(tradeStorageKey(CHANNEL)) ?? "null")?.user.id).toBe(7);

    answer = () => ({ status: 200, body: { user: { id: 0 } } });
    await user.click(screen.getByRole("button", { name: "Log out" }));
    expect(await screen.findAllByRole("button", { name: "Agency login" })).toHaveLength(2);
    expect(calls.at(-1)?.body).toEqual({ method: "logout" });
    // The server refuses a logout without the session's CSRF token.
    expect(calls.at(-1)?.csrf).toBe(agent().csrfToken);
    expect(localStorage.getItem(tradeStorageKey(CHANNEL))).toBeNull();
  });

  it("on a portal page logs in for the channel only: the list's first hotel is not the page's hotel", async () => {
    const user = userEvent.setup();
    renderTrade(true, true);
    await logIn(user);
    expect(await screen.findByText("Viaggi Sereni Srl")).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      method: "login",
      username: "agenzia",
      password: "Demo-Agency-1",
      channel: CHANNEL,
    });
  });

  it.each([
    ["invalid_credentials", 401, "Invalid credentials."],
    ["too_many_attempts", 429, "Too many failed attempts. Please wait a few minutes, then try again."],
    [
      "trade_not_enabled",
      403,
      "Your user is not enabled for these structures or channels, so you will be disconnected.",
    ],
    ["internal", 500, "Error during login. Please try again."],
  ])("a refused login (%s) shows SPEC §8's text", async (code, status, text) => {
    const user = userEvent.setup();
    answer = () => error(status, code);
    renderTrade();
    const dialog = await logIn(user, "Wrong-1");
    expect((await within(dialog).findByRole("alert")).textContent).toBe(text);
    expect((within(dialog).getByLabelText("Password") as HTMLInputElement).value).toBe("");
    expect(localStorage.getItem(tradeStorageKey(CHANNEL))).toBeNull();
  });

  it("mustChangePassword: the new-password form comes first; a change clears it", async () => {
    const user = userEvent.setup();
    answer = (call) =>
      call.url === "/api/agency/changePwd"
        ? { status: 200, body: { user: agent() } }
        : { status: 200, body: { user: agent({ mustChangePassword: true }) } };
    renderTrade();
    await logIn(user);
    const form = await screen.findByRole("dialog", { name: "Choose a new password" });
    expect(within(form).getByText("at least 8 characters")).toBeTruthy();
    await user.type(within(form).getByLabelText("Current password"), "Demo-Agency-1");
    await user.type(within(form).getByLabelText("New password"), "short");
    await user.type(within(form).getByLabelText("Repeat the new password"), "short");
    await user.click(within(form).getByRole("button", { name: "Change password" }));
    expect((await within(form).findByRole("alert")).textContent).toBe(
      "The new password does not meet every rule listed.",
    );
    expect(calls.some((c) => c.url === "/api/agency/changePwd")).toBe(false);

    await user.clear(within(form).getByLabelText("New password"));
    await user.clear(within(form).getByLabelText("Repeat the new password"));
    await user.type(within(form).getByLabelText("New password"), "New-Agency-2");
    await user.type(within(form).getByLabelText("Repeat the new password"), "New-Agency-2");
    await user.click(within(form).getByRole("button", { name: "Change password" }));
    await vi.waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Choose a new password" })).toBeNull(),
    );
    expect(calls.at(-1)).toEqual({
      url: "/api/agency/changePwd",
      body: { currentPassword: "Demo-Agency-1", newPassword: "New-Agency-2", confirmation: "New-Agency-2" },
      csrf: "c".repeat(64),
    });
    expect(
      JSON.parse(localStorage.getItem(tradeStorageKey(CHANNEL)) ?? "null")?.user.mustChangePassword,
    ).toBe(false);
  });

  it("a wrong current password is said on the form", async () => {
    const user = userEvent.setup();
    answer = (call) =>
      call.url === "/api/agency/changePwd"
        ? error(400, "wrong_password")
        : { status: 200, body: { user: agent({ mustChangePassword: true }) } };
    renderTrade();
    await logIn(user);
    const form = await screen.findByRole("dialog", { name: "Choose a new password" });
    await user.type(within(form).getByLabelText("Current password"), "Not-It-1!");
    await user.type(within(form).getByLabelText("New password"), "New-Agency-2");
    await user.type(within(form).getByLabelText("Repeat the new password"), "New-Agency-2");
    await user.click(within(form).getByRole("button", { name: "Change password" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("The current password is wrong.");
  });
});
