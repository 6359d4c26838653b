// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { ROUTES } from "../../app/routes";
import { i18n } from "../../i18n/i18n";
import { buildHotelContext } from "../global/render-in-hotel";
import { aReservation } from "../voucher/test-fixtures";
import PortalRecoverPage from "./portal-recover-page";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const context = buildHotelContext();
const hotelList = {
  channel: { ...context.channel, name: "Demo Hotels" },
  hotels: [
    { ...context.hotel, id: 1, name: "Bellavista" },
    { ...context.hotel, id: 3, name: "Lido Palace" },
  ],
};

describe("portal recover page (portalRecover)", () => {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url.startsWith("/api/hotellist.do")) return json(hotelList);
    if (url === "/api/retrieve.do") return json(aReservation({ hotel: { ...aReservation().hotel, id: 3 } }));
    throw new Error(`unexpected call ${url}`);
  });
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("finds the reservation in the group and opens the voucher at its hotel", async () => {
    const location = memoryLocation({ path: "/channel/1/language/1/recover", record: true });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <Suspense fallback={null}>
            <Router hook={location.hook}>
              <Route path={ROUTES.portalRecover} component={PortalRecoverPage} />
            </Router>
          </Suspense>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    await screen.findByRole("heading", { level: 1, name: "Find my reservation" });
    // The portal's header, with its own "my booking" link.
    expect(screen.getByRole("banner").textContent).toContain("Demo Hotels");
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Reservation code", { exact: true }), "7K3M9QX2HT4VZ8PN");
    await user.type(screen.getByLabelText("E-mail address", { exact: true }), "maria@example.test");
    await user.click(screen.getByRole("button", { name: "Find my reservation" }));
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(
        "/hotel/3/channel/1/language/1/voucher/code/7K3M9QX2HT4VZ8PN/email/maria%40example.test",
      ),
    );
  });
});
