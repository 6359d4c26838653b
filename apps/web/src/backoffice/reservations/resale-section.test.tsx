// @vitest-environment happy-dom
import type { ReservationDetail } from "@alloggio/domain/contract/backoffice/reservations";
import type { ResaleOffer } from "@alloggio/domain/contract/booking/resale";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../i18n/i18n";
import { ResaleSection } from "./resale-section";

type Room = ReservationDetail["reservation"]["rooms"][number];

const PATH = "hotels/7/reservations/42";

const listed: ResaleOffer = {
  id: 5,
  roomId: 101,
  status: "listed",
  // 23:59:59.999 in Rome on 9 January 2030.
  deadline: "2030-01-09T22:59:59.999Z",
  feePercent: 10,
  nights: [
    { day: "2030-01-10", status: "listed" },
    { day: "2030-01-11", status: "listed" },
  ],
  recovered: 0,
  fee: 0,
  refund: 0,
  currency: "EUR",
};
const settled: ResaleOffer = {
  ...listed,
  id: 6,
  roomId: 102,
  status: "settled",
  nights: [
    { day: "2030-01-10", status: "sold" },
    { day: "2030-01-11", status: "expired" },
  ],
  recovered: 100,
  fee: 10,
  refund: 90,
};

const roomOf = (id: number, name: string, offer: ResaleOffer | null) =>
  ({
    id,
    name,
    status: "A",
    resale: { deadline: listed.deadline, feePercent: 10, offer },
  }) as unknown as Room;

function renderSection(canWithdraw: boolean, answer: () => Response) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? "GET", url: String(url) });
      return answer();
    }),
  );
  const onDone = vi.fn(async () => {});
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Suspense fallback={null}>
          <ResaleSection
            path={PATH}
            rooms={[
              roomOf(101, "Double Room", listed),
              roomOf(102, "Suite", settled),
              roomOf(103, "Single", null),
            ]}
            timeZone="Europe/Rome"
            money={(amount) => `€${amount.toFixed(2)}`}
            canWithdraw={canWithdraw}
            onDone={onDone}
          />
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { calls, onDone };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces(["bo", "bo-reservations", "errors"]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the reservation page's resale section", () => {
  it("shows each room's offer: state, deadline in hotel time, fee, nights and the money, by name", async () => {
    renderSection(true, () => json({ offers: [] }));
    const double = await screen.findByRole("region", { name: "Resale of Double Room" });
    const text = double.textContent ?? "";
    expect(text).toContain("Up for resale");
    // 22:59 UTC is 23:59 in Rome: hotel time, not the browser's.
    expect(text).toContain("9 Jan 2030, 23:59");
    expect(text).toContain("10% (€0.00)");
    expect(text).toContain("10 Jan 2030, 11 Jan 2030");
    expect(text).toContain("None yet");
    const suite = screen.getByRole("region", { name: "Resale of Suite" });
    expect(suite.textContent).toContain("Resale closed: nights resold");
    expect(suite.textContent).toContain("€100.00");
    expect(suite.textContent).toContain("10% (€10.00)");
    expect(suite.textContent).toContain("€90.00");
    // A settled offer cannot be withdrawn; a room never offered has no part.
    expect(within(suite).queryByRole("button")).toBeNull();
    expect(screen.queryByRole("region", { name: "Resale of Single" })).toBeNull();
    // No codes: every label is prose.
    expect(document.body.textContent).not.toMatch(/resale\.|listed\b|settled\b/);
  });

  it("withdraws a listed offer through the back office's call, then says so", async () => {
    const { calls, onDone } = renderSection(true, () =>
      json({ offers: [{ ...listed, status: "withdrawn" }] }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Withdraw Double Room from resale" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toEqual([{ method: "POST", url: `/api/backoffice/${PATH}/resale-offers/5/withdraw` }]);
    expect(onDone).toHaveBeenCalledWith("The resale offer is withdrawn: its nights are no longer on sale.");
  });

  it("says in words when the offer is no longer listed", async () => {
    renderSection(true, () =>
      json(
        {
          error: {
            code: "resale_not_listed",
            message: "The offer is no longer listed",
            details: [{ field: "offerId", message: "no longer listed" }],
          },
        },
        409,
      ),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Withdraw Double Room from resale" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("This room is no longer up for resale");
    expect(alert.textContent).not.toContain("resale_not_listed");
  });

  it("offers no withdrawal to staff who may not act on reservations", async () => {
    renderSection(false, () => json({ offers: [] }));
    await screen.findByRole("region", { name: "Resale of Double Room" });
    expect(screen.queryByRole("button")).toBeNull();
  });
});
