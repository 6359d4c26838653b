// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { formatPrice } from "../../lib/format";
import { loadTexts, mockApi, renderPage, SERVICE_AVAIL, startAt } from "./booking-test-kit";
import { type SavedServices, SERVICES_STORAGE_KEY } from "./chosen-services";
import ServicesPage from "./services-page";

beforeAll(loadTexts);
beforeEach(() => {
  startAt("services");
  const api = mockApi({ "serviceAvail.do": () => ({ body: SERVICE_AVAIL }) });
  vi.stubGlobal("fetch", api.fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const eur = (n: number) => formatPrice(n, "EUR").replace(/\s/g, " ");

describe("ServicesPage", () => {
  it("asks serviceAvail.do for the chosen room, rate and guests, and shows the services by category", async () => {
    const api = mockApi({ "serviceAvail.do": () => ({ body: SERVICE_AVAIL }) });
    vi.stubGlobal("fetch", api.fetchMock);
    renderPage(<ServicesPage />);
    expect(await screen.findByRole("group", { name: /Travel insurance/ })).toBeTruthy();
    const query = api.calls[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      hotel: "1",
      room: "11",
      rate: "21",
      adults: "2",
      childs: "1",
      ages: "6",
      arrival: "20300110",
      departure: "20300112",
    });
    expect(screen.getByRole("group", { name: "Transfers" })).toBeTruthy();
    expect(screen.getByText(`${eur(12)} per person`)).toBeTruthy();
    expect(screen.getByText(`${eur(3)} per person, per night`)).toBeTruthy();
    expect(screen.getAllByText("Free").length).toBeGreaterThan(0);
  });

  it("pre-selects and locks a service mandatory for all adults, and counts it in the total", async () => {
    renderPage(<ServicesPage />);
    const fee = (await screen.findByRole("checkbox", { name: "Resort fee" })) as HTMLInputElement;
    expect(fee.checked).toBe(true);
    expect(fee.disabled).toBe(true);
    expect(screen.getByText("Mandatory for all adults")).toBeTruthy();
    // Rooms 300 + resort fee 12.
    expect(screen.getByText(eur(312))).toBeTruthy();
  });

  it("says a mandatory category needs a service on Continue, and moves the focus to it", async () => {
    renderPage(<ServicesPage />);
    const group = await screen.findByRole("group", { name: /Travel insurance/ });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Choose at least one service in Travel insurance")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(group));
    expect(group.getAttribute("aria-invalid")).toBe("true");
    expect(group.getAttribute("aria-describedby")).toContain(
      screen.getByText("Choose at least one service in Travel insurance").id,
    );
    expect(window.sessionStorage.getItem(SERVICES_STORAGE_KEY)).toBeNull();

    fireEvent.click(within(group).getByRole("checkbox", { name: "Basic cover" }));
    expect(screen.queryByText("Choose at least one service in Travel insurance")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(window.location.pathname).toBe("/hotel/1/channel/1/language/1/checkout"));
    expect(window.location.search).toContain("arrival=20300110");
  });

  it("collects transfer details, day, time and quantity of a transfer, and keeps them for the checkout", async () => {
    renderPage(<ServicesPage />);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Basic cover" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Airport transfer" }));

    const details = screen.getByRole("group", { name: "Transfer details: Airport transfer" });
    fireEvent.change(within(details).getByLabelText("Arrival time"), { target: { value: "14:35" } });
    fireEvent.change(within(details).getByLabelText("Place code"), { target: { value: "VRN" } });
    fireEvent.change(within(details).getByLabelText("Flight, train or boat number"), {
      target: { value: "FR1234" },
    });
    fireEvent.change(within(details).getByLabelText("Note for the driver"), {
      target: { value: "Two bags" },
    });
    fireEvent.change(screen.getByLabelText("Day"), { target: { value: "20300111" } });
    fireEvent.change(screen.getByLabelText("Time"), { target: { value: "09:00" } });
    fireEvent.click(screen.getByRole("button", { name: "One more: Airport transfer" }));

    // Rooms 300 + resort fee 12 + two transfers 180.
    expect(screen.getByText(eur(492))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(window.sessionStorage.getItem(SERVICES_STORAGE_KEY)).not.toBeNull());
    const saved = JSON.parse(window.sessionStorage.getItem(SERVICES_STORAGE_KEY)!) as SavedServices;
    expect(saved.slots[0]).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ serviceId: 101, amount: 0 }),
        expect.objectContaining({ serviceId: 103, quantity: 2, amount: 12 }),
        expect.objectContaining({
          serviceId: 110,
          quantity: 2,
          date: "20300111",
          timeSlot: "09:00",
          amount: 180,
          transfer: { time: "14:35", placeCode: "VRN", transportNumber: "FR1234", note: "Two bags" },
        }),
      ]),
    );
  });

  it("sends the guest back to the rooms when none is chosen for this search", async () => {
    window.sessionStorage.clear();
    renderPage(<ServicesPage />);
    const link = await screen.findByRole("link", { name: "Choose your rooms" });
    expect(link.getAttribute("href")).toContain("/hotel/1/channel/1/language/1/rooms?arrival=20300110");
  });
});
