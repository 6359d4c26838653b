// @vitest-environment happy-dom
import type { CurrencyResponse } from "@alloggio/domain/contract/currency/currency";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildHotelContext, renderInHotel } from "../global/render-in-hotel";
import { CURRENCY_CACHE_KEY, CURRENCY_CACHE_MAX_AGE_MS } from "./currency-cache";
import { CurrencySelector } from "./currency-selector";
import { useFormatPrice } from "./use-format-price";

const info = (code: string, decimal_digits: number, rounding: number) => ({
  code,
  name: code,
  name_plural: code,
  symbol: code,
  symbol_native: code,
  decimal_digits,
  rounding,
});
const RULES: Record<string, ReturnType<typeof info>> = {
  EUR: info("EUR", 2, 0),
  USD: info("USD", 2, 0),
  CHF: info("CHF", 2, 0.05),
  JPY: info("JPY", 0, 0),
};
const RATES: Record<string, number> = { "EUR/USD": 1.085, "EUR/CHF": 0.94, "CHF/JPY": 172.34042553 };

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const [, from = "", to = ""] = /currency\/(\w+)\/(\w+)/.exec(String(input)) ?? [];
  const change = RATES[`${from}/${to}`];
  if (!change) return new Response("{}", { status: 500 });
  const body: CurrencyResponse = { from: RULES[from]!, to: RULES[to]!, change };
  return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
});

/** A price as the rooms list shows it. */
function Price({ amount, currency }: { amount: number; currency: string }) {
  const format = useFormatPrice();
  return <output aria-label="price">{format(amount, currency).replace(/\s/g, " ")}</output>;
}

function Page({ amount = 100, currency = "EUR" }: { amount?: number; currency?: string }) {
  return (
    <>
      <CurrencySelector />
      <Price amount={amount} currency={currency} />
    </>
  );
}

const price = () => screen.getByRole("status", { name: "price" }).textContent;

describe("CurrencySelector", () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    fetchMock.mockClear();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("offers the hotel's currency first, then the short list", async () => {
    renderInHotel(<Page />, buildHotelContext({ currency: "CHF" }));
    const select = (await screen.findByRole("combobox", {
      name: "Currency for prices",
    })) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(["CHF", "EUR", "USD", "GBP", "JPY", "CNY"]);
    expect(select.value).toBe("CHF");
  });

  it("converts every price with the rate, marks it indicative, and caches choice and rate", async () => {
    const user = userEvent.setup();
    const view = renderInHotel(<Page amount={100} />);
    await screen.findByRole("combobox", { name: "Currency for prices" });
    expect(price()).toBe("100,00 EUR");

    await user.selectOptions(screen.getByRole("combobox", { name: "Currency for prices" }), "USD");
    await waitFor(() => expect(price()).toBe("108,50 USD"));
    expect(screen.getByText("Indicative prices, charged in EUR")).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe("/api/v1/exposed/bol/currency/EUR/USD");
    const cached = JSON.parse(window.sessionStorage.getItem(CURRENCY_CACHE_KEY) ?? "null");
    expect(cached).toMatchObject({ code: "USD", rate: { change: 1.085, to: { code: "USD" } } });

    // The next page of the session takes the choice and the rate from the cache: no new call.
    view.unmount();
    renderInHotel(<Page amount={100} />);
    await screen.findByRole("combobox", { name: "Currency for prices" });
    expect(price()).toBe("108,50 USD");
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Back to the hotel's currency: no conversion, no note, nothing cached.
    await user.selectOptions(screen.getByRole("combobox", { name: "Currency for prices" }), "EUR");
    expect(price()).toBe("100,00 EUR");
    expect(screen.queryByText(/Indicative prices/)).toBeNull();
    expect(window.sessionStorage.getItem(CURRENCY_CACHE_KEY)).toBeNull();
  });

  it("drops a choice older than 2 days and shows the hotel's currency", async () => {
    window.sessionStorage.setItem(
      CURRENCY_CACHE_KEY,
      JSON.stringify({
        code: "USD",
        savedAt: Date.now() - CURRENCY_CACHE_MAX_AGE_MS - 60_000,
        rate: {
          from: { code: "EUR", decimalDigits: 2, rounding: 0 },
          to: { code: "USD", decimalDigits: 2, rounding: 0 },
          change: 2,
        },
      }),
    );
    renderInHotel(<Page amount={100} />);
    const select = (await screen.findByRole("combobox", {
      name: "Currency for prices",
    })) as HTMLSelectElement;
    expect(select.value).toBe("EUR");
    expect(price()).toBe("100,00 EUR");
    expect(window.sessionStorage.getItem(CURRENCY_CACHE_KEY)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("rounds to the 0.05 cash step in CHF and to whole yen in JPY", async () => {
    const user = userEvent.setup();
    const view = renderInHotel(<Page amount={10.07} />);
    await user.selectOptions(await screen.findByRole("combobox", { name: "Currency for prices" }), "CHF");
    await waitFor(() => expect(price()).toBe("9,45 CHF"));
    view.unmount();
    window.sessionStorage.clear();

    renderInHotel(<Page amount={100.05} currency="CHF" />, buildHotelContext({ currency: "CHF" }));
    await user.selectOptions(await screen.findByRole("combobox", { name: "Currency for prices" }), "JPY");
    await waitFor(() => expect(price()).toBe("17.243 JPY"));
  });

  it.each([
    [1, "1234,50 EUR"],
    [3, "1234,50 EUR"],
    [7, "1234,50 EUR"],
    // Chinese and Japanese read a comma as the thousands separator: their own style, still the code (ADR 0019).
    [6, "EUR 1,234.50"],
    [9, "EUR 1,234.50"],
  ])("writes prices of language %d as %j", async (language, expected) => {
    const context = buildHotelContext();
    renderInHotel(<Page amount={1234.5} />, { ...context, ids: { ...context.ids, language } });
    await screen.findByRole("combobox");
    expect(price()).toBe(expected);
  });

  it("keeps the hotel's currency and says so when the rate cannot be loaded", async () => {
    const user = userEvent.setup();
    renderInHotel(<Page amount={100} />);
    await user.selectOptions(await screen.findByRole("combobox", { name: "Currency for prices" }), "GBP");
    expect(await screen.findByText("Exchange rate unavailable: prices shown in EUR")).toBeTruthy();
    expect(price()).toBe("100,00 EUR");
  });
});
