import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { VoucherDocument } from "./voucher-document";

/** Draws a voucher document as a PDF file: `renderVoucherPdf` itself, or a `PdfThread`'s `render`. */
export type PdfRenderer = (doc: VoucherDocument, now: Date) => Promise<Buffer>;

/** A voucher document as it crosses to the thread: its one function, "page n of m", as a text with {n} and {total}. */
type SentDocument = Omit<VoucherDocument, "footer"> & {
  footer: Omit<VoucherDocument["footer"], "page"> & { page: string };
};
export type PdfRequest = { id: number; doc: SentDocument; now: number };

const N = "{n}";
const TOTAL = "{total}";

/** The document without its function (a thread receives data only): every language's page text only interpolates. */
function sendable(doc: VoucherDocument): SentDocument {
  return { ...doc, footer: { ...doc.footer, page: doc.footer.page(N as never, TOTAL as never) } };
}

/** The document again, on the thread. */
export function received(doc: SentDocument): VoucherDocument {
  const page = doc.footer.page;
  return {
    ...doc,
    footer: {
      ...doc.footer,
      page: (n, total) => page.replace(N, String(n)).replace(TOTAL, String(total)),
    },
  };
}
export type PdfResponse = { id: number; pdf: Uint8Array } | { id: number; error: string };

/**
 * The worker's script: pdf-worker.js beside the bundle (dist/server.js, the bench's agent), or in the sources
 * (tsx, tests) pdf-worker.ts with tsx's loader registered in the thread first.
 */
function workerScript(): { script: string | URL; eval: boolean } {
  for (const name of ["pdf-worker.js", "pdf-worker.mjs"]) {
    const bundled = new URL(`./${name}`, import.meta.url);
    if (existsSync(fileURLToPath(bundled))) return { script: bundled, eval: false };
  }
  const source = JSON.stringify(new URL("./pdf-worker.ts", import.meta.url).href);
  return {
    script: `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${source}); })`,
    eval: true,
  };
}

/**
 * Voucher PDFs rendered on a worker thread of their own (ADR 0055), one at a time in the order asked. The thread
 * starts with the first PDF (most processes never draw one) and again after it failed. An error in the thread, or
 * the thread's end, rejects the PDFs it had been given: the mail job records such a render as a failed attempt and
 * tries the mail again later, as for any error of a render (ADR 0047); nothing is lost. `close()` ends the thread.
 */
export class PdfThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<
    number,
    { resolve: (pdf: Buffer) => void; reject: (e: Error) => void }
  >();
  private nextId = 1;
  private closed = false;

  /** The PDF of `doc`, drawn on the thread. */
  readonly render: PdfRenderer = (doc, now) => {
    if (this.closed) return Promise.reject(new Error("pdf thread: closed"));
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      try {
        worker.postMessage({ id, doc: sendable(doc), now: now.getTime() } satisfies PdfRequest);
      } catch (error) {
        reject(error);
        return;
      }
      this.pending.set(id, { resolve, reject });
      worker.ref();
    });
  };

  private start(): Worker {
    if (this.worker) return this.worker;
    const { script, eval: isEval } = workerScript();
    // Its own heap limit: a voucher needs a few MB besides the fonts (ADR 0049, 0050).
    const worker = new Worker(script, { eval: isEval, resourceLimits: { maxOldGenerationSizeMb: 128 } });
    worker.on("message", (message: PdfResponse) => {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (!waiting) return;
      if ("pdf" in message)
        waiting.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
      else waiting.reject(new Error(`pdf thread: ${message.error}`));
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on("error", (error) => fail(error));
    worker.on("exit", (code) => fail(new Error(`pdf thread: ended (exit code ${code})`)));
    // An idle thread does not keep the process alive; one with a PDF to draw does.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** Ends the thread; PDFs still asked for are rejected (their mails are tried again later). */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    await worker.terminate();
  }
}
