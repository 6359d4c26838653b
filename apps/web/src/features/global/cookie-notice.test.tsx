// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COOKIE_OK_KEY, CookieNotice } from "./cookie-notice";
import { buildHotelContext, renderInHotel } from "./render-in-hotel";

/** The notice with a marker beside it: once the marker shows, the notice has rendered (not suspended). */
function Rendered() {
  return (
    <>
      <CookieNotice />
      <span>rendered</span>
    </>
  );
}

describe("CookieNotice (SPEC §2, §9: once per session)", () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(cleanup);

  it("shows a labelled region with OK, and once accepted stays away for the session", async () => {
    const user = userEvent.setup();
    const first = renderInHotel(<CookieNotice />);
    const region = await screen.findByRole("region", { name: "Cookie notice" });
    expect(region).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "OK" }));
    expect(screen.queryByRole("region", { name: "Cookie notice" })).toBeNull();
    expect(window.sessionStorage.getItem(COOKIE_OK_KEY)).toBe("true");

    // Another page of the same session: not shown again.
    first.unmount();
    renderInHotel(<Rendered />);
    await screen.findByText("rendered");
    expect(screen.queryByRole("region", { name: "Cookie notice" })).toBeNull();
  });

  it("shows again in a new session", async () => {
    window.sessionStorage.setItem(COOKIE_OK_KEY, "true");
    renderInHotel(<Rendered />);
    await screen.findByText("rendered");
    expect(screen.queryByRole("region", { name: "Cookie notice" })).toBeNull();
    cleanup();
    window.sessionStorage.clear();
    renderInHotel(<CookieNotice />);
    expect(await screen.findByRole("region", { name: "Cookie notice" })).toBeTruthy();
  });

  it("links Learn more to the hotel's policy page, else the channel's, else hides it", async () => {
    const hotelPage = buildHotelContext(
      { settings: { aspect: { showChat: false }, cookiePolicyUrl: "https://hotel.example.test/cookies" } },
      { cookiePolicyUrl: "https://channel.example.test/privacy" },
    );
    const view = renderInHotel(<CookieNotice />, hotelPage);
    const link = await screen.findByRole("link", { name: /Learn more/ });
    expect(link.getAttribute("href")).toBe("https://hotel.example.test/cookies");
    expect(link.getAttribute("rel")).toContain("noopener");
    view.unmount();

    const channelPage = buildHotelContext({}, { cookiePolicyUrl: "https://channel.example.test/privacy" });
    const second = renderInHotel(<CookieNotice />, channelPage);
    expect((await screen.findByRole("link", { name: /Learn more/ })).getAttribute("href")).toBe(
      "https://channel.example.test/privacy",
    );
    second.unmount();

    renderInHotel(<CookieNotice />);
    await screen.findByRole("region", { name: "Cookie notice" });
    expect(screen.queryByRole("link", { name: /Learn more/ })).toBeNull();
  });
});
