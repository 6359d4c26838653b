// Lays a voucher document out on A4 with pdfkit: text wraps in its column, tables repeat their header on a new
// page, nothing is cut at a page break, and every page has a footer with the code and "page n of m".
import type PDFKitDocument from "pdfkit";
import { type FontFace, type FontWeight, fontChainFor, loadFont, loadFontkit, splitIntoRuns } from "./fonts";
import type { Tone, VoucherBlock, VoucherDocument, VoucherSection } from "./voucher-document";

const MARGIN = { top: 48, left: 48, right: 48, bottom: 64 };
const COLOR = {
  text: "#18181b",
  muted: "#52525b",
  rule: "#d4d4d8",
  soft: "#f4f4f5",
  accent: "#1d4ed8",
};
const TONES: Record<Tone, { text: string; background: string }> = {
  ok: { text: "#166534", background: "#dcfce7" },
  warning: { text: "#92400e", background: "#fef3c7" },
  danger: { text: "#991b1b", background: "#fee2e2" },
  neutral: { text: "#3f3f46", background: "#e4e4e7" },
};
const LINE_GAP = 1.5;

type TextStyle = {
  size: number;
  weight?: FontWeight;
  color?: string;
  width: number;
  align?: "left" | "right" | "center";
};

/** The page cursor and the text primitives, each string drawn in the faces that have its characters. */
class Writer {
  y = MARGIN.top;
  /** While measuring, nothing is drawn and no page is turned: the cursor only moves. */
  private measuring = false;
  private readonly registered = new Set<string>();
  private readonly chain: FontFace[];

  constructor(
    readonly pdf: PDFKit.PDFDocument,
    textLanguage: string,
  ) {
    this.chain = fontChainFor(textLanguage);
  }

  get left(): number {
    return MARGIN.left;
  }
  get width(): number {
    return this.pdf.page.width - MARGIN.left - MARGIN.right;
  }
  get bottom(): number {
    return this.pdf.page.height - MARGIN.bottom;
  }

  /** A new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.measuring || this.y + height <= this.bottom) return;
    this.pdf.addPage();
    this.y = MARGIN.top;
  }

  private use(face: FontFace, weight: FontWeight, size: number): void {
    const font = loadFont(face, weight);
    // Registered under its PostScript name, the name pdfkit keeps a document's fonts under: a face found under
    // another name that is the document's default face was opened again and compared with it (the name tables
    // serialised) at every call, a third of a voucher's time (ADR 0058).
    const name = font.postscriptName;
    if (!this.registered.has(name)) {
      // pdfkit takes a parsed fontkit font as it is (PDFFontFactory.open) and embeds the subset it uses.
      this.pdf.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
      this.registered.add(name);
    }
    this.pdf.font(name).fontSize(size);
  }

  measure(text: string, style: TextStyle): number {
    const runs = splitIntoRuns(text, this.chain, style.weight ?? "regular");
    // Mixed faces measure in the first one: close enough, and only for text in several scripts at once.
    this.use(runs[0]?.face ?? "latin", style.weight ?? "regular", style.size);
    return this.pdf.heightOfString(runs.map((r) => r.text).join(""), {
      width: style.width,
      lineGap: LINE_GAP,
    });
  }

  textWidth(text: string, style: Omit<TextStyle, "width">): number {
    const runs = splitIntoRuns(text, this.chain, style.weight ?? "regular");
    let width = 0;
    for (const run of runs) {
      this.use(run.face, style.weight ?? "regular", style.size);
      width += this.pdf.widthOfString(run.text);
    }
    return width;
  }

  /** How far `draw` moves the cursor, laid out exactly as drawn but without drawing or turning pages. */
  heightOf(draw: () => void): number {
    const saved = this.y;
    this.measuring = true;
    this.y = 0;
    try {
      draw();
      return this.y;
    } finally {
      this.measuring = false;
      this.y = saved;
    }
  }

