// @vitest-environment happy-dom

import type { BoPaymentSettings } from "@alloggio/domain/contract/backoffice/payments";
import { BO_ROUTES } from "@alloggio/domain/contract/backoffice/routes";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { i18n } from "../../i18n/i18n";
import { RequireStaff } from "../staff";
import PaymentsPage from "./payments-page";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const ME = {
  id: 1,
  email: "owner@example.test",
  name: "Olga Owner",
  role: "owner",
  language: "en",
  totpEnabled: false,
  hotels: [{ id: 1, name: "Hotel Cassa" }],
  csrfToken: "csrf",
};

const EMPTY: BoPaymentSettings = {
  gateway: "sandbox",
  stripe: null,
  webhookUrl: "https://book.example.test/api/payments/stripe/webhook",
  webhookEvents: ["checkout.session.completed", "charge.refunded"],
  canStoreKeys: true,
  liveSite: false,
};
const SAVED: BoPaymentSettings = {
  ...EMPTY,
  stripe: {
    mode: "test",
    keyKind: "secret",
    secretKeyLast4: "4242",
    publishableKey: "pk_test_51AbCdEf",
    webhookSecretSet: true,
    updatedAt: "2030-01-05T10:00:00.000Z",
    updatedBy: "Olga Owner",
  },
};

type Call = { method: string; path: string; body: unknown };

