// A mail as a document (sections of facts, tables, paragraphs and links) rendered once as HTML and once as
// text, and the formatting helpers the booking, change, notice and quote mails share.
import { TZDate } from "@date-fns/tz";
import { escapeHtml, jsonForScript } from "./html";

// ── A mail as a document: sections of facts, tables and paragraphs, rendered once as HTML and once as text ──

export type Block =
  | { kind: "facts"; rows: [label: string, value: string][] }
  | { kind: "table"; caption: string; headers: string[]; rows: string[][] }
  | { kind: "paragraphs"; lines: string[] }
  | { kind: "link"; text: string; label: string; href: string };
export type Section = { title: string; blocks: Block[] };
export type MailDocument = {
  lang: string;
  subject: string;
  heading: string;
  intro: string[];
  /** The reservation code, shown large under the intro; a quote has none. */
  code?: { label: string; value: string };
  link: { label: string; href: string };
  sections: Section[];
  closing: string[];
  jsonLd?: unknown;
};

export const DAY_MS = 86_400_000;

export function addDaysIso(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function nightsOf(arrival: string, departure: string): number {
  return Math.round((Date.parse(`${departure}T00:00:00Z`) - Date.parse(`${arrival}T00:00:00Z`)) / DAY_MS);
}

// Intl objects are costly to build and safe to share: one per locale (and zone), built on first use.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.DisplayNames>();
function cached<T extends Intl.DateTimeFormat | Intl.DisplayNames>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

export function formatDay(iso: string, locale: string): string {
  return cached(
    `day|${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        weekday: "short",
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      }),
  ).format(new Date(`${iso}T00:00:00Z`));
}

/** A day as a subject line writes it, short, in the reader's language: "10 Jan 2030", "10 gen 2030". */
export function formatShortDay(iso: string, locale: string): string {
  return cached(
    `short-day|${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
  ).format(new Date(`${iso}T00:00:00Z`));
}

export function formatInstant(iso: string, locale: string, timeZone: string): string {
  return cached(
    `instant|${locale}|${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone }),
  ).format(new Date(iso));
}

/** "IT" → "Italia" in Italian; the code itself when the runtime does not know it. */
export function countryName(code: string, locale: string): string {
  try {
    return (
      cached(`region|${locale}`, () => new Intl.DisplayNames([locale], { type: "region" })).of(code) ?? code
    );
  } catch {
    return code;
  }
}

/** "it" → "italiano" in Italian, "Italienisch" in German; the code itself when the runtime does not know it. */
export function languageName(code: string, locale: string): string {
  try {
    return (
      cached(`language|${locale}`, () => new Intl.DisplayNames([locale], { type: "language" })).of(code) ??
      code
    );
  } catch {
    return code;
  }
}

/** "14:00:00" → "14:00" */
export function shortTime(time: string): string {
  return time.slice(0, 5);
}

export function zonedIso(dateIso: string, time: string, timeZone: string): string {
  const [y, m, d] = dateIso.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return new TZDate(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0, 0, timeZone).toISOString();
}

// ── Rendering ───────────────────────────────────────────────────────────────────────────────────────────────

const CELL = "text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid #e4e4e7";
const TABLE = "border-collapse:collapse;width:100%;margin:0 0 16px;font-size:14px";

function renderBlockHtml(block: Block): string {
  if (block.kind === "link")
    return `<p style="margin:0 0 12px">${escapeHtml(block.text)}</p>\n<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}" style="color:#1d4ed8;font-weight:600">${escapeHtml(block.label)}</a></p>`;
  if (block.kind === "paragraphs")
    return block.lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join("\n");
  if (block.kind === "facts")
    return `<table style="${TABLE}">\n${block.rows
      .map(
        ([label, value]) =>
          `<tr><th scope="row" style="${CELL};width:40%;font-weight:600">${escapeHtml(label)}</th><td style="${CELL}">${escapeHtml(value)}</td></tr>`,
      )
      .join("\n")}\n</table>`;
  const head = block.headers.map(
    (h) => `<th scope="col" style="${CELL};font-weight:600">${escapeHtml(h)}</th>`,
  );
  const rows = block.rows.map(
    (cells) => `<tr>${cells.map((c) => `<td style="${CELL}">${escapeHtml(c)}</td>`).join("")}</tr>`,
  );
  return `<table style="${TABLE}">\n<caption style="text-align:left;font-weight:600;padding:4px 0">${escapeHtml(block.caption)}</caption>\n<thead><tr>${head.join("")}</tr></thead>\n<tbody>\n${rows.join("\n")}\n</tbody>\n</table>`;
}

export function renderHtml(doc: MailDocument): string {
  const sections = doc.sections.map(
    (s) =>
      `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(s.title)}</h2>\n${s.blocks.map(renderBlockHtml).join("\n")}`,
  );
  const jsonLd =
    doc.jsonLd === undefined
      ? ""
      : `\n<script type="application/ld+json">${jsonForScript(doc.jsonLd)}</script>`;
  return `<!doctype html>
<html lang="${escapeHtml(doc.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.subject)}</title>${jsonLd}
</head>
<body style="margin:0;padding:0;background:#f4f4f5;color:#18181b;font-family:Arial,Helvetica,sans-serif;line-height:1.5">
<main style="max-width:640px;margin:0 auto;padding:24px;background:#ffffff">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(doc.heading)}</h1>
${doc.intro.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join("\n")}
${doc.code ? `<p style="margin:0 0 12px;font-size:18px">${escapeHtml(doc.code.label)}: <strong>${escapeHtml(doc.code.value)}</strong></p>\n` : ""}<p style="margin:0 0 16px"><a href="${escapeHtml(doc.link.href)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(doc.link.label)}</a></p>
${sections.join("\n")}
${doc.closing.map((l) => `<p style="margin:16px 0 0">${escapeHtml(l)}</p>`).join("\n")}
</main>
</body>
</html>
`;
}

export function renderText(doc: MailDocument): string {
  const out: string[] = [doc.heading, "", ...doc.intro, ""];
  if (doc.code) out.push(`${doc.code.label}: ${doc.code.value}`);
  out.push(`${doc.link.label}: ${doc.link.href}`);
  for (const section of doc.sections) {
    out.push("", section.title.toUpperCase());
    for (const block of section.blocks) {
      if (block.kind === "paragraphs") out.push(...block.lines);
      else if (block.kind === "link") out.push(block.text, `${block.label}: ${block.href}`);
      else if (block.kind === "facts") out.push(...block.rows.map(([label, value]) => `${label}: ${value}`));
      else
        for (const row of block.rows)
          out.push(`- ${row.map((cell, i) => `${block.headers[i] ?? ""}: ${cell}`).join("; ")}`);
    }
  }
  out.push("", ...doc.closing);
  return `${out.join("\n")}\n`;
}
