// @vitest-environment happy-dom
import type { Branding } from "@alloggio/domain/contract/backoffice/channel-settings";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { i18n } from "../../../i18n/i18n";
import BrandingSection from "./branding-section";

const DIRECT = {
  id: 1,
  name: "Demo direct",
  kind: "direct",
  colors: { primary: "#0b5394", secondary: "#f1c232" },
  hotels: 4,
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** The section for hotel 1, with the server answering `branding` and each PUT with the colours sent. */
function renderSection(branding: Branding) {
  const puts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === "PUT") {
        const body = JSON.parse(String(init.body)) as { primary: string; secondary: string };
        puts.push({ url: String(url), body });
        return json({ ...DIRECT, colors: body });
      }
      return String(url) === "/api/backoffice/hotels/1/catalogue/branding"
        ? json(branding)
        : json({ error: { code: "not_found", message: "not in this test" } }, 404);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Router hook={memoryLocation({ path: "/admin/hotel/1/catalogue/branding" }).hook}>
          <Route path="/admin/hotel/:hotel/catalogue/:section">
            <Suspense fallback={null}>
              <BrandingSection />
            </Suspense>
          </Route>
        </Router>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return puts;
}

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces(["bo", "bo-privacy", "errors"]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PRIMARY = "Primary colour (buttons, links)";

describe("the catalogue's branding section", () => {
  it("shows a hotel-scoped user the colours read-only, and says why", async () => {
    renderSection({ editable: false, readOnlyReason: "hotel_scoped", channels: [DIRECT] });
    const card = await screen.findByRole("region", { name: "Demo direct" });
    expect(screen.getByText(/you work for some of its hotels only/)).toBeTruthy();
    const primary = within(card).getByRole("textbox", { name: PRIMARY }) as HTMLInputElement;
    expect(primary.value).toBe("#0b5394");
    expect(primary.disabled).toBe(true);
    expect(within(card).queryByRole("button", { name: "Save colours" })).toBeNull();
  });

  it("refuses a primary colour below 4.5:1 with white in the field, and sends nothing", async () => {
    const puts = renderSection({ editable: true, channels: [DIRECT] });
    const card = await screen.findByRole("region", { name: "Demo direct" });
    expect(screen.queryByText(/you work for some of its hotels only/)).toBeNull();
    const primary = within(card).getByRole("textbox", { name: PRIMARY });
    expect(
      within(card).getByText("Contrast with white text: 7.8:1 (WCAG AA asks at least 4.5:1)."),
    ).toBeTruthy();
    fireEvent.change(primary, { target: { value: "#777777" } });
    expect(
      within(card).getByText(
        "White text on this colour has a contrast of only 4.4:1; WCAG AA needs at least 4.5:1. Choose a darker colour.",
      ),
    ).toBeTruthy();
    expect(primary.getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(within(card).getByRole("button", { name: "Save colours" }));
    await waitFor(() => expect(document.activeElement).toBe(primary));
    expect(puts).toEqual([]);
  });

  it("names a colour not written #rrggbb at Save, then saves a readable one", async () => {
    const puts = renderSection({ editable: true, channels: [DIRECT] });
    const card = await screen.findByRole("region", { name: "Demo direct" });
    const secondary = within(card).getByRole("textbox", { name: "Secondary colour (accents)" });
    fireEvent.change(secondary, { target: { value: "yellow" } });
    fireEvent.click(within(card).getByRole("button", { name: "Save colours" }));
    expect(
      await within(card).findByText("Write the colour as # and six hexadecimal digits, e.g. #0b5394."),
    ).toBeTruthy();
    expect(puts).toEqual([]);

    fireEvent.change(secondary, { target: { value: "#FFD166" } });
    // The picker and the text field are one colour.
    fireEvent.input(within(card).getByLabelText(`${PRIMARY}: colour picker`), {
      target: { value: "#7a1f5c" },
    });
    expect((within(card).getByRole("textbox", { name: PRIMARY }) as HTMLInputElement).value).toBe("#7a1f5c");
    fireEvent.click(within(card).getByRole("button", { name: "Save colours" }));
    expect(
      await within(card).findByText("Colours saved: the channel's guest pages show them now."),
    ).toBeTruthy();
    expect(puts).toEqual([
      {
        url: "/api/backoffice/hotels/1/catalogue/branding/1",
        body: { primary: "#7a1f5c", secondary: "#FFD166" },
      },
    ]);
  });
});
