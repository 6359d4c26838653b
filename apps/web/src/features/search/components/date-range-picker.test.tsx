// @vitest-environment happy-dom
import type { CalendarResponse } from "@alloggio/domain/contract/search/calendar";
import { addDays, todayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type DateRange, DateRangePicker } from "./date-range-picker";
import { renderWithHotel } from "./testing";

/** A stubbed calendar.do answer: 120 open days from 3 January 2030, with the restrictions a test needs. */
function calendar(
  overrides: Record<string, Partial<CalendarResponse["days"][number]>> = {},
): CalendarResponse {
  const from = "20300103";
  return {
    from,
    days: Array.from({ length: 120 }, (_, i) => {
      const date = addDays(from, i);
      return {
        date,
        closed: false,
        available: true,
        closedToArrival: false,
        closedToDeparture: false,
        minStay: 1,
        maxStay: null,
        ...overrides[date],
      };
    }),
  };
}

const stubbed = calendar({
  "20300110": { closed: true, available: false },
  "20300111": { available: false },
  "20300114": { closedToArrival: true },
  "20300115": { minStay: 3 },
  "20300122": { maxStay: 2 },
  "20300126": { closedToDeparture: true },
});

const focusedDate = () => (document.activeElement as HTMLElement | null)?.dataset.date;
const day = (date: string) => document.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)!;

async function setup(value: DateRange, props: { validFrom?: string; validTo?: string } = {}, cal = stubbed) {
  const user = userEvent.setup();
  const onChange = vi.fn();
  await renderWithHotel(<DateRangePicker value={value} onChange={onChange} {...props} />, { calendar: cal });
  const trigger = await screen.findByRole("button", { name: /^Arrival and departure/ });
  return { user, onChange, trigger };
}