describe("the hotel's payments screen", () => {
  let calls: Call[];
  let settings: BoPaymentSettings;
  /** The answer to the next PUT of keys (the server's), else the settings saved. */
  let keysAnswer: (() => Response) | null;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, "http://localhost").pathname.replace(/^\/api\/backoffice\//, "");
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    calls.push({ method, path, body });
    if (path === "me") return json(ME);
    if (path === "hotels/1/payments" && method === "GET") return json(settings);
    if (path === "hotels/1/payments/stripe-keys" && method === "PUT") {
      if (keysAnswer) return keysAnswer();
      settings = SAVED;
      return json(settings);
    }
    if (path === "hotels/1/payments/test-connection")
      return json({ name: "Hotel Cassa Srl", country: "IT", mode: "test", methods: ["card", "paypal"] });
    return json({ error: { code: "not_found", message: "not found" } }, 404);
  });

  beforeEach(async () => {
    calls = [];
    settings = EMPTY;
    keysAnswer = null;
    fetchMock.mockClear();
    vi.stubGlobal("fetch", fetchMock);
    await i18n.changeLanguage("en");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function renderPage() {
    const location = memoryLocation({ path: "/admin/hotel/1/payments" });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={null}>
            <Router hook={location.hook}>
              <RequireStaff>
                <Route path={BO_ROUTES.boPayments} component={PaymentsPage} />
              </RequireStaff>
            </Router>
          </Suspense>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    return userEvent.setup();
  }

  it("takes the keys in labelled fields, secrets as passwords; once saved shows •••• 4242, never a secret, with Replace", async () => {
    const user = renderPage();
    const secret = await screen.findByLabelText("Secret key");
    expect(secret.getAttribute("type")).toBe("password");
    expect(screen.getByLabelText("Webhook signing secret").getAttribute("type")).toBe("password");
    expect(screen.getByText("https://book.example.test/api/payments/stripe/webhook")).toBeTruthy();
    // Stripe cannot be chosen before its keys are saved.
    expect((screen.getByRole("radio", { name: /Stripe/ }) as HTMLInputElement).disabled).toBe(true);

    await user.type(secret, "sk_test_51AbCdEf4242");
    await user.type(screen.getByLabelText("Publishable key"), "pk_test_51AbCdEf");
    await user.type(screen.getByLabelText("Webhook signing secret"), "whsec_AbCdEfGhIj");
    await user.click(screen.getByRole("button", { name: "Save keys" }));

    expect(await screen.findByText("Keys saved.")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      secretKey: "sk_test_51AbCdEf4242",
      publishableKey: "pk_test_51AbCdEf",
      webhookSecret: "whsec_AbCdEfGhIj",
    });
    expect(screen.getByText("•••• 4242")).toBeTruthy();
    expect(document.querySelectorAll('input[type="password"]')).toHaveLength(0);
    for (const input of document.querySelectorAll("input"))
      expect((input as HTMLInputElement).value).not.toContain("sk_test_");
    expect((screen.getByRole("radio", { name: /Stripe/ }) as HTMLInputElement).disabled).toBe(false);

    // Replace opens an empty password field; the other secret and the publishable key stay as they are.
    await user.click(screen.getByRole("button", { name: "Replace the secret key" }));
    let replacing = screen.getByLabelText("Secret key") as HTMLInputElement;
    expect(replacing.type).toBe("password");
    expect(replacing.value).toBe("");
    expect(document.activeElement).toBe(replacing);
    // Changing one's mind keeps the stored key; Replace again opens the field afresh.
    await user.click(screen.getByRole("button", { name: "Keep the stored one" }));
    expect(screen.getByText("•••• 4242")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Replace the secret key" }));
    replacing = screen.getByLabelText("Secret key") as HTMLInputElement;
    await user.type(replacing, "sk_test_51NewNew9999");
    await user.click(screen.getByRole("button", { name: "Save keys" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "PUT")[1]?.body).toEqual({ secretKey: "sk_test_51NewNew9999" });
  });

  it("ties a refused key to its field, in the page's words", async () => {
    keysAnswer = () =>
      json(
        {
          error: {
            code: "invalid_input",
            message: "publishableKey: mode_mismatch",
            details: [
              { field: "publishableKey", message: "mode mismatch", params: { reason: "mode_mismatch" } },
            ],
            requestId: "r",
          },
        },
        400,
      );
    const user = renderPage();
    await user.type(await screen.findByLabelText("Secret key"), "sk_test_51AbCdEf4242");
    await user.type(screen.getByLabelText("Publishable key"), "pk_live_51AbCdEf");
    await user.click(screen.getByRole("button", { name: "Save keys" }));
    const field = screen.getByLabelText("Publishable key");
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    const message = document.getElementById(String(field.getAttribute("aria-describedby")).split(" ").pop()!);
    expect(message?.textContent).toBe(
      "is not in the same mode as the other key: use two test keys or two live keys",
    );
    expect(screen.getByRole("alert").textContent).toBe("Please check the highlighted keys.");
    expect(screen.getByLabelText("Secret key").getAttribute("aria-invalid")).toBeNull();
  });

  it("flags a test-mode key on a live site, and shows the account a connection test finds", async () => {
    settings = { ...SAVED, liveSite: true };
    const user = renderPage();
    expect(await screen.findByText(/This hotel takes test payments: no card is charged/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Test the connection" }));
    const found = await screen.findByText("Connected to Hotel Cassa Srl (IT)");
    const account = found.closest("[role=status]") as HTMLElement;
    expect(within(account).getByText("Test mode")).toBeTruthy();
    expect(within(account).getByText(/card, paypal/)).toBeTruthy();
  });

  it("says why a connection test failed, in the page's words", async () => {
    settings = SAVED;
    const fail = vi.fn(async () =>
      json({ error: { code: "payment_key_refused", message: "refused", requestId: "r" } }, 422),
    );
    const user = renderPage();
    await screen.findByText("•••• 4242");
    fetchMock.mockImplementationOnce(fail);
    await user.click(screen.getByRole("button", { name: "Test the connection" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Stripe refused the secret key. Check it in Stripe's Dashboard and save it again.",
    );
  });

  it("says the connection was tested too often, in the page's words", async () => {
    settings = SAVED;
    const limited = vi.fn(async () =>
      json(
        {
          error: {
            code: "rate_limited",
            message: "Too many attempts",
            details: [{ field: "request", message: "too many attempts, retry in a few minutes" }],
            requestId: "r",
          },
        },
        429,
      ),
    );
    const user = renderPage();
    await screen.findByText("•••• 4242");
    fetchMock.mockImplementationOnce(limited);
    await user.click(screen.getByRole("button", { name: "Test the connection" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The connection was tested too often");
    expect(alert.textContent).toContain("ten tests in ten minutes at most");
    expect(alert.textContent).not.toContain("too many attempts, retry");
  });

  it("says nothing of test payments when the site is not live, or the keys are live", async () => {
    settings = SAVED;
    renderPage();
    await screen.findByText("•••• 4242");
    expect(screen.queryByText(/This hotel takes test payments/)).toBeNull();
  });
});
