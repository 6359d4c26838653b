// @vitest-environment happy-dom
import type { CalendarResponse } from "@alloggio/domain/contract/search/calendar";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SearchBar } from "./search-bar";
import { renderWithHotel } from "./testing";

const calendar: CalendarResponse = { from: "20300103", days: [] };

describe("SearchBar", () => {
  beforeEach(() => {
    window.history.replaceState(
      null,
      "",
      "/hotel/1/channel/1/language/1/rooms?arrival=20300104&departure=20300106&promoCode=OLD&room=5",
    );
  });
  afterEach(cleanup);

  it("starts from the search in the URL and writes the new one there on Search", async () => {
    const user = userEvent.setup();
    await renderWithHotel(<SearchBar airports={[{ code: "VRN", name: "Verona Villafranca" }]} />, {
      calendar,
    });
    const form = await screen.findByRole("search", { name: "Search for rooms" });
    expect(form).toBeTruthy();
    const promo = screen.getByRole("textbox", { name: "Promo code" }) as HTMLInputElement;
    expect(promo.value).toBe("OLD");
    expect(promo.maxLength).toBe(40);
    await user.clear(promo);
    await user.type(promo, " SPRING ");

    await user.click(screen.getByRole("button", { name: /^Guests and rooms/ }));
    await user.click(screen.getByRole("button", { name: "Add an adult to room 1" }));
    await user.click(screen.getByRole("button", { name: "Add a child to room 1" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Age of child 1" }), "7");
    await user.selectOptions(screen.getByRole("combobox", { name: "Flight" }), "VRN");

    await user.click(screen.getByRole("button", { name: /^Arrival and departure/ }));
    await user.click(document.querySelector<HTMLButtonElement>('[data-date="20300110"]')!);
    await user.click(document.querySelector<HTMLButtonElement>('[data-date="20300113"]')!);

    expect(window.location.search).toContain("arrival=20300104"); // nothing changes before Search
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({
      arrival: "20300110",
      departure: "20300113",
      adults: "3",
      childs: "1",
      ages: "7",
      promoCode: "SPRING",
      room: "5",
      airport: "VRN",
    });
  });

  it("shows the flight choice only with airports", async () => {
    await renderWithHotel(<SearchBar />, { calendar });
    await screen.findByRole("search");
    expect(screen.queryByRole("combobox", { name: "Flight" })).toBeNull();
  });

  it("opens the quote form on demand and gives focus back when it closes", async () => {
    const user = userEvent.setup();
    await renderWithHotel(<SearchBar />, { calendar });
    const open = await screen.findByRole("button", { name: "Request a quote" });
    await user.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Request a quote" });
    expect(dialog.textContent).toContain("Your search:");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it("cannot search until each child's age is chosen, and says so at the select", async () => {
    const user = userEvent.setup();
    await renderWithHotel(<SearchBar />, { calendar });
    await user.click(await screen.findByRole("button", { name: /^Guests and rooms/ }));
    await user.click(screen.getByRole("button", { name: "Add a child to room 1" }));
    await user.click(screen.getByRole("button", { name: "Done" }));
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(window.location.search).not.toContain("childs");
    const age = await screen.findByRole("combobox", { name: "Age of child 1" });
    expect(age.getAttribute("aria-invalid")).toBe("true");
    expect(age.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(age.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Choose the age of this child",
    );
    expect(screen.getByRole("button", { name: /^Guests and rooms/ }).getAttribute("aria-expanded")).toBe(
      "true",
    );
    await vi.waitFor(() => expect(document.activeElement).toBe(age));

    await user.selectOptions(age, "4");
    expect(age.getAttribute("aria-invalid")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(new URLSearchParams(window.location.search).get("ages")).toBe("4");
  });

  it("tells the guest what was corrected in the URL's search and replaces the URL", async () => {
    window.history.replaceState(
      null,
      "",
      "/hotel/1/channel/1/language/1/rooms?arrival=20200101&departure=20200301&adults=0",
    );
    await renderWithHotel(<SearchBar />, { calendar });
    const status = await screen.findByText("We adjusted your search:");
    expect(status.closest("[role=status]")).toBeTruthy();
    expect(screen.getByText(/The arrival date had already passed/)).toBeTruthy();
    expect(screen.getByText(/Each room takes from 1 to 20 adults/)).toBeTruthy();
    const q = new URLSearchParams(window.location.search);
    expect(q.get("adults")).toBe("1");
    expect(Number(q.get("arrival"))).toBeGreaterThan(20200101);

    // The notice stays over the corrected search, and goes with the guest's next one.
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /^Guests and rooms/ }));
    await user.click(screen.getByRole("button", { name: "Add an adult to room 1" }));
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.getByText("We adjusted your search:")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(new URLSearchParams(window.location.search).get("adults")).toBe("2");
    await vi.waitFor(() => expect(screen.queryByText("We adjusted your search:")).toBeNull());
  });
});
