import { beforeEach, describe, expect, it } from "vitest";
import {
  CURRENCY_CACHE_KEY,
  type CurrencyChoice,
  readCurrencyChoice,
  writeCurrencyChoice,
} from "./currency-cache";

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const DAY = 24 * 60 * 60 * 1000;
const savedAt = Date.UTC(2030, 5, 1, 12);
const choice: CurrencyChoice = {
  code: "USD",
  savedAt,
  rate: {
    from: { code: "EUR", decimalDigits: 2, rounding: 0 },
    to: { code: "USD", decimalDigits: 2, rounding: 0 },
    change: 1.08,
  },
};

describe("currency choice cache (SPEC §4, §9: 2 days)", () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it.each([
    ["just saved", 0, true],
    ["one day later", DAY, true],
    ["exactly 2 days later", 2 * DAY, true],
    ["2 days and 1 ms later", 2 * DAY + 1, false],
    ["a week later", 7 * DAY, false],
    ["saved in the future (clock moved back)", -DAY, false],
  ])("%s: kept = %s", (_label, age, kept) => {
    writeCurrencyChoice(storage, choice);
    const read = readCurrencyChoice(storage, savedAt + age);
    expect(read).toEqual(kept ? choice : null);
    expect(storage.getItem(CURRENCY_CACHE_KEY) !== null).toBe(kept);
  });

  it("keeps the choice and the rate together", () => {
    writeCurrencyChoice(storage, choice);
    expect(readCurrencyChoice(storage, savedAt + 1000)?.rate?.change).toBe(1.08);
  });

  it("keeps a choice whose rate has not arrived yet", () => {
    writeCurrencyChoice(storage, { code: "JPY", rate: null, savedAt });
    expect(readCurrencyChoice(storage, savedAt)).toEqual({ code: "JPY", rate: null, savedAt });
  });

  it.each([
    ["not JSON", "{"],
    ["no code", JSON.stringify({ savedAt, rate: null })],
    ["a bad code", JSON.stringify({ code: "dollars", savedAt, rate: null })],
    ["a rate without rules", JSON.stringify({ code: "USD", savedAt, rate: { change: 1 } })],
    ["no time", JSON.stringify({ code: "USD", rate: null })],
  ])("drops an entry with %s", (_label, raw) => {
    storage.setItem(CURRENCY_CACHE_KEY, raw);
    expect(readCurrencyChoice(storage, savedAt)).toBeNull();
    expect(storage.getItem(CURRENCY_CACHE_KEY)).toBeNull();
  });

  it("answers null when nothing is stored", () => {
    expect(readCurrencyChoice(storage, savedAt)).toBeNull();
  });
});
