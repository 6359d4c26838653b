// @vitest-environment happy-dom
import type { HotelInfoResponse } from "@alloggio/domain/contract/hotels/hotel-info";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInHotel } from "../../global/render-in-hotel";
import { HotelInfoButton } from "./hotel-info-button";

const info: HotelInfoResponse = {
  id: 1,
  name: "Hotel Test",
  description: "On the lake.",
  address: "Via Roma 1",
  city: "Riva del Garda",
  country: "IT",
  email: "info@hotel.test",
  phone: "+39 0464 555 010",
  timeZone: "Europe/Rome",
  checkIn: { from: "14:00", until: "23:00" },
  checkOut: { until: "10:30" },
  breakfast: { from: "07:00", until: "10:30" },
  pets: { policy: "per_night", fee: 15 },
  wellness: ["Outdoor pool"],
  activities: ["Guided bike tours"],
  businessServices: [],
  currency: "EUR",
  cityTax: 2.5,
};

describe("hotel information panel", () => {
  let body: HotelInfoResponse;
  beforeEach(() => {
    body = structuredClone(info);
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } }),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  async function openPanel() {
    const user = userEvent.setup();
    renderInHotel(<HotelInfoButton />);
    await user.click(await screen.findByRole("button", { name: "Hotel information" }));
    const dialog = await screen.findByRole("dialog", { name: "Hotel information" });
    await within(dialog).findByText("On the lake.");
    return { user, dialog };
  }

  it("shows times, pets, wellness, activities, city tax and contacts", async () => {
    const { dialog } = await openPanel();
    const text = (dialog.textContent ?? "").replace(/\s/g, " ");
    expect(text).toContain("Check-infrom 14:00 to 23:00");
    expect(text).toContain("Check-outby 10:30");
    expect(text).toContain("Breakfastfrom 07:00 to 10:30");
    expect(text).toContain("Pets are welcome for 15,00 EUR per night.");
    expect(text).toContain("Outdoor pool");
    expect(text).toContain("Guided bike tours");
    expect(text).toContain("2,50 EUR per person per night.");
    expect(within(dialog).queryByRole("heading", { name: "Business services" })).toBeNull();
    expect(within(dialog).getByRole("link", { name: "info@hotel.test" }).getAttribute("href")).toBe(
      "mailto:info@hotel.test",
    );
    expect(within(dialog).getByRole("link", { name: "+39 0464 555 010" }).getAttribute("href")).toBe(
      "tel:+390464555010",
    );
  });

  it.each([
    ["not_allowed", 0, "Pets are not allowed."],
    ["free", 0, "Pets are welcome, free of charge."],
    ["per_stay", 40, "Pets are welcome for 40,00 EUR per stay."],
  ] as const)("pets %s", async (policy, fee, expected) => {
    body.pets = { policy, fee };
    const { dialog } = await openPanel();
    expect((dialog.textContent ?? "").replace(/\s/g, " ")).toContain(expected);
  });

  it("closes with its close button and gives focus back", async () => {
    const { user, dialog } = await openPanel();
    await user.click(within(dialog).getByRole("button", { name: "Close the hotel information" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Hotel information" }));
  });
});
