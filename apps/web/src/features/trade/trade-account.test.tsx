// @vitest-environment happy-dom
import type { TradeUser } from "@alloggio/domain/contract/trade/login";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildHotelContext, renderInHotel } from "../global/render-in-hotel";
import { directChoiceKey } from "./direct-trade";
import { anAgent } from "./test-agent";
import { TradeProvider } from "./trade-context";
import { TradeHeader } from "./trade-header";
import { tradeStorageKey } from "./trade-session";

/** The dialogs load on demand: on a busy machine that takes more than the default second. */
const LOADED = { timeout: 10_000 };
const TRADE = 2;
const DIRECT = 1;

const agent = (): TradeUser => anAgent({ channel: TRADE });

type Call = { url: string; body: Record<string, unknown> };
let calls: Call[];
let answer: (call: Call) => { status: number; body: unknown };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function hotelOn(channel: number) {
  const value = buildHotelContext();
  return {
    ...value,
    channel: {
      ...value.channel,
      id: channel,
      trade: channel === TRADE,
      tradeAssociated: channel === TRADE ? DIRECT : TRADE,
    },
    ids: { ...value.ids, channel },
  };
}

beforeEach(() => {
  calls = [];
  localStorage.clear();
  sessionStorage.clear();
  answer = () => ({ status: 200, body: { user: { id: 0 } } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, body: JSON.parse(String(init.body ?? "{}")) as Record<string, unknown> };
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

async function openLogin(user: ReturnType<typeof userEvent.setup>) {
  renderInHotel(
    <TradeProvider>
      <TradeHeader />
    </TradeProvider>,
    hotelOn(TRADE),
  );
  await user.click(await screen.findByRole("button", { name: "Agency login" }, LOADED));
  return screen.findByRole("dialog", { name: "Agency login" }, LOADED);
}

describe("the login's ways on (ADR 0033)", () => {
  it("Forgot your password? sends the username and shows the one neutral answer", async () => {
    const user = userEvent.setup();
    answer = () => ({ status: 200, body: { accepted: true, validMinutes: 30 } });
    const login = await openLogin(user);
    await user.click(within(login).getByRole("button", { name: "Forgot your password?" }));
    const dialog = await screen.findByRole("dialog", { name: "Recover your password" }, LOADED);
    await user.type(within(dialog).getByLabelText("Username or e-mail"), "agenzia");
    await user.click(within(dialog).getByRole("button", { name: "Send the link" }));
    expect((await within(dialog).findByRole("status", {}, LOADED)).textContent).toMatch(
      /If an account matches.*30 minutes/,
    );
    expect(calls.at(-1)).toMatchObject({
      url: "/api/agency/retrievePwd",
      body: { login: "agenzia", channel: TRADE },
    });
  });

  it("the sign-up checks VAT or IATA and the password like the server, then sends the request", async () => {
    const user = userEvent.setup();
    answer = () => ({ status: 201, body: { id: 9, status: "pending" } });
    const login = await openLogin(user);
    await user.click(within(login).getByRole("button", { name: "Request an account" }));
    const dialog = await screen.findByRole("dialog", { name: "Request a trade account" }, LOADED);
    const fill = async (label: string, value: string) =>
      user.type(within(dialog).getByLabelText(label), value);
    await fill("Company name", "Viaggi Nuovi Srl");
    await fill("Address", "Via Roma 1");
    await fill("Postcode", "37121");
    await fill("City", "Verona");
    await user.selectOptions(within(dialog).getByLabelText("Country"), "IT");
    await fill("Agency e-mail", "info@nuovi.example");
    await fill("Phone", "+39 045 0000");
    await fill("Full name", "Anna Neri");
    await fill("E-mail", "anna@nuovi.example");
    await fill("Username", "nuovi");
    await fill("Password", "Nuovi-Viaggi-1");
    await fill("Confirm the password", "Nuovi-Viaggi-1");
    await user.click(within(dialog).getByRole("button", { name: "Send the request" }));
    expect(await within(dialog).findByText("Give the VAT number or the IATA code.")).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/VAT number/)
        .getAttribute("aria-invalid"),
    ).toBe("true");
    expect(calls.filter((c) => c.url.includes("askApproval"))).toHaveLength(0);

    await fill("IATA code (optional)", "38212345");
    await user.click(within(dialog).getByRole("button", { name: "Send the request" }));
    expect((await within(dialog).findByRole("status", {}, LOADED)).textContent).toMatch(
      /request has been sent/,
    );
    expect(calls.at(-1)).toMatchObject({
      url: "/api/agency/askApproval",
      body: { channel: TRADE, type: 1, iataCode: "38212345", vatNumber: null, country: "IT" },
    });
  });

  it("says SPEC §8's 'account with this e-mail already exists — contact the property' on the e-mail", async () => {
    const user = userEvent.setup();
    answer = (call) =>
      call.url.includes("askApproval")
        ? {
            status: 409,
            body: {
              error: {
                code: "email_taken",
                message: "x",
                details: [{ field: "email", message: "x" }],
                requestId: "r",
              },
            },
          }
        : { status: 200, body: { user: { id: 0 } } };
    const login = await openLogin(user);
    await user.click(within(login).getByRole("button", { name: "Request an account" }));
    const dialog = await screen.findByRole("dialog", { name: "Request a trade account" }, LOADED);
    for (const [label, value] of [
      ["Company name", "A"],
      ["Address", "B"],
      ["Postcode", "1"],
      ["City", "C"],
      ["Agency e-mail", "a@b.example"],
      ["Phone", "1"],
      ["VAT number (optional)", "IT01234567890"],
      ["Full name", "D"],
      ["E-mail", "d@b.example"],
      ["Username", "abc"],
      ["Password", "Nuovi-Viaggi-1"],
      ["Confirm the password", "Nuovi-Viaggi-1"],
    ] as const)
      await user.type(within(dialog).getByLabelText(label), value);
    await user.selectOptions(within(dialog).getByLabelText("Country"), "IT");
    await user.click(within(dialog).getByRole("button", { name: "Send the request" }));
    expect((await within(dialog).findByRole("alert", {}, LOADED)).textContent).toContain(
      "An account with this e-mail already exists: please contact the property.",
    );
    expect(within(dialog).getByLabelText("Agency e-mail").getAttribute("aria-invalid")).toBe("true");
  });
});

describe("direct ↔ trade (SPEC §2)", () => {
  const storeLogin = () =>
    localStorage.setItem(tradeStorageKey(TRADE), JSON.stringify({ user: agent(), dateAgg: Date.now() }));

  it("offers the trade engine in a new tab when the trade login is valid, and remembers the yes", async () => {
    storeLogin();
    window.history.replaceState(null, "", "/?arrival=20300110&departure=20300112&adults=2");
    answer = () => ({ status: 200, body: { user: agent() } });
    const user = userEvent.setup();
    renderInHotel(<TradeProvider>page</TradeProvider>, hotelOn(DIRECT));
    const dialog = await screen.findByRole("dialog", { name: "Trade engine" }, LOADED);
    expect(dialog.textContent).toContain("Viaggi Sereni Srl");
    expect(calls[0]).toMatchObject({ url: "/api/login.do", body: { method: "loggedUser", channel: TRADE } });
    const open = within(dialog).getByRole("link", { name: /Open the trade engine/ });
    expect(open.getAttribute("target")).toBe("_blank");
    expect(open.getAttribute("href")).toMatch(new RegExp(`/channel/${TRADE}/language/`));
    // The search goes along: the same dates and guests on the trade engine.
    expect(open.getAttribute("href")).toMatch(/\?arrival=20300110&departure=20300112&adults=2$/);
    open.addEventListener("click", (e) => e.preventDefault());
    await user.click(open);
    expect(localStorage.getItem(directChoiceKey(DIRECT))).toBe("trade");
  });

  it("shows nothing without a stored trade login, or when the server no longer knows it", async () => {
    renderInHotel(<TradeProvider>page</TradeProvider>, hotelOn(DIRECT));
    await screen.findByText("page");
    expect(calls).toHaveLength(0);
    cleanup();
    storeLogin();
    renderInHotel(<TradeProvider>page</TradeProvider>, hotelOn(DIRECT));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
