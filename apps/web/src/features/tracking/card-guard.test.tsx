// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../i18n/i18n";
import { SKIP_SCRIPTS_KEY } from "./boundary";
import { CardGuard } from "./card-guard";

const show = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={null}>
        <CardGuard>
          <p>card frame</p>
        </CardGuard>
      </Suspense>
    </I18nextProvider>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  for (const el of document.head.querySelectorAll("script")) el.remove();
  window.sessionStorage.clear();
});

describe("CardGuard", () => {
  it("shows the card frame in a document without third-party scripts", async () => {
    show();
    expect(await screen.findByText("card frame")).toBeTruthy();
  });

  it("replaces it with a notice and a reload without scripts after one ran", async () => {
    const reload = vi.fn<() => void>();
    vi.spyOn(window.location, "reload").mockImplementation(reload);
    const script = document.createElement("script");
    script.setAttribute("data-alloggio-script", "custom-all");
    document.head.append(script);
    show();
    const button = await screen.findByRole("button", { name: /without third-party scripts/i });
    expect(screen.queryByText("card frame")).toBeNull();
    await userEvent.click(button);
    expect(window.sessionStorage.getItem(SKIP_SCRIPTS_KEY)).toBe("1");
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
