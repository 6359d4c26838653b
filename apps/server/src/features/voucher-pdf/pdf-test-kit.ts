// Test helpers of the voucher PDF: reads a produced PDF back (pdf.js through unpdf), as a person's PDF reader
// would. Used by the *.test.ts files only.
import { extractText, getDocumentProxy, getMeta } from "unpdf";

export type ReadPdf = {
  pages: number;
  /** Every page's text, whitespace (no-break spaces too) folded into single spaces. */
  text: string;
  info: Record<string, unknown>;
};

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  const { info } = await getMeta(pdf);
  return { pages: totalPages, text: text.replace(/\s+/g, " "), info: info as Record<string, unknown> };
}

/** "390,00 EUR" as the PDF's text reads it (the formatter's no-break space folded). */
export const money = (amount: string) => amount.replace(/\s+/g, " ");
