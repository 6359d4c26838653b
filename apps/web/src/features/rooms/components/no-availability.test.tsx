// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../i18n/i18n";
import { renderWithHotel } from "../../search/components/testing";
import { anAvailResponse } from "../test-fixtures";
import { NoAvailability } from "./no-availability";

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces("rooms");
});
beforeEach(() => {
  window.history.replaceState(null, "", "/hotel/1/channel/1/language/1/rooms?adults=16");
  // The price calendar is never answered here: the chart stays a skeleton when it is asked for.
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise(() => {})),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("NoAvailability", () => {
  it("says no room takes that many guests, with neither nearby dates nor the chart", async () => {
    const result = anAvailResponse({ availability: [[]], restrictions: [{ kind: "max_guests", value: 5 }] });
    await renderWithHotel(<NoAvailability result={result} nearby={null} nearbyLoading={false} />);
    expect((await screen.findAllByRole("listitem")).map((li) => li.textContent)).toEqual([
      "No room takes this many guests: the largest is for 5 guests",
    ]);
    expect(screen.getByText("Split the guests across more rooms, then search again.")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Nearby dates with availability" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Lowest prices in the next 12 months" })).toBeNull();
  });

  it("keeps nearby dates and the chart for a rule of the stay", async () => {
    const result = anAvailResponse({ availability: [[]], restrictions: [{ kind: "min_stay", value: 3 }] });
    await renderWithHotel(<NoAvailability result={result} nearby={null} nearbyLoading={false} />);
    expect((await screen.findAllByRole("listitem")).map((li) => li.textContent)).toEqual([
      "Minimum stay 3 nights",
    ]);
    expect(screen.getByRole("heading", { name: "Nearby dates with availability" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Lowest prices in the next 12 months" })).toBeTruthy();
  });
});
