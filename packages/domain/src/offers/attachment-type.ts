/**
 * The files an offer may carry (ADR 0039): PDF, PNG, JPEG and WebP, told apart by their first bytes (the
 * "magic"), never by the name or the type a browser declares. The same rules run in the back office's upload form
 * (a pre-check) and on the server (the decision).
 */

export const ATTACHMENT_TYPES = {
  "application/pdf": { label: "PDF", extensions: [".pdf"] },
  "image/png": { label: "PNG", extensions: [".png"] },
  "image/jpeg": { label: "JPEG", extensions: [".jpg", ".jpeg"] },
  "image/webp": { label: "WebP", extensions: [".webp"] },
} as const;

export type AttachmentContentType = keyof typeof ATTACHMENT_TYPES;

/** The largest attachment, in bytes (10 MB). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** At most this many attachments per offer. */
export const MAX_ATTACHMENTS_PER_OFFER = 10;
/** A stored file name has at most this many characters. */
export const MAX_ATTACHMENT_NAME = 200;
/** How many leading bytes `sniffAttachmentType` needs. */
export const SNIFF_BYTES = 16;

/** For an `<input type=file accept=…>`. */
export const ATTACHMENT_ACCEPT = ".pdf,.png,.jpg,.jpeg,.webp,application/pdf,image/png,image/jpeg,image/webp";

const startsWith = (bytes: Uint8Array, at: number, signature: readonly number[]) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The type of a file from its first bytes (at least `SNIFF_BYTES` of them when the file is that long), or null when
 * it is none of the accepted types (an empty file, an HTML page named .pdf, a program renamed .png, …).
 */
export function sniffAttachmentType(bytes: Uint8Array): AttachmentContentType | null {
  if (startsWith(bytes, 0, ascii("%PDF-"))) return "application/pdf";
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, 0, ascii("RIFF")) && startsWith(bytes, 8, ascii("WEBP"))) return "image/webp";
  return null;
}

// C0 and C1 controls, and the bidirectional overrides that make "evil‮fdp.exe" look like "evilexe.pdf".
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A name safe to store and to send back in Content-Disposition: no folders (the part after the last / or \), no
 * control or direction characters, no leading dots, at most `MAX_ATTACHMENT_NAME` characters, ending with an
 * extension of its real type (added when the name has another one), never empty.
 */
export function sanitiseAttachmentName(name: string, type: AttachmentContentType): string {
  const base = (name.split(/[/\\]/).pop() ?? "")
    .normalize("NFC")
    .replace(UNSAFE_CHARACTERS, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "")
    .trim();
  const extensions: readonly string[] = ATTACHMENT_TYPES[type].extensions;
  const lower = base.toLowerCase();
  const has = extensions.find((e) => lower.endsWith(e) && lower.length > e.length);
  const extension = has ?? extensions[0]!;
  const stem = has ? base.slice(0, base.length - has.length) : base;
  const room = MAX_ATTACHMENT_NAME - extension.length;
  const cut = [...stem].slice(0, room).join("").trim() || "attachment";
  return `${cut}${has ? base.slice(base.length - has.length) : extension}`;
}

export type AttachmentProblem = "attachment_type" | "attachment_too_large";

/**
 * The checks the form can make before an upload, the server's own: the type from the first bytes (an empty file has
 * none) and the size. `head` is the file's first `SNIFF_BYTES` bytes.
 */
export function checkAttachment(file: { size: number; head: Uint8Array }): AttachmentProblem | null {
  if (sniffAttachmentType(file.head) === null) return "attachment_type";
  if (file.size > MAX_ATTACHMENT_BYTES) return "attachment_too_large";
  return null;
}

/** `Content-Disposition` for a download: the name as RFC 5987 UTF-8, with an ASCII fallback. */
export function contentDisposition(kind: "attachment" | "inline", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%;]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
