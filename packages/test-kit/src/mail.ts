// A real local SMTP server for tests and a small MIME reader (mailparser does not install here): used by the
// server's mail tests and by the e2e journeys, which receive the product's mail over SMTP.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// ── MIME ───────────────────────────────────────────────────────────────────────────────────────────────────

export type ReceivedMail = {
  envelopeTo: string[];
  headers: Map<string, string>;
  subject: string;
  to: string;
  from: string;
  text: string;
  html: string;
  /** Text files (`text/*`) as UTF-8 text; any other (a PDF) as base64, like the outbox keeps them. */
  attachments: { filename: string; contentType: string; content: string; encoding?: "base64" }[];
  raw: string;
};

type Part = { headers: Map<string, string>; body: string };

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) => {
      if (encoding.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
      return decodeQuotedPrintable(text.replace(/_/g, " "));
    });
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const s = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3);
    if (s[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(s.charCodeAt(i) & 0xff);
  }
  return Buffer.from(bytes).toString("utf8");
}

function splitHeaders(raw: string): Part {
  const at = raw.indexOf("\r\n\r\n");
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? "" : raw.slice(at + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** `text/plain; charset=utf-8; name="a b"` → value and lower-cased parameters (RFC 2231 `name*=` too). */
function parseHeaderValue(value: string): { value: string; params: Record<string, string> } {
  const [first = "", ...rest] = value.split(";");
  const params: Record<string, string> = {};
  for (const piece of rest) {
    const eq = piece.indexOf("=");
    if (eq === -1) continue;
    const key = piece.slice(0, eq).trim().toLowerCase();
    let v = piece.slice(eq + 1).trim();
    if (v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1);
    if (key.endsWith("*")) params[key.slice(0, -1)] = decodeURIComponent(v.replace(/^[^']*'[^']*'/, ""));
    else params[key] = decodeWords(v);
  }
  return { value: first.trim().toLowerCase(), params };
}

function decodeBody(part: Part): string {
  return decodeBytes(part).toString("utf8");
}

function decodeBytes(part: Part): Buffer {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable") return Buffer.from(decodeQuotedPrintable(part.body), "utf8");
  return Buffer.from(part.body, "latin1");
}

function leaves(part: Part): Part[] {
  const type = parseHeaderValue(part.headers.get("content-type") ?? "text/plain");
  const boundary = type.params.boundary;
  if (!type.value.startsWith("multipart/") || !boundary) return [part];
  const end = part.body.indexOf(`--${boundary}--`);
  const inner = end === -1 ? part.body : part.body.slice(0, end);
  return inner
    .split(`--${boundary}\r\n`)
    .slice(1)
    .flatMap((chunk) => leaves(splitHeaders(chunk.replace(/\r\n$/, ""))));
}

/** Reads a raw message (as latin1, byte for byte): headers, the text and HTML parts, the attachments. */
export function parseMail(raw: string, envelopeTo: string[] = []): ReceivedMail {
  const root = splitHeaders(raw);
  const mail: ReceivedMail = {
    envelopeTo,
    headers: root.headers,
    subject: decodeWords(root.headers.get("subject") ?? ""),
    to: decodeWords(root.headers.get("to") ?? ""),
    from: decodeWords(root.headers.get("from") ?? ""),
    text: "",
    html: "",
    attachments: [],
    raw,
  };
  for (const leaf of leaves(root)) {
    const type = parseHeaderValue(leaf.headers.get("content-type") ?? "text/plain");
    const disposition = parseHeaderValue(leaf.headers.get("content-disposition") ?? "inline");
    const filename = disposition.params.filename ?? type.params.name;
    const content = decodeBody(leaf);
    if (disposition.value === "attachment" || filename)
      mail.attachments.push(
        type.value.startsWith("text/")
          ? { filename: filename ?? "", contentType: type.value, content }
          : {
              filename: filename ?? "",
              contentType: type.value,
              content: decodeBytes(leaf).toString("base64"),
              encoding: "base64",
            },
      );
    else if (type.value === "text/html") mail.html = content;
    else if (type.value === "text/plain") mail.text = content;
  }
  return mail;
}

// ── SMTP server ────────────────────────────────────────────────────────────────────────────────────────────

export type TestSmtpServer = {
  /** For createSmtpTransport: plain SMTP on 127.0.0.1, no TLS, no auth. */
  url: string;
  received: ReceivedMail[];
  /** While true, every recipient is refused with a temporary error (451). */
  rejecting: boolean;
  /** Resolves when `count` mails have been received in all. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

/**
 * Starts the server on 127.0.0.1: a free port unless `port` is given; `onMail` sees each mail as it arrives.
 */
export async function startTestSmtpServer(
  options: { port?: number; onMail?: (mail: ReceivedMail) => void } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const state = { rejecting: false };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    hideSTARTTLS: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.rejecting) return callback();
      const error = new Error("Mailbox temporarily unavailable") as Error & { responseCode: number };
      error.responseCode = 451;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = parseMail(
          Buffer.concat(chunks).toString("latin1"),
          session.envelope.rcptTo.map((r) => r.address),
        );
        received.push(mail);
        options.onMail?.(mail);
        for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    get rejecting() {
      return state.rejecting;
    },
    set rejecting(value: boolean) {
      state.rejecting = value;
    },
    waitFor(count, timeoutMs = 5000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} mails, got ${received.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
