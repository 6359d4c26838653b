// @vitest-environment happy-dom
import { CONSENT_VERSION, consentKey } from "@alloggio/domain/tracking/consent";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildHotelContext, renderInHotel } from "../global/render-in-hotel";
import type { HotelContextValue } from "../hotel/hotel-context";
import { ConsentNotice } from "./consent-banner";
import { ConsentUiProvider } from "./consent-ui";
import { SiteFooter } from "./site-footer";
import { cookieDomains, cookiesOf, pageReload, withdrawnCategories } from "./withdrawal";

const TRACKING = {
  hasAnalytics: true,
  analytics: { "1": "G-DEMO0EN01" },
  hasGtm: true,
  gtmTag: "GTM-DEMO123",
  facebookPixel: "000000000000000",
};

function pageWith(tracking: Record<string, unknown>, policy?: string): HotelContextValue {
  const value = buildHotelContext({}, policy ? { cookiePolicyUrl: policy } : {});
  return { ...value, channel: { ...value.channel, tracking } };
}

function Page() {
  return (
    <ConsentUiProvider>
      <ConsentNotice />
      <p>rendered</p>
      <SiteFooter />
    </ConsentUiProvider>
  );
}

/** happy-dom's cookie jar, as the tags would fill it. */
function setCookie(text: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the tags that write document.cookie
  document.cookie = text;
}

const stored = () => JSON.parse(window.localStorage.getItem(consentKey(1)) ?? "null");
const banner = () => screen.queryByRole("region", { name: "Cookie consent" });