describe("DateRangePicker", () => {
  afterEach(cleanup);

  it("shows the stay on its button and opens a dialog focused on the arrival day", async () => {
    const { user, trigger } = await setup({ arrival: "20300104", departure: "20300106" });
    expect(trigger.textContent).toMatch(/^Fri,? 4 Jan – Sun,? 6 Jan 2 nights$/);
    await user.click(trigger);
    const dialog = screen.getByRole("dialog", { name: "Choose your dates" });
    expect(dialog).toBeTruthy();
    expect(screen.getByRole("grid", { name: "January 2030" })).toBeTruthy();
    expect(focusedDate()).toBe("20300104");
    // The date comes from Intl in the hotel's locale (some ICU versions add a comma after the weekday).
    expect(document.activeElement?.getAttribute("aria-label")).toMatch(/^Friday,? 4 January 2030, arrival$/);
    expect(day("20300106").getAttribute("aria-label")).toMatch(/^Sunday,? 6 January 2030, departure$/);
    expect(screen.getAllByRole("columnheader").map((th) => th.getAttribute("abbr"))).toContain("Monday");
  });

  it("moves by day, week, month and to the week's ends with the keyboard", async () => {
    const { user, trigger } = await setup({ arrival: "20300104", departure: "20300106" });
    await user.click(trigger);
    await user.keyboard("{ArrowRight}");
    expect(focusedDate()).toBe("20300105");
    await user.keyboard("{ArrowDown}");
    expect(focusedDate()).toBe("20300112");
    await user.keyboard("{ArrowLeft}{ArrowUp}");
    expect(focusedDate()).toBe("20300104");
    await user.keyboard("{End}");
    expect(focusedDate()).toBe("20300106"); // weeks start on Monday in en-GB
    await user.keyboard("{Home}");
    expect(focusedDate()).toBe("20300101"); // Monday 31 December is before the first month shown
    await user.keyboard("{PageDown}{PageDown}");
    expect(focusedDate()).toBe("20300301");
    expect(screen.getByRole("grid", { name: "March 2030" })).toBeTruthy();
    await user.keyboard("{PageUp}");
    expect(focusedDate()).toBe("20300201");
    // Only the focused day is in the tab order.
    expect(document.querySelectorAll('[data-date][tabindex="0"]')).toHaveLength(1);
  });

  it("selects arrival then departure with Enter and Space, then closes and gives focus back", async () => {
    const { user, trigger, onChange } = await setup({ arrival: "20300104", departure: "20300106" });
    await user.click(trigger);
    await user.keyboard("{ArrowDown}{ArrowDown}"); // 18 January
    await user.keyboard("{Enter}");
    expect(screen.getByRole("status").textContent).toBe(
      "Arrival on 18 Jan 2030. Now choose your departure date.",
    );
    expect(screen.getByText("Departure: still to choose")).toBeTruthy();
    await user.keyboard("{ArrowRight}{ArrowRight}{ }");
    expect(onChange).toHaveBeenCalledWith({ arrival: "20300118", departure: "20300120" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("closes on Escape without changing the stay", async () => {
    const { user, trigger, onChange } = await setup({ arrival: "20300104", departure: "20300106" });
    await user.click(trigger);
    await user.keyboard("{ArrowRight}{Enter}{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(trigger);
  });

  it("says in words why a day cannot be chosen", async () => {
    const { user, trigger, onChange } = await setup({ arrival: "20300104", departure: "20300106" });
    await user.click(trigger);
    const reasons = {
      "20300102": "You cannot travel in the past",
      "20300110": "Closed season",
      "20300111": "Not available",
      "20300114": "Closed to arrival",
    };
    for (const [date, reason] of Object.entries(reasons)) {
      expect(day(date).getAttribute("aria-label")).toContain(reason);
      expect(day(date).getAttribute("aria-disabled")).toBe("true");
      await user.click(day(date));
      expect(screen.getByRole("status").textContent).toBe(reason);
    }
    expect(onChange).not.toHaveBeenCalled();
    expect(day("20300113").getAttribute("aria-disabled")).toBeNull();
  });

  it("applies the arrival day's minimum and maximum stay and stops before an unavailable night", async () => {
    const { user, trigger, onChange } = await setup({ arrival: "20300104", departure: "20300106" });
    await user.click(trigger);
    await user.click(day("20300115"));
    expect(screen.getByRole("status").textContent).toContain("Minimum stay 3 nights");
    expect(day("20300117").getAttribute("aria-label")).toContain("Minimum stay 3 nights");
    await user.click(day("20300117"));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe("Minimum stay 3 nights");
    await user.click(day("20300118"));
    expect(onChange).toHaveBeenLastCalledWith({ arrival: "20300115", departure: "20300118" });

    await user.click(trigger);
    await user.click(day("20300122"));
    expect(day("20300125").getAttribute("aria-label")).toContain("Maximum stay 2 nights");
    expect(day("20300124").getAttribute("aria-disabled")).toBeNull();

    // Arrival on the 8th: the 10th (closed) may be the departure, a later day would include it.
    await user.click(day("20300108"));
    expect(day("20300110").getAttribute("aria-disabled")).toBeNull();
    expect(day("20300111").getAttribute("aria-label")).toContain(
      "The stay would include a night that is not available",
    );
  });

  it("a departure day closed to departure cannot be chosen", async () => {
    const { user, trigger } = await setup({ arrival: "20300104", departure: "20300106" });
    await user.click(trigger);
    await user.click(day("20300124"));
    expect(day("20300126").getAttribute("aria-label")).toContain("Closed to departure");
  });

  it("keeps the stay within an offer's validity and says so", async () => {
    const { user, trigger } = await setup(
      { arrival: "20300117", departure: "20300118" },
      { validFrom: "20300116", validTo: "20300120" },
    );
    await user.click(trigger);
    expect(screen.getByText("Offer valid for stays from 16 Jan 2030 to 20 Jan 2030.")).toBeTruthy();
    expect(day("20300113").getAttribute("aria-label")).toContain("Outside the offer validity");
    expect(day("20300121").getAttribute("aria-label")).toContain("Outside the offer validity");
    await user.click(day("20300118"));
    expect(day("20300121").getAttribute("aria-disabled")).toBeNull(); // the last night is the 20th
    expect(day("20300122").getAttribute("aria-label")).toContain("Outside the offer validity");
  });

  it("works on an empty calendar when calendar.do fails", async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ error: { code: "hotel" } }), { status: 404 }),
    );
    vi.stubGlobal("fetch", fetch);
    try {
      const user = userEvent.setup();
      const today = todayInZone(new Date(), "Europe/Rome");
      const onChange = vi.fn();
      await renderWithHotel(
        <DateRangePicker value={{ arrival: today, departure: addDays(today, 1) }} onChange={onChange} />,
      );
      await waitFor(() => expect(fetch).toHaveBeenCalled());
      expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe("/api/calendar.do?hotel=1&channel=1");
      await user.click(await screen.findByRole("button", { name: /^Arrival and departure/ }));
      await user.keyboard("{ArrowRight}{Enter}{ArrowRight}{ArrowRight}{Enter}");
      expect(onChange).toHaveBeenCalledWith({ arrival: addDays(today, 1), departure: addDays(today, 3) });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
