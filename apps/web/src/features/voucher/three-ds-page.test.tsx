// @vitest-environment happy-dom
import type { ConfirmPaymentResponse } from "@alloggio/domain/contract/booking/confirm-payment";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { ROUTES } from "../../app/routes";
import { renderInHotel } from "../global/render-in-hotel";
import { ThreeDsReturn } from "./three-ds-page";

const base = "/hotel/1/channel/1/language/1";
const path = `${base}/3ds/code/7K3M9QX2HT4VZ8PN/email/maria%40example.test`;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const keyOf = (init: RequestInit | undefined) => new Headers(init?.headers ?? {}).get("Idempotency-Key");

function renderReturn(pollDelays: readonly number[] = [0, 0]) {
  const location = memoryLocation({ path, record: true });
  renderInHotel(
    <Router hook={location.hook}>
      <Route path={ROUTES.threeDs}>
        <ThreeDsReturn pollDelays={pollDelays} />
      </Route>
      <Route path={ROUTES.voucher}>
        <p>voucher here</p>
      </Route>
    </Router>,
  );
  return location;
}

describe("3-D Secure return", () => {
  let answers: (() => Response)[];
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    return next();
  });
  const answer = (body: ConfirmPaymentResponse) => () => json(body);
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks the server, says so, and replaces itself with the voucher once paid", async () => {
    let release: () => void = () => {};
    answers = [
      () => {
        const wait = new Promise<void>((resolve) => {
          release = resolve;
        });
        return wait.then(() => json({ status: "confirmed", paid: true })) as unknown as Response;
      },
    ];
    const location = renderReturn();
    const status = await screen.findByRole("status");
    expect(status.textContent).toBe("Checking your payment…");
    expect(status.getAttribute("aria-live")).toBe("polite");

    // The status shows before the request leaves (an effect): wait for the call itself.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/confirmPayment.do");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ reservation: "7K3M9QX2HT4VZ8PN", gateway: "sandbox" });
    expect(keyOf(init)).toMatch(/^[0-9a-f-]{32,36}$/);

    release();
    await screen.findByText("voucher here");
    expect(location.history).toEqual([`${base}/voucher/code/7K3M9QX2HT4VZ8PN/email/maria%40example.test`]);
  });

  it("tells of a payment problem and links back to the room search when the payment was declined", async () => {
    answers = [answer({ status: "cancelled", paid: false })];
    const location = renderReturn();
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "There was a problem processing the payment, please try again.",
      ),
    );
    expect(screen.getByRole("link", { name: "Back to the room search" }).getAttribute("href")).toBe(
      `${base}/rooms`,
    );
    expect(screen.queryByRole("button", { name: "Check again" })).toBeNull();
    expect(location.history).toEqual([path]);
  });

  it("asks again while the bank has not decided, each time with a new key, then lets the guest retry", async () => {
    answers = [answer({ status: "payment_required", paid: false })];
    const user = userEvent.setup();
    const location = renderReturn([0, 0]);
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "Your bank has not confirmed the payment yet. Please check again in a moment.",
      ),
    );
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const keys = fetchMock.mock.calls.map(([, init]) => keyOf(init));
    expect(new Set(keys).size).toBe(3);

    answers = [
      answer({ status: "preauth_required", paid: false }),
      answer({ status: "confirmed", paid: true }),
    ];
    await user.click(screen.getByRole("button", { name: "Check again" }));
    await screen.findByText("voucher here");
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(location.history?.at(-1)).toContain("/voucher/code/7K3M9QX2HT4VZ8PN/");
  });

  it("offers a retry when the server cannot answer", async () => {
    answers = [() => json({ error: { code: "internal", message: "boom", requestId: "r" } }, 500)];
    const user = userEvent.setup();
    renderReturn();
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "There was a problem processing the payment, please try again.",
      ),
    );
    answers = [answer({ status: "confirmed", paid: true })];
    await user.click(screen.getByRole("button", { name: "Check again" }));
    await screen.findByText("voucher here");
  });
});
