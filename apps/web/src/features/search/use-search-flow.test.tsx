// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { HotelContext, type HotelContextValue } from "../hotel/hotel-context";
import { anAvailResponse, aRoom } from "../rooms/test-fixtures";
import { useSearchFlow } from "./use-search-flow";

const hotel = {
  hotel: { id: 1, name: "Hotel Test", currency: "EUR", timeZone: "Europe/Rome", settings: {} },
  channel: { id: 1 },
  ids: { hotel: 1, channel: 2, language: 1 },
  locale: "en-GB",
} as unknown as HotelContextValue;

type Answers = { check?: string; connected?: unknown; main?: unknown; nearby?: unknown; fail?: string };

/** Mocks fetch with one answer per call and records the calls in order (name and query). */
function mockApi(answers: Answers) {
  const calls: { name: string; query: URLSearchParams }[] = [];
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, "http://localhost");
    const name = url.pathname.replace("/api/", "");
    const query = url.searchParams;
    calls.push({ name, query });
    const key =
      name === "availCheck.do"
        ? "check"
        : name === "nearbyAvail.do"
          ? "nearby"
          : query.get("connected") === "1"
            ? "connected"
            : "main";
    if (answers.fail === key)
      return new Response(JSON.stringify({ error: { code: "x", message: "x" } }), { status: 500 });
    const body = answers[key as keyof Answers];
    return key === "check" ? new Response(String(body)) : new Response(JSON.stringify(body));
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

function renderFlow(search: string) {
  const { hook, searchHook } = memoryLocation({ path: `/rooms?${search}`, static: true });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <Router hook={hook} searchHook={searchHook}>
        <HotelContext.Provider value={hotel}>{children}</HotelContext.Provider>
      </Router>
    </QueryClientProvider>
  );
  return renderHook(() => useSearchFlow(), { wrapper });
}

const stay = "arrival=20300110&departure=20300112";
const nearby = {
  availabilityList: [{ arrival: "20300111", departure: "20300113", minTotal: 150 }],
  currency: "EUR",
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.spyOn(console, "error").mockRestore();
});

describe("useSearchFlow (SPEC §4 Search)", () => {
  it("is one object per state: a render that changes nothing gives the same flow (the deferred results, ADR 0051)", async () => {
    mockApi({ main: anAvailResponse() });
    const { result, rerender } = renderFlow(`${stay}&adults=2`);
    await waitFor(() => expect(result.current.loading).toBe(false));
    const answered = result.current;
    rerender();
    expect(result.current).toBe(answered);
  });

  it("one room: the main search only, with cross=1", async () => {
    const calls = mockApi({ main: anAvailResponse() });
    const { result } = renderFlow(`${stay}&adults=2`);
    expect(result.current.loading).toBe(true);
    expect(result.current.roomSearched).toBe(false);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.roomSearched).toBe(true);
    expect(result.current.empty).toBe(false);
    expect(calls.map((c) => c.name)).toEqual(["avail.do"]);
    expect(Object.fromEntries(calls[0]!.query)).toMatchObject({
      hotel: "1",
      channel: "2",
      language: "1",
      arrival: "20300110",
      departure: "20300112",
      adults: "2",
      cross: "1",
    });
  });

  it("several rooms: check, then the connected-room search, then the main search", async () => {
    const both = anAvailResponse({ availability: [[aRoom()], [aRoom()]] });
    const calls = mockApi({ check: "true", connected: both, main: both });
    const { result } = renderFlow(`${stay}&adults=2,2`);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(calls.map((c) => [c.name, c.query.get("connected")])).toEqual([
      ["availCheck.do", null],
      ["avail.do", "1"],
      ["avail.do", null],
    ]);
    expect(result.current.connectedRoomIds).toEqual([10]);
    expect(result.current.result?.availability).toHaveLength(2);
  });

  it("a reservation link skips the connected-room search and sends rlId", async () => {
    const both = anAvailResponse({ availability: [[aRoom()], [aRoom()]] });
    const calls = mockApi({ check: "true", main: both });
    const { result } = renderFlow(`${stay}&adults=2,2&reservationLinkId=9`);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(calls.map((c) => c.name)).toEqual(["availCheck.do", "avail.do"]);
    expect(calls[1]!.query.get("rlId")).toBe("9");
  });

  it("the check says no: results are empty and nearby dates are searched", async () => {
    const calls = mockApi({ check: "false", nearby });
    const { result } = renderFlow(`${stay}&adults=2,2`);
    await waitFor(() => expect(result.current.nearby).not.toBeNull());
    expect(result.current.result?.availability).toEqual([[], []]);
    expect(result.current.empty).toBe(true);
    expect(calls.map((c) => c.name)).toEqual(["availCheck.do", "nearbyAvail.do"]);
  });

  it("no rooms come back: nearby dates are searched", async () => {
    const calls = mockApi({ main: anAvailResponse({ availability: [[]] }), nearby });
    const { result } = renderFlow(`${stay}&adults=2`);
    await waitFor(() => expect(result.current.nearby).not.toBeNull());
    expect(result.current.empty).toBe(true);
    expect(calls.map((c) => c.name)).toEqual(["avail.do", "nearbyAvail.do"]);
  });

  it("an error is only logged, and loading ends", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi({ fail: "main" });
    const { result } = renderFlow(`${stay}&adults=2`);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.failed).toBe(true);
    expect(result.current.roomSearched).toBe(true);
    expect(result.current.result).toBeNull();
    expect(log).toHaveBeenCalled();
  });
});
