// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { buildHotelContext } from "../features/global/render-in-hotel";
import { i18n } from "../i18n/i18n";
import { HotelLayout } from "./hotel-layout";
import { ROUTES } from "./routes";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function renderLayout(path: string, overrides: Parameters<typeof buildHotelContext>[0] = {}) {
  const { hotel, channel } = buildHotelContext(overrides);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) =>
      String(url).startsWith("/api/hotellist.do")
        ? json({ channel, hotels: [hotel] })
        : String(url).startsWith("/api/v2/chat/")
          ? json({ messages: [], started: false })
          : json({ error: { code: "not_found", message: "not in this test" } }, 404),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Router hook={memoryLocation({ path }).hook}>
          <Route path={ROUTES.hotel} nest>
            <HotelLayout>
              <Suspense fallback={null}>
                <p>page</p>
              </Suspense>
            </HotelLayout>
          </Route>
        </Router>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe("the hotel layout's page language", () => {
  beforeEach(() => {
    document.documentElement.lang = "en";
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    // SPEC §3: Russian reads the English texts, but screen readers must know the page is Russian.
    [7, "ru", "en", "Language"],
    [3, "de", "de", "Sprache"],
    [6, "zh-CN", "zh", "语言"],
    [9, "ja", "ja", "言語"],
    [1, "en-GB", "en", "Language"],
  ])("language %d says lang=%s and reads the %s texts", async (id, lang, text, languageLabel) => {
    renderLayout(`/hotel/1/channel/1/language/${id}/rooms`);
    await screen.findByText("page");
    // The page's lang and i18next's language are set one after the other: wait for both.
    await waitFor(() => {
      expect(document.documentElement.lang).toBe(lang);
      expect(i18n.language).toBe(text);
    });
    expect(await screen.findByRole("combobox", { name: languageLabel })).toBeTruthy();
  });
});

describe("the hotel layout's global elements", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows no chat button when the hotel's showChat is off", async () => {
    renderLayout("/hotel/1/channel/1/language/1/rooms", { settings: { aspect: { showChat: false } } });
    await screen.findByText("page");
    await screen.findByRole("combobox", { name: "Language" });
    expect(screen.queryByRole("button", { name: /chat/i })).toBeNull();
  });

  it("opens the site chat under the header when showChat is on; Escape closes it and focuses the button (ADR 0022)", async () => {
    const user = userEvent.setup();
    renderLayout("/hotel/1/channel/1/language/1/rooms", { settings: { aspect: { showChat: true } } });
    await screen.findByText("page");
    const button = await screen.findByRole("button", { name: "Chat with us" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await user.click(button);
    const region = await screen.findByRole("region", { name: "Chat with Hotel Test" });
    expect(region.tagName).toBe("SECTION");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByRole("textbox", { name: "Your name" })).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("region", { name: "Chat with Hotel Test" })).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