describe("consent manager (ADR 0040)", () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    for (const name of cookiesOf(["analytics", "marketing"], document.cookie))
      setCookie(`${name}=; max-age=0; path=/`);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows the banner only when the channel has something optional and the guest has not decided", async () => {
    renderInHotel(<Page />, pageWith(TRACKING, "https://hotel.example.test/cookies"));
    const region = await screen.findByRole("region", { name: "Cookie consent" });
    const accept = within(region).getByRole("button", { name: "Accept all" });
    const reject = within(region).getByRole("button", { name: "Reject all" });
    // As easy to refuse as to accept: the same style.
    expect(reject.className).toBe(accept.className);
    expect(within(region).getByRole("button", { name: "Choose" })).toBeTruthy();
    expect(
      within(region)
        .getByRole("link", { name: /Cookie policy/ })
        .getAttribute("href"),
    ).toBe("https://hotel.example.test/cookies");
    // The old notice is not shown as well.
    expect(screen.queryByRole("region", { name: "Cookie notice" })).toBeNull();
    cleanup();

    // Nothing optional: today's cookie notice, no banner.
    renderInHotel(<Page />, pageWith({ hasAnalytics: false }));
    expect(await screen.findByRole("region", { name: "Cookie notice" })).toBeTruthy();
    expect(banner()).toBeNull();
    cleanup();

    // Decided: no banner, no notice.
    window.localStorage.setItem(
      consentKey(1),
      JSON.stringify({
        analytics: false,
        marketing: false,
        decidedAt: "2026-01-01T00:00:00Z",
        version: CONSENT_VERSION,
      }),
    );
    renderInHotel(<Page />, pageWith(TRACKING));
    await screen.findByText("rendered");
    expect(banner()).toBeNull();
    expect(screen.queryByRole("region", { name: "Cookie notice" })).toBeNull();
  });

  it("asks again after a choice made under an older version", async () => {
    window.localStorage.setItem(
      consentKey(1),
      JSON.stringify({
        analytics: true,
        marketing: true,
        decidedAt: "2025-01-01T00:00:00Z",
        version: CONSENT_VERSION - 1,
      }),
    );
    renderInHotel(<Page />, pageWith(TRACKING));
    expect(await screen.findByRole("region", { name: "Cookie consent" })).toBeTruthy();
  });

  it("accept all and reject all store the choice with its time and version and hide the banner", async () => {
    const user = userEvent.setup();
    renderInHotel(<Page />, pageWith(TRACKING));
    await user.click(await screen.findByRole("button", { name: "Accept all" }));
    expect(banner()).toBeNull();
    expect(stored()).toMatchObject({ analytics: true, marketing: true, version: CONSENT_VERSION });
    expect(Number.isNaN(Date.parse(stored().decidedAt))).toBe(false);
    cleanup();

    window.localStorage.clear();
    renderInHotel(<Page />, pageWith(TRACKING));
    await user.click(await screen.findByRole("button", { name: "Reject all" }));
    expect(banner()).toBeNull();
    expect(stored()).toMatchObject({ analytics: false, marketing: false, version: CONSENT_VERSION });
    // Reject all leaves only necessary storage: the consent itself, nothing else of ours.
    expect(Object.keys(window.localStorage)).toEqual([consentKey(1)]);
    expect(Object.keys(window.sessionStorage)).toEqual([]);
  });

  it("Choose lists what each category loads here, off until turned on, and saves the choice", async () => {
    const user = userEvent.setup();
    renderInHotel(<Page />, pageWith(TRACKING));
    await user.click(await screen.findByRole("button", { name: "Choose" }));
    const dialog = await screen.findByRole("dialog", { name: "Cookie settings" });
    const necessary = within(dialog).getByRole("checkbox", { name: "Necessary" }) as HTMLInputElement;
    expect(necessary.checked).toBe(true);
    expect(necessary.disabled).toBe(true);
    const analytics = within(dialog).getByRole("checkbox", { name: "Analytics" }) as HTMLInputElement;
    const marketing = within(dialog).getByRole("checkbox", { name: "Marketing" }) as HTMLInputElement;
    expect(analytics.checked).toBe(false);
    expect(marketing.checked).toBe(false);
    expect(within(dialog).getByText(/Google Tag Manager, Google Analytics$/)).toBeTruthy();
    expect(within(dialog).getByText(/Google Tag Manager, Meta pixel$/)).toBeTruthy();

    await user.click(analytics);
    await user.click(within(dialog).getByRole("button", { name: "Save my choices" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(banner()).toBeNull();
    expect(stored()).toMatchObject({ analytics: true, marketing: false });
  });

  it("the footer's Cookie settings reopens the dialog with the current choice, and changes it", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(
      consentKey(1),
      JSON.stringify({
        analytics: false,
        marketing: false,
        decidedAt: "2026-01-01T00:00:00Z",
        version: CONSENT_VERSION,
      }),
    );
    renderInHotel(<Page />, pageWith(TRACKING));
    const link = await screen.findByRole("button", { name: "Cookie settings" });
    await user.click(link);
    const dialog = await screen.findByRole("dialog", { name: "Cookie settings" });
    expect((within(dialog).getByRole("checkbox", { name: "Marketing" }) as HTMLInputElement).checked).toBe(
      false,
    );
    await user.click(within(dialog).getByRole("button", { name: "Accept all" }));
    expect(stored()).toMatchObject({ analytics: true, marketing: true });
    expect(screen.queryByRole("dialog")).toBeNull();
    // Focus returns to the opener.
    await waitFor(() => expect(document.activeElement).toBe(link));
  });

  it("is keyboard only: Tab to Choose, open, switch marketing with Space, save with Enter", async () => {
    const user = userEvent.setup();
    renderInHotel(<Page />, pageWith(TRACKING));
    await screen.findByRole("region", { name: "Cookie consent" });
    await user.tab(); // Accept all
    await user.tab(); // Reject all
    await user.tab(); // Choose
    expect(document.activeElement?.textContent).toBe("Choose");
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Cookie settings" });
    const marketing = within(dialog).getByRole("checkbox", { name: "Marketing" });
    marketing.focus();
    await user.keyboard(" ");
    expect((marketing as HTMLInputElement).checked).toBe(true);
    await user.tab();
    expect(document.activeElement?.textContent).toBe("Save my choices");
    await user.keyboard("{Enter}");
    expect(stored()).toMatchObject({ analytics: false, marketing: true });
    expect(screen.queryByRole("dialog")).toBeNull();
    // The banner (and its Choose) has gone: focus lands on the footer's Cookie settings.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cookie settings" })),
    );
  });

  it("bannerHosts: on another host no banner, and the choice reads as none", async () => {
    renderInHotel(
      <Page />,
      pageWith({ ...TRACKING, hasBannerCookieBB: true, bannerCookieHosts: ["book.hotel.example"] }),
    );
    await screen.findByText("rendered");
    expect(banner()).toBeNull();
    // Nothing optional here: the old notice keeps the page's necessary notice.
    expect(screen.queryByRole("region", { name: "Cookie notice" })).toBeTruthy();
    cleanup();

    renderInHotel(
      <Page />,
      pageWith({ ...TRACKING, hasBannerCookieBB: true, bannerCookieHosts: [window.location.hostname] }),
    );
    expect(await screen.findByRole("region", { name: "Cookie consent" })).toBeTruthy();
  });

  it("withdrawal deletes the tags' cookies and reloads the page", async () => {
    const user = userEvent.setup();
    const reload = vi.spyOn(pageReload, "run").mockImplementation(() => {});
    window.localStorage.setItem(
      consentKey(1),
      JSON.stringify({
        analytics: true,
        marketing: true,
        decidedAt: "2026-01-01T00:00:00Z",
        version: CONSENT_VERSION,
      }),
    );
    setCookie("_ga=GA1.1.1; path=/");
    setCookie("_ga_ABC=GS1; path=/");
    setCookie("_gid=GA1.2; path=/");
    setCookie("_fbp=fb.1; path=/");
    setCookie("keep=1; path=/");
    renderInHotel(<Page />, pageWith(TRACKING));
    await user.click(await screen.findByRole("button", { name: "Cookie settings" }));
    const dialog = await screen.findByRole("dialog", { name: "Cookie settings" });
    await user.click(within(dialog).getByRole("checkbox", { name: "Analytics" }));
    await user.click(within(dialog).getByRole("button", { name: "Save my choices" }));
    expect(stored()).toMatchObject({ analytics: false, marketing: true });
    expect(document.cookie).not.toMatch(/_ga|_gid/);
    expect(document.cookie).toMatch(/_fbp=/);
    expect(document.cookie).toMatch(/keep=1/);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByRole("status").textContent).toMatch(/Reloading/);

    // Turning something on, or keeping it, is no withdrawal.
    expect(withdrawnCategories(null, { analytics: false, marketing: false })).toEqual([]);
    expect(
      withdrawnCategories({ analytics: true, marketing: false }, { analytics: true, marketing: true }),
    ).toEqual([]);
  });

  it("deletes on the host and every parent domain", () => {
    expect(cookieDomains("book.hotel.example.com")).toEqual([
      null,
      "book.hotel.example.com",
      "hotel.example.com",
      "example.com",
    ]);
    expect(cookieDomains("localhost")).toEqual([null]);
    expect(cookieDomains("127.0.0.1")).toEqual([null]);
    expect(cookiesOf(["marketing"], "_gcl_au=1; _fbc=2; _ga=3; x=4")).toEqual(["_gcl_au", "_fbc"]);
  });
});
