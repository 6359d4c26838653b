// The voucher PDF's worker thread (ADR 0055): renders the documents the mail job sends it with the same
// `renderVoucherPdf`, so that fontkit's and pdfkit's CPU does not hold the server's event loop. Started by
// `PdfThread` (pdf-thread.ts); bundled beside the server as pdf-worker.js (scripts/build-server.mjs).
import { parentPort } from "node:worker_threads";
import { type PdfRequest, type PdfResponse, received } from "./pdf-thread";
import { renderVoucherPdf } from "./render-pdf";

const port = parentPort;
if (!port) throw new Error("pdf-worker: not started as a worker thread");

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
