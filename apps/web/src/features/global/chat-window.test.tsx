// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ChatButton } from "./chat-button";
import { normalizeChatMessage } from "./chat-window";
import { buildHotelContext, renderInHotel } from "./render-in-hotel";

const withChat = buildHotelContext({ id: 7, settings: { aspect: { showChat: true } } });

describe("chat window", () => {
  afterEach(cleanup);

  it.each([
    ["", null],
    ["   \n\t", null],
    ["  Hello  ", "Hello"],
  ])("normalizeChatMessage(%j) = %j (SPEC §5: not empty)", (text, expected) => {
    expect(normalizeChatMessage(text)).toBe(expected);
  });

  it("is absent when the hotel's showChat is off", async () => {
    renderInHotel(
      <>
        <ChatButton />
        <span>rendered</span>
      </>,
    );
    await screen.findByText("rendered");
    expect(screen.queryByRole("button", { name: "Chat with us" })).toBeNull();
  });

  it("opens a dialog that refuses empty messages and lists sent ones in a live log", async () => {
    const user = userEvent.setup();
    renderInHotel(<ChatButton />, withChat);
    const open = await screen.findByRole("button", { name: "Chat with us" });
    await user.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Chat with us" });
    expect(within(dialog).getByText("The property will reply here.")).toBeTruthy();
    const input = within(dialog).getByRole("textbox", { name: "Your message" });
    const log = within(dialog).getByRole("log", { name: "Messages" });
    expect(log.getAttribute("aria-live")).toBe("polite");

    await user.type(input, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Write a message before sending it.");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(
      within(log)
        .queryAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["No messages yet. Write the first one."]);

    await user.clear(input);
    await user.type(input, "  Late arrival around 23:00  ");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(within(log).getByText("Late arrival around 23:00")).toBeTruthy();
    expect((input as HTMLTextAreaElement).value).toBe("");
    expect(within(dialog).queryByRole("alert")).toBeNull();

    // Escape closes it and gives focus back to the button; the messages are still there when it reopens.
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(open);
    await user.click(open);
    expect(await screen.findByText("Late arrival around 23:00")).toBeTruthy();
  });
});
