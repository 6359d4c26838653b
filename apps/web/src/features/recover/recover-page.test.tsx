// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { ROUTES } from "../../app/routes";
import { renderInHotel } from "../global/render-in-hotel";
import { aReservation } from "../voucher/test-fixtures";
import RecoverPage from "./recover-page";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
const problem = (status: number, code: string) =>
  json({ error: { code, message: code, requestId: "r" } }, status);

describe("recover page", () => {
  let answer: () => Response;
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  async function renderRecover() {
    const location = memoryLocation({ path: "/hotel/1/channel/1/language/1/recover", record: true });
    const { client } = renderInHotel(
      <Router hook={location.hook}>
        <Route path={ROUTES.recover} component={RecoverPage} />
      </Router>,
    );
    await screen.findByRole("heading", { level: 1, name: "Find my reservation" });
    return { user: userEvent.setup(), location, client };
  }

  it("says what is missing or wrong, in words, on the fields", async () => {
    const { user } = await renderRecover();
    await user.click(screen.getByRole("button", { name: "Find my reservation" }));
    const code = screen.getByLabelText("Reservation code");
    expect(code.getAttribute("aria-invalid")).toBe("true");
    expect(code.getAttribute("aria-describedby")).toContain("error");
    expect(screen.getAllByText("Required value")).toHaveLength(2);
    expect(document.activeElement).toBe(code);
    await user.type(code, "ABC");
    await user.type(screen.getByLabelText("E-mail address"), "maria@");
    await user.click(screen.getByRole("button", { name: "Find my reservation" }));
    expect(screen.getByText("This is not a reservation code: it has 16 letters and digits.")).toBeTruthy();
    expect(screen.getByText("Invalid e-mail address")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("opens the voucher of the reservation's hotel, with the code as typed by a person", async () => {
    answer = () => json(aReservation({ hotel: { ...aReservation().hotel, id: 3 } }));
    const { user, location, client } = await renderRecover();
    await user.type(screen.getByLabelText("Reservation code"), "7k3m-9qx2 ht4v-z8pn");
    await user.type(screen.getByLabelText("E-mail address"), " maria@example.test ");
    await user.click(screen.getByRole("button", { name: "Find my reservation" }));
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(
        "/hotel/3/channel/1/language/1/voucher/code/7K3M9QX2HT4VZ8PN/email/maria%40example.test",
      ),
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/retrieve.do");
    expect(JSON.parse(String(init?.body))).toEqual({
      channel: 1,
      code: "7K3M9QX2HT4VZ8PN",
      mail: "maria@example.test",
      language: 1,
    });
    // The voucher opens from the cache, without asking again.
    expect(client.getQueryData(["reservation", 1, "7K3M9QX2HT4VZ8PN", "maria@example.test", 1])).toBeTruthy();
  });

  it("gives one answer for a wrong code or a wrong e-mail, and its own for too many tries", async () => {
    answer = () => problem(404, "reservation_not_found");
    const { user } = await renderRecover();
    await user.type(screen.getByLabelText("Reservation code"), "7K3M9QX2HT4VZ8PN");
    await user.type(screen.getByLabelText("E-mail address"), "someone@example.test");
    await user.click(screen.getByRole("button", { name: "Find my reservation" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "We could not find a reservation with these details: please check the code and the e-mail address.",
    );
    answer = () => problem(429, "rate_limited");
    await user.click(screen.getByRole("button", { name: "Find my reservation" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "Too many attempts. For your security, please wait a few minutes before you try again.",
      ),
    );
  });
});