  /** Draws text at (x, y) in its column; returns the y below it (on the next page if pdfkit had to turn one). */
  write(text: string, x: number, y: number, style: TextStyle): number {
    if (this.measuring) return y + this.measure(text, style);
    const runs = splitIntoRuns(text, this.chain, style.weight ?? "regular");
    const startPage = this.pageIndex();
    this.pdf.fillColor(style.color ?? COLOR.text);
    runs.forEach((run, i) => {
      this.use(run.face, style.weight ?? "regular", style.size);
      const options = {
        width: style.width,
        align: style.align ?? "left",
        lineGap: LINE_GAP,
        continued: i < runs.length - 1,
      };
      if (i === 0) this.pdf.text(run.text, x, y, options);
      else this.pdf.text(run.text, options);
    });
    const end = this.pdf.y;
    return this.pageIndex() === startPage ? Math.max(end, y) : end;
  }

  pageIndex(): number {
    const range = this.pdf.bufferedPageRange();
    return range.start + range.count - 1;
  }

  rule(y: number, color = COLOR.rule, width = 0.75, x = this.left, length = this.width): void {
    if (this.measuring) return;
    this.pdf
      .moveTo(x, y)
      .lineTo(x + length, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
  }

  fill(x: number, y: number, width: number, height: number, color: string, radius = 0): void {
    if (this.measuring) return;
    const shape =
      radius > 0 ? this.pdf.roundedRect(x, y, width, height, radius) : this.pdf.rect(x, y, width, height);
    shape.fill(color);
  }

  /** A small rounded label, right-aligned to `right`; returns its width. */
  badge(text: string, right: number, y: number, tone: Tone): number {
    const style = { size: 8.5, weight: "bold" as const };
    const width = this.textWidth(text, style) + 12;
    const height = this.measure(text, { ...style, width: width + 4 }) + 4;
    this.fill(right - width, y - 1, width, height, TONES[tone].background, 3);
    this.write(text, right - width, y + 1, {
      ...style,
      width,
      align: "center",
      color: TONES[tone].text,
    });
    return width;
  }
}

function drawHeader(w: Writer, doc: VoucherDocument): void {
  const right = w.width * 0.32;
  const leftWidth = w.width - right - 16;
  const titleStyle = {
    size: 9,
    weight: "bold" as const,
    color: COLOR.accent,
    width: right,
    align: "right" as const,
  };
  w.write(doc.title.toLocaleUpperCase(doc.lang), w.left + w.width - right, w.y + 4, titleStyle);
  let y = w.write(doc.hotel.name, w.left, w.y, { size: 19, weight: "bold", width: leftWidth });
  y = w.write(doc.hotel.address, w.left, y + 2, { size: 9.5, color: COLOR.muted, width: leftWidth });
  y = w.write(doc.hotel.contacts, w.left, y + 1, { size: 9.5, color: COLOR.muted, width: w.width });
  w.y = y + 10;
  w.rule(w.y, COLOR.accent, 2);
  w.y += 14;
}

/** The code, large, and the status: what the front desk looks for first. */
function drawCodeBox(w: Writer, doc: VoucherDocument): void {
  const pad = 12;
  const statusWidth = w.width * 0.36;
  const codeWidth = w.width - statusWidth - pad * 3;
  const labelStyle = { size: 8.5, color: COLOR.muted };
  const codeStyle = { size: 22, weight: "bold" as const, width: codeWidth };
  const statusStyle = { size: 12, weight: "bold" as const, width: statusWidth };
  const height =
    pad * 2 +
    w.measure(doc.code.label, { ...labelStyle, width: codeWidth }) +
    2 +
    Math.max(w.measure(doc.code.value, codeStyle), w.measure(doc.status.value, statusStyle) + 8);
  w.ensure(height);
  const top = w.y;
  w.fill(w.left, top, w.width, height, COLOR.soft, 6);
  w.fill(w.left, top, 4, height, TONES[doc.status.tone].text);
  const codeX = w.left + pad + 4;
  const y = w.write(doc.code.label, codeX, top + pad, { ...labelStyle, width: codeWidth });
  w.write(doc.code.value, codeX, y + 2, codeStyle);
  const statusX = w.left + w.width - pad - statusWidth;
  const sy = w.write(doc.status.label, statusX, top + pad, {
    ...labelStyle,
    width: statusWidth,
    align: "right",
  });
  w.write(doc.status.value, statusX, sy + 6, {
    ...statusStyle,
    align: "right",
    color: TONES[doc.status.tone].text,
  });
  w.y = top + height + 8;
  for (const note of doc.notes) {
    const style = { size: 9, color: COLOR.muted, width: w.width };
    w.ensure(w.measure(note, style));
    w.y = w.write(note, w.left, w.y, style) + 1;
  }
  w.y += 6;
}

type FactRow = { label: string; value: string; strong?: boolean };

/** Label–value rows in a column at `x`, `width` wide; `numeric` aligns the values right. */
function factsLayout(w: Writer, width: number, numeric: boolean, labelShare: number) {
  const labelWidth = width * labelShare;
  const valueWidth = width - labelWidth - 8;
  const styles = (row: FactRow) => {
    const weight = row.strong ? ("bold" as const) : ("regular" as const);
    return {
      label: { size: 9, color: row.strong ? COLOR.text : COLOR.muted, width: labelWidth, weight },
      value: {
        size: row.strong ? 11 : 9.5,
        width: valueWidth,
        weight,
        align: numeric ? ("right" as const) : ("left" as const),
      },
    };
  };
  const heightOf = (row: FactRow) => {
    const s = styles(row);
    return (
      Math.max(w.measure(row.label, s.label), w.measure(row.value, s.value)) + 3.5 + (row.strong ? 6 : 0)
    );
  };
  const draw = (row: FactRow, x: number, y: number) => {
    const s = styles(row);
    let top = y;
    if (row.strong) {
      w.rule(top + 1, COLOR.rule, 0.75, x, width);
      top += 6;
    }
    w.write(row.label, x, top + (row.strong ? 1.5 : 0.5), s.label);
    w.write(row.value, x + labelWidth + 8, top, s.value);
  };
  return { heightOf, draw };
}

function drawFacts(w: Writer, rows: FactRow[], numeric: boolean): void {
  const layout = factsLayout(w, w.width, numeric, 0.34);
  for (const row of rows) {
    const height = layout.heightOf(row);
    w.ensure(height);
    layout.draw(row, w.left, w.y);
    w.y += height;
  }
}

/** Two short sections side by side (the stay, the booker); they start on one page. */
function drawColumns(w: Writer, sections: readonly VoucherSection[]): void {
  const gap = 24;
  const width = (w.width - gap) / 2;
  const titleStyle = { size: 13, weight: "bold" as const, width };
  const columns = sections.map((section) => {
    const rows = section.blocks.flatMap((b) => (b.kind === "facts" ? b.rows : []));
    const layout = factsLayout(w, width, false, 0.42);
    const height =
      w.measure(section.title, titleStyle) + 10 + rows.reduce((sum, row) => sum + layout.heightOf(row), 0);
    return { section, rows, layout, height };
  });
  w.ensure(Math.max(...columns.map((c) => c.height)) + 8);
  const top = w.y + 8;
  let bottom = top;
  columns.forEach((column, i) => {
    const x = w.left + i * (width + gap);
    let y = w.write(column.section.title, x, top, titleStyle) + 2;
    w.rule(y, COLOR.rule, 0.75, x, width);
    y += 6;
    for (const row of column.rows) {
      column.layout.draw(row, x, y);
      y += column.layout.heightOf(row);
    }
    bottom = Math.max(bottom, y);
  });
  w.y = bottom + 6;
}

/** Cells of a label and a value, three to a row (a long stay's nights stay short). */
function drawPairs(w: Writer, cells: { label: string; value: string }[]): void {
  const perRow = 3;
  const gap = 14;
  const width = (w.width - gap * (perRow - 1)) / perRow;
  const label = { size: 9, color: COLOR.muted, width: width * 0.62 };
  const value = { size: 9.5, width: width * 0.38, align: "right" as const };
  for (let i = 0; i < cells.length; i += perRow) {
    const row = cells.slice(i, i + perRow);
    const height =
      Math.max(...row.map((c) => Math.max(w.measure(c.label, label), w.measure(c.value, value)))) + 6;
    w.ensure(height);
    row.forEach((cell, j) => {
      const x = w.left + j * (width + gap);
      w.write(cell.label, x, w.y + 3.5, label);
      w.write(cell.value, x + width * 0.62, w.y + 3, value);
      w.rule(w.y + height, COLOR.rule, 0.5, x, width);
    });
    w.y += height;
  }
  w.y += 4;
}

function drawTable(w: Writer, block: Extract<VoucherBlock, { kind: "table" }>): void {
  const gap = 8;
  const total = block.columns.reduce((sum, c) => sum + c.weight, 0);
  const usable = w.width - gap * (block.columns.length + 1);
  const widths = block.columns.map((c) => (usable * c.weight) / total);
  const xs = widths.map((_, i) => w.left + gap + widths.slice(0, i).reduce((s, x) => s + x + gap, 0));
  const cell = (align: "left" | "right", width: number, header: boolean) => ({
    size: header ? 8.5 : 9.5,
    weight: header ? ("bold" as const) : ("regular" as const),
    color: header ? COLOR.muted : COLOR.text,
    width,
    align,
  });
  const heightOf = (cells: string[], header: boolean) =>
    Math.max(
      ...cells.map((text, i) =>
        w.measure(text, cell(block.columns[i]?.align ?? "left", widths[i] ?? 0, header)),
      ),
    ) + 7;
  const drawRow = (cells: string[], header: boolean) => {
    const height = heightOf(cells, header);
    if (header) w.fill(w.left, w.y, w.width, height, COLOR.soft);
    cells.forEach((text, i) => {
      w.write(
        text,
        xs[i] ?? w.left,
        w.y + 3.5,
        cell(block.columns[i]?.align ?? "left", widths[i] ?? 0, header),
      );
    });
    w.y += height;
    if (!header) w.rule(w.y, COLOR.rule, 0.5);
  };
  const headers = block.columns.map((c) => c.header);
  const headerHeight = heightOf(headers, true);
  // The header never stays alone at the foot of a page.
  w.ensure(headerHeight + heightOf(block.rows[0] ?? headers, false));
  drawRow(headers, true);
  for (const row of block.rows) {
    const height = heightOf(row, false);
    if (w.y + height > w.bottom) {
      w.ensure(Number.POSITIVE_INFINITY);
      drawRow(headers, true);
    }
    drawRow(row, false);
  }
  w.y += 4;
}

function drawBlock(w: Writer, block: VoucherBlock): void {
  if (block.kind === "group") {
    // A room stays on one page when a page can hold it.
    const height = w.heightOf(() => {
      for (const inner of block.blocks) drawBlock(w, inner);
    });
    if (height <= w.bottom - MARGIN.top) w.ensure(height);
    for (const inner of block.blocks) drawBlock(w, inner);
  } else if (block.kind === "facts") drawFacts(w, block.rows, block.numeric ?? false);
  else if (block.kind === "pairs") drawPairs(w, block.cells);
  else if (block.kind === "table") drawTable(w, block);
  else if (block.kind === "paragraphs")
    for (const line of block.lines) {
      const style = { size: 10, width: w.width };
      // A long paragraph may run onto the next page (pdfkit turns it); two lines at least stay together.
      w.ensure(Math.min(w.measure(line, style), 30));
      w.y = w.write(line, w.left, w.y, style) + 4;
    }
  else if (block.kind === "subheading") {
    const style = { size: 9, weight: "bold" as const, color: COLOR.muted, width: w.width };
    w.y += 4;
    w.ensure(w.measure(block.text, style) + 30);
    w.y = w.write(block.text, w.left, w.y, style) + 3;
  } else {
    const amountWidth = 110;
    const badgeRoom = block.badge ? w.textWidth(block.badge.text, { size: 8.5, weight: "bold" }) + 20 : 0;
    const style = { size: 11.5, weight: "bold" as const, width: w.width - amountWidth - badgeRoom - 12 };
    w.y += 6;
    // A room's heading comes with the start of its details.
    w.ensure(w.measure(block.text, style) + 50);
    const top = w.y;
    const below = w.write(block.text, w.left, top, style);
    if (block.amount)
      w.write(block.amount, w.left + w.width - amountWidth, top + 1, {
        size: 11,
        weight: "bold",
        width: amountWidth,
        align: "right",
      });
    if (block.badge) w.badge(block.badge.text, w.left + w.width - amountWidth - 8, top + 2, block.badge.tone);
    w.y = below + 4;
  }
}

function drawFooters(w: Writer, doc: VoucherDocument): void {
  const range = w.pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    w.pdf.switchToPage(range.start + i);
    // Writing below the bottom margin would make pdfkit turn a page: lift the margin while drawing the footer.
    const margins = w.pdf.page.margins;
    const saved = margins.bottom;
    margins.bottom = 0;
    const top = w.pdf.page.height - MARGIN.bottom + 16;
    w.rule(top - 6);
    const style = { size: 8, color: COLOR.muted };
    const pageWidth = 90;
    w.write(doc.footer.left, w.left, top, { ...style, width: w.width - pageWidth - 8 });
    w.write(doc.footer.page(i + 1, range.count), w.left + w.width - pageWidth, top, {
      ...style,
      width: pageWidth,
      align: "right",
    });
    w.write(doc.footer.generatedAt, w.left, top + 12, { ...style, width: w.width });
    margins.bottom = saved;
  }
}

