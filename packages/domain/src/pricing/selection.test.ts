import { describe, expect, it } from "vitest";
import { toMinor } from "../money/money";
import { rateCardFigures, toSelectedStay, undiscountedCardTotal } from "./selection";
import { totalSelection } from "./stay-charges";

const rate = {
  total: 200,
  stayTotal: 224,
  cityTax: 8,
  refundPrice: 19.99,
  additionalServices: [
    {
      id: 2,
      name: "Resort fee",
      price: 24,
      quantity: 2,
      categoryId: 5,
      mandatory: true,
      choosed: true,
      source: { code: "all_adults" as const },
    },
  ],
  prepaids: [
    { date: "20300101", amount: 67.2, percent: 30 },
    { date: "20300201", amount: 156.8, percent: 70 },
  ],
};

describe("rateCardFigures", () => {
  it.each([false, true])("counts the protection (%s) as the selection bar's total does", (refund) => {
    const figures = rateCardFigures(rate, refund, 2);
    const bar = totalSelection([toSelectedStay(rate, 2, refund ? toMinor(rate.refundPrice, 2) : 0)]);
    expect(toMinor(figures.total, 2)).toBe(bar.totalMinor);
    // The prepayments share exactly that total.
    expect(
      toMinor(
        figures.prepaids.reduce((sum, p) => sum + p.amount, 0),
        2,
      ),
    ).toBe(bar.totalMinor);
  });

  it("keeps the dates and percents, and a rate without protection as the search gave it", () => {
    expect(rateCardFigures(rate, true, 2).prepaids).toEqual([
      { date: "20300101", amount: 73.2, percent: 30 },
      { date: "20300201", amount: 170.79, percent: 70 },
    ]);
    const none = { ...rate, refundPrice: null };
    expect(rateCardFigures(none, true, 2)).toEqual({ total: 224, prepaids: rate.prepaids });
  });
});

describe("undiscountedCardTotal", () => {
  it.each([
    // 10 % off 250: the card's 224 + 24 of extras becomes 250 + 24.
    [{ fullPrice: 250, total: 200 }, 224, 2, 274],
    [{ fullPrice: 450.3, total: 400.1 }, 420.1, 2, 470.3],
    [{ fullPrice: 200, total: 200 }, 243.99, 2, 243.99],
    [{ fullPrice: 30000, total: 27000 }, 28500, 0, 31500],
  ])("%j with a card total of %d → %d", (figures, cardTotal, digits, expected) => {
    expect(undiscountedCardTotal(figures, cardTotal, digits)).toBe(expected);
  });
});
