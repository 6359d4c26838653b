// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/i18n";
import { formatMinorIn } from "../format";
import { DisputeNotice } from "./dispute-notice";

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces(["bo", "bo-reservations"]);
});
afterEach(cleanup);

const open = {
  id: 1,
  amountMinor: 22000,
  currency: "EUR",
  reason: "product_not_received",
  status: "needs_response",
  // 22:59 UTC is 23:59 in Rome.
  evidenceDueBy: "2030-01-19T22:59:00.000Z",
  openedAt: "2030-01-05T10:00:00.000Z",
};

describe("the reservation page's dispute notice", () => {
  it("says how much the bank disputed, why in prose, and the evidence deadline in hotel time", () => {
    render(
      <I18nextProvider i18n={i18n}>
        <DisputeNotice
          disputes={[open, { ...open, id: 2, reason: "bank_cannot_process", status: "lost" }]}
          timeZone="Europe/Rome"
          decimalDigits={2}
        />
      </I18nextProvider>,
    );
    const notice = screen.getByRole("region", { name: "Disputed payment" });
    const text = notice.textContent ?? "";
    const amount = formatMinorIn(22000, "EUR", 2, "en");
    expect(text).toContain(`The card holder's bank disputed ${amount} on 5 Jan 2030.`);
    expect(text).toContain("the card holder says they did not receive what they paid for");
    expect(text).toContain("Answer by 19 Jan 2030, 23:59.");
    // A reason the notice has no words for reads as the general one; an ended dispute has no deadline.
    expect(text).toContain("the bank gave no specific reason");
    expect(text).toContain("Lost: the amount went back to the card holder.");
    expect(text.match(/Answer by/g)).toHaveLength(1);
    expect(text).not.toMatch(/needs_response|product_not_received|dispute\./);
  });

  it("shows nothing for a reservation nobody disputed", () => {
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <DisputeNotice disputes={[]} timeZone="Europe/Rome" decimalDigits={2} />
      </I18nextProvider>,
    );
    expect(container.textContent).toBe("");
  });
});
