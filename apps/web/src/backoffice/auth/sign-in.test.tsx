// @vitest-environment happy-dom
import type { StaffMe } from "@alloggio/domain/contract/backoffice/access";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { i18n } from "../../i18n/i18n";
import { BoLanguageProvider, useBoLanguage } from "../language";
import { useSignedIn } from "./sign-in";

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await i18n.changeLanguage("en");
});

const me = (language: string): StaffMe => ({
  id: 1,
  email: "anna@example.test",
  name: "Anna",
  role: "manager",
  language,
  totpEnabled: false,
  hotels: [{ id: 1, name: "Alpha" }],
  csrfToken: "token",
});

describe("signing in", () => {
  it("applies the language saved in the user's profile, not the one this browser last showed", async () => {
    localStorage.setItem("alloggio.backoffice.language", "en");
    const { hook } = memoryLocation({ path: "/admin/sign-in" });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={new QueryClient()}>
        <Router hook={hook}>
          <BoLanguageProvider>{children}</BoLanguageProvider>
        </Router>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => ({ signedIn: useSignedIn(), language: useBoLanguage()[0] }), {
      wrapper,
    });
    expect(result.current.language).toBe("en");
    act(() => result.current.signedIn({ state: "signed_in", me: me("de") }, "/admin"));
    await waitFor(() => expect(result.current.language).toBe("de"));
    await waitFor(() => expect(i18n.language).toBe("de"));
  });
});

describe("the menu", () => {
  it("names quotes and offers differently in every language", async () => {
    for (const language of ["en", "de", "es", "fr", "it", "ja", "pt", "zh"]) {
      await i18n.loadNamespaces("bo");
      await i18n.changeLanguage(language);
      await i18n.loadNamespaces("bo");
      const t = i18n.getFixedT(language, "bo");
      expect(t("nav.quotes"), language).not.toBe(t("nav.offers"));
    }
  });
});
