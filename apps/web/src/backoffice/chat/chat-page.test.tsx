// @vitest-environment happy-dom
import type { ConversationSummary } from "@alloggio/domain/contract/backoffice/chat";
import { BO_ROUTES } from "@alloggio/domain/contract/backoffice/routes";
import type { ChatMessage } from "@alloggio/domain/contract/chat/chat";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { i18n } from "../../i18n/i18n";
import { ChatUnreadBadge } from "./chat-badge";
import ChatPage from "./chat-page";
import { OfferConversationLink } from "./offer-conversation-link";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const summary = (over: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id: 7,
  kind: "offer",
  guestName: "Maria Rossi",
  guestEmail: "maria@example.test",
  offer: { id: 5, code: "DEM00FFERH0TE101" },
  unread: 2,
  lastMessageAt: "2026-11-20T09:30:00.000Z",
  lastMessage: "Is breakfast included?",
  lastAuthor: "guest",
  ...over,
});
const message = (over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 1,
  author: "guest",
  body: "Is breakfast included?",
  at: "2026-11-20T09:30:00.000Z",
  staffName: null,
  ...over,
});

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

describe("the chat inbox", () => {
  let calls: Call[];
  let conversations: ConversationSummary[];
  let messages: ChatMessage[];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const parsed = new URL(url, "http://localhost");
    const path = parsed.pathname.replace(/^\/api\/backoffice\/hotels\/1\/chat\//, "");
    const method = init?.method ?? "GET";
    calls.push({
      method,
      path,
      query: parsed.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    if (path === "unread") return json({ unread: 3 });
    if (path === "conversations") {
      const offer = parsed.searchParams.get("offer");
      const filter = parsed.searchParams.get("filter");
      const items = conversations
        .filter((c) => !offer || String(c.offer?.id) === offer)
        .filter((c) => filter !== "unread" || c.unread > 0);
      return json({ items, total: items.length, page: 1, pageSize: 25, unread: 3, timeZone: "Europe/Rome" });
    }
    if (path === "conversations/7" && method === "GET")
      return json({ conversation: summary({ unread: 0 }), messages, timeZone: "Europe/Rome" });
    if (path === "conversations/7/messages" && method === "POST") {
      const reply = message({
        id: 99,
        author: "hotel",
        body: (JSON.parse(String(init?.body)) as { body: string }).body,
        staffName: "Giulia",
      });
      messages = [...messages, reply];
      return json({ message: reply }, 201);
    }
    return json({ error: { code: "not_found", message: "not found" } }, 404);
  });

  beforeEach(async () => {
    calls = [];
    conversations = [
      summary(),
      summary({
        id: 8,
        kind: "site",
        guestName: "John Smith",
        guestEmail: null,
        offer: null,
        unread: 0,
        lastMessage: "Thanks!",
        lastAuthor: "hotel",
      }),
    ];
    messages = [message(), message({ id: 2, author: "hotel", body: "Yes, it is.", staffName: "Giulia" })];
    fetchMock.mockClear();
    vi.stubGlobal("fetch", fetchMock);
    await i18n.changeLanguage("en");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function renderAt(path: string, ui?: ReactNode) {
    const location = memoryLocation({ path, record: true });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={null}>
            <Router hook={location.hook} searchHook={location.searchHook}>
              {ui ?? (
                <>
                  <Route path={BO_ROUTES.boChat} component={ChatPage} />
                  <Route path={BO_ROUTES.boChatConversation} component={ChatPage} />
                </>
              )}
            </Router>
          </Suspense>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    return { location, user: userEvent.setup() };
  }

  it("lists the conversations with their kind, unread count and preview; the filter goes to the URL", async () => {
    const { location, user } = renderAt("/admin/hotel/1/chat");
    const list = await screen.findByRole("region", { name: /^Conversations/ });
    const maria = await within(list).findByRole("link", { name: "Maria Rossi, 2 unread" });
    expect(maria.getAttribute("href")).toBe("/admin/hotel/1/chat/7");
    expect(within(list).getByRole("link", { name: "Offer DEM00FFERH0TE101" }).getAttribute("href")).toBe(
      "/admin/hotel/1/offers/5",
    );
    expect(within(list).getByRole("link", { name: "John Smith" })).toBeTruthy();
    expect(within(list).getByText("Site chat")).toBeTruthy();
    expect(within(list).getByText("Is breakfast included?")).toBeTruthy();
    expect(within(list).getByText("3 unread")).toBeTruthy();
    // Times in hotel time, labelled: 09:30 UTC on 20 Nov reads 10:30 in Rome.
    expect(within(list).getByText("Times in Europe/Rome (hotel time)")).toBeTruthy();
    const row = maria.closest("li") as HTMLElement;
    expect(row.className).toContain("is-unread");
    expect(row.querySelector("time")?.getAttribute("title")).toBe("20 Nov 2026, 10:30");
    expect(within(row).getByText("2")).toBeTruthy();

    const filter = within(list).getByRole("navigation", { name: "Show conversations" });
    expect(within(filter).getByRole("link", { name: "All" }).getAttribute("aria-current")).toBe("page");
    await user.click(within(filter).getByRole("link", { name: "Unread" }));
    expect(location.history?.at(-1)).toBe("/admin/hotel/1/chat?filter=unread");
    await waitFor(() => expect(within(list).queryByRole("link", { name: "John Smith" })).toBeNull());
    expect(calls.some((c) => c.path === "conversations" && c.query.get("filter") === "unread")).toBe(true);
  });

  it("opens a conversation from its row, keeping the list's filter in the URL", async () => {
    const { location, user } = renderAt("/admin/hotel/1/chat?filter=unread");
    await user.click(await screen.findByRole("link", { name: "Maria Rossi, 2 unread" }));
    expect(location.history?.at(-1)).toBe("/admin/hotel/1/chat/7?filter=unread");
    const log = await screen.findByRole("log", { name: "Messages with Maria Rossi" });
    expect(within(log).getByText("Yes, it is.")).toBeTruthy();
    expect(within(log).getByText("Giulia (hotel)")).toBeTruthy();
    expect(screen.getByRole("link", { name: "← Back to conversations" }).getAttribute("href")).toBe(
      "/admin/hotel/1/chat?filter=unread",
    );
    expect(screen.getByRole("link", { name: "Maria Rossi, 2 unread" }).getAttribute("aria-current")).toBe(
      "page",
    );
  });

  it("shows the guest's text as text, never as HTML", async () => {
    messages = [message({ body: "<b>bold</b> <img src=x onerror=alert(1)>" })];
    renderAt("/admin/hotel/1/chat/7");
    const log = await screen.findByRole("log", { name: "Messages with Maria Rossi" });
    expect(within(log).getByText("<b>bold</b> <img src=x onerror=alert(1)>")).toBeTruthy();
    expect(log.querySelector("b")).toBeNull();
    expect(log.querySelector("img")).toBeNull();
  });

  it("refuses an empty reply with the contract's error, then sends one with Ctrl+Enter", async () => {
    const { user } = renderAt("/admin/hotel/1/chat/7");
    await screen.findByRole("log");
    const reply = screen.getByRole("textbox", { name: "Reply" });
    expect(reply.getAttribute("maxlength")).toBe("2000");
    await user.type(reply, "   ");
    await user.click(screen.getByRole("button", { name: "Send reply" }));
    expect(screen.getByText("Write a reply first.")).toBeTruthy();
    expect(reply.getAttribute("aria-invalid")).toBe("true");
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    await user.clear(reply);
    await user.type(reply, "  See you soon!");
    expect(screen.getByText("15 / 2000 characters")).toBeTruthy();
    await user.keyboard("{Control>}{Enter}{/Control}");
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Reply sent."));
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      expect.objectContaining({ path: "conversations/7/messages", body: { body: "See you soon!" } }),
    ]);
    expect((reply as HTMLTextAreaElement).value).toBe("");
    expect(within(screen.getByRole("log")).getByText("See you soon!")).toBeTruthy();
    expect(reply.getAttribute("aria-invalid")).toBeNull();
  });

  it("says a conversation of another hotel is not found", async () => {
    renderAt("/admin/hotel/1/chat/12");
    expect((await screen.findByRole("alert")).textContent?.includes("This conversation does not exist")).toBe(
      true,
    );
  });

  it("shows the unread count beside Chat in the menu, in the link's name", async () => {
    renderAt(
      "/admin/hotel/1/reservations",
      <a href="/admin/hotel/1/chat">
        Chat
        <ChatUnreadBadge hotel={1} />
      </a>,
    );
    expect(await screen.findByRole("link", { name: /^Chat ?, 3 unread$/ })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(["unread"]);
  });

  it("links an offer's page to its conversation with the unread count, or says there is none", async () => {
    renderAt("/admin/hotel/1/offers/5", <OfferConversationLink hotel={1} offerId={5} />);
    const link = await screen.findByRole("link", { name: "Conversation with the guest (2 unread)" });
    expect(link.getAttribute("href")).toBe("/admin/hotel/1/chat/7");
    expect(calls.find((c) => c.path === "conversations")?.query.get("offer")).toBe("5");
    cleanup();
    renderAt("/admin/hotel/1/offers/6", <OfferConversationLink hotel={1} offerId={6} />);
    expect(await screen.findByText("No messages yet.")).toBeTruthy();
  });
});
