// @vitest-environment happy-dom
import type { GuestRoom } from "@alloggio/domain/occupancy/occupancy";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { GuestsManager } from "./guests-manager";
import { renderWithHotel, testHotel } from "./testing";

let latest: GuestRoom[] = [];

function Harness({ initial }: { initial: GuestRoom[] }) {
  const [rooms, setRooms] = useState(initial);
  latest = rooms;
  return (
    <GuestsManager
      value={rooms}
      onChange={(next) => {
        latest = next;
        setRooms(next);
      }}
    />
  );
}

async function setup(initial: GuestRoom[], hotel = testHotel()) {
  const user = userEvent.setup();
  latest = initial;
  await renderWithHotel(<Harness initial={initial} />, { hotel });
  await user.click(await screen.findByRole("button", { name: /^Guests and rooms/ }));
  return user;
}

describe("GuestsManager", () => {
  afterEach(cleanup);

  it("sums up the guests with plurals and opens its panel", async () => {
    const user = userEvent.setup();
    await renderWithHotel(<Harness initial={[{ adults: 2, ages: [] }]} />);
    const toggle = await screen.findByRole("button", { name: "Guests and rooms 2 adults · 1 room" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    // Closed, the manager is its summary: the panel's controls are rendered when it opens (ADR 0054).
    const panel = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(panel?.hidden).toBe(true);
    expect(panel?.children).toHaveLength(0);
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await user.click(screen.getByRole("button", { name: "Add a child to room 1" }));
    await user.click(screen.getByRole("button", { name: "Remove an adult from room 1" }));
    expect(toggle.textContent).toBe("1 adult, 1 child · 1 room");
  });

  it("ignores an adult added at 20 or removed at 1", async () => {
    const user = await setup([{ adults: 20, ages: [] }]);
    const add = screen.getByRole("button", { name: "Add an adult to room 1" });
    expect(add.getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByText("At most 20 adults per room")).toBeTruthy();
    await user.click(add);
    expect(latest).toEqual([{ adults: 20, ages: [] }]);
    expect(within(screen.getByRole("group", { name: "Adults in room 1" })).getByText("20")).toBeTruthy();

    for (let i = 0; i < 25; i++)
      await user.click(screen.getByRole("button", { name: "Remove an adult from room 1" }));
    expect(latest).toEqual([{ adults: 1, ages: [] }]);
    expect(
      screen.getByRole("button", { name: "Remove an adult from room 1" }).getAttribute("aria-disabled"),
    ).toBe("true");
  });

  it("gives each child an age select and stops at 15 children", async () => {
    const user = await setup([{ adults: 2, ages: Array.from({ length: 14 }, () => 4) }]);
    const add = screen.getByRole("button", { name: "Add a child to room 1" });
    expect(add.getAttribute("aria-disabled")).toBeNull();
    await user.click(add);
    expect(latest[0]?.ages).toHaveLength(15);
    expect(add.getAttribute("aria-disabled")).toBe("true");
    await user.click(add);
    expect(latest[0]?.ages).toHaveLength(15);
    expect(screen.getByText("At most 15 children per room")).toBeTruthy();

    const age = screen.getByRole("combobox", { name: "Age of child 15" });
    expect([...(age as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      "",
      ...Array.from({ length: 18 }, (_, i) => String(i)),
    ]);
    await user.selectOptions(age, "9");
    expect(latest[0]?.ages[14]).toBe(9);
    await user.click(screen.getByRole("button", { name: "Remove a child from room 1" }));
    expect(latest[0]?.ages).toHaveLength(14);
    expect(screen.queryByRole("combobox", { name: "Age of child 15" })).toBeNull();
  });

  it("keeps the last room and removes the others", async () => {
    const user = await setup([{ adults: 2, ages: [] }]);
    expect(screen.queryByRole("button", { name: /^Remove room/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Add a room" }));
    expect(latest).toEqual([
      { adults: 2, ages: [] },
      { adults: 2, ages: [] },
    ]);
    await user.click(screen.getByRole("button", { name: "Add an adult to room 2" }));
    await user.click(screen.getByRole("button", { name: "Remove room 1" }));
    expect(latest).toEqual([{ adults: 3, ages: [] }]);
    expect(screen.queryByRole("button", { name: /^Remove room/ })).toBeNull();
    expect(screen.getByRole("group", { name: "Adults in room 1" })).toBeTruthy();
  });

  it("merges the rooms into one with all the guests", async () => {
    const user = await setup([
      { adults: 2, ages: [5] },
      { adults: 3, ages: [1, 12] },
    ]);
    await user.click(screen.getByRole("button", { name: "Merge rooms" }));
    expect(latest).toEqual([{ adults: 5, ages: [5, 1, 12] }]);
    expect(screen.queryByRole("button", { name: "Merge rooms" })).toBeNull();
    expect(screen.getByText("Rooms merged: all the guests are now in one room.")).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Guests and rooms/ }).textContent).toBe(
      "5 adults, 3 children · 1 room",
    );
  });

  it("shows the hotel's age groups as bands", async () => {
    await setup([{ adults: 2, ages: [] }]);
    const bands = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(bands).toEqual(["Babies 0–2 years", "Children 3–11 years", "Kids 12–17 years", "Adults 18+"]);
  });

  it("shows a gap between age groups in the next band up, as a child of that age is priced (SPEC §5)", async () => {
    const ageGroup = [
      { id: 1, min: 0, max: 2 },
      { id: 2, min: 6, max: 11 },
    ];
    await setup([{ adults: 2, ages: [] }], testHotel({ ageGroup }));
    const bands = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(bands).toEqual(["Babies 0–2 years", "Children 3–11 years", "Adults 12+"]);
  });

  it("closes on Escape and gives focus back to its button", async () => {
    const user = await setup([{ adults: 2, ages: [] }]);
    await user.click(screen.getByRole("button", { name: "Add an adult to room 1" }));
    await user.keyboard("{Escape}");
    const toggle = screen.getByRole("button", { name: /^Guests and rooms/ });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });

  it("adds a child with no age: the select shows 'Age', is required and has no default", async () => {
    const user = await setup([{ adults: 2, ages: [] }]);
    await user.click(screen.getByRole("button", { name: "Add a child to room 1" }));
    expect(latest).toEqual([{ adults: 2, ages: [null] }]);
    const age = screen.getByRole("combobox", { name: "Age of child 1" }) as HTMLSelectElement;
    expect(age.value).toBe("");
    expect(age.required).toBe(true);
    expect(age.selectedOptions[0]?.textContent).toBe("Age");
    expect(age.getAttribute("aria-invalid")).toBeNull();
    await user.selectOptions(age, "0");
    expect(latest).toEqual([{ adults: 2, ages: [0] }]);
  });

  it("allows SPEC's 20 adults past the hotel's largest room, and says when no room fits", async () => {
    const user = await setup(
      [{ adults: 3, ages: [] }],
      testHotel({ largestRoom: { maxAdults: 4, maxGuests: 5 } }),
    );
    const adults = screen.getByRole("group", { name: "Adults in room 1" });
    const addAdult = screen.getByRole("button", { name: "Add an adult to room 1" });
    await user.click(addAdult);
    expect(screen.queryByText(/No room of this hotel/)).toBeNull();
    await user.click(addAdult);
    expect(latest).toEqual([{ adults: 5, ages: [] }]);
    expect(addAdult.getAttribute("aria-disabled")).toBeNull();
    const adultsNote = "No room of this hotel takes more than 4 adults: add a room to split the party.";
    expect(screen.getByText(adultsNote)).toBeTruthy();
    expect(adults.getAttribute("aria-describedby")).toBe(screen.getByText(adultsNote).id);
    await user.click(screen.getByRole("button", { name: "Remove an adult from room 1" }));
    const addChild = screen.getByRole("button", { name: "Add a child to room 1" });
    await user.click(addChild);
    await user.click(addChild);
    expect(latest).toEqual([{ adults: 4, ages: [null, null] }]);
    expect(addChild.getAttribute("aria-disabled")).toBeNull();
    expect(
      screen.getByText("No room of this hotel takes more than 5 guests: add a room to split the party."),
    ).toBeTruthy();
    // Split across two rooms, each fits.
    await user.click(screen.getByRole("button", { name: "Add a room" }));
    await user.click(screen.getByRole("button", { name: "Remove a child from room 1" }));
    expect(screen.queryByText(/No room of this hotel/)).toBeNull();
    for (let i = 0; i < 20; i++) await user.click(addAdult);
    expect(latest[0]?.adults).toBe(20);
    expect(screen.getByText("At most 20 adults per room")).toBeTruthy();
  });
});
