// @vitest-environment happy-dom
import type { BoOfferAttachment } from "@alloggio/domain/contract/backoffice/offer-attachments";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../i18n/i18n";
import { OfferAttachmentsPanel } from "./attachments-panel";

const BASE = "/api/backoffice/hotels/7/offers/42/attachments";

const brochure: BoOfferAttachment = {
  id: 1,
  filename: "Brochure 2030.pdf",
  contentType: "application/pdf",
  size: 2_621_440,
  sha256: "a".repeat(64),
  createdAt: "2030-01-05T10:00:00.000Z",
  uploadedBy: "Giulia Rossi",
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

type Call = { method: string; url: string; body?: unknown };

/** The panel for offer 42 of hotel 7, the server holding `files` (uploads and deletes change them). */
function renderPanel(options: { files?: BoOfferAttachment[]; editable?: boolean; open?: boolean } = {}) {
  let files = [...(options.files ?? [brochure])];
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push({ method, url: String(url), body: init?.body });
      if (method === "GET" && url === BASE)
        return json({
          attachments: files,
          editable: options.open ?? true,
          max: 10,
          maxBytes: 10 * 1024 * 1024,
        });
      if (method === "POST" && url === BASE) {
        const form = init?.body;
        if (!(form instanceof FormData)) throw new Error("the upload is not multipart");
        const file = form.get("file") as File;
        const saved = { ...brochure, id: 2, filename: file.name, contentType: "image/png", size: file.size };
        files = [...files, saved];
        return json(saved, 201);
      }
      if (method === "DELETE") {
        files = files.filter((f) => `${BASE}/${f.id}` !== url);
        return new Response(null, { status: 204 });
      }
      return json({ error: { code: "not_found", message: "not in this test" } }, 404);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Suspense fallback={null}>
          <OfferAttachmentsPanel hotel={7} offerId={42} editable={options.editable ?? true} />
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return calls;
}

const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces(["bo", "bo-offer-files", "errors"]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the offer's attachments panel", () => {
  it("lists the files with type, size and a download link", async () => {
    renderPanel();
    const panel = await screen.findByRole("region", { name: "Attachments" });
    const link = await within(panel).findByRole("link", { name: "Download Brochure 2030.pdf" });
    expect(link.getAttribute("href")).toBe(`${BASE}/1`);
    expect(link.hasAttribute("download")).toBe(true);
    const row = link.closest("tr")!;
    expect(within(row).getByText("PDF")).toBeTruthy();
    expect(within(row).getByText("2.5 MB")).toBeTruthy();
    expect(within(row).getByText(/by Giulia Rossi$/)).toBeTruthy();
    expect(within(panel).getByText("1 of 10 files")).toBeTruthy();
    const input = within(panel).getByLabelText("Add a file") as HTMLInputElement;
    expect(input.type).toBe("file");
    expect(input.accept).toContain(".pdf");
    expect(input.accept).toContain(".webp");
  });

  it("refuses an HTML page named .pdf before sending it, with the server's rule", async () => {
    const calls = renderPanel();
    const input = await screen.findByLabelText("Add a file");
    const fake = new File(["<!doctype html><script>alert(1)</script>"], "offer.pdf", {
      type: "application/pdf",
    });
    fireEvent.change(input, { target: { files: [fake] } });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("is not a PDF, PNG, JPEG or WebP file");
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("refuses a file over 10 MB before sending it", async () => {
    const calls = renderPanel();
    const input = await screen.findByLabelText("Add a file");
    const big = new File([new Uint8Array(PNG_BYTES), new Uint8Array(10 * 1024 * 1024)], "huge.png");
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole("alert")).textContent).toContain("larger than 10 MB");
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("uploads a file as multipart `file` and says so", async () => {
    const calls = renderPanel();
    const input = await screen.findByLabelText("Add a file");
    const png = new File([new Uint8Array(PNG_BYTES)], "lake.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [png] } });
    expect(await screen.findByText("lake.png added.")).toBeTruthy();
    expect(screen.getByText("lake.png added.").getAttribute("role")).toBe("status");
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.url).toBe(BASE);
    expect(((post.body as FormData).get("file") as File).name).toBe("lake.png");
    expect(await screen.findByRole("link", { name: "Download lake.png" })).toBeTruthy();
  });

  it("removes a file only after the confirmation", async () => {
    const calls = renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Remove Brochure 2030.pdf" }));
    const question = screen.getByRole("group", {
      name: "Remove Brochure 2030.pdf? The recipient will no longer see it.",
    });
    const yes = within(question).getByRole("button", { name: "Remove file" });
    await waitFor(() => expect(document.activeElement).toBe(yes));
    fireEvent.click(within(question).getByRole("button", { name: "Keep it" }));
    expect(calls.filter((c) => c.method === "DELETE")).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Remove Brochure 2030.pdf" }));
    fireEvent.click(screen.getByRole("button", { name: "Remove file" }));
    expect(await screen.findByText("Brochure 2030.pdf removed.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual([`${BASE}/1`]);
    expect(await screen.findByText("No attachments yet.")).toBeTruthy();
  });

  it("shows the list only when not editable, or when the offer is no longer open", async () => {
    renderPanel({ editable: false });
    expect(await screen.findByRole("link", { name: "Download Brochure 2030.pdf" })).toBeTruthy();
    expect(screen.queryByLabelText("Add a file")).toBeNull();
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
    cleanup();
    renderPanel({ open: false });
    expect(await screen.findByText(/no longer open/)).toBeTruthy();
    expect(screen.queryByLabelText("Add a file")).toBeNull();
  });
});
