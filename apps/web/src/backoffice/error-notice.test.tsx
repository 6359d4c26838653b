// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../i18n/i18n";
import { ApiError } from "../lib/api-client";
import { ErrorNotice } from "./ui";

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage("en");
});

describe("an error box", () => {
  it("names the fields by their labels in the page's language, not `role: may not use rates`", async () => {
    await i18n.changeLanguage("de");
    await i18n.loadNamespaces(["bo", "bo-calendar", "errors"]);
    const error = new ApiError(400, "invalid_input", "role: may not use rates", [
      { field: "role", message: "may not use rates" },
      { field: "code", message: "Too small: expected string to have >=1 characters" },
    ]);
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorNotice error={error} ns="bo-calendar" />
      </I18nextProvider>,
    );
    const box = await screen.findByRole("alert");
    expect(box.textContent).toContain("Rolle: ist ungültig");
    expect(box.textContent).toContain("Code: ist ungültig");
    expect(box.textContent).not.toContain("may not use rates");
    expect(box.textContent).not.toContain("Too small");
  });

  it("shows the names a refusal carries, in a translated sentence", async () => {
    await i18n.loadNamespaces(["bo", "bo-calendar"]);
    const error = new ApiError(400, "restriction_scope", "…", [
      { field: "roomTypeIds", message: "Superior double" },
    ]);
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorNotice error={error} ns="bo-calendar" />
      </I18nextProvider>,
    );
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Room types: also sold with the chosen rates: Superior double",
    );
  });

  it("names the room type, the day in the page's format and the rooms sold of an allotment below sold", async () => {
    await i18n.changeLanguage("de");
    await i18n.loadNamespaces(["bo", "bo-calendar"]);
    const error = new ApiError(409, "below_sold", "allotment: 2 is below the 3 room(s) of room type 102 …", [
      {
        field: "allotment",
        message: "room type 102 on 2027-01-15: 3 sold",
        params: {
          roomType: { en: "Classic double", de: "Klassisches Doppelzimmer" },
          day: "2027-01-15",
          sold: 3,
          allotment: 2,
        },
      },
    ]);
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorNotice error={error} ns="bo-calendar" />
      </I18nextProvider>,
    );
    const box = (await screen.findByRole("alert")).textContent ?? "";
    expect(box).toContain(
      "Klassisches Doppelzimmer, Fr., 15. Jan. 2027: 3 bereits verkauft, daher kann das Kontingent nicht 2 sein",
    );
    expect(box).not.toContain("room type 102");
    expect(box).not.toContain("2027-01-15");
  });
});
