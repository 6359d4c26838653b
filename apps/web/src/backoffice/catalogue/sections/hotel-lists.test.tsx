// @vitest-environment happy-dom
import type { HotelPaymentMethod } from "@alloggio/domain/contract/property/property-file";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../../../i18n/i18n";
import type { Localized } from "../property/shared";
import { HotelListEditor, PaymentMethodsFieldset } from "./hotel-lists";

afterEach(cleanup);

let latest: Localized[] = [];
function List({ initial, errors = {} }: { initial: Localized[]; errors?: Record<string, string> }) {
  const [items, setItems] = useState(initial);
  latest = items;
  return (
    <HotelListEditor name="wellness" legend="Wellness" items={items} onChange={setItems} errors={errors} />
  );
}

let methods: HotelPaymentMethod[] = [];
function Methods({ initial }: { initial: HotelPaymentMethod[] }) {
  const [value, setValue] = useState(initial);
  methods = value;
  return <PaymentMethodsFieldset value={value} onChange={setValue} />;
}

const renderWithTexts = (ui: React.ReactNode) =>
  render(
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={null}>{ui}</Suspense>
    </I18nextProvider>,
  );

const english = (n: number) =>
  within(screen.getByRole("group", { name: `Item ${n}` })).getByLabelText("English (required)");

describe("the hotel's lists", () => {
  it("moves an item up and down, keeping the focus on the moved item's button and saying where it went", async () => {
    const user = userEvent.setup();
    renderWithTexts(<List initial={[{ en: "Sauna" }, { en: "Pool" }, { en: "Gym" }]} />);
    const list = await screen.findByRole("group", { name: "Wellness" });
    expect((within(list).getByRole("button", { name: "Move item 1 up" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      (within(list).getByRole("button", { name: "Move item 3 down" }) as HTMLButtonElement).disabled,
    ).toBe(true);

    await user.click(within(list).getByRole("button", { name: "Move item 3 up" }));
    expect(latest.map((i) => i.en)).toEqual(["Sauna", "Gym", "Pool"]);
    expect(within(list).getByRole("status").textContent).toBe("Item moved to position 2.");
    expect(document.activeElement).toBe(within(list).getByRole("button", { name: "Move item 2 up" }));

    // At the top, the focus goes to the item's other button.
    await user.click(within(list).getByRole("button", { name: "Move item 2 up" }));
    expect(latest.map((i) => i.en)).toEqual(["Gym", "Sauna", "Pool"]);
    expect(document.activeElement).toBe(within(list).getByRole("button", { name: "Move item 1 down" }));
    expect((english(1) as HTMLInputElement).value).toBe("Gym");
  });

  it("adds an item (English focused, at most 200 characters) and removes one", async () => {
    const user = userEvent.setup();
    renderWithTexts(<List initial={[{ en: "Sauna", it: "Sauna" }]} />);
    const list = await screen.findByRole("group", { name: "Wellness" });
    await user.click(within(list).getByRole("button", { name: "Add an item" }));
    expect(document.activeElement).toBe(english(2));
    expect(english(2).getAttribute("maxlength")).toBe("200");
    await user.type(english(2), "Hammam");
    expect(latest).toEqual([{ en: "Sauna", it: "Sauna" }, { en: "Hammam" }]);

    await user.click(within(list).getByRole("button", { name: "Remove item 1" }));
    expect(latest).toEqual([{ en: "Hammam" }]);
    expect(within(list).getByRole("status").textContent).toBe("Item 1 removed.");
    expect(document.activeElement).toBe(within(list).getByRole("button", { name: "Add an item" }));
  });

  it("stops adding at 30 items, and shows the server's error at the item it names", async () => {
    renderWithTexts(
      <List
        initial={Array.from({ length: 30 }, (_, i) => ({ en: `Item text ${i + 1}` }))}
        errors={{ "wellness.1.en": "Too big: expected string to have <=200 characters" }}
      />,
    );
    const list = await screen.findByRole("group", { name: "Wellness" });
    expect((within(list).getByRole("button", { name: "Add an item" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(list).getByText("The list is full (30 items).")).toBeTruthy();
    expect(english(2).getAttribute("aria-invalid")).toBe("true");
    expect(english(1).getAttribute("aria-invalid")).toBeNull();
  });
});

describe("the payment methods", () => {
  it("says what the guest sees, and keeps the gateway's order whatever the order of the clicks", async () => {
    const user = userEvent.setup();
    renderWithTexts(<Methods initial={["pay_by_link"]} />);
    const group = await screen.findByRole("group", { name: "Payment methods offered at checkout" });
    const wallet = within(group).getByRole("checkbox", { name: "Digital wallet" });
    const description = document.getElementById(wallet.getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toBe("The guest confirms the payment in their digital wallet.");
    await user.click(wallet);
    expect(methods).toEqual(["wallet", "pay_by_link"]);
    await user.click(within(group).getByRole("checkbox", { name: "Pay later by link" }));
    expect(methods).toEqual(["wallet"]);
  });
});
