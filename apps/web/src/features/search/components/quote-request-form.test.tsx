// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QuoteRequestForm, type QuoteValues, validateQuote } from "./quote-request-form";
import { renderWithHotel } from "./testing";

const valid: QuoteValues = {
  fullName: "Anna Rossi",
  email: "anna@example.com",
  emailConfirm: "Anna@Example.com",
  phone: "",
  message: "",
  privacy: true,
};

describe("validateQuote", () => {
  it.each<[Partial<QuoteValues>, ReturnType<typeof validateQuote>]>([
    [{}, {}],
    [{ fullName: "  " }, { fullName: "required" }],
    [
      { email: "", emailConfirm: "" },
      { email: "required", emailConfirm: "required" },
    ],
    [{ email: "anna@", emailConfirm: "anna@" }, { email: "email" }],
    [{ emailConfirm: "other@example.com" }, { emailConfirm: "emailMatch" }],
    [{ privacy: false }, { privacy: "required" }],
  ])("%o", (change, errors) => {
    expect(validateQuote({ ...valid, ...change })).toEqual(errors);
  });
});

describe("QuoteRequestForm", () => {
  afterEach(cleanup);

  async function setup() {
    const user = userEvent.setup();
    const onClose = vi.fn();
    await renderWithHotel(<QuoteRequestForm onClose={onClose} stay="Your search: 1–2 Jan" />);
    await screen.findByRole("dialog", { name: "Request a quote" });
    return { user, onClose };
  }

  const input = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
  const errorOf = (element: HTMLElement) => {
    const id = element.getAttribute("aria-describedby");
    return id ? document.getElementById(id)?.textContent : undefined;
  };

  it("shows the messages next to each field, marked invalid and described", async () => {
    const { user } = await setup();
    await user.click(screen.getByRole("button", { name: "Prepare the request" }));
    expect(screen.getAllByText("Required value")).toHaveLength(4);
    for (const name of [/^Full name/, /^E-mail/, /^Confirm your e-mail/, /^I have read the privacy policy/]) {
      expect(input(name).getAttribute("aria-invalid")).toBe("true");
      expect(errorOf(input(name))).toBe("Required value");
    }
    expect(input(/^Phone/).getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(input(/^Full name/));

    await user.type(input(/^E-mail/), "anna@example");
    await user.type(input(/^Confirm your e-mail/), "anna@example.org");
    expect(errorOf(input(/^E-mail/))).toBe("Invalid e-mail address");
    expect(errorOf(input(/^Confirm your e-mail/))).toBe("E-mail addresses do not match");
  });

  it("on a valid submit says the request is ready, without calling the network", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    try {
      const { user, onClose } = await setup();
      await user.type(input(/^Full name/), "Anna Rossi");
      await user.type(input(/^E-mail/), "anna@example.com");
      await user.type(input(/^Confirm your e-mail/), "anna@example.com");
      await user.type(input(/^Message/), "A quiet room, please");
      await user.click(input(/^I have read the privacy policy/));
      await user.click(screen.getByRole("button", { name: "Prepare the request" }));
      const done = await screen.findByRole("status");
      expect(done.textContent).toBe("Your request is ready; sending arrives with the manage-booking release");
      expect(fetch).not.toHaveBeenCalled();
      await user.click(screen.getAllByRole("button", { name: "Close" })[1]!);
      expect(onClose).toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
