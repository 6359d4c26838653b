// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInHotel } from "../global/render-in-hotel";
import { CHAT_POLL_MS, ChatPanel } from "./chat-panel";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const guest = (id: number, body: string) => ({
  id,
  author: "guest",
  body,
  at: "2030-01-05T10:00:00.000Z",
  staffName: null,
});
const hotel = (id: number, body: string) => ({
  id,
  author: "hotel",
  body,
  at: "2030-01-05T10:01:00.000Z",
  staffName: "Giulia",
});

describe("ChatPanel", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the messages as text in a polite log, and sends with Enter (Shift+Enter: a new line)", async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === "POST") {
          posted.push(JSON.parse(String(init.body)));
          return json({ messages: [guest(3, "Two\nlines")], started: true });
        }
        return String(url).includes("after=0")
          ? json({ messages: [guest(1, "<b>bold?</b>"), hotel(2, "Welcome!")], started: true })
          : json({ messages: [], started: true });
      }),
    );
    const user = userEvent.setup();
    renderInHotel(<ChatPanel path="v2/offers/CODE/chat" hotelName="Hotel Test" />);
    const log = await screen.findByRole("log", { name: "Messages with Hotel Test" });
    expect(log.getAttribute("aria-live")).toBe("polite");
    // Plain text: the markup is shown, never rendered.
    expect(await screen.findByText("<b>bold?</b>")).toBeTruthy();
    expect(log.querySelector("b")).toBeNull();
    expect(screen.getByText("Giulia")).toBeTruthy();

    const box = screen.getByRole("textbox", { name: "Your message" });
    await user.type(box, "Two{Shift>}{Enter}{/Shift}lines");
    expect(posted).toHaveLength(0);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ body: "Two\nlines", after: 2 });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(""));
    expect(log.textContent).toContain("Two");
  });

  it("writes each message's time in hotel time, in the page language's format, and says so", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ messages: [guest(1, "Hi"), hotel(2, "Welcome!")], started: true })),
    );
    renderInHotel(<ChatPanel path="v2/offers/CODE/chat" hotelName="Hotel Test" />);
    const log = await screen.findByRole("log", { name: "Messages with Hotel Test" });
    await screen.findByText("Welcome!");
    // 10:00 UTC is 11:00 at the hotel in Rome, whatever the browser's zone; an English page reads a British date.
    const times = [...log.querySelectorAll("time")].map((t) => t.textContent);
    expect(times).toEqual(["05/01/2030, 11:00", "05/01/2030, 11:01"]);
    expect(screen.getByText("Times in Europe/Rome (hotel time)")).toBeTruthy();
  });

  it("refuses an empty message with a translated error, and shows the server's refusal translated", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === "POST"
          ? json(
              {
                error: {
                  code: "rate_limited",
                  message: "Too many",
                  details: [{ field: "body", message: "x" }],
                },
              },
              429,
            )
          : json({ messages: [], started: false }),
      ),
    );
    const user = userEvent.setup();
    renderInHotel(<ChatPanel path="v2/offers/CODE/chat" hotelName="Hotel Test" />);
    await screen.findByText("No messages yet. Write to Hotel Test below.");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Write a message first.");
    await user.type(screen.getByRole("textbox", { name: "Your message" }), "Hello");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "Too many messages in a short time: please wait a minute.",
      ),
    );
  });

  it("asks the site chat's guest for a name before the first message", async () => {
    const posted: Record<string, unknown>[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === "POST") {
          posted.push(JSON.parse(String(init.body)));
          return json({ messages: [guest(1, "Hi")], started: true });
        }
        return json({ messages: [], started: false });
      }),
    );
    const user = userEvent.setup();
    renderInHotel(
      <ChatPanel
        path="v2/chat/hotels/1/messages"
        hotelName="Hotel Test"
        askIdentity
        language={2}
        channel={1}
      />,
    );
    const name = await screen.findByRole("textbox", { name: "Your name" });
    await user.type(screen.getByRole("textbox", { name: "Your message" }), "Hi");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Enter your name to start the chat.");
    await user.type(name, "Paolo");
    await user.type(screen.getByRole("textbox", { name: /E-mail/ }), "paolo@example.test");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      body: "Hi",
      after: 0,
      language: 2,
      channel: 1,
      name: "Paolo",
      email: "paolo@example.test",
    });
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Your name" })).toBeNull());
  });

  it("polls with the last id every few seconds, and not while the tab is hidden", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked: string[] = [];
    let visibility = "visible";
    vi.spyOn(document, "visibilityState", "get").mockImplementation(
      () => visibility as DocumentVisibilityState,
    );
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        asked.push(String(url));
        return String(url).includes("after=0")
          ? json({ messages: [guest(5, "Hello")], started: true })
          : json({ messages: [], started: true });
      }),
    );
    try {
      renderInHotel(<ChatPanel path="v2/offers/CODE/chat" hotelName="Hotel Test" />);
      await screen.findByText("Hello");
      await vi.advanceTimersByTimeAsync(CHAT_POLL_MS);
      await waitFor(() => expect(asked.at(-1)).toBe("/api/v2/offers/CODE/chat?after=5"));
      const before = asked.length;
      visibility = "hidden";
      await vi.advanceTimersByTimeAsync(CHAT_POLL_MS * 3);
      expect(asked.length).toBe(before);
      visibility = "visible";
      document.dispatchEvent(new Event("visibilitychange"));
      await waitFor(() => expect(asked.length).toBe(before + 1));
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });
});