// pdfkit (with fontkit, about 25 MB and most of a second to load) is imported with the first voucher, not at boot:
// most processes never draw one (ADR 0049).
let pdfkit: Promise<typeof PDFKitDocument> | undefined;

/** The voucher as a PDF file (A4), its text in the faces that draw the document's languages. */
export async function renderVoucherPdf(doc: VoucherDocument, now: Date): Promise<Buffer> {
  pdfkit ??= import("pdfkit").then((m) => m.default);
  const [PDFDocument] = await Promise.all([pdfkit, loadFontkit()]);
  const pdf = new PDFDocument({
    size: "A4",
    margins: MARGIN,
    bufferPages: true,
    lang: doc.lang,
    displayTitle: true,
    pdfVersion: "1.7",
    // No Helvetica: the default font is the document's own first face.
    font: loadFont(fontChainFor(doc.textLanguage)[0] ?? "latin", "regular") as unknown as string,
    info: {
      Title: doc.metadata.title,
      Author: doc.metadata.author,
      Subject: doc.metadata.subject,
      Creator: "Alloggio",
      CreationDate: now,
      ModDate: now,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const w = new Writer(pdf, doc.textLanguage);
  drawHeader(w, doc);
  drawCodeBox(w, doc);
  drawColumns(w, doc.overview);
  for (const section of doc.sections) {
    const titleStyle = { size: 13, weight: "bold" as const, width: w.width };
    // A title never ends a page: it comes with the start of what it names.
    w.ensure(w.measure(section.title, titleStyle) + 56);
    w.y += 8;
    w.y = w.write(section.title, w.left, w.y, titleStyle) + 2;
    w.rule(w.y);
    w.y += 6;
    for (const block of section.blocks) drawBlock(w, block);
    w.y += 6;
  }
  drawFooters(w, doc);
  pdf.end();
  return done;
}
