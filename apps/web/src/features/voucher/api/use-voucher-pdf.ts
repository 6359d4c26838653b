import type { VoucherPdfRequest } from "@alloggio/domain/contract/booking/voucher-pdf";
import { useMutation } from "@tanstack/react-query";
import { postForFile } from "../../../lib/api-client";

/** Hands a file to the browser's downloads, as a link with `download` would. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns: free it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * `voucher.pdf`: the voucher as a PDF in a language, for the holder's code and e-mail. POST, so the e-mail
 * travels in the body and lands in no URL, history or log; the answer is saved as a file.
 */
export async function downloadVoucherPdf(request: VoucherPdfRequest): Promise<void> {
  const file = await postForFile("voucher.pdf", request);
  saveFile(file.blob, file.filename ?? `voucher-${request.code}.pdf`);
}

export function useDownloadVoucherPdf() {
  return useMutation({ mutationFn: downloadVoucherPdf });
}
