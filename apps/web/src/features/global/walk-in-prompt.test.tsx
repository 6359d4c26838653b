// @vitest-environment happy-dom
import { WALK_IN_SEEN_KEY } from "@alloggio/domain/stay-dates/walk-in-night";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInHotel } from "./render-in-hotel";
import { WalkInPrompt } from "./walk-in-prompt";

function Page() {
  return (
    <>
      <WalkInPrompt />
      <span>rendered</span>
    </>
  );
}

describe("WalkInPrompt (hotel in Europe/Rome)", () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.history.replaceState(null, "", "/rooms?arrival=20300701&departure=20300703&adults=2");
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("offers tonight at 21:00 hotel time and sets the search to tonight, once per session", async () => {
    vi.setSystemTime(new Date("2030-06-10T19:00:00Z")); // 21:00 in Rome
    const user = userEvent.setup();
    const view = renderInHotel(<Page />);
    const region = await screen.findByRole("region", { name: "Tonight's stay" });
    expect(region.textContent).toContain("Monday 10 June");
    await user.click(screen.getByRole("button", { name: "Book tonight's stay" }));
    const query = new URLSearchParams(window.location.search);
    expect([query.get("arrival"), query.get("departure"), query.get("adults")]).toEqual([
      "20300610",
      "20300611",
      "2",
    ]);
    expect(screen.queryByRole("region", { name: "Tonight's stay" })).toBeNull();
    expect(window.sessionStorage.getItem(WALK_IN_SEEN_KEY)).toBe("true");

    view.unmount();
    window.history.replaceState(null, "", "/rooms");
    renderInHotel(<Page />);
    await screen.findByText("rendered");
    expect(screen.queryByRole("region", { name: "Tonight's stay" })).toBeNull();
  });

  it("can be dismissed", async () => {
    vi.setSystemTime(new Date("2030-06-10T20:30:00Z")); // 22:30
    const user = userEvent.setup();
    renderInHotel(<Page />);
    await user.click(await screen.findByRole("button", { name: "Dismiss the offer for tonight" }));
    expect(screen.queryByRole("region", { name: "Tonight's stay" })).toBeNull();
    expect(window.sessionStorage.getItem(WALK_IN_SEEN_KEY)).toBe("true");
  });

  it("after midnight offers the night that began the evening before", async () => {
    vi.setSystemTime(new Date("2030-06-10T23:00:00Z")); // 01:00 on 11 June in Rome
    const user = userEvent.setup();
    renderInHotel(<Page />);
    const region = await screen.findByRole("region", { name: "Tonight's stay" });
    expect(region.textContent).toContain("Monday 10 June");
    await user.click(screen.getByRole("button", { name: "Book tonight's stay" }));
    const query = new URLSearchParams(window.location.search);
    expect([query.get("arrival"), query.get("departure")]).toEqual(["20300610", "20300611"]);
  });

  it.each([
    ["at noon", "2030-06-10T10:00:00Z"],
    ["after 04:00", "2030-06-11T02:30:00Z"],
  ])("stays away %s", async (_label, instant) => {
    vi.setSystemTime(new Date(instant));
    renderInHotel(<Page />);
    await screen.findByText("rendered");
    expect(screen.queryByRole("region", { name: "Tonight's stay" })).toBeNull();
  });
});
