// The voucher PDF's worker thread (ADR 0055): renders the documents the mail job sends it with the same
// `renderVoucherPdf`, so that fontkit's and pdfkit's CPU does not hold the server's event loop. Started by
// `PdfThread` (pdf-thread.ts); bundled beside the server as pdf-worker.js (scripts/build-server.mjs).
import { readlinkSync } from "node:fs";
import { constants, setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { type PdfRequest, type PdfResponse, received } from "./pdf-thread";
import { renderVoucherPdf } from "./render-pdf";

const port = parentPort;
if (!port) throw new Error("pdf-worker: not started as a worker thread");

// The thread runs at the lowest CPU priority (ADR 0059): a mail may wait, a guest's request may not. On a busy
// machine the scheduler gives the cores to requests (and PostgreSQL) first; on an idle one the thread draws at full
// speed. Linux sets a priority per thread: this one's id is /proc/thread-self's last part. Elsewhere the mail job's
// render share alone paces it.
try {
  const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
  if (threadId > 0) setPriority(threadId, constants.priority.PRIORITY_LOW);
} catch {
  // No /proc (not Linux), or not allowed: the thread keeps the process's priority.
}

port.on("message", async (request: PdfRequest) => {
  try {
    const pdf = await renderVoucherPdf(received(request.doc), new Date(request.now));
    // A copy of its own (a small Buffer may sit in a shared pool), handed over without another copy.
    const bytes = new Uint8Array(pdf);
    port.postMessage({ id: request.id, pdf: bytes } satisfies PdfResponse, [bytes.buffer]);
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    port.postMessage({ id: request.id, error: message } satisfies PdfResponse);
  }
});
